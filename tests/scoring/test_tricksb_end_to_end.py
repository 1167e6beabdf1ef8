"""Historical Skruuvi and Vint end to end, with no code outside ``games/`` naming
them: a match through the API to its winner and settled for money per point (book
§1.2: the losers pay the difference × the point value), a round robin of teams
through the tournament API to standings, and Historical Skruuvi's night of three
matches with everyone partnering everyone (§17.2) as a partner rotation."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

from games.engine import get_game
from scoring import services as scoring_services
from scoring.models import Role
from tests.scoring.factories import member

pytestmark = pytest.mark.django_db

# Side 0 sweeps: 7 no trump, all 13 tricks and all four aces — a game every deal.
VINT_SWEEP = {
    "strain": "no_trump",
    "level": 7,
    "declarer": 0,
    "tricks": [13, 0],
    "aces": [4, 0],
}
# Side 0 makes seven spades with every trick and every value card: 91 trick points
# (a game of 60 in the rubber, and in a kotka).
SKRUUVI_SWEEP = {
    "contract": "spades",
    "level": 7,
    "declarer": 0,
    "tricks": [13, 0],
    "value_cards": [9, 0],
}
# A kotka side 1 wins: six hearts by seat 1, twelve tricks, 54 trick points.
SKRUUVI_KOTKA = {
    "contract": "hearts",
    "level": 6,
    "declarer": 1,
    "tricks": [1, 12],
    "value_cards": [2, 7],
}
MATCHES = {
    # Deal 1: 910 + 10000 + 2000 + 250 × 7 × 4 + game 1000 = 20910; deal 2 the
    # same with the second game's 2000: 21910. The rubber is won in two deals.
    "vint": ([VINT_SWEEP, VINT_SWEEP, VINT_SWEEP], 2, (42820, 0)),
    # The rubber in two deals, then four kotkas.
    "historical-skruuvi": (
        [
            SKRUUVI_SWEEP,
            SKRUUVI_SWEEP,
            SKRUUVI_KOTKA,
            SKRUUVI_SWEEP,
            SKRUUVI_KOTKA,
            SKRUUVI_KOTKA,
            SKRUUVI_SWEEP,
        ],
        6,
        None,
    ),
}


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


def engine_totals(slug, deals):
    return get_game(slug).fold(deals).totals


def play_through_api(api, match_id, deals):
    """Submit ``deals`` until the match is decided; the deals entered."""
    entered = []
    for deal in deals:
        match = api.get(f"/api/v1/matches/{match_id}/").json()
        if match["finished"]:
            break
        number = match["next_deal"]["number"]
        response = api.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
        entered.append(deal)
    return entered


@pytest.mark.parametrize("slug", MATCHES)
def test_a_match_through_the_api_to_its_winner_settled_per_point(slug, api, club):
    deals, length, expected = MATCHES[slug]
    names = ("Aino", "Bertta", "Ceci", "Dora")
    players = [member(club, Role.MEMBER, name) for name in names]
    started = api.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": slug,
            "seats": [{"player": p.pk, "side": i % 2} for i, p in enumerate(players)],
            "point_value": "0.01",
            "currency": "EUR",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    match_id = started.json()["id"]
    schema = api.get(f"/api/v1/matches/{match_id}/deal-schema").json()
    assert "x-role" in str(schema)  # the form reads the game's declared roles
    entered = play_through_api(api, match_id, deals)
    assert len(entered) == length
    match = api.get(f"/api/v1/matches/{match_id}/").json()
    assert match["finished"] and match["winners"] == [0]
    totals = tuple(match["totals"])
    assert totals == engine_totals(slug, entered)
    if expected is not None:
        assert totals == expected
    finished = api.post(f"/api/v1/matches/{match_id}/finish")
    assert finished.status_code == 200, finished.json()
    settled = api.post(f"/api/v1/matches/{match_id}/settlement")
    assert settled.status_code in (200, 201), settled.json()
    sheet = api.get(f"/api/v1/matches/{match_id}/settlement").json()
    balances = {b["name"]: b["settled"] for b in sheet["balances"]}
    # Per member (docs/money.md §2): each loser pays each point of the difference
    # at 0.01 EUR, in cents.
    cents = totals[0] - totals[1]
    assert balances == {"Aino": cents, "Ceci": cents, "Bertta": -cents, "Dora": -cents}


def run_tournament(api, club, slug, fmt, names, deals, rounds):
    created = api.post(
        reverse("api:tournament-list"),
        {"club": club.pk, "name": f"{slug} {fmt}", "game": slug, "format": fmt},
        format="json",
    )
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    stage = created.json()["stages"][0]["id"]
    added = api.post(
        reverse("api:tournament-entry-list", kwargs={"tournament_id": tid}),
        {"names": names},
        format="json",
    )
    assert added.status_code == 201, added.json()
    for _ in range(rounds):
        generated = api.post(
            reverse(
                "api:tournament-round-generate",
                kwargs={"tournament_id": tid, "stage_id": stage},
            )
        )
        assert generated.status_code == 201, generated.json()
        round_id = generated.json()["id"]
        started = api.post(
            reverse(
                "api:tournament-round-start",
                kwargs={"tournament_id": tid, "round_id": round_id},
            )
        )
        assert started.status_code == 200, started.json()
        for table in started.json()["tables"]:
            match_id = table["match"]
            play_through_api(api, match_id, deals)
            assert api.get(f"/api/v1/matches/{match_id}/").json()["finished"]
            api.post(f"/api/v1/matches/{match_id}/finish")
        locked = api.post(
            reverse(
                "api:tournament-round-lock",
                kwargs={"tournament_id": tid, "round_id": round_id},
            )
        )
        assert locked.status_code == 200, locked.json()
    return tid


def standings_of(api, tid):
    return api.get(
        reverse("api:tournament-standings", kwargs={"tournament_id": tid})
    ).json()


@pytest.mark.parametrize("slug", MATCHES)
def test_a_round_robin_of_teams_through_the_tournament_api(
    slug, api, club, django_capture_on_commit_callbacks
):
    """Three fixed teams, three rounds (one sits out each): every team meets every
    other once; side 0 of each table wins its match."""
    deals = MATCHES[slug][0]
    with django_capture_on_commit_callbacks(execute=True):
        tid = run_tournament(
            api,
            club,
            slug,
            "round_robin",
            ["Ann & Bob", "Cid & Dee", "Eve & Fay"],
            deals,
            rounds=3,
        )
    standings = standings_of(api, tid)
    (stage,) = standings["stages"]
    rows = stage["rows"]
    assert [row["played"] for row in rows] == [2, 2, 2]
    # Side 0 wins every match, and each pair met once: each team won once and lost
    # once, by the same margin — three wins and three byes at 2 match points.
    assert [row["values"]["match_points"] for row in rows] == [4, 4, 4]
    assert [row["values"]["point_difference"] for row in rows] == [0, 0, 0]


def test_a_historical_skruuvi_night_is_three_matches_everyone_partnering_everyone(
    api, club, django_capture_on_commit_callbacks
):
    """§17.2: "A classic Skruuvi night consists of three matches so that everyone
    plays as a team-mate of everyone else" — a partner rotation of four."""
    deals = MATCHES["historical-skruuvi"][0]
    with django_capture_on_commit_callbacks(execute=True):
        tid = run_tournament(
            api,
            club,
            "historical-skruuvi",
            "partner_rotation",
            ["Aino", "Bertta", "Ceci", "Dora"],
            deals,
            rounds=3,
        )
    standings = standings_of(api, tid)
    (stage,) = standings["stages"]
    rows = {row["name"]: row for row in stage["rows"]}
    # Aino sits in seat 0 (side 0, the side that wins every match here) all night;
    # each of the others partners her once and wins that match.
    totals = engine_totals("historical-skruuvi", deals[:6])
    margin = totals[0] - totals[1]
    assert {name: row["values"]["match_points"] for name, row in rows.items()} == {
        "Aino": 6,
        "Bertta": 2,
        "Ceci": 2,
        "Dora": 2,
    }
    assert rows["Aino"]["values"]["point_difference"] == 3 * margin
    for name in ("Bertta", "Ceci", "Dora"):
        assert rows[name]["values"]["point_difference"] == margin - 2 * margin
        assert rows[name]["played"] == 3
