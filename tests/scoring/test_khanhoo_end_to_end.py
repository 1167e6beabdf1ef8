"""Khanhoo end to end, with no code outside ``games/`` naming it: a match for three
through the API to its winner at 50, settled for money per point (book §1.2, the
average method where more than two play alone), and a round robin of two-player
matches through the tournament API to standings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Hand 1 by cards (the docs' worked example): seat 0 out with 15 + 5, seat 1 aces 1,
# seat 2 a court 4 and a triplet with the joker 2; then three hands by values.
DEALS = [
    {
        "went_out": 0,
        "players": [
            {"melds": ["AH 2S 3D", "KC 9H 9H", "JC QC KC", "5H 5S 5D", "6H 7H 8H"]},
            {"melds": ["AH AS AD"]},
            {"melds": ["QC 8S 8S", "Jo 4S 4D"]},
        ],
    },
    *[{"mode": "totals", "points": [10, 12, 3]}] * 3,
]
FINAL = (50, 37, 15)  # seat 0 reaches 50: the highest wins
MONEY = (16, 3, -19)  # the average 34, at one cent a point


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


def test_a_match_through_the_api_to_its_winner_and_settled_per_point(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "khanhoo",
            "seats": [
                {"player": p.pk, "side": s} for s, p in enumerate([sami, *others])
            ],
            "point_value": "0.01",
            "currency": "EUR",
        },
    )
    # An impossible hand is a structured error naming the meld.
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {
            "number": 1,
            "input": {"went_out": 1, "players": [{"melds": ["6H 7H 9H"]}, {}, {}]},
        },
        format="json",
    )
    assert bad.status_code == 400, bad.json()
    paths = [e["path"] for e in bad.json()["errors"]]
    assert any(p.endswith("players.0.melds.0") for p in paths), paths
    body = deals_enter(client, match_id, DEALS)
    assert tuple(body["totals"]) == FINAL
    assert body["finished"] is True
    assert body["winners"] == [0]
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": len(DEALS) + 1, "input": DEALS[1]},
        format="json",
    )
    assert refused.status_code in (400, 409)

    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    settled = balances_settle(match)
    average = Fraction(sum(FINAL), 3)
    assert tuple(t - average for t in FINAL) == MONEY
    players = [sami, *others]
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": m for p, m in zip(players, MONEY, strict=True)
    }


def two_player_match(winner_seat: int) -> list[dict]:
    points = [3, 3]
    points[winner_seat] = 30  # two hands to 60
    return [{"mode": "totals", "points": points}] * 2


def test_a_round_robin_through_the_tournament_api(api_client, club_director):
    club, director = club_director
    play_round_robin(
        api_client, club, director, game="khanhoo", deals_for=two_player_match
    )


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director
