"""Triple Play (Hand, Knee and Foot) end to end, with no code outside ``games/``
naming it: a match of two partnerships through the API to its winner (four deals,
the first by cards), settled for money per point (book §1.2: the losers pay the
difference × the point value, per member), and a round robin of three fixed teams
through the tournament API to standings."""

from __future__ import annotations

import copy

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Role
from tests.games.test_triple_play import BASE
from tests.scoring.factories import member
from tests.scoring.test_tricksb_end_to_end import run_tournament, standings_of

pytestmark = pytest.mark.django_db

SLUG = "triple-play"
# Deal 1 by cards (12135 to -410, tests/games/test_triple_play.py), then three deals
# by totals: 13635 to 190.
DEALS = [copy.deepcopy(BASE), *[{"mode": "totals", "points": [500, 200]}] * 3]
TOTALS = [12135 + 1500, -410 + 600]


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("director", password="pw")


@pytest.fixture
def club(director):
    return scoring_services.club_create(name="Kortti", by=director)


@pytest.fixture
def api(director):
    client = APIClient()
    client.force_authenticate(director)
    return client


def test_a_match_through_the_api_to_its_winner_settled_per_point(api, club):
    names = ("Aino", "Bertta", "Ceci", "Dora")
    players = [member(club, Role.MEMBER, name) for name in names]
    started = api.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": SLUG,
            "seats": [{"player": p.pk, "side": i % 2} for i, p in enumerate(players)],
            "point_value": "0.01",
            "currency": "EUR",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    match_id = started.json()["id"]
    schema = api.get(f"/api/v1/matches/{match_id}/deal-schema").json()
    assert "knees" in str(schema) and "x-role" in str(schema)

    # A side going out without its basic book is refused, naming the field.
    no_book = copy.deepcopy(BASE)
    del no_book["teams"][0]["melds"][0]
    no_book["teams"][0]["opening"] = None
    refused = api.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": no_book},
        format="json",
    )
    assert refused.status_code == 400
    (error,) = refused.json()["errors"]
    assert (error["code"], error["path"]) == ("basic_book_incomplete", "teams.0.melds")

    for number, deal in enumerate(DEALS, start=1):
        response = api.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
        if number == 1:
            assert response.json()["deal"]["result"]["points"] == [12135, -410]
    body = response.json()["match"]
    assert body["totals"] == TOTALS
    assert body["finished"] is True and body["winners"] == [0]

    finished = api.post(f"/api/v1/matches/{match_id}/finish")
    assert finished.status_code == 200, finished.json()
    settled = api.post(f"/api/v1/matches/{match_id}/settlement")
    assert settled.status_code in (200, 201), settled.json()
    sheet = api.get(f"/api/v1/matches/{match_id}/settlement").json()
    balances = {b["name"]: b["settled"] for b in sheet["balances"]}
    cents = TOTALS[0] - TOTALS[1]  # 13445 points at 0.01 EUR, per member
    assert balances == {"Aino": cents, "Ceci": cents, "Bertta": -cents, "Dora": -cents}


def test_a_round_robin_of_teams_through_the_tournament_api(
    api, club, django_capture_on_commit_callbacks
):
    """Three fixed teams, three rounds (one sits out each); side 0 wins every
    match, so each team wins once and loses once by the same margin."""
    with django_capture_on_commit_callbacks(execute=True):
        tid = run_tournament(
            api,
            club,
            SLUG,
            "round_robin",
            ["Ann & Bob", "Cid & Dee", "Eve & Fay"],
            DEALS,
            rounds=3,
        )
    (stage,) = standings_of(api, tid)["stages"]
    rows = stage["rows"]
    assert [row["played"] for row in rows] == [2, 2, 2]
    assert [row["values"]["match_points"] for row in rows] == [4, 4, 4]
    assert [row["values"]["point_difference"] for row in rows] == [0, 0, 0]
