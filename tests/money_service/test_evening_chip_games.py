"""One night, one "who pays whom" (issue 33 item 4): a chip game with no fixed end
finished by its table keeps its money and joins the evening with the night's
per-point matches; an abandoned chip game's chips still belong to the evening."""

from __future__ import annotations

import pytest

from money import selectors, services
from money.models import SessionMatch
from scoring import services as scoring_services
from scoring.models import MatchStatus
from scoring.table_links import TableGuest
from tests.money_service.conftest import play

pytestmark = pytest.mark.django_db

#: Seat 3 takes a pot of 5 + 2 + 1 from seats 0, 1, 2 (Indian Poker, §25).
HAND = {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3}


def _poker(club, people, *, hands=1):
    match = scoring_services.match_start(
        club=club,
        game="indian-poker",
        seats=[
            (p, i)
            for i, p in enumerate([people.anna, people.ben, people.cai, people.dan])
        ],
        point_value="0.10",
        currency="EUR",
        by=people.admin.user,
    )
    for number in range(1, hands + 1):
        scoring_services.deal_submit(
            match=match, number=number, input=HAND, by=people.admin.user
        )
    return match


def test_a_chip_game_finished_from_the_table_keeps_its_money(
    club, people, django_capture_on_commit_callbacks
):
    """Finished by a table link's phone, the chips are settled at 0.10 EUR a
    chip (the result-changed task after the commit): Dan takes 0.80, Anna pays
    0.50, Ben 0.20, Cai 0.10."""
    with django_capture_on_commit_callbacks(execute=True):
        match = _poker(club, people)
        scoring_services.match_finish(
            match=match, by=TableGuest(match_id=match.pk, seat=2)
        )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    sheet = selectors.match_sheet_get(people.admin.user, match.pk)
    nets = {b["name"]: b["settled"] for b in sheet["balances"]}
    assert nets == {"Anna": -50, "Ben": -20, "Cai": -10, "Dan": 80}


def test_an_evening_takes_a_chip_game_and_a_points_match_into_one_settlement(
    club, people
):
    """The night's Indian Poker (finished by the table) and a per-point match of
    the same day: one evening, one list of transfers, balances summing to zero."""
    by = people.admin.user
    points = play(club, by, [people.anna, people.cai], [520, 385])  # Cai −6.75
    poker = _poker(club, people, hands=2)
    scoring_services.match_finish(match=poker, by=TableGuest(match_id=poker.pk, seat=0))
    session = services.session_create(
        club=club, name="Perjantai", currency="EUR", by=by
    )
    added = services.session_add_day_matches(session=session, by=by)
    assert [link.match_id for link in added] == [points.pk, poker.pk]
    sheet = selectors.session_sheet_get(by, session.pk)
    balances = {b["name"]: b["settled"] for b in sheet["balances"]}
    # Chips: twice Anna −5, Ben −2, Cai −1, Dan +8, at 0.10 EUR.
    assert balances == {"Anna": 675 - 100, "Ben": -40, "Cai": -675 - 20, "Dan": 160}
    assert sum(balances.values()) == 0
    paid = sum(t["amount"] for t in sheet["transfers"])
    assert paid == sum(v for v in balances.values() if v > 0)


def test_an_abandoned_chip_game_joins_the_evening_an_abandoned_points_game_not(
    club, people
):
    by = people.admin.user
    poker = _poker(club, people)
    scoring_services.match_abandon(match=poker, reason="sähkökatko", by=by)
    broken = play(club, by, [people.ben, people.cai], [10, 20], finish=False)
    scoring_services.match_abandon(match=broken, reason="sähkökatko", by=by)
    session = services.session_create(
        club=club, name="Perjantai", currency="EUR", by=by
    )
    added = services.session_add_day_matches(session=session, by=by)
    assert [link.match_id for link in added] == [poker.pk]
    assert SessionMatch.objects.filter(session=session).count() == 1
