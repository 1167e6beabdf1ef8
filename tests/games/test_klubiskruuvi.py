"""Klubiskruuvi (001_b57793035adc3f64.txt §16): the teams' scoring of 16.5, the bolsu
scoring of 16.4 per player, the twelve-deal game of 16.1–16.2 and the individual
totals of 16.6 — every number of the chapter, and each branch hand-computed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import DealRejected, get_game
from games.engine.serialize import folded_to_json
from games.rules.klubiskruuvi import Klubiskruuvi

GAME = Klubiskruuvi()


def score(raw: dict, state=None, **options):
    return GAME.score(state or GAME.start(options), raw)


def paths(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def contract(kind: str, level: int, declarer: int, side_tricks: int, **extra) -> dict:
    tricks = [0, 0]
    tricks[declarer % 2] = side_tricks
    tricks[1 - declarer % 2] = 13 - side_tricks
    return {
        "contract": kind,
        "level": level,
        "declarer": declarer,
        "tricks": tricks,
        **extra,
    }


def aces(*places: tuple[str, int, int]) -> list[dict]:
    return [{"card": c, "trick": t, "seat": s} for c, t, s in places]


def bolsu(declarer: int, tricks: list[int], kind: str = "misere", **extra) -> dict:
    return {
        "bolsu": True,
        "contract": kind,
        "declarer": declarer,
        "tricks": tricks,
        **extra,
    }


def aces_won_by(*seats: int) -> list[dict]:
    """A♠, A♥, A♦, A♣ in tricks 1, 2, 3, 4, won by ``seats`` in that order."""
    cards = ("AS", "AH", "AD", "AC")
    return aces(
        *((c, i + 1, s) for i, (c, s) in enumerate(zip(cards, seats, strict=True)))
    )


# -- 16.5: basic deals and kotkas ---------------------------------------------------


@pytest.mark.parametrize(("level", "points"), [(5, 10), (6, 20), (7, 30)])
def test_made_misere_scores_10_20_30(level, points):
    """16.5: 'only 10 points at the level of five, 20 … six and 30 … seven'. The
    aces (all four in side 1's tricks 1–4) add 1 + 2 + 3 + 4 = 10 to side 0."""
    raw = contract("misere", level, 0, 13 - (level + 6), aces=aces_won_by(1, 1, 3, 3))
    result = score(raw)
    assert result.points == (points + 10, 0)


@pytest.mark.parametrize(
    ("kind", "level", "points"),
    [("no_trump", 5, 25), ("no_trump", 6, 36), ("no_trump", 7, 49), ("hearts", 6, 36)],
)
def test_no_trump_earns_no_extra_12(kind, level, points):
    """16.5: 'The rule about … adding 12 points in no trump does not apply.'"""
    assert score(contract(kind, level, 1, level + 6)).points == (0, points)


@pytest.mark.parametrize(
    ("level", "taken", "cost"),
    [
        (5, 10, 5),
        (5, 9, 5 + 5),
        (5, 6, 5 + 4 * 5),
        (6, 11, 11),
        (6, 9, 11 + 2 * 6),
        (7, 12, 17),
        (7, 10, 17 + 2 * 7),
    ],
)
def test_first_missing_trick_of_a_five_costs_only_five(level, taken, cost):
    """16.5: 'If the contract is five, the penalty for the first missing trick is only
    five points'; sixes and sevens keep 15.8's table."""
    assert score(contract("spades", level, 0, taken)).points == (-cost, 0)


@pytest.mark.parametrize(
    ("level", "taken", "points"),
    [
        (5, 11, 25),
        (5, 12, 25 + 5),
        (5, 13, 25 + 5 + 5),
        (6, 12, 36),
        (6, 13, 36 + 6),
        (7, 13, 49),
    ],
)
def test_extra_tricks_bonus(level, taken, points):
    """16.5: a five with 12 tricks +5, with 13 a further +5; a six with 13 +6."""
    assert score(contract("diamonds", level, 3, taken)).points == (0, points)


def test_extra_tricks_bonus_in_misere_counts_avoided_tricks():
    """16.5 '(in misere: avoided)': five misere taking no trick avoids 13: 10 + 10."""
    raw = contract("misere", 5, 0, 0, aces=aces_won_by(1, 1, 3, 3))
    assert score(raw).points == (10 + 10 + 10, 0)
    raw = contract("misere", 6, 0, 0, aces=aces_won_by(1, 1, 3, 3))
    assert score(raw).points == (20 + 6 + 10, 0)


def test_knocks_double_the_bonus_unless_the_option_says_otherwise():
    """Reading: the bonus is part of the contract's score and doubles with it."""
    knocked = contract("hearts", 5, 0, 13, knocks=[{"by": 1}])
    assert score(knocked).points == ((25 + 10) * 2, 0)
    kontra = contract("hearts", 5, 0, 12, knocks=[{"by": 1, "kontra_by": 2}])
    assert score(kontra).points == ((25 + 5) * 4, 0)
    assert score(knocked, knocks_double_bonus=False).points == (25 * 2 + 10, 0)


def test_misere_aces_count_when_failed_and_knocks_multiply_them():
    """16.5: aces count in misere even if the contract failed, and knocks affect
    them; but the declarer team gets double or quadruple for the opponents' aces
    only if the contract was made.

    6 misere by seat 0, knocked by seat 1; side 0 took 3 tricks (avoided 10 of 12):
    −(11 + 6) × 2 = −34. Aces in side 0's tricks 2 and 5 give side 1 (2 + 5) × 2 = 14;
    aces in side 1's tricks 8 and 10 give side 0 8 + 10 = 18, not doubled."""
    raw = {
        "contract": "misere",
        "level": 6,
        "declarer": 0,
        "tricks": [3, 10],
        "knocks": [{"by": 1}],
        "aces": aces(("AS", 2, 0), ("AH", 5, 2), ("AD", 8, 1), ("AC", 10, 3)),
    }
    result = score(raw)
    assert result.points == (-34 + 18, 14)
    assert result.detail["ace_points"] == [18, 14]


def test_made_misere_aces_are_multiplied_by_knocks_for_both_sides():
    """6 misere by seat 0, knocked: side 0 took one trick (13, with A♣): 20 × 2; the
    other aces (tricks 1, 2, 3 of side 1) 6 × 2 to side 0; side 1 gets 13 × 2."""
    raw = {
        "contract": "misere",
        "level": 6,
        "declarer": 0,
        "tricks": [1, 12],
        "knocks": [{"by": 3}],
        "aces": aces(("AS", 1, 1), ("AH", 2, 3), ("AD", 3, 1), ("AC", 13, 2)),
    }
    assert score(raw).points == (40 + 12, 26)


def test_unknocked_failed_misere_aces():
    """Without knocks the failed misere's aces simply count both ways (16.5)."""
    raw = contract("misere", 7, 1, 2, aces=aces_won_by(0, 1, 2, 3))
    # Avoided 11 of 13: −(17 + 7). Side 1 gets aces in side 0's tricks 1, 3; side 0
    # gets 2 + 4.
    assert score(raw).points == (6, -24 + 4)


def test_pass_misere_is_scored_as_in_modern_skruuvi():
    raw = {
        "contract": "pass_misere",
        "tricks": [6, 7],
        "knocks": [{"by": 0}],
        "aces": aces_won_by(0, 2, 0, 2),
    }
    assert score(raw).points == (14, 32)


# -- 16.3 / 16.4: bolsu -------------------------------------------------------------


def test_made_bolsu_each_opponent_minus_21_and_minus_their_aces():
    """16.4: declarer without tricks: each opponent −21; aces taken by the opponents
    are minus to each of them (tricks 1, 2, 3, 4: −10); the declarer gets the sum
    with the sign changed: 3 × 31 = 93."""
    result = score(bolsu(2, [5, 4, 0, 4], aces=aces_won_by(0, 1, 3, 0)))
    assert result.seat_points == (-31, -31, 93, -31)
    assert result.points == (0, 0)
    assert result.detail["made"] and result.detail["kind"] == "bolsu"


@pytest.mark.parametrize(
    ("taken", "each"), [(1, 17), (2, 24), (3, 31), (13, 17 + 12 * 7)]
)
def test_failed_bolsu_17_for_the_first_trick_7_for_each_further(taken, each):
    """16.4: 'plus 17 points for the first trick of the declarer … and plus seven
    points for each subsequent trick'. The declarer takes trick 13 with A♣ (each
    opponent +13) and the opponents the other aces in tricks 1–3 (−6)."""
    others = 13 - taken
    raw = bolsu(
        0,
        [taken, others, 0, 0],
        aces=aces(("AS", 1, 1), ("AH", 2, 1), ("AD", 3, 1), ("AC", 13, 0))
        if others >= 3
        else aces(("AS", 13, 0), ("AH", 13, 0), ("AD", 13, 0), ("AC", 13, 0)),
    )
    result = score(raw)
    ace_points = 13 - 6 if others >= 3 else 4 * 13
    assert result.seat_points[1:] == (each + ace_points,) * 3
    assert result.seat_points[0] == -3 * (each + ace_points)


@pytest.mark.parametrize(
    ("kind", "declarer_tricks", "each"),
    [("hearts", 13, -21), ("no_trump", 13, -21), ("spades", 12, 17), ("clubs", 10, 31)],
)
def test_mussolini_counts_the_opponents_tricks_and_no_aces(kind, declarer_tricks, each):
    """16.4: in Mussolini the opponents' first trick is 17 …; 'In Mussolini, the aces
    do not give points.'"""
    result = score(bolsu(3, [declarer_tricks, 13 - declarer_tricks], kind))
    assert result.seat_points == (each, each, each, -3 * each)
    assert result.detail["mussolini"]


def test_each_knocking_opponent_doubles_or_quadruples_their_own_score():
    """16.3 / 16.4: each opponent may knock independently; a knocker's score is
    doubled, quadrupled when the declarer kontra-knocked. Made bolsu, aces −10."""
    raw = bolsu(
        0,
        [0, 5, 4, 4],
        knocks=[{"by": 1}, {"by": 3, "kontra_by": 0}],
        aces=aces_won_by(1, 2, 3, 1),
    )
    result = score(raw)
    assert result.seat_points == (62 + 31 + 124, -62, -31, -124)
    assert result.detail["multipliers"] == [1, 2, 1, 4]


def test_aces_do_not_double_when_the_bolsu_failed():
    """16.4: 'if the declarer did not make the contract, aces do not score double
    even if someone knocked.' Declarer took 2 tricks: 24; aces +13 (declarer's trick
    13) − 6 = +7. Seat 1 knocked: 24 × 2 + 7 = 55."""
    raw = bolsu(
        0,
        [2, 5, 3, 3],
        knocks=[{"by": 1}],
        aces=aces(("AS", 1, 1), ("AH", 2, 2), ("AD", 3, 3), ("AC", 13, 0)),
    )
    result = score(raw)
    assert result.seat_points == (-(55 + 31 + 31), 55, 31, 31)


def test_a_bolsus_seat_points_always_sum_to_zero_and_leave_the_main_book():
    result = score(bolsu(1, [3, 1, 4, 5], "diamonds", knocks=[{"by": 2}]))
    assert sum(result.seat_points) == 0
    assert result.points == (0, 0)
    assert result.detail["leader"] == 2  # the player left of the declarer


# -- 16.1 / 16.2: the game of twelve deals ------------------------------------------

TEAM = contract("hearts", 6, 0, 12)  # 36 to side 0 (a legal basic deal and kotka)


def game_deals() -> list[dict]:
    """Twelve deals: bolsus interleaved with four basic deals and four kotkas."""
    return [
        TEAM,
        bolsu(0, [0, 5, 4, 4], aces=aces_won_by(1, 2, 3, 1)),  # seats −31, declarer 93
        contract("spades", 5, 1, 11),  # 25 to side 1
        TEAM,
        contract("clubs", 5, 3, 10),  # −5 to side 1
        bolsu(3, [2, 2, 2, 7], "no_trump"),  # opponents took 6: 17 + 35 = 52 each
        TEAM,
        contract("no_trump", 7, 2, 12),  # −17 to side 0
        TEAM,
        TEAM,
        bolsu(
            1,
            [4, 1, 4, 4],
            aces=aces(("AS", 1, 0), ("AH", 2, 1), ("AD", 3, 2), ("AC", 4, 3)),
        ),
        bolsu(2, [4, 4, 0, 5], aces=aces_won_by(0, 1, 3, 0)),  # made: −31 each
    ]


def test_a_game_is_twelve_deals_and_the_individual_total_is_bolsu_plus_twice_team():
    """16.1: four basic deals, four kotkas and four bolsus; 16.6: each player gets
    their bolsu points plus twice their team's score."""
    folded = GAME.fold(game_deals())
    assert not folded.needs_attention
    assert folded.finished and folded.next_deal is None
    # Main book: side 0: 36 × 5 − 17 = 163; side 1: 25 − 5 = 20.
    assert folded.totals == (163, 20)
    assert folded.winners == (0,)
    # Bolsus: deal 2 (seat 0 made, −31 each), deal 6 (seat 3 Mussolini lost six
    # tricks: +52 each), deal 11 (seat 1 took trick 2 with A♥: 17 + 2 − 8 = 11
    # each), deal 12 (seat 2 made: −31 each).
    bolsus = [
        (93, -31, -31, -31),
        (52, 52, 52, -156),
        (11, -33, 11, 11),
        (-31, -31, 93, -31),
    ]
    seat_totals = tuple(sum(b[s] for b in bolsus) for s in range(4))
    assert seat_totals == (125, -43, 125, -207)
    assert folded.seat_totals == seat_totals
    assert folded.individual_totals == (
        125 + 2 * 163,
        -43 + 2 * 20,
        125 + 2 * 163,
        -207 + 2 * 20,
    )
    kinds = [d.score.detail["kind"] for d in folded.deals]
    assert kinds == ["basic", "bolsu", "basic", "basic", "basic", "bolsu"] + [
        "kotka"
    ] * 4 + ["bolsu", "bolsu"]


def test_each_player_declares_exactly_one_bolsu():
    """16.1: 'Each player must be the declarer in bolsu exactly once during a game.'"""
    state = GAME.fold(game_deals()[:2]).state
    assert state.bolsu_declarers == (0,)
    assert paths(bolsu(0, [0, 5, 4, 4], aces=aces_won_by(1, 2, 3, 1)), state) == {
        "second_bolsu": "declarer"
    }


def test_after_four_basic_deals_and_four_kotkas_only_bolsus_remain():
    """16.2: players who have not bid bolsu must bid it once the eight deals of the
    teams are played."""
    state = GAME.fold([TEAM] * 8).state
    assert paths(TEAM, state) == {"bolsu_required": "bolsu"}
    nxt = GAME.next_deal(state)
    assert nxt.may_bid == (0, 1, 2, 3)
    assert "must still bid it" in nxt.notes[1]
    folded = GAME.fold([TEAM] * 8 + game_deals()[-1:])
    assert folded.next_deal.may_bid == (0, 1, 3)


def test_next_deal_says_who_may_still_bid_bolsu_and_the_kind_of_deal():
    folded = GAME.fold([TEAM] * 4 + game_deals()[1:2])
    nxt = folded.next_deal
    assert nxt.number == 6 and nxt.dealer == 1 and nxt.starting_seat == 2
    assert nxt.may_bid == (1, 2, 3)
    assert nxt.notes[0] == "Deal 6 of 12."
    assert "If nobody bids bolsu: kotka 1 of 4" in nxt.notes[2]
    assert "takes one of the four cards" in nxt.notes[3]


def test_individual_totals_are_there_from_the_start():
    folded = GAME.fold([])
    assert folded.seat_totals == (0, 0, 0, 0)
    assert folded.individual_totals == (0, 0, 0, 0)
    assert get_game("klubiskruuvi").individual_scoring.team_multiplier == 2


# -- rejected deals -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (bolsu(0, [0, 13], "pass_misere"), {"bolsu_contract": "contract"}),
        (bolsu(0, [1, 12], "hearts", level=6), {"bolsu_level": "level"}),
        (bolsu(None, [1, 12], "hearts"), {"declarer_required": "declarer"}),
        (
            bolsu(0, [1, 12], "hearts", knocks=[{"by": 0}]),
            {"knocker_not_opponent": "knocks.0.by"},
        ),
        (
            bolsu(0, [1, 12], "hearts", knocks=[{"by": 1}, {"by": 1}]),
            {"knocked_twice": "knocks.1.by"},
        ),
        (
            bolsu(0, [1, 12], "hearts", knocks=[{"by": 1, "kontra_by": 2}]),
            {"kontra_not_declarer": "knocks.0.kontra_by"},
        ),
        (bolsu(0, [1, 11]), {"tricks_not_13": "tricks", "aces_required": "aces"}),
        (bolsu(0, [1, 11, 1], "hearts"), {"bad_tricks_length": "tricks"}),
        (bolsu(0, [1, 12]), {"aces_required": "aces"}),
        (
            bolsu(0, [1, 12], "spades", aces=aces_won_by(0, 1, 2, 3)),
            {"aces_in_mussolini": "aces"},
        ),
        (
            # The declarer took one trick but is said to have won two ace tricks.
            bolsu(0, [1, 12], aces=aces_won_by(0, 0, 2, 3)),
            {"more_ace_tricks_than_tricks": "aces"},
        ),
        (
            bolsu(0, [1, 0, 6, 6], aces=aces_won_by(0, 1, 2, 3)),
            {"more_ace_tricks_than_tricks": "aces"},
        ),
        (contract("misere", 5, 0, 2), {"aces_required": "aces"}),
        (contract("misere", 5, 0, 5), {"aces_required": "aces"}),
    ],
)
def test_impossible_deals_are_rejected_with_field_and_reason(raw, expected):
    assert paths(raw) == expected


def test_the_docs_worked_example_scores_as_the_doc_says():
    """docs/games/klubiskruuvi.md: the worked bolsu example and its seat points."""
    doc = (Path(__file__).parents[2] / "docs/games/klubiskruuvi.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    claimed = re.search(r"<!-- seat points: \[([-\d, ]+)\] -->", doc).group(1)
    result = score(json.loads(example))
    assert list(result.seat_points) == [int(x) for x in claimed.split(",")]


def test_folded_match_serialises_seat_and_individual_totals():
    data = folded_to_json(GAME.fold(game_deals()[:2]))
    assert data["totals"] == [36, 0]
    assert data["seat_totals"] == [93, -31, -31, -31]
    assert data["individual_totals"] == [93 + 72, -31, -31 + 72, -31]
    assert data["deals"][1]["score"]["seat_points"] == [93, -31, -31, -31]
    assert data["state"]["bolsu_declarers"] == [0]
