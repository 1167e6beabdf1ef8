"""Contract Samba (001_b57793035adc3f64.txt §31): the game, its deck, and the
auction's rules (31.2); the openings and the scoring are in
``test_contract_samba_openings`` and ``test_contract_samba_scoring``, the shared
hand-computed deal in ``contract_samba_deal``."""

from __future__ import annotations

import pytest

from games.engine import get_game
from games.engine.decks import TRIPLE_54
from tests.games.contract_samba_deal import (
    GAME,
    NO_BIDS,
    codes_of,
    deal,
    errors,
    score,
    team,
)

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
