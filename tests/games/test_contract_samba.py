"""Contract Samba (001_b57793035adc3f64.txt §31): every number of the chapter, the
auction's rules, and a hand-computed deal for each scoring branch."""

from __future__ import annotations

import copy
import json
import pathlib
import re
from dataclasses import replace

import pytest

from games.engine import DealRejected, get_game
from games.engine.decks import TRIPLE_54
from games.rules.canasta.contract_samba import ContractSamba

GAME = ContractSamba()

# Dealer seat 0, so the auction starts with seat 1: 1C (seat 1), 2H (seat 2), pass,
# 4H (seat 0), three passes. Contract 4 hearts, declarer seat 0 (side 0), who opens
# with 5-6-7 of hearts (31.3: three consecutive cards of the contract's suit).
#
# Side 0 (seat 0 goes out):
#   samba 5H-JH 55 + 1500, natural canasta of aces 140 + 1000, mixed canasta of
#   kings 120 + 300, 8s 30, natural canasta of twos 140 + 3000
#   → melds 485, bonuses 5800; one red three melded -300; going out 200;
#   seat 2 holds 4C 3S: -5 - 100 = -105.
#   Contract count (level 4, no card points): 5800 - 300 + 200 - 105 = 5595 ≥ 4000:
#   made, bonus 2000.                                         → 8080
# Side 1: QH QD QS Jo 80 (the opening), 6C 7C 8C 20; seat 1 holds a red three and a
#   joker (-500 - 50), seat 3 two nines (-20).                 → -470
AUCTION = ["1C", "2 hearts", "pass", "4 hearts", "pass", "pass", "pass"]
BASE = {
    "mode": "cards",
    "auction": AUCTION,
    "teams": [
        {
            "melds": [
                "5H 6H 7H 8H 9H 10H JH",
                "AH AD AS AC AH AD AS",
                "KH KD KS KC KH 2C Jo",
                "8C 8D 8S",
                "2H 2D 2S 2C 2H 2D 2S",
            ],
            "opening": ["5H 6H 7H"],
            "red_threes": ["3H"],
            "hands": [[], ["4C", "3S"]],
        },
        {
            "melds": ["QH QD QS Jo", "6C 7C 8C"],
            "opening": [0],
            "hands": [["3D", "Jo"], ["9H", "9D"]],
        },
    ],
    "went_out": 0,
}
NO_BIDS = ["pass"] * 4


def deal(**changes) -> dict:
    raw = copy.deepcopy(BASE)
    raw.update(changes)
    return raw


def team(raw: dict, side: int) -> dict:
    return raw["teams"][side]


def start(totals=(0, 0), **options):
    state = GAME.start(options)
    return replace(state, totals=totals) if totals != (0, 0) else state


def score(raw: dict, state=None, **options):
    return GAME.score(state or start(**options), raw)


def errors(raw: dict, state=None, **options) -> dict[str, str]:
    with pytest.raises(DealRejected) as rejected:
        score(raw, state, **options)
    return {e.code: e.path for e in rejected.value.errors}


def codes_of(result) -> list[str]:
    return [f.code for f in result.facts]


# -- the game and its deck -----------------------------------------------------------


def test_registered_by_slug():
    game = get_game("contract-samba")
    assert game.name == "Contract Samba"
    assert game.source == "001_b57793035adc3f64.txt §31"


def test_three_decks_of_54():
    """31.1: three 54-card decks shuffled together."""
    assert GAME.deck is TRIPLE_54
    assert TRIPLE_54.size == 3 * 54


def test_base_deal_hand_computed():
    result = score(deal())
    assert result.points == (8080, -470)
    contract = result.detail["contract"]
    assert contract == {
        "level": 4,
        "type": "hearts",
        "doubled": False,
        "declarer": 0,
        "side": 0,
        "count": 5595,
        "made": True,
        "void": False,
    }
    sides = result.detail["sides"]
    assert sides[0] == {
        "melds": 485,
        "bonuses": 5800,
        "red_threes": -300,
        "going_out": 200,
        "hands": -105,
        "penalties": 0,
        "contract": 2000,
        "opening": 15,
        "total": 8080,
    }
    assert "opening_by_type" in codes_of(result)
    assert "contract_made" in codes_of(result)


