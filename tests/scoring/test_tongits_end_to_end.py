"""Tong-Its end to end (web pages 004, l.350–418), with no code outside ``games/``
naming it: a session of four hands through the API to its winner, its chips settled
as money deal by deal — the pot that waits for two wins in a row included, which is
why each deal's points count a player's antes in the pot as theirs — and an evening
at tables of three through the tournament API to standings."""

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

DEALS = [
    # Seat 0 calls draw, both fold: 1 each; the pot holds 6.
    {"how": "draw", "caller": 0},
    # Seat 1's tongit with an ace: 3 + 1 each; the pot 12 waits (seat 0 won before).
    {"how": "tongit", "winner": 1, "aces": 1},
    # Stock-out, seat 2 never opened: seat 1 (2-3-4-5♥, 6♣ left: 6) beats seat 0
    # (39) and wins two in a row: 1 from seat 0, 2 from seat 2, and the pot of 18.
    {
        "how": "stock",
        "last_drawer": 2,
        "never_opened": [False, False, True],
        "hands": ["KS QD 9C 9D", "2H 3H 4H 5H 6C", "8S 8H 8D 2C"],
    },
    # Seat 0 challenges seat 2's draw; a tie of 5 goes to the challenger: 3 each.
    {
        "mode": "totals",
        "how": "challenged",
        "caller": 2,
        "challenged": [True, False, False],
        "deadwood": [5, 30, 5],
    },
]
POINTS = [(2, -1, -1), (-4, 8, -4), (-7, 15, -8), (6, -3, -3)]
TOTALS = (-3, 19, -16)  # the last hand's 6 chips of antes still in the pot


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    others = [member(club, Role.MEMBER, n) for n in ("Olli", "Cia")]
    return club, scorer, others


def test_a_session_through_the_api_to_its_winner_and_its_chips_as_money(people):
    club, sami, others = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "tongits",
            "options": {"deals": 4},
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
        assert tuple(response.json()["deal"]["result"]["points"]) == POINTS[number - 1]
    body = response.json()["match"]
    assert tuple(body["totals"]) == TOTALS
    assert body["finished"] is True and body["winners"] == [1]
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 5, "input": {"how": "tongit", "winner": 0}},
        format="json",
    )
    assert refused.status_code in (400, 409)

    # A cent a chip, deal by deal: every deal balances although the pot holds chips.
    match = Match.objects.get(pk=match_id)
    settled = balances_settle(match)
    players = [sami, *others]
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": TOTALS[s] for s, p in enumerate(players)
    }


def test_an_evening_at_tables_of_three_through_the_tournament_api(
    api_client, club_director
):
    club, director = club_director
    names = ["Aino", "Bert", "Cai", "Dora", "Eero", "Fanni"]
    expected = dict.fromkeys(names, 0)
    # Every table ends −3, 19, −16 by seat: seat 1 first, seat 0 second, seat 2 last.
    placement_by_seat = (2, 4, 0)

    def play_table(table):
        match = table.match
        deals_enter(api_client, match.pk, DEALS)
        match.refresh_from_db()
        assert match.finished and match.winners == [1]
        for seat in table.sides.all():
            expected[seat.entry.name] += placement_by_seat[seat.side]
        scoring_services.match_finish(match=match, by=director)

    rows = play_evening(
        api_client,
        club,
        director,
        game="tongits",
        name="Tong-Its evening",
        names=names,
        options={"deals": 4},
        stage_settings={
            "rounds": 2,
            "table_size": 3,
            "min_table_size": 3,
            "max_table_size": 3,
            "seed": 5,
        },
        points={"placement": [4, 2, 0]},
        play_table=play_table,
    )
    assert len(rows) == 6
    got = {r["name"]: Fraction(r["values"]["match_points"]) for r in rows}
    assert got == expected
    assert sum(got.values()) == 2 * 2 * (4 + 2 + 0)


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director
