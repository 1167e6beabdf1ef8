"""Tuomas's Mah Jong end to end, with no code outside ``games/`` naming it: a short
game through the API to its winner, its chips settled as money per deal (book §1.2
and §42.3), and an evening of two rounds at tables of four through the tournament
API to standings."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, play_evening
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

BOOK_HAND = {
    "melded": "1C 2C 3C, 4C 5C 6C",
    "concealed_kongs": "8C 8C 8C 8C",
    "hand": "GD GD GD RD RD",
}
# East is seat 0 in deal 1, seat 3 in deal 2, seat 2 in deal 3, seat 1 in deal 4.
DEALS = [
    # Deal 1: seat 2 goes Mah Jong with the book's hand (184); seat 0 (east) holds
    # a concealed pung of east winds (32), seat 3 an exposed white dragon pung (8).
    {
        "winner": 2,
        "hands": [{"hand": "E E E 2B 5K"}, {}, BOOK_HAND, {"melded": "WD WD WD"}],
    },
    {"winner": None},  # void (§42.10)
    {"mode": "totals", "winner": 1, "values": [0, 40, 8, 0]},  # east is seat 2
    {"mode": "totals", "winner": 3, "values": [0, 0, 0, 20]},  # east is seat 1
]
# Deal 1: −256, −256, +736, −224 (see tests/scoring/test_browser_mahjong.py);
# deal 3: −56, +160, −48, −56; deal 4: seat 1 (east) pays 40, the others 20.
NETS = [
    (-256, -256, 736, -224),
    (0, 0, 0, 0),
    (-56, 160, -48, -56),
    (-20, -40, -20, 80),
]
CHIPS = tuple(1000 + sum(d[s] for d in NETS) for s in range(4))
# Placement points 4, 2, 1, 0 by those chips (1668, 864, 800, 668), seat by seat.
PLACEMENT_BY_SEAT = (0, 2, 4, 1)


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia", "Dan")]
    return club, scorer, others


def test_a_short_game_through_the_api_to_its_winner_and_its_chips_as_money(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "mahjong",
            "seats": [
                {"player": p.pk, "side": s} for s, p in enumerate([sami, *others])
            ],
            "point_value": "0.01",
            "currency": "EUR",
        },
    )
    for number, deal in enumerate(DEALS, start=1):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
        assert tuple(response.json()["deal"]["result"]["points"]) == NETS[number - 1]
    body = response.json()["match"]
    assert tuple(body["totals"]) == CHIPS == (668, 864, 1668, 800)
    assert body["finished"] is True and body["winners"] == [2]
    assert sum(body["totals"]) == 4000
    # A fifth deal is refused: the short game is four deals (§42.2).
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 5, "input": {"winner": None}},
        format="json",
    )
    assert refused.status_code in (400, 409)

    # The chips are money at a cent a chip, deal by deal.
    match = Match.objects.get(pk=match_id)
    settled = balances_settle(match)
    players = [sami, *others]
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": CHIPS[s] - 1000 for s, p in enumerate(players)
    }


def test_an_evening_at_tables_of_four_through_the_tournament_api(
    api_client, club_director
):
    club, director = club_director
    names = ["Aino", "Bert", "Cai", "Dora", "Eero", "Fanni", "Gun", "Heli"]
    expected = dict.fromkeys(names, 0)

    def play_table(table):
        match = table.match
        deals_enter(api_client, match.pk, DEALS)
        match.refresh_from_db()
        assert match.finished and match.winners == [2]
        for seat in table.sides.all():
            expected[seat.entry.name] += PLACEMENT_BY_SEAT[seat.side]
        scoring_services.match_finish(match=match, by=director)

    rows = play_evening(
        api_client,
        club,
        director,
        game="mahjong",
        name="Mah Jong evening",
        names=names,
        stage_settings={
            "rounds": 2,
            "table_size": 4,
            "min_table_size": 4,
            "max_table_size": 4,
            "seed": 3,
        },
        points={"placement": [4, 2, 1, 0]},
        play_table=play_table,
    )
    assert len(rows) == 8
    # Every table ends 668, 864, 1668, 800 by seat: the third seat places first
    # (4 points), the second seat second (2), the fourth third (1), the first last.
    got = {r["name"]: Fraction(r["values"]["match_points"]) for r in rows}
    assert got == expected
    assert sum(got.values()) == 2 * 2 * (4 + 2 + 1 + 0)
    ranked = [got[r["name"]] for r in rows]
    assert ranked == sorted(ranked, reverse=True)


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director
