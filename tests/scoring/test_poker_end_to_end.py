"""The poker games end to end, with no code outside ``games/`` naming them: a match
played through the API to its winner, an evening of tables through the tournament
API to standings, and the chips settled in money (book §1.2: chip games pay their
chips at the stake, ``chips_are_money``)."""

from __future__ import annotations

import pytest

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry
from scoring.models import Match, Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, match_create, play_evening
from tests.scoring.settling import balances_settle

pytestmark = pytest.mark.django_db

# Three hands at a table of four, dealt by seats 0, 1, 2 in turn.
HANDS = [
    # Seat 1 checks, seat 2 bets 2, seat 3 folds, seat 0 calls, seat 1 raises 1,
    # seats 2 and 0 call: 4 / 4 / 4 / 1 paid, seat 2's A♦ wins 13.
    {"actions": "C R2 F C R1 C C", "cards": ["KS", "2H", "AD", "AC"]},
    # Everyone checks (seat 2 first): seat 0's king wins the four antes.
    {"actions": "C C C C", "cards": ["KH", "QH", "JH", "10H"]},
    # Pot-only entry: seat 3 paid 5 and won; the others 5, 2, 1.
    {"mode": "totals", "paid": [5, 2, 1, 5], "winner": 3},
]
NETS = [(-4, -4, 9, -1), (3, -1, -1, -1), (-5, -2, -1, 8)]


def totals_after(hands: int) -> list[int]:
    return [100 + sum(n[s] for n in NETS[:hands]) for s in range(4)]


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


def test_indian_poker_through_the_api_to_its_winner_and_settled_in_money(
    api_client, club, people
):
    api_client.force_authenticate(people[0].user)
    match_id = match_create(
        api_client,
        club,
        {
            "game": "indian-poker",
            "options": {"hands": 3},
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people)],
            "point_value": "0.10",
            "currency": "EUR",
        },
    )
    for number, hand in enumerate(HANDS, start=1):
        response = api_client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": hand},
            format="json",
        )
        assert response.status_code == 201, response.json()
        assert response.json()["deal"]["result"]["points"] == list(NETS[number - 1])
        assert response.json()["match"]["totals"] == totals_after(number)
    bad = api_client.post(
        f"/api/v1/matches/{match_id}/deals/",
        {"number": 4, "input": {"actions": "C C", "cards": ["AS", "AS", "2C", "3D"]}},
        format="json",
    )
    assert bad.status_code in (400, 409)
    match = Match.objects.get(pk=match_id)
    assert match.finished
    assert match.totals == [94, 93, 107, 106]
    assert match.winners == [2]

    settled = balances_settle(match, by=people[0].user)
    # Chips are money: −6, −7, +7, +6 chips at 0.10 EUR (in cents).
    assert {k: v for k, v in settled.items() if v} == {
        f"p{people[0].pk}": -60,
        f"p{people[1].pk}": -70,
        f"p{people[2].pk}": 70,
        f"p{people[3].pk}": 60,
    }


STRIP_DEALS = [
    # Seat 0 deals. Seat 1 bets 3, seat 2 folds, seat 0 calls; seat 1 bets 2, seat
    # 0 raises 5, seat 1 calls: 11 / 11 / 1 paid; seat 0's two pair wins 23.
    {
        "first_betting": "R3 F C",
        "second_betting": "R2 R5 C",
        "hands": ["AH AD KC KD 9S", "QH QD 2C 3C 4H", ""],
    },
    # Seat 1 deals; all check twice; seat 2's straight takes the pot of 3.
    {
        "first_betting": "C C C",
        "second_betting": "C C C",
        "hands": ["AH AD KC KD 9S", "QH QD 2C 3C 4H", "2S 3H 4D 5C 6S"],
    },
    # Pot only: seat 1 paid 4 and won; the others 4 and 1.
    {"mode": "totals", "paid": [4, 4, 1], "won": [False, True, False]},
]


def test_strip_poker_through_the_api_and_settled_by_the_average(
    api_client, club, people
):
    """Three deals through the API (the players agreed on three); the worths are
    settled per chip by the average method (the bank's antes shared equally)."""
    api_client.force_authenticate(people[0].user)
    match_id = match_create(
        api_client,
        club,
        {
            "game": "strip-poker",
            "options": {"deals": 3},
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people[:3])],
            "point_value": "0.10",
            "currency": "EUR",
        },
    )
    for number, deal in enumerate(STRIP_DEALS, start=1):
        response = api_client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
    # 20 + (8, −15, −5) + (−5, −5, −2) + (−8, 1, −5)
    assert response.json()["match"]["totals"] == [15, 1, 8]
    finished = api_client.post(f"/api/v1/matches/{match_id}/finish")
    assert finished.status_code == 200
    match = Match.objects.get(pk=match_id)
    assert match.finished and match.winners == [0]

    settled = balances_settle(match, by=people[0].user)
    # Average 8: +7, −7, 0 chips at 0.10 EUR.
    assert {k: v for k, v in settled.items() if v} == {
        f"p{people[0].pk}": 70,
        f"p{people[1].pk}": -70,
    }


# Kiertopokeri at four: seat 1 doubts seat 0's true pair and drops; seat 3 is out;
# seat 0 doubts seat 2's true straight and drops: seat 2 is the last one left.
KIERTO_DEALS = [
    {"announcer": 0, "doubter": 1, "announced": "pair Q J", "shown": "QS QH JD 7C 3S"},
    {"mode": "totals", "out": 3},
    {
        "announcer": 2,
        "doubter": 0,
        "announced": "straight 9",
        "shown": "9S 8H 7D 6C 5S",
    },
]


