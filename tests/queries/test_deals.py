"""Deal submit, correct, void and confirm: the same bound at deal 5 and deal 200.

Through the entry page and the API. A correction is made to deal 1, the worst
case: every later deal's running totals change with it, and are written in bulk.
The confirmation is double entry's: the other side confirms the scorer's entry.
"""

from __future__ import annotations

import pytest

from tests.queries.conftest import as_user
from tests.queries.worlds import race

pytestmark = pytest.mark.django_db

BOUNDS = {
    # A page of a club costs one query more: the club's language (scoring.language).
    ("scoring:deal-new", "GET"): 9,
    ("scoring:deal-new", "POST"): 18,
    ("scoring:deal-correct", "GET"): 11,
    # Correcting deal 1 rewrites the running totals of every later deal in one
    # bulk update, which SQLite's 999-parameter limit splits into a statement per
    # 142 deals: one more query at 200 deals (none on PostgreSQL).
    ("scoring:deal-correct", "POST"): 27,
    ("scoring:deal-void", "POST"): 24,
    ("scoring:deal-confirm", "POST"): 21,
    ("api:match-deal-list", "POST"): 19,
    ("api:match-deal-correct", "POST"): 28,  # as the page's correction
    ("api:match-deal-void", "POST"): 26,
    ("api:match-deal-confirm", "POST"): 26,
    # A phone's report of its queue (issue 31): the scorer's checks, the row
    # locked or made, saved — the same at any number of deals or reports.
    ("api:match-table-queue", "POST"): 13,
}


@pytest.fixture(params=[5, 200], ids=["5deals", "200deals"])
def size(request):
    return request.param


def test_submit_correct_and_void_through_the_page(club, people, size, probe):
    match = race(club, people.scorer.user, [people.scorer, people.opponent], size - 1)
    client = as_user(people.scorer.user)
    one = {"match_id": match.pk}
    probe(client, "scoring:deal-new", one)
    probe(
        client,
        "scoring:deal-new",
        one,
        method="post",
        data={"number": size, "points": "3 0"},
        status=302,
    )
    first = {**one, "number": 1}
    probe(client, "scoring:deal-correct", first)
    probe(
        client,
        "scoring:deal-correct",
        first,
        method="post",
        data={"points": "0 2", "reason": "misread", "base_version": "1"},
        status=302,
    )
    probe(
        client,
        "scoring:deal-void",
        {**one, "number": size},
        method="post",
        data={"reason": "dealt twice", "base_version": "1"},
        status=302,
    )
    match.refresh_from_db()
    assert match.totals == [0, 2]
    for waiting in (size, 0):  # the first report makes the row, the next finds it
        probe(
            client,
            "api:match-table-queue",
            one,
            method="post",
            data={"waiting": waiting},
            format="json",
        )
    assert not match.phone_queues.get().waiting


def test_the_sheet_s_undo_of_the_last_deal(club, people, size, probe):
    """The sheet's one-tap undo posts to the void route (``back=sheet``): the same
    bound as a void from the correction page, at deal 5 and deal 200."""
    match = race(
        club, people.scorer.user, [people.scorer, people.opponent], size, last=(3, 0)
    )
    client = as_user(people.scorer.user)
    before = list(match.totals)
    last = match.deals.get(number=size)
    answer = probe(
        client,
        "scoring:deal-void",
        {"match_id": match.pk, "number": size},
        method="post",
        data={
            "reason": "entered by mistake",
            "base_version": str(last.version),
            "back": "sheet",
        },
        status=302,
    )
    assert answer.url == f"/matches/{match.pk}/"
    match.refresh_from_db()
    assert match.totals != before


def test_submit_correct_and_void_through_the_api(club, people, size, probe):
    match = race(club, people.scorer.user, [people.scorer, people.opponent], size - 1)
    client = as_user(people.scorer.user)
    one = {"match_id": match.pk}
    probe(
        client,
        "api:match-deal-list",
        one,
        method="post",
        data={"number": size, "input": {"points": [3, 0]}},
        format="json",
        status=201,
    )
    probe(
        client,
        "api:match-deal-correct",
        {**one, "number": 1},
        method="post",
        data={"input": {"points": [0, 2]}, "base_version": 1, "reason": "misread"},
        format="json",
    )
    probe(
        client,
        "api:match-deal-void",
        {**one, "number": size},
        method="post",
        data={"base_version": 1, "reason": "dealt twice"},
        format="json",
    )
    match.refresh_from_db()
    assert match.totals == [0, 2]


@pytest.mark.parametrize("via", ["page", "api"])
def test_the_other_side_confirms(club, people, size, via, probe):
    """Double entry: the scorer enters the deal, the opponent confirms it."""
    match = race(
        club,
        people.scorer.user,
        [people.scorer, people.opponent],
        size - 1,
        double_entry=True,
    )
    as_user(people.scorer.user).post(
        f"/api/v1/matches/{match.pk}/deals/",
        {"number": size, "input": {"points": [3, 0]}},
        format="json",
    )
    client = as_user(people.opponent.user)
    kwargs = {"match_id": match.pk, "number": size}
    if via == "page":
        probe(
            client,
            "scoring:deal-confirm",
            kwargs,
            method="post",
            data={"base_version": "1"},
            status=302,
        )
    else:
        probe(
            client,
            "api:match-deal-confirm",
            kwargs,
            method="post",
            data={"base_version": 1},
            format="json",
        )
    match.refresh_from_db()
    assert match.totals == [3, 0]
