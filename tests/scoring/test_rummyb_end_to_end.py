"""The rummy games of issue #15 end to end, with no code outside ``games/`` naming
them: a match through the API to its winner, settled for money per point (book
§1.2, the average method where more than two play alone), and a round robin of
two-player matches through the tournament API to standings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from money import services as money_services
from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create
from tests.scoring.round_robin import play_round_robin
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Pay Me for three: hand 1 by cards (3s wild): seat 0 out, seat 1 K + a wild 3 (25),
# seat 2 a 7 (5); ten hands by values after it.
PAY_ME_DEALS = [
    {
        "went_out": 0,
        "players": [{"melds": ["7H 7D Jo"]}, {"deadwood": "KS 3C"}, {"deadwood": "7H"}],
    },
    *[{"mode": "totals", "went_out": 2, "deadwood": [10, 5, 0]}] * 10,
]
PAY_ME_TOTALS = (100, 75, 5)  # the average 60: seat 2 takes 55, seat 0 pays 40
# Carioca for three: hand 1 (two trios) by cards, seat 0 out; seat 1 holds A, joker,
# 10, Q, 5 (95), seat 2 a 4; six hands by values after it.
CARIOCA_DEALS = [
    {
        "went_out": 0,
        "players": [
            {
                "melds": [
                    {"kind": "trio", "cards": "7H 7D Jo"},
                    {"kind": "trio", "cards": "KS KC KD KH"},
                ]
            },
            {"hand": "AS Jo 10H QD 5C"},
            {"hand": "4C"},
        ],
    },
    *[{"mode": "totals", "went_out": 1, "deadwood": [10, 0, 19]}] * 6,
]
CARIOCA_TOTALS = (60, 95, 118)  # the average 91: seat 0 takes 31, seat 2 pays 27
# Slords for three: a round by sets (8, 1, 0), then five by values to 50.
SLORDS_DEALS = [
    {
        "players": [
            {"sets": ["9D 10D JD", "KS AS 2S", "QH Jo AH"]},
            {"sets": ["7S 7C 7H"]},
            {},
        ]
    },
    *[{"mode": "totals", "points": [10, 5, 0]}] * 5,
]
SLORDS_TOTALS = (58, 26, 0)  # the average 28: the most points win
GAMES = [
    ("pay-me", PAY_ME_DEALS, PAY_ME_TOTALS, [2], (-40, -15, 55)),
    ("carioca", CARIOCA_DEALS, CARIOCA_TOTALS, [0], (31, -4, -27)),
    ("slords", SLORDS_DEALS, SLORDS_TOTALS, [0], (30, -2, -28)),
]


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


@pytest.mark.parametrize(("slug", "deals", "final", "winners", "money"), GAMES)
def test_a_match_through_the_api_to_its_winner_and_settled_per_point(
    people, slug, deals, final, winners, money
):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": slug,
            "seats": [
                {"player": p.pk, "side": s} for s, p in enumerate([sami, *others])
            ],
            "point_value": "0.01",
            "currency": "EUR",
        },
    )
    body = deals_enter(client, match_id, deals)
    assert tuple(body["totals"]) == final
    assert body["finished"] is True
    assert body["winners"] == winners
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": len(deals) + 1, "input": deals[1]},
        format="json",
    )
    assert refused.status_code in (400, 409)
    # An impossible hand is a structured error naming the field.
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {
            "number": 1,
            "input": {"mode": "totals", "went_out": 0, "deadwood": [0, 7, 5]},
        },
        format="json",
    )
    assert bad.status_code in (400, 409)

    # A points game settles once the scorer has finished the match.
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    settled = balances_settle(match)
    players = [sami, *others]
    # §1.2: the average method (where the most points lose, points count against).
    average = Fraction(sum(final), 3)
    sign = 1 if slug == "slords" else -1
    assert money == tuple(sign * (t - average) for t in final)
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": m for p, m in zip(players, money, strict=True)
    }


def test_machiavelli_won_through_the_api_and_settled_at_a_flat_stake(people):
    """Win/loss only: a per-point stake is refused; one game, a flat stake of 1.00
    a match won: each loser pays it to the winner."""
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    seats = [{"player": p.pk, "side": s} for s, p in enumerate([sami, *others])]
    per_point = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {
            "game": "machiavelli",
            "seats": seats,
            "point_value": "0.01",
            "currency": "EUR",
        },
        format="json",
    )
    assert per_point.status_code == 400, per_point.json()
    created = client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {"game": "machiavelli", "seats": seats, "currency": "EUR"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    bad = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"winner": 1, "table": ["KS AS 2S"]}},
        format="json",
    )
    assert bad.status_code == 400
    assert bad.json()["errors"][0]["path"].endswith("table.0")
    response = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 1, "input": {"winner": 1, "table": ["7H 7D 7C", "QS KS AS"]}},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()["match"]
    assert body["finished"] is True and body["winners"] == [1]
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


def test_umtali_for_two_through_the_api_and_settled_per_point(people):
    """Two players: four hands, the highest wins, the loser pays the difference of
    the totals at the point value (book §1.2)."""
    club, sami, (olli, _cia) = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "umtali",
            "seats": [{"player": sami.pk, "side": 0}, {"player": olli.pk, "side": 1}],
            "point_value": "0.10",
            "currency": "EUR",
        },
    )
    deals = [
        {"sides": [{"melds": ["5H 6H 7H", "KC QC", "JD", "2S 2D"]}, {"melds": ["AH"]}]},
        *[{"mode": "totals", "points": [20, 30]}] * 3,
    ]
    body = deals_enter(client, match_id, deals)
    assert body["totals"] == [90, 91] and body["winners"] == [1]
    match = scoring_services.match_finish(
        match=Match.objects.get(pk=match_id), by=sami.user
    )
    settled = balances_settle(match)
    # One point at 10 cents.
    assert {k: v for k, v in settled.items() if v} == {
        f"p{sami.pk}": -10,
        f"p{olli.pk}": 10,
    }


HANDS = {"pay-me": 11, "carioca": 7, "slords": 2, "machiavelli": 1, "umtali": 4}


def two_player_match(slug: str, winner_seat: int) -> list[dict]:
    if slug == "machiavelli":  # one game: who emptied the hand
        return [{"winner": winner_seat}]
    if slug == "umtali":  # the highest of four hands wins
        points = [5, 5]
        points[winner_seat] = 20
        return [{"mode": "totals", "points": points}] * HANDS[slug]
    if slug == "slords":  # the most points win: 25 a round, to 50
        points = [5, 5]
        points[winner_seat] = 25
        return [{"mode": "totals", "points": points}] * HANDS[slug]
    loser = [5, 5]
    loser[winner_seat] = 0
    deal = {"mode": "totals", "went_out": winner_seat, "deadwood": loser}
    return [deal] * HANDS[slug]


@pytest.mark.parametrize("slug", HANDS)
def test_a_round_robin_through_the_tournament_api(api_client, club_director, slug):
    club, director = club_director
    play_round_robin(
        api_client,
        club,
        director,
        game=slug,
        deals_for=lambda better: two_player_match(slug, better),
    )


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director
