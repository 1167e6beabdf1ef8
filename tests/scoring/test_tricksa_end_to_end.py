"""Branch tricksa's games end to end, with no code outside ``games/`` naming them:
a match through the score book's API to its winner and settled for money the way
book §1.2 says, and a small round robin through the tournament API to standings.

Tuomas's Minibridge (§11): three players individually — the average method.
Screw Misere (§19): two teams, minus points — the difference × the stake, the
lower total winning.
Math students' Huutopussi (§12): win/loss only (§1.2) — a stake per point is
refused, a flat stake per match won is paid.
Bridge Meets Guess Who (§10): chips — each deal's chips at the chip value.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import Role
from tests.scoring.factories import ClubFactory, member
from tests.scoring.multi_table import deals_enter, play_evening

pytestmark = pytest.mark.django_db


def api(name, **kwargs):
    return reverse(f"api:{name}", kwargs=kwargs)


@pytest.fixture
def club(db):
    return ClubFactory(name="Kortti", slug="kortti")


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


def play_match(client, club, game, seats, deals, options=None):
    """Start ``game`` at 0.10 EUR a point, enter ``deals`` through the API, finish."""
    started = client.post(
        api("club-match-list", club_id=club.pk),
        {
            "game": game,
            "options": options or {},
            "seats": [{"player": p.pk, "side": side} for p, side in seats],
            "point_value": "0.10",
            "currency": "EUR",
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    match_id = started.json()["id"]
    body = None
    for number, raw in enumerate(deals, start=1):
        answer = client.post(
            api("match-deal-list", match_id=match_id),
            {"number": number, "input": raw},
            format="json",
        )
        assert answer.status_code == 201, answer.json()
        body = answer.json()["match"]
    finished = client.post(api("match-finish", match_id=match_id), format="json")
    assert finished.status_code == 200, finished.json()
    return match_id, body


def transfers(client, match_id):
    sheet = client.post(api("match-settlement", match_id=match_id))
    assert sheet.status_code == 200, sheet.json()
    return sorted(
        (t["payer_name"], t["payee_name"], t["amount_display"])
        for t in sheet.json()["transfers"]
    )


# -- Tuomas's Minibridge ----------------------------------------------------------


def mb(declarer, contract, trumps, outcome):
    return {
        "declarer": declarer,
        "contract": contract,
        "trumps": trumps,
        "tricks": [outcome, 13 - outcome],
    }


MINIBRIDGE_MATCH = [
    mb(0, 9, "no_trump", 9),  # 40
    mb(1, 7, "clubs", 7),  # 10
    mb(2, 7, "hearts", 5),  # −10 (deals 1–5: 5 a missing trick)
    mb(0, 10, "hearts", 10),  # 40
    mb(1, 7, "diamonds", 7),  # 10
    mb(2, 7, "clubs", 7),  # 10 ("In the end" from here)
    mb(0, 7, "no_trump", 7),  # 10
    mb(1, 7, "spades", 7),  # 10
    mb(2, 7, "spades", 6),  # −10
    mb(2, 7, "no_trump", 7),  # 10
]


def test_minibridge_match_to_its_winner_and_the_average_method(client, club, players):
    """Ten deals: Anna 90, Ben 30, Cai 0; the average is 40, so Ben pays 1.00 and
    Cai 4.00 to Anna (§1.2, three players individually)."""
    anna, ben, cai, _ = players
    match_id, body = play_match(
        client,
        club,
        "minibridge",
        [(anna, 0), (ben, 1), (cai, 2)],
        MINIBRIDGE_MATCH,
    )
    assert body["totals"] == [90, 30, 0]
    assert body["finished"] and body["winners"] == [0]
    assert transfers(client, match_id) == [
        ("Ben", "Anna", "1.00 EUR"),
        ("Cai", "Anna", "4.00 EUR"),
    ]


def evening(client, admin, club, game, names, settings, rounds, deals):
    """Tables of ``settings["table_size"]`` (multi-table) or a round robin; every
    table's match is ``deals`` through the deals API, then finished."""

    def play_table(table):
        body = deals_enter(client, table.match.pk, deals)
        assert body["finished"]
        client.post(api("match-finish", match_id=table.match.pk), format="json")

    return play_evening(
        client,
        club,
        admin.user,
        game=game,
        name=f"{game} night",
        names=names,
        format="multi_table" if "table_size" in settings else "round_robin",
        stage_settings=settings,
        rounds=rounds,
        play_table=play_table,
    )