@pytest.mark.parametrize(
    ("game", "deals", "winner", "totals"),
    [
        ("chinese-poker", [{"places": [3, 1, 4, 2]}], 1, [0, 1, 0, 0]),
        ("kiertopokeri", KIERTO_DEALS, 2, [2, 0, 3, 1]),
    ],
)
def test_win_loss_games_through_the_api_and_a_flat_stake(
    api_client, club, people, game, deals, winner, totals
):
    """Played through the API to the winner; a per-point stake is refused (§1.2:
    win/loss only), a flat stake per match won is paid by each loser."""
    api_client.force_authenticate(people[0].user)
    seats = [{"player": p.pk, "side": i} for i, p in enumerate(people)]
    refused = api_client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {"game": game, "seats": seats, "point_value": "0.10", "currency": "EUR"},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "stake_on_win_loss_game"
    created = api_client.post(
        f"/api/v1/clubs/{club.pk}/matches/",
        {"game": game, "seats": seats, "currency": "EUR"},
        format="json",
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    for number, deal in enumerate(deals, start=1):
        response = api_client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": deal},
            format="json",
        )
        assert response.status_code == 201, response.json()
    assert response.json()["match"]["totals"] == totals
    assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code == 200
    match = Match.objects.get(pk=match_id)
    assert match.winners == [winner]

    money_services.match_terms_set(
        match=match, team_mode="per_member", flat_stake="1.00", by=people[0].user
    )
    settled = balances_settle(match, by=people[0].user)
    assert {k: v for k, v in settled.items() if v} == {
        f"p{p.pk}": 300 if i == winner else -100 for i, p in enumerate(people)
    }


FIREPLACE_TURNS = [
    {"meld": "JS JH 4D 3C 2S"},
    {"meld": "KS KH KD 7C 7S"},
    {"meld": "AS AH AD 9C 9S"},
    {"meld": "QS QH 2D 3C 5S", "robbed": [1]},
    {"meld": "AS AD AC 8C 8S"},
    {"meld": ""},
    {"meld": "KS KD KC 6S 6H"},
]


def test_fireplace_poker_through_the_api_to_its_winner_and_per_point(
    api_client, club, people
):
    """Turns through the API until seat 0 is out of its (three) chips; the loser pays
    the difference × the value of a point (§1.2; fewer chips win)."""
    api_client.force_authenticate(people[0].user)
    match_id = match_create(
        api_client,
        club,
        {
            "game": "fireplace-poker",
            "options": {"chips": 3},
            "seats": [{"player": p.pk, "side": i} for i, p in enumerate(people[:2])],
            "point_value": "0.50",
            "currency": "EUR",
        },
    )
    for number, turn in enumerate(FIREPLACE_TURNS, start=1):
        response = api_client.post(
            f"/api/v1/matches/{match_id}/deals/",
            {"number": number, "input": turn},
            format="json",
        )
        assert response.status_code == 201, response.json()
    # Seat 0: 3 − 1 (jacks, 1–0) − 1 (aces full, 2–1) − 1 (kings full, 3–2); seat 1
    # −1 when its robbery of the jacks made it 2–1.
    assert response.json()["match"]["totals"] == [0, 2]
    match = Match.objects.get(pk=match_id)
    assert match.finished and match.winners == [0]
    assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code == 200
    money_services.match_settle(match=Match.objects.get(pk=match_id))
    settled, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind="match", source_id=match_id)
    )
    assert {k: v for k, v in settled.items() if v} == {
        f"p{people[0].pk}": 100,
        f"p{people[1].pk}": -100,
    }


EVENING_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"]


@pytest.mark.parametrize(
    ("game", "options", "table_size", "deals", "table_points"),
    [
        ("indian-poker", {"hands": 3}, 4, HANDS, 7),
        ("strip-poker", {"deals": 3}, 3, STRIP_DEALS, 7),
        ("chinese-poker", {}, 4, [{"places": [3, 1, 4, 2]}], 7),
        ("kiertopokeri", {}, 4, KIERTO_DEALS, 7),
        # Two at a table: a match won is worth 2 (the format's two-player points).
        ("fireplace-poker", {"chips": 3}, 2, FIREPLACE_TURNS, 2),
    ],
)
def test_an_evening_through_the_tournament_api(
    api_client, club, people, game, options, table_size, deals, table_points
):
    """Two tables, two rounds, three deals a table; the standings place each
    table's players by their chips (placement points 4, 2, 1, 0)."""

    def play_table(table):
        match_id = table.match.pk
        deals_enter(api_client, match_id, deals)
        assert Match.objects.get(pk=match_id).finished
        assert api_client.post(f"/api/v1/matches/{match_id}/finish").status_code in (
            200,
            409,
        )

    rows = play_evening(
        api_client,
        club,
        people[0].user,
        game=game,
        name="Poker night",
        names=EVENING_NAMES[: 2 * table_size],
        options=options,
        stage_settings={
            "rounds": 2,
            "table_size": table_size,
            "min_table_size": table_size,
            "seed": 3,
        },
        points={"placement": [4, 2, 1, 0]},
        play_table=play_table,
    )
    assert len(rows) == 2 * table_size
    assert all(r["played"] == 2 for r in rows)
    # Every table places its players (Indian Poker 94, 93, 107, 106; Strip Poker
    # 15, 1, 8; Kiertopokeri 2, 0, 3, 1): 4 + 2 + 1 (+ 0) placement points a table;
    # Chinese Poker's 0, 1, 0, 0 puts three level, who share 2 + 1 + 0.
    assert sum(float(r["values"]["match_points"]) for r in rows) == 2 * 2 * table_points
