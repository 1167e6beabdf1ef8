"""The board games (Hex, Game of Y, Beginners' Go) end to end, with no code outside
``games/`` naming them: a best-of-three Go match through the API to its winner,
entered as positions and counts, settled at a flat stake per match won (book §1.2:
Go is played for win/loss only); round robins and a Swiss event through the
tournament API."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.test import Client

from money import services as money_services
from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, rounds_play
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Black walls off the left half: black 45, white 36 + 6.5 (the docs' example).
SPLIT = "/".join(["....bw..."] * 9)
# The same position with the colours swapped: white 45 + 6.5, black 36.
SPLIT_WHITE = SPLIT.translate(str.maketrans("bw", "wb"))


@pytest.fixture
def people(db):
    club = ClubFactory(name="Goban", slug="goban")
    return club, member(club, Role.ADMIN, "Aino"), member(club, Role.MEMBER, "Bert")


def test_a_best_of_three_through_the_api_settled_at_a_flat_stake(api_client, people):
    club, aino, bert = people
    api_client.force_authenticate(aino.user)
    seats = [{"player": p.pk, "side": i} for i, p in enumerate([aino, bert])]
    refused = api_client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": "beginners-go",
            "seats": seats,
            "point_value": "0.10",
            "currency": "EUR",
        },
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "stake_on_win_loss_game"
    match_id = match_create(
        api_client,
        club,
        {
            "game": "beginners-go",
            "options": {"games": 3, "first_to": 2},
            "seats": seats,
            "currency": "EUR",
        },
    )
    deals_url = f"/api/v1/matches/{match_id}/deals/"

    # A captured stone left on the board: a 400 naming the board.
    captured = "wb......./b......../" + "/".join(["........."] * 7)
    bad = api_client.post(
        deals_url, {"number": 1, "input": {"board": captured}}, format="json"
    )
    assert bad.status_code == 400
    assert [(e["path"], e["code"]) for e in bad.json()["errors"]] == [
        ("board", "no_liberties")
    ]

    # Game 1: Aino (side 0) is black and wins by 2.5. Game 2: Bert black; the
    # counted totals give him 42 against white's (Aino's) 34 + 6.5: Bert by 1.5.
    # Game 3: Aino black again; the swapped position is white's (Bert's).
    games = [
        {"board": SPLIT},
        {"mode": "totals", "black_points": 42, "white_points": 34},
        {"board": SPLIT_WHITE},
    ]
    sides = []
    for number, deal in enumerate(games, start=1):
        response = api_client.post(
            deals_url, {"number": number, "input": deal}, format="json"
        )
        assert response.status_code == 201, response.json()
        sides.append(response.json()["match"]["totals"])
    assert sides == [[1, 0], [1, 1], [1, 2]]
    body = response.json()["match"]
    assert body["finished"] is True and body["winners"] == [1]
    # The sheet says how each counted game was won, as a paper sheet would.
    browser = Client()
    browser.force_login(aino.user)
    sheet = browser.get(f"/matches/{match_id}/").content.decode()
    assert "black by 1.5" in sheet and "black by 2.5" in sheet

    assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code == 200
    match = Match.objects.get(pk=match_id)
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=aino.user
    )
    settled = balances_settle(match, by=aino.user)
    assert {k: v for k, v in settled.items() if v} == {
        f"p{aino.pk}": -100,
        f"p{bert.pk}": 100,
    }


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Goban", by=director)
    return club, director


def test_a_hex_round_robin_through_the_tournament_api(api_client, club_director):
    """Each match one game, entered with the winner only (the swap used once)."""
    club, director = club_director
    play_round_robin(
        api_client,
        club,
        director,
        game="hex",
        deals_for=lambda better: [{"winner": better, "swap": better == 1}],
    )


def test_a_game_of_y_round_robin_with_the_final_board(api_client, club_director):
    """The stronger side moves first (red) and makes the Y: red's left edge and
    bottom row touch all three sides."""
    club, director = club_director
    play_round_robin(
        api_client,
        club,
        director,
        game="game-of-y",
        deals_for=lambda better: [
            {"winner": better, "first": better, "size": 4, "board": "r/rb/rbb/rrbb"}
        ],
    )


def test_a_go_round_robin_through_the_tournament_api(api_client, club_director):
    """The stronger side plays black and walls off the bigger half."""
    club, director = club_director
    play_round_robin(
        api_client,
        club,
        director,
        game="beginners-go",
        deals_for=lambda better: [{"board": SPLIT, "black": better}],
    )


def test_a_go_swiss_event_through_the_tournament_api(api_client, club_director):
    """Six players, three Swiss rounds (go clubs' usual event), komi 7.5 for the
    event: each game by its final position, the stronger player black. Aino wins
    every round and leads; Fay loses every round and has the fewest points."""
    from tournaments import services as tournament_services

    club, director = club_director
    names = ["Aino", "Bert", "Cai", "Dora", "Eve", "Fay"]
    event = tournament_services.tournament_create(
        club=club,
        name="Go Swiss",
        game="beginners-go",
        options={"komi": "7.5"},
        format="swiss",
        stage_settings={"rounds": 3},
        by=director,
    )
    tournament_services.entries_add(tournament=event, names=names, by=director)
    api_client.force_authenticate(director)
    wins = dict.fromkeys(names, 0)

    def play_table(table):
        seats = {s.side: s.entry.name for s in table.sides.all()}
        better = min((0, 1), key=lambda s: names.index(seats[s]))
        wins[seats[better]] += 1
        # Black 45 against 36 + 7.5: black (the stronger) by 1.5.
        deals_enter(api_client, table.match.pk, [{"board": SPLIT, "black": better}])
        table.match.refresh_from_db()
        assert table.match.finished and table.match.winners == [better]
        scoring_services.match_finish(match=table.match, by=director)

    stage = event.stages.get().pk
    rows = rounds_play(api_client, event.pk, stage, rounds=3, play_table=play_table)
    assert wins["Aino"] == 3 and wins["Fay"] == 0
    points = {r["name"]: Fraction(r["values"]["match_points"]) for r in rows}
    assert rows[0]["name"] == "Aino" and points["Aino"] == max(points.values())
    assert points["Fay"] == min(points.values())
