"""Card values, going out and deck accounting shared by the rummy games."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import JOKER, STANDARD_CARDS, parse_cards
from games.engine.decks import DOUBLE_54, STANDARD_52, check_deck
from games.engine.melds import (
    PIP_VALUES,
    RANK_ORDER_VALUES,
    CardValues,
    deck_errors,
    going_out_error,
    multiple_errors,
    went_out_points_errors,
)

PENALTIES = CardValues("test", {"Jo": 50, "A": 20, "K": 10, "5": 5})


def test_card_values():
    """A table counts cards by rank; its unit and least value follow from it."""
    assert PIP_VALUES.total(parse_cards("AS 7H KD")) == 1 + 7 + 10
    assert RANK_ORDER_VALUES.total(parse_cards("AS 7H KD")) == 1 + 7 + 13
    assert PENALTIES.total(parse_cards("Jo AS 5H")) == 75
    assert (PENALTIES.unit, PENALTIES.least) == (5, 5)
    assert (PIP_VALUES.unit, PIP_VALUES.least) == (1, 1)


def test_multiples():
    """A total no cards can make is named with the unit in its code."""
    errors = multiple_errors([25, 30, 40], 25, "points", "every set is 25")
    assert [(e.path, e.code, e.message) for e in errors] == [
        ("points.1", "not_a_multiple_of_25", "30 cannot be scored: every set is 25"),
        ("points.2", "not_a_multiple_of_25", "40 cannot be scored: every set is 25"),
    ]


def test_going_out_with_cards():
    """The player out holds nothing; every other player holds something."""
    hand = parse_cards("5H")
    assert going_out_error("p.0.hand", 0, (), 0) is None
    assert going_out_error("p.1.hand", 1, hand, 0) is None
    assert going_out_error("p.0.hand", 0, hand, 0).code == "cards_after_going_out"
    error = going_out_error("p.1.hand", 1, (), 0)
    assert (error.path, error.code) == ("p.1.hand", "hand_required")


def test_going_out_with_points():
    """Points entered: 0 for the player out, at least the least card otherwise, a
    multiple of the unit."""
    errors = went_out_points_errors([5, 0, 12, 55], 0, "points", PENALTIES)
    assert [(e.path, e.code) for e in errors] == [
        ("points.0", "points_for_going_out"),
        ("points.1", "no_cards_left"),
        ("points.2", "not_a_multiple_of_5"),
    ]
    assert errors[2].message == "12 cannot be scored: every card counts 5, 10, 20 or 50"
    assert errors[1].message.endswith("every card left counts at least 5")


PILES = st.lists(
    st.lists(st.sampled_from([*STANDARD_CARDS[:8], JOKER]), max_size=6), max_size=5
)


@given(piles=PILES, double=st.booleans())
def test_deck_errors_are_check_deck(piles, double):
    """The accounting of melds, hands and piles reports exactly check_deck's
    errors (its count in C only decides whether there are any)."""
    deck = DOUBLE_54 if double else STANDARD_52
    placed = [(f"piles.{i}", tuple(p)) for i, p in enumerate(piles)]
    assert deck_errors(deck, placed) == check_deck(deck, placed)
