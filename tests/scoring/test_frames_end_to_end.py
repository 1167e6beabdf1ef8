"""Billiards and the outdoor races end to end, with no code outside ``games/`` naming
them: each game played through the API to its winner; a snooker match refused a
per-point stake and settled at a flat stake (win/loss only, see the games' docs);
a billiards club's 9-ball round robin through the tournament API to standings, the
9-ball team game, and a snooker knockout to its champion."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.round_robin import play_round_robin
from tests.tournaments.conftest import play_round, side_entries
from tournaments import selectors as tournament_selectors
from tournaments import services as tournament_services

pytestmark = pytest.mark.django_db

BIG_SHOT = {"mode": "shot", "target": "own", "centre_pin": True, "boundary_pins": 4}
NOTHING = {"mode": "shot"}

# game, options, deals to the winner, final totals, winner, a refused deal and the
# path its error names
MATCHES = [
    (
        "snooker",
        {"frames": 2},
        [{"points": [72, 40]}, {"points": [20, 64]}, {"points": [9, 50]}],
        [1, 2],
        1,
        {"points": [90, 90]},
        "points",
    ),
    (
        "nine-ball",
        {"frames": 2, "balls": 10},
        [{"side": 0, "points": 1}] * 2,
        [2, 0],
        0,
        {"side": 3, "points": 1},
        "side",
    ),
    (
        "five-pin",
        {"frames": 1},
        [BIG_SHOT, NOTHING] * 3 + [BIG_SHOT],
        [1, 0],
        0,
        {"mode": "shot", "missed": True, "target": "own"},
        "target",
    ),
    (
        "totem-tennis",
        {"target": 3},
        [{"side": 1, "points": 1}] * 3,
        [0, 3],
        1,
        {"side": 1, "points": 2},
        "points",
    ),
    (
        "breakthrough",
        {"team_sizes": [8, 7]},
        [{"points": 6}, {"points": 7}],
        [6, 7],
        1,
        {"points": 9},
        "points",
    ),
]


@pytest.fixture
def people(db):
    club = ClubFactory(name="Biljardi", slug="biljardi")
    scorer = member(club, Role.ADMIN, "Sami")
    other = member(club, Role.MEMBER, "Olli")
    return club, scorer, other


def _start(client, club, game, options, seats, **stake):
    return client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": game,
            "options": options,
            "seats": [{"player": p.pk, "side": s} for s, p in enumerate(seats)],
            "currency": "EUR",
            **stake,
        },
        format="json",
    )


@pytest.mark.parametrize(
    ("game", "options", "deals", "totals", "winner", "bad", "path"), MATCHES
)
def test_each_game_through_the_api_to_its_winner(
    people, game, options, deals, totals, winner, bad, path
):
    club, sami, olli = people
    client = APIClient()
    client.force_authenticate(sami.user)
    created = _start(client, club, game, options, [sami, olli])
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": bad},
        format="json",
    )
    assert refused.status_code == 400, refused.json()
    assert refused.json()["errors"][0]["path"].endswith(path)
    for number, deal in enumerate(deals, start=1):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
    body = response.json()["match"]
    assert body["totals"] == totals
    assert body["finished"] is True and body["winners"] == [winner]


def test_snooker_is_settled_win_loss_only_at_a_flat_stake(people):
    club, sami, olli = people
    client = APIClient()
    client.force_authenticate(sami.user)
    per_point = _start(
        client, club, "snooker", {"frames": 1}, [sami, olli], point_value="0.10"
    )
    assert per_point.status_code == 400, per_point.json()
    created = _start(client, club, "snooker", {"frames": 1}, [sami, olli])
    match_id = created.json()["id"]
    response = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"points": [35, 61], "conceded_by": 0}},
        format="json",
    )
    assert response.status_code == 201, response.json()
    client.force_login(sami.user)
    sheet = client.get(f"/matches/{match_id}/").content.decode()
    assert '<span class="deal-fact muted">35–61 conceded</span>' in sheet
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="2.00", by=sami.user
    )
    money_services.match_settle(match=match)
    settled, _paid = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind="match", source_id=match.pk)
    )
    assert {k: v for k, v in settled.items() if v} == {
        f"p{sami.pk}": -200,
        f"p{olli.pk}": 200,
    }


def test_a_billiards_clubs_nine_ball_round_robin(api_client, club_director):
    """Each table a race to three frames; the stronger player wins 3–1."""
    club, director = club_director

    def frames_for(better: int) -> list[dict]:
        worse = 1 - better
        return [{"side": s, "points": 1} for s in (better, worse, better, better)]

    rows = play_round_robin(
        api_client, club, director, game="nine-ball", deals_for=frames_for
    )
    assert len(rows) == 4


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Biljardi", by=director)
    return club, director


def test_the_nine_ball_team_game_through_the_api_settled_per_member(people):
    """Two teams of two (§78, l.4207), a race to two frames; a flat stake of 1.00
    a match won, each loser paying it (team mode per member)."""
    club, sami, olli = people
    cia, dan = member(club, Role.MEMBER, "Cia"), member(club, Role.MEMBER, "Dan")
    client = APIClient()
    client.force_authenticate(sami.user)
    created = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": "nine-ball",
            "options": {"frames": 2},
            "seats": [
                {"player": p.pk, "side": s}
                for p, s in ((sami, 0), (olli, 1), (cia, 0), (dan, 1))
            ],
            "currency": "EUR",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    for number, side in enumerate((1, 0, 1), start=1):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": {"side": side, "points": 1}},
            format="json",
        )
        assert response.status_code == 201, response.json()
    body = response.json()["match"]
    assert body["totals"] == [1, 2] and body["winners"] == [1]
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=sami.user
    )
    money_services.match_settle(match=match)
    settled, _paid = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind="match", source_id=match.pk)
    )
    assert {k: v for k, v in settled.items() if v} == {
        f"p{sami.pk}": -100,
        f"p{cia.pk}": -100,
        f"p{olli.pk}": 100,
        f"p{dan.pk}": 100,
    }


def test_a_snooker_knockout_to_its_champion(club_director):
    """Eight players, a knockout of races to two frames; the better seed wins 2–1
    (losing the first frame on a concession): seed 1 is the champion, seed 2 second,
    the losing semi-finalists share third."""
    club, director = club_director
    tournament = tournament_services.tournament_create(
        club=club,
        name="Snooker cup",
        game="snooker",
        options={"frames": 2},
        format="knockout",
        stage_settings={},
        tiebreaks=["match_points"],
        visibility="published",
        by=director,
    )
    entries = tournament_services.entries_add(
        tournament=tournament, names=[f"Seed {i}" for i in range(1, 9)], by=director
    )
    seed = {e.pk: e.seed for e in entries}

    def frames(table):
        (a,), (b,) = side_entries(table)
        better = 0 if seed[a] < seed[b] else 1
        lost = {"points": [0, 0], "conceded_by": better}
        won = [70, 20] if better == 0 else [20, 70]
        return [lost, {"points": won}, {"points": won}]

    stage = tournament.stages.get()
    for _ in range(3):
        round_ = tournament_services.round_generate(stage=stage, by=director)
        play_round(round_, director, frames)
    standings = tournament_selectors.stage_standings_get(stage)
    ranks = [(seed[r.entry], r.rank) for r in standings.rows]
    assert ranks[:4] == [(1, 1), (2, 2), (3, 3), (4, 3)]
