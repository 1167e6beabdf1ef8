"""The event games end to end, with no code outside ``games/`` naming them: a Bleep
Game of three through the API, entry by entry, that only the organiser's end entry
decides (and then settled per point by the average method, book §1.2); a Believe
or Doubt match to ten whose next answerer the API shows; a Jäkis goal past the
stock refused with the field named; and round robins of Jäkis and Rymypallo
through the tournament API to standings, and evenings of Believe or Doubt and the
Bleep Game at tables of three (multi-table)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.errors import Conflict
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, play_evening
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(db):
    club = ClubFactory(name="Auto", slug="auto")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


def start(client, club, game, players, **extra) -> int:
    created = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": game,
            "seats": [{"player": p.pk, "side": s} for s, p in enumerate(players)],
            **extra,
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    return created.json()["id"]


# Olli 3 cars, Sami 2 cars and a van, Cia a car and two trucks: 1, 3, −1.
BLEEPS = [
    {"by": 1},
    {"by": 0},
    {"by": 2, "event": "other"},
    {"by": 1},
    {"by": 0, "event": "other"},
    {"by": 2},
    {"by": 0},
    {"by": 1},
    {"by": 2, "event": "other"},
]
FINAL = (1, 3, -1)
MONEY = (0, 2, -2)  # the average 1, in cents at one cent a point


def test_a_bleep_game_ends_when_the_organiser_says_and_settles_per_point(people):
    club, sami, others = people
    players = [sami, *others]
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = start(
        client, club, "bleep-game", players, point_value="0.01", currency="EUR"
    )
    body = deals_enter(client, match_id, BLEEPS)
    assert tuple(body["totals"]) == FINAL
    assert body["finished"] is False and body["leaders"] == [1]
    tally = {r["code"]: r["value"] for r in body["next_deal"]["context"]}
    assert tally == {"leader": 1, "car": [2, 3, 1], "other": [1, 0, 2]}
    # No end yet: the book cannot be closed.
    with pytest.raises(Conflict) as conflict:
        scoring_services.match_finish(
            match=Match.objects.get(pk=match_id), by=sami.user
        )
    assert conflict.value.code == "not_decided"
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": len(BLEEPS) + 1, "input": {"event": "other"}},
        format="json",
    )
    assert bad.status_code == 400
    assert [(e["path"], e["code"]) for e in bad.json()["errors"]] == [
        ("by", "no_player")
    ]
    body = deals_enter(client, match_id, [{"end": True}], first=len(BLEEPS) + 1)
    assert body["finished"] is True and body["winners"] == [1]

    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    settled = balances_settle(match)
    average = Fraction(sum(FINAL), 3)
    assert tuple(t - average for t in FINAL) == MONEY
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": m for p, m in zip(players, MONEY, strict=True) if m
    }


def test_believe_or_doubt_to_ten_with_the_next_answerer_on_the_sheet(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = start(client, club, "believe-or-doubt", [sami, *others])
    body = deals_enter(client, match_id, [{}, {"doubter": 2, "answer": "wrong"}])
    rows = {r["code"]: r["value"] for r in body["next_deal"]["context"]}
    assert rows["answerer"] == 2  # the right doubter answers next
    assert tuple(body["totals"]) == (1, 0, 0)
    not_theirs = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 3, "input": {"doubter": 2, "answer": "right"}},
        format="json",
    )
    assert not_theirs.status_code == 400
    assert not_theirs.json()["errors"][0]["code"] == "own_answer"
    body = deals_enter(
        client, match_id, [{"doubter": 0, "answer": "right"}] + [{}] * 9, first=3
    )
    assert tuple(body["totals"]) == (0, 0, 10)
    assert body["finished"] is True and body["winners"] == [2]


def test_a_jakis_goal_past_the_stock_is_refused_naming_the_scorer(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = start(client, club, "jakis", [sami, others[0]])
    deals_enter(client, match_id, [{"by": 0}] * 6)
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 7, "input": {"by": 1}},
        format="json",
    )
    assert refused.status_code == 400
    assert [(e["path"], e["code"]) for e in refused.json()["errors"]] == [
        ("by", "stock_exhausted")
    ]
    body = deals_enter(client, match_id, [{"end": True}], first=7)
    assert body["winners"] == [0]


def goals_for(better: int) -> list[dict]:
    """The better entry scores twice, the other once; the end is entered last."""
    return [{"by": better}, {"by": 1 - better}, {"by": better, "end": True}]


@pytest.mark.parametrize("game", ["jakis", "rymypallo"])
def test_a_round_robin_through_the_tournament_api(api_client, club_director, game):
    club, director = club_director
    play_round_robin(api_client, club, director, game=game, deals_for=goals_for)


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Auto", by=director)
    return club, director


@pytest.mark.parametrize(
    ("game", "deals"),
    [
        # Seat 0 answers ten questions all believe: 10, 0, 0.
        ("believe-or-doubt", [{}] * 10),
        # A drive ended by the organiser: 2, 1, 0.
        ("bleep-game", [{"by": 0}, {"by": 1}, {"by": 0}, {"end": True}]),
    ],
)
def test_an_evening_of_tables_of_three(api_client, people, game, deals):
    """Two tables of three, two rounds (multi-table); the standings place each
    table's players by their totals (placement points 4, 2, 1)."""
    club, sami, _others = people
    director = sami.user

    def play_table(table):
        body = deals_enter(api_client, table.match.pk, deals)
        assert body["finished"] is True and body["winners"] == [0]
        match = Match.objects.get(pk=table.match.pk)
        scoring_services.match_finish(match=match, by=director)

    rows = play_evening(
        api_client,
        club,
        director,
        game=game,
        names=["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"],
        stage_settings={"rounds": 2, "table_size": 3, "min_table_size": 3, "seed": 3},
        points={"placement": [4, 2, 1, 0]},
        play_table=play_table,
    )
    assert len(rows) == 6 and all(r["played"] == 2 for r in rows)
    # 4 + 2 + 1 a table (Believe or Doubt's two level at 0 share 2 + 1).
    points = sum(Fraction(r["values"]["match_points"]) for r in rows)
    assert points == 2 * 2 * 7
