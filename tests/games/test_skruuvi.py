"""Modern Skruuvi (001_b57793035adc3f64.txt §15): every number of the chapter and
each scoring branch, hand-computed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.engine import DealRejected, SetupRejected, Table, get_game
from games.engine.serialize import folded_to_json
from games.rules.skruuvi import Skruuvi

GAME = Skruuvi()


def score(raw: dict, state=None, **options):
    return GAME.score(state or GAME.start(options), raw)


def paths(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def contract(kind: str, level: int, declarer: int, side_tricks: int, **extra) -> dict:
    """A deal where the declarer's side took ``side_tricks``."""
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


def kotka_state(**options):
    """The state before deal 5, the first kotka."""
    return GAME.fold([contract("hearts", 5, 0, 11)] * 4, options).state


# -- 15.8: a made contract ----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "level", "points"),
    [
        ("spades", 5, 25),
        ("clubs", 6, 36),
        ("hearts", 7, 49),
        ("diamonds", 5, 25),
        ("misere", 5, 25 - 12),
        ("misere", 6, 36 - 12),
        ("misere", 7, 49 - 12),
        ("no_trump", 5, 25 + 12),
        ("no_trump", 6, 36 + 12),
        ("no_trump", 7, 49 + 12),
    ],
)
def test_made_contract_scores_25_36_49_less_12_in_misere_more_12_in_no_trump(
    kind, level, points
):
    """15.8: 25 / 36 / 49 for five / six / seven; misere −12, no trump +12."""
    promised = level + 6
    side_tricks = 13 - promised if kind == "misere" else promised
    raw = contract(kind, level, 1, side_tricks)
    if kind == "misere":
        # Every ace in tricks 1–4 won by side 0 (the opponents took 13 − 2 tricks).
        raw["aces"] = aces(("AS", 1, 0), ("AH", 2, 0), ("AD", 3, 0), ("AC", 4, 0))
    result = score(raw)
    assert result.points[1] == points + (10 if kind == "misere" else 0)
    assert result.detail["made"] is True
    assert result.facts[-1 if kind != "misere" else -2].code == "contract_made"


def test_overtricks_earn_nothing_extra():
    """15.8 pays the contract, not the tricks: 5 hearts with 13 tricks is 25."""
    assert score(contract("hearts", 5, 0, 13)).points == (25, 0)


def test_five_misere_promises_at_most_two_tricks():
    """15.5: 'if the contract is five misere, the declarer side promises to take at
    most 13 − 11 = 2 tricks'."""
    made = contract("misere", 5, 0, 2)
    made["aces"] = aces(("AS", 1, 1), ("AH", 2, 1), ("AD", 3, 1), ("AC", 4, 1))
    result = score(made)
    assert result.detail["made"] and result.detail["achieved"] == 11
    failed = score(contract("misere", 5, 0, 3))
    assert not failed.detail["made"]
    assert failed.points == (-11, 0)


# -- 15.8: a failed contract --------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "missing", "cost"),
    [
        (5, 1, 11),
        (5, 2, 11 + 5),
        (5, 3, 11 + 5 + 5),
        (6, 1, 11),
        (6, 2, 11 + 6),
        (6, 4, 11 + 3 * 6),
        (7, 1, 17),
        (7, 2, 17 + 7),
        (7, 13, 17 + 12 * 7),
    ],
)
def test_missing_tricks_cost_the_declarers_first_more_than_later(level, missing, cost):
    """15.8 table: first missing trick 11 / 11 / 17, later ones 5 / 6 / 7."""
    taken = level + 6 - missing
    result = score(contract("spades", level, 2, taken))
    assert result.points == (-cost, 0)
    assert result.facts[-1].code == "contract_failed"


def test_failed_no_trump_and_misere_have_no_12_point_adjustment():
    """The ±12 belongs to the made contract's sum (15.8)."""
    assert score(contract("no_trump", 6, 1, 11)).points == (0, -11)
    assert score(contract("misere", 6, 1, 2)).points == (0, -11)


# -- 15.6 / 15.8: knocks ------------------------------------------------------------


@pytest.mark.parametrize(
    ("knocks", "made", "failed"),
    [
        ([], 36, -17),
        ([{"by": 1}], 72, -34),
        ([{"by": 3, "kontra_by": 2}], 144, -68),
        ([{"by": 1, "kontra_by": 0}], 144, -68),
    ],
)
def test_knock_doubles_and_kontra_knock_quadruples(knocks, made, failed):
    """15.8: 'doubled, if the contract was knocked, and quadrupled, if the contract
    was knocked and kontra-knocked'."""
    assert score(contract("hearts", 6, 0, 12, knocks=knocks)).points == (made, 0)
    assert score(contract("hearts", 6, 0, 10, knocks=knocks)).points == (failed, 0)


