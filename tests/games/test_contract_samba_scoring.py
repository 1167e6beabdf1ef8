"""Contract Samba (§31): a hand-computed deal for each scoring branch — melds
(31.6), threes and card values (31.8, 31.10), going out (31.9), contract bonuses
(31.10), zones and the end of the game (31.11)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from tests.games.contract_samba_deal import (
    GAME,
    NO_BIDS,
    codes_of,
    deal,
    errors,
    score,
    team,
)

# -- 31.6 melds ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("KH KD 2C 2D Jo", "too_many_wilds"),  # at most two wild cards
        ("KH 2D Jo", "too_few_naturals"),  # at least two naturals
        ("2H 2D Jo Jo Jo", "too_many_wilds"),  # twos: at most two jokers
        ("Jo Jo Jo", "too_few_naturals"),
        ("3H 3D 3H", "red_three_in_meld"),  # not out of threes
        ("3C 3S 3C 2H", "black_threes_with_others"),
        ("5H 6H Jo", "mixed_ranks"),  # no wild cards in a samba meld
        ("QH KH AH 4H", "not_a_sequence"),
        ("5S 6S 7S 8S 9S 10S JS QS", "sequence_too_long"),  # at most seven
        ("QS QS QS QD QD QD QH QH", "closed_canasta_extended"),
        ("2S 2S 2S 2D 2D 2D 2H 2H", "closed_canasta_extended"),
        ("QH QD", "meld_too_short"),
    ],
)
def test_illegal_melds(meld, code):
    raw = deal()
    team(raw, 1)["melds"].append(meld)
    assert errors(raw)[code] == "teams.1.melds.2"


@pytest.mark.parametrize(
    ("meld", "points"),
    [
        ("QH KH AH 2H 3H", 10 + 10 + 20 + 20 + 5),  # round the corner, a three 5
        ("KC AC 2C", 50),
        ("AD 2D 3D 4D 5D 6D 7D", 20 + 20 + 5 + 5 + 5 + 5 + 5 + 1500),  # samba
        ("QS QS QD QD QH QC 2C Jo", 130 + 300),  # mixed: may grow past seven
        ("QS QS QD QD QH QC QC", 70 + 500),  # natural canasta of queens
        ("AH AD AS AC AC 2C Jo", 170 + 500),  # mixed canasta of aces 500
        ("2S 2S 2D 2D 2H 2H Jo", 120 + 50 + 2000),  # mixed canasta of twos 2000
        ("2S 2S 2D", 60),  # a meld of twos
        ("QH QD QS", 30),  # a second meld of queens is allowed
    ],
)
def test_legal_melds_score(meld, points):
    """No contract, and side 0 without its canasta of twos (so the twos are free):
    side 0 scores 345 + 2800 - 300 + 200 - 105 = 2940."""
    raw = deal(auction=NO_BIDS)
    team(raw, 0)["melds"].pop(4)
    team(raw, 0)["opening"] = [1]
    team(raw, 1)["melds"].append(meld)
    assert score(raw).points == (2940, -470 + points)


def test_black_threes_when_going_out():
    """31.9: "the player is allowed to meld three or more black threes" (5 each)."""
    raw = deal()
    team(raw, 0)["melds"].append("3C 3S 3C 3S")
    assert score(raw).points == (8080 + 20, -470)
    raw = deal()
    team(raw, 1)["melds"].append("3C 3S 3C")
    assert errors(raw) == {"black_threes_not_going_out": "teams.1.melds.2"}


# -- 31.8 / 31.10 threes and other values --------------------------------------------


@pytest.mark.parametrize(
    ("card", "cost"),
    [
        ("3H", 500),  # red three in hand -500
        ("3D", 500),
        ("3C", 100),  # black three in hand -100
        ("Jo", 50),
        ("2S", 20),
        ("AS", 20),
        ("KS", 10),
        ("8S", 10),
        ("7S", 5),
        ("4S", 5),
    ],
)
def test_cards_in_hand(card, cost):
    raw = deal()
    team(raw, 1)["hands"][1] = ["9H", card]  # was 9H 9D: -20
    assert score(raw).points == (8080, -470 + 10 - cost)


def test_red_threes_melded_are_minus_300():
    """31.8: a red three used as in Canasta gives 300 minus points."""
    raw = deal()
    team(raw, 1)["red_threes"] = ["3D", "3D"]
    assert score(raw).points == (8080, -470 - 600)


def test_red_threes_may_be_kept():
    """31.8: "it is not mandatory to meld a red three" — in hand it is -500."""
    raw = deal()
    assert "3D" in team(raw, 1)["hands"][0]
    score(raw)


def test_only_red_threes_are_laid_out():
    raw = deal()
    team(raw, 1)["red_threes"] = ["3C"]
    assert errors(raw) == {"not_a_red_three": "teams.1.red_threes.0"}


# -- 31.9 going out ------------------------------------------------------------------


def _defenders_out(raw: dict) -> dict:
    """Side 1 goes out (seat 1): natural canasta of queens, mixed canasta of jacks,
    samba of clubs: melds 70 + 120 + 60, bonuses 2300, going out 200, seat 3 -20
    → 2730. Side 0 holds 4D in seat 0 and drops its twos canasta: the count
    2800 - 300 - 110 = 2390 < 4000 sets the contract: side 1 gets 4000."""
    raw["went_out"] = 1
    team(raw, 0)["melds"].pop(4)
    team(raw, 0)["hands"][0] = ["4D"]
    team(raw, 1)["melds"] = [
        "QH QD QS QC QH QD QS",
        "JH JD JS JC JH 2H Jo",
        "6C 7C 8C 9C 10C JC QC",
    ]
    team(raw, 1)["hands"] = [[], ["9H", "9D"]]
    return raw


def test_contract_set_pays_the_opponents_the_contract():
    result = score(_defenders_out(deal()))
    assert result.points == (345 + 2800 - 300 - 110, 2730 + 4000)
    assert "contract_set" in codes_of(result)
    assert result.detail["contract"]["count"] == 2390


def test_doubled_contract_set_pays_double():
    raw = _defenders_out(deal(auction=["1C", "2H", "pass", "4H", "double"]))
    assert score(raw).points == (2735, 2730 + 8000)


@pytest.mark.parametrize(
    ("drop", "code"),
    [
        (0, "going_out_needs_natural_canasta"),
        (1, "going_out_needs_canasta"),
        (2, "going_out_needs_samba"),
    ],
)
def test_defenders_go_out_with_two_canastas_one_natural_and_a_samba(drop, code):
    raw = _defenders_out(deal())
    team(raw, 1)["melds"].pop(drop)
    team(raw, 1)["opening"] = [0]
    assert errors(raw)[code] == "teams.1.melds"


def test_declarer_goes_out_only_with_the_contract_reached():
    """31.9: "The declarer side can go out once they have achieved the points
    required in the contract": 2800 - 300 on the table < 4000."""
    raw = deal()
    team(raw, 0)["melds"].pop(4)
    assert errors(raw) == {"contract_not_reached": "went_out"}