def test_fourth_copy_of_a_card_rejected():
    raw = deal()
    team(raw, 0)["hands"][1] = ["4C", "3S", "AH"]  # two in the canasta: three
    score(raw)
    team(raw, 1)["hands"][1] = ["9H", "AH"]
    assert errors(raw)["too_many_copies"] == "teams.1.hands.1"


def test_seventh_joker_rejected():
    raw = deal()
    team(raw, 1)["hands"][1] = ["9H", "Jo", "Jo", "Jo", "Jo"]
    assert errors(raw)["too_many_copies"] == "teams.1.hands.1"


def test_discard_pile_is_checked():
    assert errors(deal(discard_pile=["AH", "AH"]))["too_many_copies"] == "discard_pile"


def test_melded_red_threes_are_counted_with_the_deck():
    raw = deal()
    team(raw, 1)["red_threes"] = ["3H", "3H", "3H"]
    assert errors(raw)["too_many_copies"] == "teams.1.red_threes"


# -- 31.2 the auction ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "text"),
    [
        ("4 hearts", "4 hearts"),
        ("4H", "4 hearts"),
        ("4♥", "4 hearts"),
        ({"level": 4, "type": "hearts"}, "4 hearts"),
        ("1 clubs", "1 clubs"),
        ("2 diamonds", "2 diamonds"),
        ("3 spades", "3 spades"),
        ("3 canasta", "3 canasta"),
        ("3N", "3 canasta"),
        ("5 canasta of twos", "5 twos"),
        ("5 twos", "5 twos"),
        ("Pass", "pass"),
        ("p", "pass"),
        ("double", "double"),
        ("X", "double"),
    ],
)
def test_calls_are_read_as_typed(call, text):
    assert GAME.parse_deal(deal(auction=[call])).auction[0].text == text


@pytest.mark.parametrize("call", ["7 bananas", "hearts", "", "4", "redouble"])
def test_bad_call_named_by_position(call):
    raw = deal(auction=["pass", call, "pass", "pass", "pass"])
    assert errors(raw)["bad_call"] == "auction.1"


@pytest.mark.parametrize(
    ("auction", "code", "path"),
    [
        # "Each bid must have either a higher number … or the same number and a
        # higher type."
        (["2H", "2H", "pass", "pass", "pass"], "bid_not_higher", "auction.1"),
        (["2H", "1S", "pass", "pass", "pass"], "bid_not_higher", "auction.1"),
        (
            ["2 twos", "2 canasta", "pass", "pass", "pass"],
            "bid_not_higher",
            "auction.1",
        ),
        (["0 hearts", "pass", "pass", "pass"], "bid_below_one", "auction.0"),
        # Doubling needs the highest bid to be the opponents'.
        (["double"], "double_without_bid", "auction.0"),
        (["1C", "pass", "double"], "double_own_side", "auction.2"),
        # A double ends the auction at once.
        (["1C", "double", "2C"], "call_after_auction_end", "auction.2"),
        # Three passes after a bid end it; four without one.
        (["1C", "pass", "pass", "pass", "2C"], "call_after_auction_end", "auction.4"),
        (["pass"] * 5, "call_after_auction_end", "auction.4"),
        (["1C", "pass", "pass"], "auction_incomplete", "auction"),
        (["pass"] * 3, "auction_incomplete", "auction"),
        ([], "auction_incomplete", "auction"),
    ],
)
def test_illegal_auctions(auction, code, path):
    assert errors(deal(auction=auction))[code] == path


@pytest.mark.parametrize(
    "auction",
    [
        ["1C", "1D", "1H", "1S", "1 canasta", "1 twos", "pass", "4 hearts"]
        + ["pass"] * 3,
        # "A player is allowed to bid even if he has passed before."
        [
            "pass",
            "1C",
            "pass",
            "pass",
            "2C",
            "pass",
            "pass",
            "4H",
            "pass",
            "pass",
            "pass",
        ],
    ],
)
def test_legal_auctions(auction):
    """Both end with seat 0's bid the highest: the base deal's contract."""
    result = score(deal(auction=auction))
    assert result.detail["contract"]["declarer"] == 0


def test_types_ascend_clubs_to_canasta_of_twos():
    """31.2: Clubs, Diamonds, Hearts, Spades, Canasta, Canasta of twos."""
    raw = deal(
        auction=["1C", "1D", "1H", "1S", "1N", "1 twos", "2C", "4 hearts"]
        + ["pass"] * 3,
    )
    # Seat 0 bid 4 hearts (position 7 from seat 1): it is the contract.
    assert score(raw).detail["contract"]["declarer"] == 0