def test_knock_examples_by_hand():
    """6 no trump by seat 3, knocked by seat 0 and kontra-knocked by seat 1, made
    with 12 tricks: 48 × 4 = 192. 7 spades by seat 2, knocked by seat 1, ten
    tricks: (17 + 2 × 7) × 2 = −62."""
    knocks = [{"by": 0, "kontra_by": 1}]
    assert score(contract("no_trump", 6, 3, 12, knocks=knocks)).points == (0, 192)
    result = score(contract("spades", 7, 2, 10, knocks=[{"by": 1}]))
    assert result.points == (-62, 0)
    assert result.detail["multiplier"] == 2
    assert [f.code for f in result.facts] == ["knocked", "contract_failed"]


# -- 15.8: aces in misere -----------------------------------------------------------


def test_made_misere_aces_score_their_trick_number_to_the_other_side():
    """15.8: both sides get points for aces in the opponents' tricks; an ace in the
    first trick is one point, in the second two and so on.

    5 misere by seat 1; side 1 took one trick (seat 3, trick 4, with A♣). A♠ fell in
    trick 2 and A♥, A♦ in trick 9, all won by side 0. Side 1: 13 + 2 + 9 + 9 = 33;
    side 0: 4."""
    raw = {
        "contract": "misere",
        "level": 5,
        "declarer": 1,
        "tricks": [6, 0, 6, 1],
        "aces": aces(("AS", 2, 0), ("AH", 9, 2), ("AD", 9, 2), ("AC", 4, 3)),
    }
    result = score(raw)
    assert result.points == (4, 33)
    assert result.detail["ace_points"] == [4, 20]
    assert result.facts[-1].code == "aces"


def test_knocks_do_not_multiply_modern_misere_aces():
    """15.8: 'Knocks and kontra-knocks do not affect these points.'"""
    raw = {
        "contract": "misere",
        "level": 5,
        "declarer": 1,
        "tricks": [6, 0, 6, 1],
        "knocks": [{"by": 2}],
        "aces": aces(("AS", 2, 0), ("AH", 9, 2), ("AD", 9, 2), ("AC", 4, 3)),
    }
    assert score(raw).points == (4, 13 * 2 + 20)


def test_failed_misere_aces_do_not_score():
    """15.8 counts aces only 'if the type was misere and the declarer team made the
    contract'; the aces may be entered anyway."""
    raw = contract("misere", 7, 0, 1)
    raw["aces"] = aces(("AS", 1, 1), ("AH", 2, 1), ("AD", 3, 1), ("AC", 4, 0))
    result = score(raw)
    assert result.points == (-17, 0)
    assert result.facts[-1].code == "aces_not_scored"
    assert score(contract("misere", 7, 0, 1)).points == (-17, 0)


# -- 15.9: pass misere --------------------------------------------------------------


def test_pass_misere_scores_opponents_tricks_and_aces():
    """15.9: each team one point per trick the opponents took, plus aces as in a
    made misere. Side 0 took 6 (with all four aces, tricks 1–4), side 1 took 7:
    side 0 scores 7, side 1 scores 6 + 1 + 2 + 3 + 4 = 16."""
    raw = {
        "contract": "pass_misere",
        "tricks": [6, 7],
        "aces": aces(("AS", 1, 0), ("AH", 2, 2), ("AD", 3, 0), ("AC", 4, 2)),
    }
    result = score(raw)
    assert result.points == (7, 16)
    assert result.detail["leader"] == 1  # left of the dealer (seat 0)
    assert result.facts[0].code == "pass_misere"


@pytest.mark.parametrize(
    ("knocks", "points"),
    [
        ([{"by": 2}], (14, 32)),
        ([{"by": 3, "kontra_by": 0}], (28, 64)),
    ],
)
def test_pass_misere_knocks_multiply_tricks_and_aces(knocks, points):
    """15.9: 'Knock and kontra-knock double and quadruple both of these scores', and
    anyone may knock (seat 2 here is on side 0)."""
    raw = {
        "contract": "pass_misere",
        "tricks": [6, 7],
        "knocks": knocks,
        "aces": aces(("AS", 1, 0), ("AH", 2, 2), ("AD", 3, 0), ("AC", 4, 2)),
    }
    assert score(raw).points == points


# -- 15.4: the raise to five --------------------------------------------------------


def test_a_bid_below_five_is_raised_to_five():
    """15.4: 'The number part of the contract must be at least five, and if it is
    less, it is automatically raised to five.'"""
    result = score(contract("hearts", 3, 1, 11))
    assert result.points == (0, 25)
    assert result.detail["level"] == 5 and result.detail["bid_level"] == 3
    assert result.facts[0].code == "raised_to_five"
    assert score(contract("hearts", 1, 1, 10)).points == (0, -11)


# -- 15.10: kotkas ------------------------------------------------------------------