def test_minibridge_tables_of_three_to_standings(client, admin, club):
    """Six players at two tables of three, two rounds; the first seat of each
    table wins every match (the ten deals above)."""
    names = ["P1", "P2", "P3", "P4", "P5", "P6"]
    settings = {"rounds": 2, "table_size": 3, "seed": 3}
    rows = evening(
        client, admin, club, "minibridge", names, settings, 2, MINIBRIDGE_MATCH
    )
    assert len(rows) == 6
    assert [r["played"] for r in rows] == [2] * 6
    # Four matches, each won by its first seat alone (90 against 30 and 0).
    assert sum(r["values"]["match_points"] for r in rows) == 4 * 2
    assert rows[0]["values"]["match_points"] == 2


# -- Screw Misere -----------------------------------------------------------------


def sm(tricks, places):
    return {
        "tricks": tricks,
        "aces": [
            {"card": card, "trick": t, "seat": seat}
            for card, (t, seat) in zip(("AS", "AH", "AD", "AC"), places, strict=True)
        ],
    }


def all_to(side):
    """Side ``side`` takes all 13 tricks, the aces in the last four: 59 minus."""
    seats = (side, side + 2)
    return sm(
        [13, 0] if side == 0 else [0, 13],
        [(10, seats[0]), (11, seats[1]), (12, seats[0]), (13, seats[1])],
    )


SCREW_MATCH = [
    all_to(1),  # 0 – 59
    sm([4, 9], [(1, 0), (2, 1), (3, 3), (4, 1)]),  # 5 – 18: 5 – 77
    all_to(1),  # side 1 took more: normal, 5 – 136, side 1 loses
]


def test_screw_misere_match_to_its_winner_and_the_difference(client, club, players):
    """Anna and Cai (side 0) 5, Ben and Dan 136: side 0 wins; Ben and Dan pay the
    difference, 131 × 0.10 = 13.10 (§1.2, two teams; each partner pays, the
    club's default team mode)."""
    anna, ben, cai, dan = players
    match_id, body = play_match(
        client,
        club,
        "screw-misere",
        [(anna, 0), (ben, 1), (cai, 0), (dan, 1)],
        SCREW_MATCH,
    )
    assert body["totals"] == [5, 136]
    assert body["finished"] and body["winners"] == [0]
    # Each partner of the losing team pays a partner of the winning one.
    assert transfers(client, match_id) == [
        ("Ben", "Anna", "13.10 EUR"),
        ("Dan", "Cai", "13.10 EUR"),
    ]


def test_screw_misere_round_robin_of_four_teams_to_standings(client, admin, club):
    """Four partnerships, three rounds: every team meets every other; the team
    seated as side 0 loses every match (it takes all the minus points)."""
    names = [f"T{i}: N{i} & S{i}" for i in range(1, 5)]
    deals = [all_to(0), all_to(0)]
    rows = evening(client, admin, club, "screw-misere", names, {}, 3, deals)
    assert len(rows) == 4
    assert [r["played"] for r in rows] == [3, 3, 3, 3]
    # Six matches, each won by its side 1 (the lower total, 0 against 118).
    assert sum(r["values"]["match_points"] for r in rows) == 6 * 2


# -- Math students' Huutopussi ----------------------------------------------------

HP_SWEEP = {
    "declarer": 0,
    "bid": 300,
    "card_points": [160, 0],
    "trumps": [["H", "D"], []],
    "no_tricks": 1,
}  # side 0: 160 + 180 ≥ 300 → +300; side 1 läpäri → −300