def test_going_out_player_holds_nothing():
    raw = deal()
    team(raw, 0)["hands"][0] = ["4D"]
    assert errors(raw) == {"hand_not_empty": "teams.0.hands.0"}


def test_everyone_else_holds_a_card():
    raw = deal()
    team(raw, 1)["hands"][1] = []
    assert errors(raw) == {"empty_hand": "teams.1.hands.1"}


def test_concealed_bonus_option():
    """28.6.2 (kept by §31): opening and going out in one turn gives 100 more."""
    raw = _defenders_out(deal())
    raw["concealed"] = True
    team(raw, 1)["opening"] = None
    assert score(raw).points == (2735, 6730 + 100)
    assert score(raw, concealed_bonus=0).points == (2735, 6730)


def test_may_i_go_out_penalty():
    raw = deal()
    team(raw, 1)["may_i_go_out_penalties"] = 2
    assert score(raw).points == (8080, -470 - 600)


# -- 31.10 contract bonuses ----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "points", "count"),
    [
        # Level 4: card points on the table do not count: 5595.
        (4, 8080, 5595),
        # "If the contract is at the level of five or higher, also positive card
        # points are counted": 5595 + 485 = 6080 ≥ 5000: bonus 2500.
        (5, 8080 - 2000 + 2500, 6080),
    ],
)
def test_contract_count_by_level(level, points, count):
    raw = deal(auction=["1C", "2H", "pass", f"{level} hearts", "pass", "pass", "pass"])
    result = score(raw)
    assert result.points == (points, -470)
    assert result.detail["contract"]["count"] == count


def test_level_six_cannot_go_out_short():
    """On the table before going out at level 6: 5800 - 300 + 485 = 5985 < 6000."""
    raw = deal(auction=["1C", "2H", "pass", "6 hearts", "pass", "pass", "pass"])
    assert errors(raw) == {"contract_not_reached": "went_out"}


def test_draw_deck_ends_contract_void():
    """31.10: "If the draw deck ends, the contract is void."."""
    raw = deal(went_out=None)
    team(raw, 0)["hands"][0] = ["4D"]
    result = score(raw)
    assert result.points == (8080 - 2000 - 200 - 5, -470)
    assert result.detail["contract"]["void"]
    assert "contract_void" in codes_of(result)


# -- 31.11 zones and the end of the game ---------------------------------------------


@pytest.mark.parametrize(
    ("total", "needed"),
    [
        (-5, 15),
        (-1000, 15),
        (0, 50),
        (1495, 50),
        (1500, 90),
        (2995, 90),
        (3000, 120),
        (6995, 120),
        (7000, 150),
        (9995, 150),
        (10000, 200),
        (19995, 200),
    ],
)
def test_opening_zones(total, needed):
    folded = GAME.fold([{"mode": "totals", "points": [total, 0]}])
    assert folded.next_deal.opening_requirement == (needed, 50)


def test_twenty_thousand_wins():
    folded = GAME.fold([{"mode": "totals", "points": [19995, 0]}])
    assert not folded.finished
    folded = GAME.fold([{"mode": "totals", "points": [20000, 0]}])
    assert folded.finished
    assert folded.winners == (0,)


def test_both_over_twenty_thousand_higher_wins():
    folded = GAME.fold([{"mode": "totals", "points": [20100, 20500]}])
    assert folded.winners == (1,)


def test_next_deal_tells_who_starts_the_auction():
    nxt = GAME.fold([deal()]).next_deal
    assert nxt.dealer == 1
    assert nxt.opening_requirement == (150, 15)  # 8080 and -470
    assert any("auction starts with player 3" in n for n in nxt.notes)


def test_totals_only_is_unverified():
    result = score({"mode": "totals", "points": [6080, -470]})
    assert not result.verified
    assert result.points == (6080, -470)


def test_doc_example_scores_as_documented():
    doc = pathlib.Path(__file__).parents[2] / "docs/games/contract-samba.md"
    example = re.search(r"```json\n(.*?)```", doc.read_text(), re.S).group(1)
    assert score(json.loads(example)).points == (8080, -470)
