"""Burraco end to end, with no code outside ``games/`` naming it: a match of two
partnerships through the score book's API to its winner (a side over 2000), settled
per point (book §1.2, two teams: the difference × the stake, each partner paying a
partner), and a round robin of four partnerships through the tournament API to
standings."""

from __future__ import annotations

import pytest

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.test_tricksa_end_to_end import (
    api,
    evening,
    play_match,
    transfers,
)

pytestmark = pytest.mark.django_db

# The docs' worked example (side 0 closes: 385, side 1 without its pozzetto: −110).
FIRST_HAND = {
    "teams": [
        {"melds": ["2H 3H 4H Jo", "5S 5H 5D 5C 5S 5H 5D"], "hands": ["", "KS"]},
        {"melds": ["3H 4H 2H 6H"], "hands": ["AS", "Jo"], "pozzetto": False},
    ],
    "closed": 0,
}
# Then five hands by totals: 385 + 5 × 400 = 2385 (over 2000), −110 + 5 × 100 = 390.
MATCH = [FIRST_HAND, *[{"mode": "totals", "points": [400, 100]}] * 5]


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


@pytest.fixture
def admin(club):
    return member(club, Role.ADMIN, "Aino")


@pytest.fixture
def client(api_client, admin):
    api_client.force_authenticate(admin.user)
    return api_client


@pytest.fixture
def players(club):
    return [member(club, Role.MEMBER, n) for n in ("Anna", "Ben", "Cai", "Dan")]


def test_a_match_to_its_winner_settled_per_point(client, club, players):
    anna, ben, cai, dan = players
    seats = [(anna, 0), (ben, 1), (cai, 0), (dan, 1)]
    # A hand with a bad meld is refused, naming the meld.
    started = client.post(
        api("club-match-list", club_id=club.pk),
        {
            "game": "burraco",
            "seats": [{"player": p.pk, "side": s} for p, s in seats],
            "point_value": "0.10",
            "currency": "EUR",
        },
        format="json",
    )
    bad = {
        "teams": [{"melds": ["3H 5S 9D"], "hands": ["", ""]}, FIRST_HAND["teams"][1]]
    }
    refused = client.post(
        api("match-deal-list", match_id=started.json()["id"]),
        {"number": 1, "input": bad},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"].endswith("teams.0.melds.0")

    match_id, body = play_match(client, club, "burraco", seats, MATCH)
    assert body["totals"] == [2385, 390]
    assert body["finished"] and body["winners"] == [0]
    # 1995 points at 0.10: each partner of side 1 pays a partner of side 0.
    assert transfers(client, match_id) == [
        ("Ben", "Anna", "199.50 EUR"),
        ("Dan", "Cai", "199.50 EUR"),
    ]


def test_a_round_robin_of_four_partnerships_to_standings(client, admin, club):
    """Three rounds, every team meets every other; side 0 wins every match."""
    names = [f"T{i}: N{i} & S{i}" for i in range(1, 5)]
    win = [{"mode": "totals", "points": [1100, 200]}] * 2
    rows = evening(client, admin, club, "burraco", names, {}, 3, win)
    assert len(rows) == 4
    assert [r["played"] for r in rows] == [3, 3, 3, 3]
    assert sum(r["values"]["match_points"] for r in rows) == 6 * 2