def test_huutopussi_match_to_500_settles_win_loss_only(client, club, players):
    """Two sweeps: 600 – −600, side 0 wins. Book §1.2: win/loss only — a stake
    per point is refused; a flat stake per match won is paid by each loser."""
    anna, ben, cai, dan = players
    seats = [
        {"player": p.pk, "side": side}
        for p, side in [(anna, 0), (ben, 1), (cai, 0), (dan, 1)]
    ]
    per_point = client.post(
        api("club-match-list", club_id=club.pk),
        {
            "game": "huutopussi",
            "seats": seats,
            "point_value": "0.10",
            "currency": "EUR",
        },
        format="json",
    )
    assert per_point.status_code == 400
    assert "flat stake per match won" in per_point.json()["detail"]
    started = client.post(
        api("club-match-list", club_id=club.pk),
        {"game": "huutopussi", "seats": seats, "currency": "EUR"},
        format="json",
    )
    assert started.status_code == 201, started.json()
    flat = started.json()["id"]
    for number in (1, 2):
        answer = client.post(
            api("match-deal-list", match_id=flat),
            {"number": number, "input": HP_SWEEP},
            format="json",
        )
        assert answer.status_code == 201, answer.json()
    body = answer.json()["match"]
    assert body["totals"] == [600, -600]
    assert body["finished"] and body["winners"] == [0]
    client.post(api("match-finish", match_id=flat), format="json")
    terms = client.put(
        api("match-money-terms", match_id=flat),
        {"team_mode": "per_member", "flat_stake": "2.00"},
        format="json",
    )
    assert terms.status_code == 200, terms.json()
    assert transfers(client, flat) == [
        ("Ben", "Anna", "2.00 EUR"),
        ("Dan", "Cai", "2.00 EUR"),
    ]


def test_huutopussi_round_robin_of_four_teams_to_standings(client, admin, club):
    names = [f"H{i}: E{i} & W{i}" for i in range(1, 5)]
    deals = [HP_SWEEP, HP_SWEEP]
    rows = evening(client, admin, club, "huutopussi", names, {}, 3, deals)
    assert [r["played"] for r in rows] == [3, 3, 3, 3]
    # Six matches, each won by its side 0 (600 against −600).
    assert sum(r["values"]["match_points"] for r in rows) == 6 * 2


# -- Bridge Meets Guess Who ---------------------------------------------------------

BMGW_SLAM = {
    "declarer": 1,
    "level": 13,
    "strain": "spades",
    "doubled": True,
    "tricks": [0, 13],
}  # player 0 pays (35 + 7) × 2 = 84: more than his chips, he loses


def test_bmgw_match_until_a_player_cannot_pay_and_its_chips_as_money(
    client, club, players
):
    """Deal 1: Anna makes nine hearts (15 + 3), asks one question, Ben two: +19.
    Deal 2: Ben's doubled grand slam costs Anna 84 with 64 chips: she loses.
    The chips are money (§1.2, chips): 65 at 0.10 is 6.50 from Anna to Ben."""
    anna, ben, _, _ = players
    match_id, body = play_match(
        client,
        club,
        "bridge-meets-guess-who",
        [(anna, 0), (ben, 1)],
        [
            {
                "declarer": 0,
                "level": 9,
                "strain": "hearts",
                "tricks": [9, 4],
                "questions": [1, 2],
            },
            BMGW_SLAM,
        ],
    )
    assert body["totals"] == [19 - 84, 84 - 19]
    assert body["finished"] and body["winners"] == [1]
    assert transfers(client, match_id) == [("Anna", "Ben", "6.50 EUR")]


def test_bmgw_round_robin_of_four_players_to_standings(client, admin, club):
    names = ["A1", "B2", "C3", "D4"]
    game = "bridge-meets-guess-who"
    rows = evening(client, admin, club, game, names, {}, 3, [BMGW_SLAM])
    assert [r["played"] for r in rows] == [3, 3, 3, 3]
    # Six matches, each won by the player seated second.
    assert sum(r["values"]["match_points"] for r in rows) == 6 * 2
