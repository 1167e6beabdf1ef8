"""Canasta for two end to end (book ch 27 l.1899), with no code outside ``games/``
naming it: a match of two players through the API to its winner, settled for money
per point (book §1.2: two players, the loser pays the difference × the point
value), and a round robin of three single players through the tournament API to
standings (each table a match of two)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from scoring import services as scoring_services
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, play_evening
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

SEVENS = "7H 7H 7D 7D 7C 7C 7S"  # natural canasta 535
EIGHTS = "8H 8H 8D 8D 8C 8C 8S"  # natural canasta 570
MIXED_KINGS = "KH KH KD KD KC 2C JO"  # mixed canasta 420
# Side 0 goes out with three canastas: 535 + 570 + 420 + 100 = 1625; side 1
# melds Q Q Q (30) and holds 4♥ 5♠ (−10): 20. Four such deals: 6500 to 80.
WIN_DEAL = {
    "teams": [
        {"melds": [SEVENS, EIGHTS, MIXED_KINGS], "hands": [""]},
        {"melds": ["QH QD QC"], "hands": ["4H 5S"]},
    ],
    "went_out": 0,
}


@pytest.fixture
def people(db):
    club = ClubFactory(name="Kortti", slug="kortti")
    scorer = member(club, Role.ADMIN, "Sami")
    olli = member(club, Role.MEMBER, "Olli")
    return club, scorer, olli


def test_two_players_through_the_api_to_a_winner_and_money(people):
    club, sami, olli = people
    client = APIClient()
    client.force_authenticate(sami.user)
    match_id = match_create(
        client,
        club,
        {
            "game": "canasta",
            "seats": [{"player": sami.pk, "side": 0}, {"player": olli.pk, "side": 1}],
            "point_value": "0.01",
            "currency": "EUR",
        },
    )

    # A partner's hand at the table of two is refused, naming the field.
    refused = client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {
            "number": 1,
            "input": {
                **WIN_DEAL,
                "teams": [
                    WIN_DEAL["teams"][0],
                    {"melds": ["QH QD QC"], "hands": ["4H", "5S"]},
                ],
            },
        },
        format="json",
    )
    assert refused.status_code == 400
    assert "teams.1.hands" in str(refused.json())
    assert "hands_per_player" in str(refused.json())

    for number in range(1, 5):
        response = client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": WIN_DEAL},
            format="json",
        )
        assert response.status_code == 201, response.json()
        assert response.json()["deal"]["result"]["points"] == [1625, 20]
    body = response.json()["match"]
    assert body["totals"] == [6500, 80]
    assert body["finished"] is True and body["winners"] == [0]

    match = Match.objects.get(pk=match_id)
    scoring_services.match_finish(match=match, by=sami.user)
    settled = balances_settle(match)
    # (6500 − 80) × 0.01 = 64.20 EUR from Olli to Sami (in cents).
    got = {k: v for k, v in settled.items() if v}
    assert got == {f"p{sami.pk}": 6420, f"p{olli.pk}": -6420}


def test_a_round_robin_of_single_players_to_standings(api_client, club_director):
    club, director = club_director
    names = ["Aino", "Bert", "Cai"]
    wins = dict.fromkeys(names, 0)
    played = []

    def play_table(table):
        match = table.match
        assert match.seats.count() == 2  # one player a side: the table (0, 1)
        deals_enter(api_client, match.pk, [WIN_DEAL] * 4)
        match.refresh_from_db()
        assert match.finished and match.winners == [0]
        for seat in table.sides.all():
            if seat.side == 0:
                wins[seat.entry.name] += 1
        scoring_services.match_finish(match=match, by=director)
        played.append(match.pk)

    rows = play_evening(
        api_client,
        club,
        director,
        game="canasta",
        name="Canasta for two",
        names=names,
        format="round_robin",
        rounds=None,
        play_table=play_table,
    )
    assert len(played) == 3  # every pair once
    assert len(rows) == 3
    ranked = [r["name"] for r in rows]
    by_wins = sorted(names, key=lambda n: -wins[n])
    assert wins[ranked[0]] == wins[by_wins[0]]
    assert sum(wins.values()) == 3


@pytest.fixture
def club_director(db):
    from django.contrib.auth import get_user_model

    director = get_user_model().objects.create_user("director", password="pw")
    club = scoring_services.club_create(name="Kortti", by=director)
    return club, director


def test_the_entry_form_gives_one_hand_per_player_at_the_table_of_two():
    """The form sizes a per-partner list by the seats of its side: one hand each at
    the table of two, the hand of who went out kept (empty) when posted."""
    from django.http import QueryDict

    from games.engine.registry import get_game
    from scoring.deal_forms import build_form, deal_from_post
    from scoring.deal_forms.schema import Table

    table = Table(seat_labels=["Anna", "Bo"], side_labels=["Anna", "Bo"], seats=[0, 1])
    form = build_form(get_game("canasta").deal_schema(), table)

    def paths(node, out):
        out[node.path] = node
        for child in node.children:
            paths(child, out)
        for _, _, branch in node.branches:
            paths(branch, out)
        return out

    found = paths(form, {})
    assert [c.path for c in found["teams.0.hands"].children] == ["teams.0.hands.0"]
    assert found["teams.1.hands.0"].label == "Hand of Bo"
    data = QueryDict(mutable=True)
    data.update(
        {
            "mode": "cards",
            "teams.0.melds.0": SEVENS,
            "teams.0.melds.1": EIGHTS,
            "teams.0.hands.0": "",
            "teams.1.hands.0": "4H 5S",
            "went_out": "0",
        }
    )
    deal = deal_from_post(form, data)
    assert deal["teams"][0]["hands"] == [[]]
    assert deal["teams"][1]["hands"] == ["4H 5S"]