def test_deals_five_to_eight_are_kotkas_where_bids_are_at_least_six():
    """15.1: four basic deals, then four kotkas; 15.10: bids at least six."""
    state = kotka_state()
    assert state.deal_number == 5
    assert paths(contract("hearts", 5, 0, 11), state) == {
        "kotka_level_below_six": "level"
    }
    result = score(contract("hearts", 6, 0, 12), state)
    assert result.detail["kind"] == "kotka" and result.points == (36, 0)
    assert score(contract("hearts", 5, 0, 11)).detail["kind"] == "basic"


def test_pass_misere_in_a_kotka_follows_the_option():
    raw = {
        "contract": "pass_misere",
        "tricks": [6, 7],
        "aces": aces(("AS", 1, 0), ("AH", 2, 2), ("AD", 3, 0), ("AC", 4, 2)),
    }
    assert score(raw, kotka_state()).detail["kind"] == "kotka"
    state = kotka_state(pass_misere_in_kotka=False)
    assert paths(raw, state) == {"no_pass_misere_in_kotka": "contract"}


# -- the game of eight deals --------------------------------------------------------


def test_eight_deals_make_a_game_and_the_higher_total_wins():
    """15.1: a game is eight deals."""
    deals = [contract("hearts", 5, 0, 11)] * 4 + [contract("spades", 6, 1, 12)] * 3
    folded = GAME.fold([*deals, contract("clubs", 7, 3, 12)])
    assert [d.totals for d in folded.deals][-2:] == [(100, 108), (100, 91)]
    assert folded.finished and folded.winners == (0,)
    assert folded.next_deal is None
    late = GAME.fold(
        [*deals, contract("clubs", 7, 3, 12), contract("hearts", 6, 0, 12)]
    )
    assert late.deals[-1].errors[0].code == "match_finished"


def test_equal_totals_after_eight_deals_are_a_draw():
    basic = [contract("hearts", 5, 0, 11), contract("hearts", 5, 1, 11)] * 2
    kotkas = [contract("hearts", 6, 0, 12), contract("hearts", 6, 1, 12)] * 2
    folded = GAME.fold(basic + kotkas)
    assert folded.totals == (122, 122)
    assert folded.finished and folded.winners == ()


def test_fewer_deals_by_option():
    folded = GAME.fold(
        [contract("hearts", 6, 0, 12)] * 2, {"basic_deals": 1, "kotkas": 1}
    )
    assert folded.finished and folded.totals == (72, 0)
    assert folded.deals[1].score.detail["kind"] == "kotka"


def test_a_rejected_deal_does_not_count_towards_the_eight():
    folded = GAME.fold([contract("hearts", 5, 0, 12), {"contract": "hearts"}])
    assert folded.deals[1].flagged
    assert folded.state.deal_number == 2 and folded.state.team_deals == 1


# -- next deal ----------------------------------------------------------------------


def test_next_deal_names_dealer_first_bidder_and_kind():
    table = Table((0, 1, 0, 1), first_dealer=2)
    folded = GAME.fold([contract("hearts", 5, 0, 11)] * 4, table=table)
    nxt = folded.next_deal
    assert (nxt.number, nxt.dealer, nxt.starting_seat) == (5, 2, 3)
    assert nxt.may_bid == (0, 1, 2, 3)
    assert nxt.notes[0] == "Deal 5 of 8."
    assert nxt.notes[1].startswith("Kotka 1 of 4")
    assert GAME.fold([], table=table).next_deal.notes[1].startswith("Basic deal 1")


def test_declarers_left_hand_opponent_leads():
    """15.7: 'The left-hand opponent of the declarer leads to the first trick.'"""
    assert score(contract("hearts", 5, 3, 11)).detail["leader"] == 0


# -- rejected deals -----------------------------------------------------------------

