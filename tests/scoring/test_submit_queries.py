"""A deal submit costs a bounded number of queries, the same at deal 5 and deal 500.

The submit folds only the new deal onto the state stored after the previous one
(``scoring.services._fold._state_before`` with ``last=True``), so neither the
queries nor the engine's work grow with the match. The long matches are built
cheaply: their deals are stored in bulk and folded once (``match_refold``), as an
engine upgrade would re-fold them; deal 500 then goes through the service like any
other.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from itertools import cycle, islice
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine import get_game
from games.engine.serialize import FORMAT_KEY
from scoring import services
from scoring.models import Deal, DealStatus, Match
from tests.scoring.factories import member

pytestmark = pytest.mark.django_db

#: One transaction of at most this many queries (issue 14 asked for 12; a submit
#: takes 9: begin, lock, last deal, scorer check, table, deal, revision, match, commit).
MAX_QUERIES = 10
GOLDEN = Path(__file__).parents[1] / "games" / "golden"


def tuppi_deals():
    """Rami deals that alternate 7–6 and 6–7: nobody reaches a target of 10⁶."""
    for i in range(10**6):
        yield {"contract": "rami", "declarer": i % 4, "tricks": [7, 6][:: (-1) ** i]}


def canasta_deals():
    """The recorded card-entry Canasta deals (100 cards each) that are legal at
    every opening requirement (120 is the highest), over and over."""
    path = GOLDEN / "canasta-card-entry-100-cards.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as recorded:
        matches = json.load(recorded)["matches"]
    game = get_game("canasta")
    high = replace(
        game.start({"target": 1_000_000}), totals=(5000, 5000), requirements=(120, 120)
    )
    deals = [d for m in matches for d in m["deals"]]
    return cycle([d for d in deals if not game.fold_from(high, [d]).needs_attention])


GAMES = {
    "tuppi": (tuppi_deals, {"target": 1_000_000}),
    "canasta": (canasta_deals, {"target": 1_000_000}),
}


@pytest.fixture
def four(club, people):
    """The scorer and three members: a four-player table, sides 0 1 0 1."""
    return [people.scorer, member(club), member(club), member(club)]


def start(club, people, four, slug: str) -> Match:
    _deals, options = GAMES[slug]
    return services.match_start(
        club=club,
        game=slug,
        seats=[(p, i % 2) for i, p in enumerate(four)],
        options=options,
        by=people.scorer.user,
    )


def with_deals(match: Match, deals: list, by) -> Match:
    """``match`` with ``deals`` stored in bulk and folded once."""
    Deal.objects.bulk_create(
        Deal(match=match, number=n, input=raw, entered_by=by)
        for n, raw in enumerate(deals, start=1)
    )
    services.match_refold(match=match)
    match.refresh_from_db()
    assert not match.needs_attention and not match.finished
    return match


def submit_counted(match: Match, number: int, raw, by) -> int:
    """Submit deal ``number``; the queries it took."""
    with CaptureQueriesContext(connection) as ctx:
        deal = services.deal_submit(match=match, number=number, input=raw, by=by)
    assert deal.status == DealStatus.COUNTED
    return len(ctx.captured_queries)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_submit_costs_the_same_bounded_queries_at_deal_5_and_deal_500(
    club, people, four, slug, django_assert_max_num_queries
):
    """At most 10 queries, as many for deal 500 as for deal 5 (a trick game and
    card-entry Canasta, entered by a scorer who is not a club admin)."""
    by = people.scorer.user
    deals = list(islice(GAMES[slug][0](), 500))
    short = with_deals(start(club, people, four, slug), deals[:4], by)
    long = with_deals(start(club, people, four, slug), deals[:499], by)

    with django_assert_max_num_queries(MAX_QUERIES):
        at_5 = submit_counted(short, 5, deals[4], by)
    with django_assert_max_num_queries(MAX_QUERIES):
        at_500 = submit_counted(long, 500, deals[499], by)

    assert at_5 == at_500


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_incremental_submit_stores_what_a_full_fold_stores(
    club, people, four, slug
):
    """Deals entered one by one leave the match, and every deal, exactly as a
    re-fold from scratch would: re-folding changes nothing."""
    by = people.scorer.user
    match = start(club, people, four, slug)
    for number, raw in enumerate(islice(GAMES[slug][0](), 30), start=1):
        services.deal_submit(match=match, number=number, input=raw, by=by)
    match.refresh_from_db()
    rows = list(match.deals.values_list("number", "status", "result", "totals"))
    cache = (match.totals, match.leaders, match.next_deal, match.state)

    services.match_refold(match=match)
    match.refresh_from_db()

    assert (match.totals, match.leaders, match.next_deal, match.state) == cache
    assert list(match.deals.values_list("number", "status", "result", "totals")) == (
        rows
    )
    inputs = list(match.deals.order_by("number").values_list("input", flat=True))
    assert match.totals == list(get_game(slug).fold(inputs, match.options).totals)


@pytest.mark.parametrize(
    "stored",
    [{}, {"engine_state": "0.1.OldState.000000000000"}],
    ids=["no state", "older engine"],
)
def test_a_state_from_another_engine_is_folded_from_the_deals(
    club, people, four, stored
):
    """A match whose stored state is missing or from an older engine version is
    folded from its deals, and the state stored after the submit is current."""
    by = people.scorer.user
    match = start(club, people, four, "tuppi")
    deals = list(islice(tuppi_deals(), 6))
    for number, raw in enumerate(deals[:5], start=1):
        services.deal_submit(match=match, number=number, input=raw, by=by)
    expected = get_game("tuppi").fold(deals, {"target": 1_000_000})
    marker = Match.objects.get(pk=match.pk).state[FORMAT_KEY]
    Match.objects.filter(pk=match.pk).update(state=stored)

    services.deal_submit(match=match, number=6, input=deals[5], by=by)

    match.refresh_from_db()
    assert match.totals == list(expected.totals)
    assert match.state[FORMAT_KEY] == marker
    assert match.state["deal_number"] == expected.state.deal_number == 7


def test_double_entry_costs_the_same_at_deal_5_and_deal_300(club, people):
    """Entering a deal and its confirmation by the other side: neither folds the
    match again, so both cost as many queries at deal 300 as at deal 5."""
    from tests.scoring.factories import race_match

    counts = []
    for length in (4, 299):
        match = race_match(
            club,
            people.scorer.user,
            [people.scorer, people.opponent, people.member, people.admin],
            double_entry=True,
        )
        with_deals(match, [{"points": [0, 0]}] * length, people.scorer.user)
        number = length + 1
        with CaptureQueriesContext(connection) as entered:
            deal = services.deal_submit(
                match=match,
                number=number,
                input={"points": [3, 0]},
                by=people.scorer.user,
            )
        assert deal.status == DealStatus.PENDING
        with CaptureQueriesContext(connection) as confirmed:
            deal = services.deal_confirm(
                match=match,
                number=number,
                base_version=deal.version,
                by=people.opponent.user,
            )
        assert deal.status == DealStatus.COUNTED
        match.refresh_from_db()
        assert match.totals == [3, 0]
        counts.append((len(entered.captured_queries), len(confirmed.captured_queries)))
    assert counts[0] == counts[1]
    # The entry is a submit like any other; the confirmation adds the confirmer's
    # checks (seats, sides, membership) and looks up the sheet's next number.
    assert counts[0][0] <= MAX_QUERIES
    assert counts[0][1] <= 15


#: The whole API request of a submit with a token: authentication (the token, its
#: user and player), the match read, the scorer check, the service's transaction,
#: the answer's deal list.
MAX_API_QUERIES = 13


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_an_api_submit_costs_the_same_bounded_queries_at_deal_5_and_deal_500(
    club, people, four, slug, django_assert_max_num_queries
):
    """Through the API with a token, a submit takes at most 13 queries, as many at
    deal 500 as at deal 5: the token's query reads the player, the scorer check is
    one query (twice: before the body is read and under the lock), the table comes
    with the match and the answer does not ask for the membership again."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    by = people.scorer.user
    client = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=by)}")
    deals = list(islice(GAMES[slug][0](), 500))
    short = with_deals(start(club, people, four, slug), deals[:4], by)
    long = with_deals(start(club, people, four, slug), deals[:499], by)
    counts = []
    for match, number in ((short, 5), (long, 500)):
        with (
            django_assert_max_num_queries(MAX_API_QUERIES),
            CaptureQueriesContext(connection) as ctx,
        ):
            answer = client.post(
                f"/api/v1/matches/{match.pk}/deals/",
                {"number": number, "input": deals[number - 1]},
                format="json",
            )
        assert answer.status_code == 201, answer.content
        assert answer.json()["deal"]["status"] == DealStatus.COUNTED
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1]
