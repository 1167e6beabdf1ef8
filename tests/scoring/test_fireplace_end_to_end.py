"""Fireplace Poker (book ch 22) end to end, with no code outside ``games/`` naming
it: a match through the score book's API to its winner, the team game (§22.7), a
round robin through the tournament API to standings, and the money the way book
§1.2 says for two players or teams: the chips are minus points kept from the bank
(l.≈300: "Fireplace Poker was originally designed for a cribbage board"), so the
loser pays the difference of the chips × the value of a point."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import play_evening

pytestmark = pytest.mark.django_db

# A short game of 3 chips a side. The sheet numbers each side's melds from 1.
JACKS = "JS JH 4D 3C 2S"
QUEENS = "QS QH 2D 3C 5S"  # the 3♣ stolen from the jacks
KINGS_OVER_FIVES = "KS KH KD 5S 5C"  # the 5♠ stolen from the queens
ACES_FULL = "AS AH AD 9C 9S"
MATCH = [
    {"meld": JACKS},  # 1 meld to 0: seat 0 sheds 1 → 2 – 3
    {"meld": QUEENS, "robbed": [1]},  # 0 to 1: seat 1 sheds 1 → 2 – 2
    {"meld": KINGS_OVER_FIVES, "robbed": [1]},  # 1 to 0 → 1 – 2
    {"meld": ""},  # seat 1 passes (deck out, §22.6.2): nothing shed
    {"meld": ACES_FULL},  # 2 to 0, one chip left to shed → 0 – 2, seat 0 out
]
AFTER = [[2, 3], [2, 2], [1, 2], [1, 2], [0, 2]]


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


@pytest.fixture
def club(db):
    return ClubFactory(name="Takka", slug="takka")


@pytest.fixture
def admin(club):
    return member(club, Role.ADMIN, "Aino")


@pytest.fixture
def players(club):
    return [member(club, Role.MEMBER, n) for n in ("Anna", "Ben", "Cai", "Dan")]


@pytest.fixture
def client(api_client, admin):
    api_client.force_authenticate(admin.user)
    return api_client


def start(client, club, seats, options):
    started = client.post(
        api("club-match-list", club_id=club.pk),
        {
            "game": "fireplace-poker",
            "options": options,
            "seats": [{"player": p.pk, "side": side} for p, side in seats],
            "point_value": "0.10",
            "currency": "EUR",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    return started.json()["id"]


def enter(client, match_id, number, raw):
    return client.post(
        api("match-deal-list", match_id=match_id),
        {"number": number, "input": raw},
        format="json",
    )


def transfers(client, match_id):
    """Close the match (a points game settles once finished) and settle it."""
    finished = client.post(api("match-finish", match_id=match_id), format="json")
    assert finished.status_code == 200, finished.json()
    sheet = client.post(api("match-settlement", match_id=match_id))
    assert sheet.status_code == 200, sheet.json()
    return sorted(
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet.json()["transfers"]
    )


def test_a_game_through_the_api_to_its_winner_and_the_difference_in_money(
    client, club, players
):
    """Five turns of a 3-chip game: Anna sheds her last chip on turn five and wins
    at once (§22.5); Ben, 2 chips behind, pays 2 × 0.10 (§1.2, two players)."""
    anna, ben, *_ = players
    match_id = start(client, club, [(anna, 0), (ben, 1)], {"chips": 3})
    # A meld below a pair of jacks is refused and names the field.
    refused = enter(client, match_id, 1, {"meld": "10S 10H AD KC QS"})
    assert refused.status_code == 400, refused.json()
    assert "below_jacks" in str(refused.json())
    for number, raw in enumerate(MATCH, start=1):
        answer = enter(client, match_id, number, raw)
        assert answer.status_code == 201, answer.json()
        assert answer.json()["match"]["totals"] == AFTER[number - 1]
    body = answer.json()["match"]
    assert body["finished"] and body["winners"] == [0]
    # Robbing the aces full house with a lower meld would be refused, but the
    # game is over: no sixth turn.
    assert enter(client, match_id, 6, {"meld": JACKS}).status_code in (400, 409)
    assert transfers(client, match_id) == [("Ben", "Anna", "0.20 EUR")]


def test_the_team_game_by_counts_and_each_partner_pays(client, club, players):
    """§22.7 at four, entered by meld counts only (the quick entry): seats 0 and 2
    are one team sharing chips and melds. Side 0 melds twice before side 1 robs:
    3 chips → 2 → 0; the partners of side 1 each pay 3 × 0.10."""
    anna, ben, cai, dan = players
    match_id = start(
        client, club, [(anna, 0), (ben, 1), (cai, 0), (dan, 1)], {"chips": 3}
    )
    turns = [
        {"mode": "totals", "melds": [1, 0]},  # Anna: 1 to 0, side 0 sheds 1
        {"mode": "totals", "melds": [1, 0]},  # Ben cannot meld: nothing
        {"mode": "totals", "melds": [2, 0]},  # Cai: 2 to 0, side 0 sheds 2 → 0
    ]
    for number, raw in enumerate(turns, start=1):
        answer = enter(client, match_id, number, raw)
        assert answer.status_code == 201, answer.json()
    body = answer.json()["match"]
    assert body["totals"] == [0, 3]
    assert body["finished"] and body["winners"] == [0]
    assert transfers(client, match_id) == [
        ("Ben", "Anna", "0.30 EUR"),
        ("Dan", "Cai", "0.30 EUR"),
    ]


def test_an_impossible_count_is_refused_by_the_api(client, club, players):
    """One meld a turn (§22.4.2): a side cannot go from 0 melds to 2."""
    anna, ben, *_ = players
    match_id = start(client, club, [(anna, 0), (ben, 1)], {})
    refused = enter(client, match_id, 1, {"mode": "totals", "melds": [2, 0]})
    assert refused.status_code == 400
    assert "bad_meld_count" in str(refused.json())


def test_a_round_robin_of_four_to_standings(api_client, club, admin):
    """Four players, three rounds, everyone meets everyone once; the player in the
    first seat of each table plays the five turns above and wins."""
    tables_by_round = {}

    def play_table(table):
        tables_by_round[table.round_id] = tables_by_round.get(table.round_id, 0) + 1
        for number, raw in enumerate(MATCH, start=1):
            answer = enter(api_client, table.match.pk, number, raw)
            assert answer.status_code == 201, answer.json()
        assert answer.json()["match"]["finished"]
        api_client.post(api("match-finish", match_id=table.match.pk), format="json")

    rows = play_evening(
        api_client,
        club,
        admin.user,
        game="fireplace-poker",
        name="Fireplace night",
        names=["Ilona", "Jussi", "Kaisa", "Lauri"],
        format="round_robin",
        options={"chips": 3},
        stage_settings={},
        rounds=3,
        play_table=play_table,
    )
    assert list(tables_by_round.values()) == [2, 2, 2]
    assert len(rows) == 4
    assert [r["played"] for r in rows] == [3, 3, 3, 3]
    # Six matches, each won outright by its first seat (0 chips against 2).
    assert sum(r["values"]["match_points"] for r in rows) == 6 * 2