def test_double_ends_auction_and_doubles_bonuses():
    """31.10: "If the contract was doubled, the bonuses are simply doubled."."""
    result = score(deal(auction=["1C", "2 hearts", "pass", "4 hearts", "double"]))
    assert result.points == (8080 + 2000, -470)
    assert result.detail["contract"]["doubled"]
    # The declarer is the original highest bidder, not the doubler.
    assert result.detail["contract"]["declarer"] == 0


def test_four_passes_no_contract():
    """No bid: no contract; both sides open with points and go out as defenders."""
    raw = deal(auction=NO_BIDS)
    team(raw, 0)["opening"] = [1]  # the aces canasta
    result = score(raw)
    assert result.points == (8080 - 2000, -470)
    assert result.detail["contract"] is None
    assert "no_contract" in codes_of(result)


def test_auction_starts_at_dealer_option():
    raw = deal(auction=["4 hearts", "pass", "pass", "pass"])
    # From seat 1 this bid is seat 1's (side 1) — who has no such opening.
    assert "opening_requirement_not_met" in errors(raw)
    assert score(raw, auction_starts="dealer").detail["contract"]["declarer"] == 0


# -- 31.3 the declarer's opening -----------------------------------------------------


TYPE_OPENINGS = [
    ("clubs", "2C 3C 4C"),  # "This may include twos and threes."
    ("clubs", "KC AC 2C"),  # "K-A-2 is a valid opening."
    ("diamonds", "2D 3D 4D"),
    ("hearts", "5H 6H 7H"),
    ("spades", "4S 5S 6S"),
    ("spades", "4S 5S 6S 7S"),
    ("canasta", "4D 4D 4H 4S"),  # four cards of the same rank
    ("canasta", "2H 2D 2S 2C"),
    ("twos", "2H 2D 2S 2C"),  # "the declarer may open with four twos"
]


