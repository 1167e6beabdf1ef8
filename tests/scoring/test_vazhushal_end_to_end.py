"""Vazhushal end to end, with no code outside ``games/`` naming it: a game of three
through the API (a stock-out count, a bad meld refused with its path), settled at a
flat stake (win/loss only); a round robin of two-player games through the tournament
API to standings."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from money import services as money_services
from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# A stock-out at three (108 cards), the A♠ the negative joker: seat 1 melds 75 and
# holds 2♣ and a joker (12): 63; seat 0 holds K♠ 3♥ (−13); seat 2 melds 8♠-9♠-10♠
# (27) and holds Q♥ (10): 17.
STOCK_OUT = {
    "mode": "cards",
    "negative_joker": "AS",
    "players": [
        {"hand": "KS 3H"},
        {"melds": ["5D 6D 7D", "QD KD AH", "9C 9H Jo"], "hand": "2C Jo"},
        {"melds": ["8S 9S 10S"], "hand": "QH"},
    ],
}


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


def test_a_game_of_three_counted_at_a_stock_out_and_settled_at_a_flat_stake(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    seats = [{"player": p.pk, "side": s} for s, p in enumerate([sami, *others])]
    per_point = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {"game": "vazhushal", "seats": seats, "point_value": "0.01", "currency": "EUR"},
        format="json",
    )
    assert per_point.status_code == 400, per_point.json()
    created = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {"game": "vazhushal", "seats": seats, "currency": "EUR"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    # K-A-2 is no sequence (004 l.53): refused, the path names the meld.
    bad_deal = {
        **STOCK_OUT,
        "players": [
            {"hand": "KS 3H"},
            {"melds": ["5D 6D 7D", "KC AC 2C"]},
            {"hand": "QH"},
        ],
    }
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": bad_deal},
        format="json",
    )
    assert bad.status_code == 400
    errors = bad.json()["errors"]
    assert [(e["path"], e["code"]) for e in errors] == [
        ("players.1.melds.1", "not_in_a_row")
    ]
    response = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": STOCK_OUT},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()["match"]
    assert body["totals"] == [-13, 63, 17]
    assert body["finished"] is True and body["winners"] == [1]
    after = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 2, "input": {"mode": "out", "went_out": 0}},
        format="json",
    )
    assert after.status_code in (400, 409)
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=sami.user
    )
    settled = balances_settle(match)
    assert {k: v for k, v in settled.items() if v} == {
        f"p{sami.pk}": -100,
        f"p{others[0].pk}": 200,
        f"p{others[1].pk}": -100,
    }


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director


def test_a_round_robin_of_two_player_games_through_the_tournament_api(
    api_client, club_director
):
    """Each table's game is won by going out (one deal); standings follow the wins."""
    club, director = club_director
    play_round_robin(
        api_client,
        club,
        director,
        game="vazhushal",
        deals_for=lambda better: [{"mode": "out", "went_out": better}],
    )
