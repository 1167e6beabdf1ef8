"""The dart games end to end, with no code outside ``games/`` naming them: Killeri
for three through the API to the last one left, for a flat stake (win/loss only);
Merirosvo through both halves, settled per point (book §1.2); Kangaroo and the
Finnish dartboard to their winners; and a darts league — a round robin of Round the
Clock — through the tournament API to its standings."""

from __future__ import annotations

import pytest

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter
from tests.scoring.round_robin import play_round_robin

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(db):
    return ClubFactory(name="Tikka", slug="tikka")


@pytest.fixture
def people(club):
    return [
        member(club, Role.ADMIN, "Aino"),
        member(club, Role.MEMBER, "Bert"),
        member(club, Role.MEMBER, "Cai"),
    ]


def start(api_client, club, people, game, **extra):
    api_client.force_authenticate(people[0].user)
    created = api_client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": game,
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people)],
            "currency": "EUR",
            **extra,
        },
        format="json",
    )
    return created


def settled(match_id):
    balances, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind="match", source_id=match_id)
    )
    return {k: v for k, v in balances.items() if v}


KILLERI = [
    {"mode": "draw", "own_sectors": [20, 3, 11]},
    {"darts": "T20 D20 M"},  # Aino: a killer in her first turn
    {"darts": "3 M M"},  # Bert: 1
    {"darts": "11 M M"},  # Cai: 1
    {"darts": "3 11 M"},  # Aino takes Bert and Cai out, the game ends at dart 2
]


def test_killeri_to_the_last_one_left_for_a_flat_stake(api_client, club, people):
    """A per-point stake is refused (the points are places); the draw names side by
    side sectors as a structured 400; the winner takes a flat stake from each."""
    refused = start(api_client, club, people, "killeri", point_value="0.10")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "stake_on_win_loss_game"
    created = start(api_client, club, people, "killeri")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    bad = api_client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"mode": "draw", "own_sectors": [20, 1, 11]}},
        format="json",
    )
    assert bad.status_code == 400
    assert [(e["path"], e["code"]) for e in bad.json()["errors"]] == [
        ("own_sectors.1", "next_to")
    ]
    early = api_client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"darts": "20 20 20"}},
        format="json",
    )
    assert early.status_code == 400
    assert early.json()["errors"][0]["code"] == "draw_first"
    body = deals_enter(api_client, match_id, [*KILLERI[:-1], {"darts": "3 11"}])
    assert body["finished"] and body["winners"] == [0]
    assert body["totals"] == [2, 0, 1]  # Bert out with dart 1, Cai with dart 2
    assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code == 200
    match = Match.objects.get(pk=match_id)
    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=people[0].user
    )
    money_services.match_settle(match=match, by=people[0].user)
    assert settled(match_id) == {
        f"p{people[0].pk}": 200,
        f"p{people[1].pk}": -100,
        f"p{people[2].pk}": -100,
    }


def close_all() -> list[dict]:
    """The defender closes 1–20 three a turn, the attacker missing in between."""
    deals, sectors = [], list(range(1, 21))
    while sectors:
        darts, sectors = sectors[:3], sectors[3:]
        deals.append({"darts": " ".join(map(str, darts))})
        if sectors:
            deals.append({"darts": "M M M"})
    return deals


def test_merirosvo_both_halves_settled_per_point(api_client, club, people):
    """Aino defends first; Bert scores 9 on open sectors; the roles switch; Aino
    scores 5; Bert wins and Aino pays 4 points × 0.50."""
    two = people[:2]
    created = start(api_client, club, two, "merirosvo", point_value="0.50")
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    first = [{"darts": "M M M"}, {"darts": "T20 T19 T18"}, *close_all()]
    second = [{"darts": "M M M"}, {"darts": "D1 T2 M"}, *close_all()]
    body = deals_enter(api_client, match_id, [*first, *second])
    assert body["totals"] == [5, 9] and body["finished"] and body["winners"] == [1]
    assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code == 200
    money_services.match_settle(match=Match.objects.get(pk=match_id))
    assert settled(match_id) == {f"p{two[0].pk}": -200, f"p{two[1].pk}": 200}


@pytest.mark.parametrize(
    ("game", "options", "deals", "totals", "winners"),
    [
        (
            "kangaroo",
            {"bull_finish": True},
            [
                {"darts": "1 D2 5"},  # Aino 5, again
                {"darts": "6 D7 15"},  # 15, again
                {"darts": "16 17 18"},  # 18, again
                {"darts": "19 20 M"},  # 20: the bull to go
                {"darts": "M M M"},  # Bert
                {"darts": "M M M"},  # Cai
                {"darts": "5 IB"},  # Aino: the bull wins
            ],
            [21, 0, 0],
            [0],
        ),
        (
            "finnish-dartboard",
            {"rounds": 1},
            [{"darts": "10 9 8 7 6"}, {"darts": "9 9 9 9 9"}, {"darts": "10 10 5 5 0"}],
            [40, 45, 30],
            [1],
        ),
    ],
)
def test_a_match_through_the_api_to_its_winner(
    api_client, club, people, game, options, deals, totals, winners
):
    created = start(api_client, club, people, game, options=options)
    assert created.status_code == 201, created.json()
    body = deals_enter(api_client, created.json()["id"], deals)
    assert body["totals"] == totals and body["finished"] and body["winners"] == winners


def clock_for(better: int) -> list[dict]:
    """Round the Clock won by seat ``better`` in three turns of triples."""
    mine = [{"darts": "T1 T4 T7"}, {"darts": "T10 T13 T16"}, {"darts": "T19"}]
    miss = {"darts": "M M M"}
    if better == 0:
        return [mine[0], miss, mine[1], miss, mine[2]]
    return [miss, mine[0], miss, mine[1], miss, mine[2]]


def test_a_darts_league_is_a_round_robin(api_client, club_director):
    club, director = club_director
    play_round_robin(
        api_client, club, director, game="round-the-clock", deals_for=clock_for
    )


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    return scoring_services.club_create(name="Tikka", by=director), director
