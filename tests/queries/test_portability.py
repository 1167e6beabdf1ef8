"""A club's data, a person's data and an erasure: the same bound with 2 matches of
3 deals and with 24 matches of 40 deals (one query per table of the club, however
many rows it has)."""

from __future__ import annotations

import pytest

from tests.queries.conftest import as_user
from tests.queries.worlds import race

pytestmark = pytest.mark.django_db

BOUNDS = {
    # One query per table of the club (and one per many-to-many field), the users.
    ("scoring:club-data", "GET"): 30,
    ("scoring:my-data", "GET"): 11,
    ("scoring:player-data", "GET"): 16,
    ("scoring:player-erase", "GET"): 9,
    # The invitations revoked and the open matches' table links withdrawn in one
    # statement each, however many.
    ("scoring:player-erase", "POST"): 23,
}


@pytest.fixture(params=[(2, 3), (24, 40)], ids=["2matches-3deals", "24matches-40deals"])
def size(request):
    return request.param


@pytest.fixture
def world(club, people, size):
    count, deals = size
    for _ in range(count):
        race(club, people.scorer.user, [people.member, people.opponent], deals)
    return club


def test_the_downloads_and_the_erasure(world, people, probe):
    club = {"club_id": world.pk}
    admin = as_user(people.admin.user)
    probe(admin, "scoring:club-data", club)
    probe(as_user(people.member.user), "scoring:my-data")
    mervi = {**club, "player_id": people.member.pk}
    probe(admin, "scoring:player-data", mervi)
    probe(admin, "scoring:player-erase", mervi)
    probe(
        admin,
        "scoring:player-erase",
        mervi,
        method="post",
        data={"confirm": "erase"},
        status=302,
    )