FOUR_ACES = aces(("AS", 1, 0), ("AH", 2, 1), ("AD", 3, 2), ("AC", 4, 3))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            contract("hearts", 5, 0, 11) | {"tricks": [7, 7]},
            {"tricks_not_13": "tricks"},
        ),
        (
            contract("hearts", 5, 0, 11) | {"tricks": [11, 1, 1]},
            {"bad_tricks_length": "tricks"},
        ),
        (
            {"contract": "hearts", "declarer": 0, "tricks": [11, 2]},
            {"level_required": "level"},
        ),
        (
            {"contract": "hearts", "level": 5, "tricks": [11, 2]},
            {"declarer_required": "declarer"},
        ),
        (
            {
                "contract": "pass_misere",
                "level": 5,
                "tricks": [6, 7],
                "aces": FOUR_ACES,
            },
            {"level_in_pass_misere": "level"},
        ),
        (
            {
                "contract": "pass_misere",
                "declarer": 1,
                "tricks": [6, 7],
                "aces": FOUR_ACES,
            },
            {"declarer_in_pass_misere": "declarer"},
        ),
        (
            contract("hearts", 5, 0, 11, knocks=[{"by": 2}]),
            {"knocker_not_opponent": "knocks.0.by"},
        ),
        (
            contract("hearts", 5, 0, 11, knocks=[{"by": 1, "kontra_by": 3}]),
            {"kontra_by_knockers_side": "knocks.0.kontra_by"},
        ),
        (
            contract("hearts", 5, 0, 11, knocks=[{"by": 1}, {"by": 3}]),
            {"one_knock": "knocks.1"},
        ),
        (
            contract("hearts", 5, 0, 11, aces=FOUR_ACES),
            {"aces_outside_misere": "aces"},
        ),
        (contract("misere", 5, 0, 2), {"aces_required": "aces"}),
        ({"contract": "pass_misere", "tricks": [6, 7]}, {"aces_required": "aces"}),
        (
            contract("misere", 5, 0, 2, aces=FOUR_ACES[:3]),
            {"four_aces": "aces"},
        ),
        (
            contract("misere", 5, 0, 2, aces=[*FOUR_ACES[:3], FOUR_ACES[0]]),
            {"ace_twice": "aces.3.card"},
        ),
        (
            contract(
                "misere",
                5,
                0,
                2,
                aces=[*FOUR_ACES[:3], {"card": "KC", "trick": 5, "seat": 1}],
            ),
            {"not_an_ace": "aces.3.card"},
        ),
        (
            contract(
                "misere",
                5,
                0,
                2,
                aces=[*FOUR_ACES[:3], {"card": "AC", "trick": 1, "seat": 1}],
            ),
            {"trick_two_winners": "aces.3.seat"},
        ),
        (
            # Side 0 took two tricks but aces fell in three tricks it won.
            contract(
                "misere",
                5,
                0,
                2,
                aces=aces(("AS", 1, 0), ("AH", 2, 0), ("AD", 3, 2), ("AC", 4, 1)),
            ),
            {"more_ace_tricks_than_tricks": "aces"},
        ),
        (
            {
                "contract": "pass_misere",
                "tricks": [6, 0, 0, 7],
                "aces": aces(("AS", 1, 1), ("AH", 2, 0), ("AD", 3, 2), ("AC", 4, 3)),
            },
            {"more_ace_tricks_than_tricks": "aces"},
        ),
        (contract("hearts", 8, 0, 11), {"less_than_equal": "level"}),
        (contract("hearts", 5, 4, 11), {"less_than_equal": "declarer"}),
        (contract("trumps", 5, 0, 11), {"literal_error": "contract"}),
        (
            contract("misere", 5, 0, 2, aces=[{"card": "AS", "trick": 14, "seat": 0}]),
            {"less_than_equal": "aces.0.trick"},
        ),
        (contract("hearts", 5, 0, 11) | {"bolsu": True}, {"extra_forbidden": "bolsu"}),
    ],
)
def test_impossible_deals_are_rejected_with_field_and_reason(raw, expected):
    assert paths(raw) == expected


def test_every_error_is_reported_at_once():
    raw = {"contract": "hearts", "tricks": [7], "knocks": [{"by": 0}, {"by": 1}]}
    assert set(paths(raw)) == {
        "level_required",
        "declarer_required",
        "one_knock",
        "bad_tricks_length",
    }


# -- the table and the interfaces ---------------------------------------------------


def test_registered_and_only_at_a_two_by_two_table():
    assert get_game("skruuvi").name == "Modern Skruuvi"
    with pytest.raises(SetupRejected):
        GAME.start(table=Table((0, 0, 1, 1)))


def test_folded_match_serialises():
    data = folded_to_json(GAME.fold([contract("hearts", 5, 0, 11)]))
    assert data["totals"] == [25, 0]
    assert data["seat_totals"] == [] and data["individual_totals"] == []
    assert data["deals"][0]["score"]["detail"]["declarer"] == 0
    assert data["state"]["team_deals"] == 1


def test_schemas_export():
    schema = GAME.deal_schema()
    assert {"contract", "level", "declarer", "tricks", "knocks", "aces"} <= set(
        schema["properties"]
    )
    assert GAME.options_schema()["properties"]["kotkas"]["default"] == 4


def test_the_docs_worked_example_scores_as_the_doc_says():
    """docs/games/skruuvi.md: the worked example's JSON and its points."""
    doc = (Path(__file__).parents[2] / "docs/games/skruuvi.md").read_text()
    example = re.search(r"<!-- example -->\s*```json\n(.*?)```", doc, re.S).group(1)
    claimed = re.search(r"<!-- points: \[(-?\d+), (-?\d+)\] -->", doc)
    result = score(json.loads(example))
    assert result.points == (int(claimed.group(1)), int(claimed.group(2)))
