"""The games by place end to end (Musta Maija, Musta Pekka, Valepaska, Seinis), with
no code outside ``games/`` naming them: a match of three games through the API to
its winner, settled per point by the average method (book §1.2: more than two
players alone); a round robin of two-player matches through the tournament API;
an evening of tables of four (the multi-table format) to standings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, play_evening
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Three games at a table of four each, with the default scoring (a point for every
# player who finished behind you), worked out by hand:
CASES = {
    # Seat 2 out first, seats 0 and 3 together, seat 1 left with Musta Maija:
    # 1 0 3 1; only the loser, seat 3: 1 1 1 0; a plain order: 3 2 1 0.
    "musta-maija": (
        [
            {"places": [2, 4, 1, 2]},
            {"mode": "loser", "loser": 3},
            {"places": [1, 2, 3, 4]},
        ],
        (5, 3, 5, 1),
        [0, 2],
        {"places": [1, 2, 3, 3]},
        "places.3",
    ),
    # Seats 1 and 3 out together, then 0, seat 2 with Musta Pekka: 1 2 0 2; only
    # the winner, seat 0: 3 0 0 0; only the loser, seat 1: 1 0 1 1.
    "musta-pekka": (
        [
            {"places": [3, 1, 4, 1]},
            {"mode": "winner", "winner": 0},
            {"mode": "loser", "loser": 1},
        ],
        (5, 2, 1, 3),
        [0],
        {"mode": "winner", "winner": 4},
        "winner",
    ),
    # 2 3 0 1; winner 3 and loser 1 (the others share second): 1 0 1 3; loser 2.
    "valepaska": (
        [
            {"places": [2, 1, 4, 3]},
            {"mode": "winner_loser", "winner": 3, "loser": 1},
            {"mode": "loser", "loser": 2},
        ],
        (4, 4, 1, 5),
        [3],
        {"places": [1, 1, 3, 4]},
        "places.1",
    ),
    # Drops 1, 2, 3 (seat 0 left): 3 0 1 2; a game as places: 0 3 2 1; only the
    # winner, seat 2: 0 0 3 0.
    "seinis": (
        [
            {"out": 1},
            {"out": 2},
            {"out": 3},
            {"mode": "places", "places": [4, 1, 2, 3]},
            {"mode": "winner", "winner": 2},
        ],
        (3, 3, 6, 3),
        [2],
        {"out": 4},
        "out",
    ),
}


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


@pytest.fixture
def people(club):
    return [
        member(club, Role.ADMIN, "Aino"),
        member(club, Role.MEMBER, "Bert"),
        member(club, Role.MEMBER, "Cai"),
        member(club, Role.MEMBER, "Dora"),
    ]


@pytest.mark.parametrize("game", sorted(CASES))
def test_three_games_through_the_api_settled_by_the_average(
    api_client, club, people, game
):
    deals, final, winners, bad, bad_path = CASES[game]
    api_client.force_authenticate(people[0].user)
    match_id = match_create(
        api_client,
        club,
        {
            "game": game,
            "options": {"games": 3},
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people)],
            "point_value": "1.00",
            "currency": "EUR",
        },
    )
    refused = api_client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": bad},
        format="json",
    )
    assert refused.status_code == 400, refused.json()
    assert [e["path"] for e in refused.json()["errors"]] == [bad_path]
    body = deals_enter(api_client, match_id, deals)
    assert tuple(body["totals"]) == final
    assert body["finished"] is True and body["winners"] == winners
    more = api_client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": len(deals) + 1, "input": deals[-1]},
        format="json",
    )
    assert more.status_code in (400, 409)

    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=people[0].user
    )
    settled = balances_settle(match)
    average = Fraction(sum(final), 4)
    expected = {
        f"p{p.pk}": int((t - average) * 100)
        for p, t in zip(people, final, strict=True)
        if t != average
    }
    assert {k: v for k, v in settled.items() if v} == expected
    assert sum(settled.values()) == 0


def _one_game_lost_by(game: str):
    def deals_for(better: int) -> list[dict]:
        worse = 1 - better
        if game == "seinis":
            return [{"out": worse}]
        return [{"mode": "loser", "loser": worse}]

    return deals_for


@pytest.mark.parametrize("game", ["musta-pekka", "valepaska", "seinis"])
def test_a_round_robin_of_two_player_games(api_client, club_director, game):
    club, director = club_director
    rows = play_round_robin(
        api_client, club, director, game=game, deals_for=_one_game_lost_by(game)
    )
    assert len(rows) == 4


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director


def test_an_evening_of_tables_to_standings(api_client, club, people):
    """Eight players, two tables of four, two rounds of one Musta Maija game; each
    table places its players by their points (placement 4, 2, 1, 0)."""

    def play_table(table):
        match_id = table.match.pk
        body = deals_enter(api_client, match_id, [{"places": [1, 2, 3, 4]}])
        assert body["totals"] == [3, 2, 1, 0]
        assert Match.objects.get(pk=match_id).finished
        assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code in (
            200,
            409,
        )

    rows = play_evening(
        api_client,
        club,
        people[0].user,
        game="musta-maija",
        name="Family evening",
        names=["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"],
        stage_settings={"rounds": 2, "table_size": 4, "min_table_size": 4, "seed": 3},
        points={"placement": [4, 2, 1, 0]},
        play_table=play_table,
    )
    assert len(rows) == 8 and all(r["played"] == 2 for r in rows)
    # Each table gives 4 + 2 + 1 + 0: two tables, two rounds.
    points = [float(r["values"]["match_points"]) for r in rows]
    assert sum(points) == 2 * 2 * 7
    assert points == sorted(points, reverse=True)


def test_the_pairs_variant_at_two_is_refused_naming_the_option(
    api_client, club, people
):
    """§35.5: pairs need three players at least; the API says which option."""
    api_client.force_authenticate(people[0].user)
    refused = api_client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": "musta-pekka",
            "options": {"pairs": True},
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people[:2])],
        },
        format="json",
    )
    assert refused.status_code == 400, refused.json()
    assert [(e["path"], e["code"]) for e in refused.json()["errors"]] == [
        ("options.pairs", "too_few_players")
    ]