@pytest.mark.parametrize(("kind", "opening"), TYPE_OPENINGS)
def test_level_four_opens_by_type(kind, opening):
    """31.3: from level four the declarer may open with the type of the contract;
    with 3000 the requirement (120) is above each of these openings."""
    raw = deal(auction=["pass", "pass", "pass", f"4 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    result = score(raw, start((3000, 0)))
    assert "opening_by_type" in codes_of(result)


@pytest.mark.parametrize(("kind", "opening"), TYPE_OPENINGS)
def test_level_three_opens_with_points_only(kind, opening):
    """31.3: at most level three the declarer opens with the required points."""
    raw = deal(auction=["pass", "pass", "pass", f"3 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    assert errors(raw, start((3000, 0))) == {
        "opening_requirement_not_met": "teams.0.opening"
    }


@pytest.mark.parametrize(
    ("kind", "opening"),
    [
        ("spades", "5H 6H 7H"),  # another suit
        ("hearts", "4D 4D 4H 4S"),
        ("canasta", "4D 4D 4H Jo"),  # three of the rank only
        ("twos", "4D 4D 4H 4S"),  # four of a rank, not twos
        ("twos", "2H 2D 2S Jo"),  # three twos
    ],
)
def test_opening_of_another_type_is_not_enough(kind, opening):
    raw = deal(auction=["pass", "pass", "pass", f"4 {kind}", "pass", "pass", "pass"])
    team(raw, 0)["melds"].append(opening)
    team(raw, 0)["opening"] = [opening]
    assert "opening_requirement_not_met" in errors(raw, start((3000, 0)))


def test_complete_canasta_is_always_an_opening():
    """31.3 and 31.5: "A complete canasta is always a valid opening."""
    raw = deal()
    team(raw, 0)["opening"] = [2]  # the mixed canasta of kings (120 < 200)
    result = score(raw, start((10000, 0)))
    assert "opening_canasta" in codes_of(result)


@pytest.mark.parametrize(
    ("total", "opening", "ok"),
    [
        (0, [3], False),  # 8s: 30 < 50
        (0, [3, "KH KD KS"], True),  # 60
        (-300, [3], True),  # below zero: 15
        (1500, ["KH KD 2C Jo"], True),  # 90 ≥ 90
        (3000, ["KH KD 2C Jo"], False),  # 90 < 120
        (7000, ["KH KD 2C Jo", "AH AD AS"], True),  # 150
        (10000, ["KH KD 2C Jo", "AH AD AS"], False),  # 150 < 200
    ],
)
def test_points_opening_by_zone(total, opening, ok):
    raw = deal(auction=["pass", "pass", "pass", "3 hearts", "pass", "pass", "pass"])
    team(raw, 0)["opening"] = opening
    state = start((total, 0))
    if ok:
        score(raw, state)
    else:
        assert errors(raw, state) == {"opening_requirement_not_met": "teams.0.opening"}


def test_declarer_must_open():
    raw = deal(auction=["pass", "1 hearts", "pass", "pass", "pass"])  # seat 2: side 0
    raw["teams"][0] = {"melds": [], "hands": [["4D"], ["4C", "3S"]]}
    raw["went_out"] = None
    assert errors(raw) == {"declarer_did_not_open": "teams.0.melds"}


# -- failed openings: 1000 and the next-highest bid ----------------------------------


def test_failed_opening_passes_the_contract_down():
    """31.3: the declarer is penalised 1000 and the second-highest bid becomes the
    contract: 2 hearts by seat 2 (side 0 again), opened with the aces canasta;
    its count 5595 ≥ 2000 makes it: 1000."""
    raw = deal(failed_openings=1)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (8080 - 2000 + 1000 - 1000, -470)
    assert result.detail["failed_openings"] == ["4 hearts"]
    assert result.detail["contract"]["declarer"] == 2


def test_second_failed_opening_passes_on_to_the_opponents():
    """… "and the third-highest bid becomes the contract and so on": 1 club by seat
    1; side 1 counts -570 < 1000, so side 0 gets 1000; side 0 paid 2 × 1000."""
    raw = deal(failed_openings=2)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (6080 - 2000 + 1000, -470)
    assert result.detail["contract"]["side"] == 1
    assert not result.detail["contract"]["made"]


def test_every_declarer_failed_no_contract():
    raw = deal(failed_openings=3)
    team(raw, 0)["opening"] = [1]
    result = score(raw)
    assert result.points == (6080 - 2000, -470 - 1000)
    assert result.detail["contract"] is None


def test_more_failed_openings_than_bids():
    raw = deal(failed_openings=4)
    team(raw, 0)["opening"] = [1]
    assert errors(raw) == {"failed_openings_exceed_bids": "failed_openings"}


def test_double_stays_on_the_doubled_bid_by_default():
    raw = deal(auction=["1C", "2 hearts", "pass", "4 hearts", "double"])
    raw["failed_openings"] = 1
    team(raw, 0)["opening"] = [1]
    assert score(raw).points == (8080 - 2000 + 1000 - 1000, -470)
    carried = score(raw, passed_down_double=True)
    assert carried.points == (8080 - 2000 + 2000 - 1000, -470)


# -- 31.5 the other side's opening ---------------------------------------------------


def test_defenders_open_with_points():
    raw = deal()
    team(raw, 1)["opening"] = [1]  # 6C 7C 8C: 20 < 50
    assert errors(raw) == {"opening_requirement_not_met": "teams.1.opening"}


def test_defenders_do_not_open_by_type():
    raw = deal(auction=["4 clubs", "pass", "5 hearts", "pass", "pass", "pass"])
    team(raw, 1)["opening"] = [1]  # clubs sequence; seat 1 bid clubs but lost
    assert "opening_requirement_not_met" in errors(raw)


@pytest.mark.parametrize(
    ("twos", "ok"), [("2H 2D 2S 2C Jo", False), ("2H 2H 2D 2S 2C", True)]
)
def test_defenders_meld_of_twos_needs_five(twos, ok):
    """31.5: "If the opening contains a canasta meld of twos, there must be at least
    five of them." (No contract; side 0 without its twos canasta.)"""
    raw = deal(auction=NO_BIDS)
    team(raw, 0)["melds"].pop(4)
    team(raw, 0)["opening"] = [1]
    team(raw, 1)["melds"].append(twos)
    team(raw, 1)["opening"] = [2]
    if ok:
        score(raw)
    else:
        assert errors(raw) == {"twos_opening_needs_five": "teams.1.opening.0"}


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
