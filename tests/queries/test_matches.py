"""Matches and the score sheet: the same bound with 5 deals and with 200, with 3
matches in the club and with 30.

Pages and API reads of one match (sheet, CSV, chart, deals) at two lengths of that
match, and the lists of matches at two numbers of matches.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services
from tests.queries.conftest import as_user
from tests.queries.worlds import race

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("scoring:matches", "GET"): 6,
    # The sheet reads the match's history of finishes and reopenings: one query.
    ("scoring:sheet", "GET"): 12,
    ("scoring:sheet-csv", "GET"): 8,
    ("scoring:chart", "GET"): 7,
    ("scoring:match-new", "GET"): 9,
    ("scoring:match-new", "POST"): 20,
    ("scoring:match-finish", "POST"): 15,
    ("scoring:match-abandon", "POST"): 14,
    ("api:match-list", "GET"): 7,
    ("api:club-match-list", "GET"): 8,
    ("api:club-match-list", "POST"): 23,
    ("api:match-detail", "GET"): 6,
    ("api:match-detail", "PATCH"): 16,
    ("api:match-sheet", "GET"): 7,
    # The schema is the match's: its numbers bounded by the options and the table
    # (the seats read once).
    ("api:match-deal-schema", "GET"): 6,
    ("api:match-finish", "POST"): 17,
    ("api:match-abandon", "POST"): 16,
    ("scoring:match-reopen", "POST"): 13,
    ("api:match-reopen", "POST"): 15,
    ("api:match-deal-list", "GET"): 8,
    ("api:match-deal-detail", "GET"): 8,
}


@pytest.fixture(
    params=[(5, 3), (200, 30)], ids=["5deals-3matches", "200deals-30matches"]
)
def size(request):
    return request.param


@pytest.fixture
def world(club, people, size):
    """A long match of Sami against Olli, and other matches in the club (each of
    the members seated somewhere), all started by the scorer."""
    deals, matches = size
    by = people.scorer.user
    match = race(club, by, [people.scorer, people.opponent], deals)
    seated = [people.scorer, people.opponent, people.member, people.admin]
    for i in range(matches - 1):
        race(club, by, [seated[i % 4], seated[(i + 1) % 4]], 2)
    return match


def test_sheet_pages(world, people, probe):
    """The score sheet, its CSV and its chart."""
    client = as_user(people.member.user)
    for name in ("scoring:sheet", "scoring:sheet-csv", "scoring:chart"):
        probe(client, name, {"match_id": world.pk})


#: The live sheet polled while nothing has changed: the session, the user, the
#: match and the reader's membership, and the club's language (scoring.language);
#: the answer is a 304 (no deal is read).
LIVE_UNCHANGED = 6


def test_an_unchanged_sheet_is_a_cheap_304(world, people):
    client = as_user(people.member.user)
    url = reverse("scoring:sheet", kwargs={"match_id": world.pk})
    etag = client.get(url)["ETag"]
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert len(captured) <= LIVE_UNCHANGED, [q["sql"] for q in captured]


def test_match_list_pages(world, people, club, probe):
    """The member's match list and the scorer's new-match form."""
    probe(as_user(people.member.user), "scoring:matches")
    probe(as_user(people.scorer.user), "scoring:match-new", {"club_id": club.pk})


def test_match_api_reads(world, people, club, probe):
    client = as_user(people.member.user)
    probe(client, "api:match-list", query="limit=500")
    probe(client, "api:club-match-list", {"club_id": club.pk}, query="limit=500")
    one = {"match_id": world.pk}
    probe(client, "api:match-detail", one)
    probe(client, "api:match-sheet", one)
    probe(client, "api:match-deal-schema", one)
    probe(client, "api:match-deal-list", one, query="limit=500")
    probe(client, "api:match-deal-detail", {**one, "number": 1})


def test_match_starts(world, people, club, probe):
    """Starting a match through the page and the API, in a club with many."""
    client = as_user(people.scorer.user)
    seats = [
        {"player": people.scorer.pk, "side": 0},
        {"player": people.opponent.pk, "side": 1},
    ]
    probe(
        client,
        "api:club-match-list",
        {"club_id": club.pk},
        method="post",
        data={"game": "race-test", "seats": seats},
        format="json",
        status=201,
    )
    form = {
        "game": "race-test",
        "table": "0",
        "first_dealer": "0",
        "seat_0": str(people.scorer.pk),
        "seat_1": str(people.opponent.pk),
    }
    probe(
        client,
        "scoring:match-new",
        {"club_id": club.pk},
        method="post",
        data=form,
        status=302,
    )


def test_match_finish_abandon_and_public(world, people, club, size, probe):
    """Publishing, finishing and abandoning matches as long as the sheet's."""
    client = as_user(people.scorer.user)
    by, pair, deals = people.scorer.user, [people.scorer, people.opponent], size[0]
    one = {"match_id": world.pk}
    probe(
        client,
        "api:match-detail",
        one,
        method="patch",
        data={"is_public": True},
        format="json",
    )
    probe(
        client,
        "api:match-abandon",
        one,
        method="post",
        data={"reason": "late"},
        format="json",
    )
    decided = race(club, by, pair, deals, last=(100, 0))
    probe(client, "api:match-finish", {"match_id": decided.pk}, method="post")
    decided = race(club, by, pair, deals, last=(100, 0))
    probe(
        client,
        "scoring:match-finish",
        {"match_id": decided.pk},
        method="post",
        data={},
        status=302,
    )
    fourth = race(club, by, pair, deals)
    probe(
        client,
        "scoring:match-abandon",
        {"match_id": fourth.pk},
        method="post",
        data={"reason": "late"},
        status=302,
    )


def test_match_reopen(people, club, size, probe):
    """The club admin reopens a match decided at the sheet's length, from the
    sheet and through the API."""
    client = as_user(people.admin.user)
    by, pair, deals = people.scorer.user, [people.scorer, people.opponent], size[0]
    for name, status in (("scoring:match-reopen", 302), ("api:match-reopen", 200)):
        decided = race(club, by, pair, deals, last=(100, 0))
        services.match_finish(match=decided, by=by)
        probe(
            client,
            name,
            {"match_id": decided.pk},
            method="post",
            data={"reason": "jako väärin"},
            format="json" if name.startswith("api") else None,
            status=status,
        )
        decided.refresh_from_db()
        assert decided.status == "in_progress"
