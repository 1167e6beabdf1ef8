"""One parser for what people type; a canonical form for output."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import (
    ACE_HIGH,
    JOKER,
    PUSSI_ORDER,
    STANDARD_CARDS,
    Card,
    CardSyntaxError,
    Colour,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    rank_index,
)

KING_OF_HEARTS = Card("K", Suit.HEARTS)
TEN_OF_DIAMONDS = Card("10", Suit.DIAMONDS)


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("KH", KING_OF_HEARTS),
        ("Kh", KING_OF_HEARTS),
        ("kh", KING_OF_HEARTS),
        ("K♥", KING_OF_HEARTS),
        ("♥K", KING_OF_HEARTS),
        ("hk", KING_OF_HEARTS),
        (" KH ", KING_OF_HEARTS),
        ("10D", TEN_OF_DIAMONDS),
        ("TD", TEN_OF_DIAMONDS),
        ("td", TEN_OF_DIAMONDS),
        ("♦10", TEN_OF_DIAMONDS),
        ("Jo", JOKER),
        ("JK", JOKER),
        ("jo", JOKER),
        ("★", JOKER),
        ("AS", Card("A", Suit.SPADES)),
        ("2c", Card("2", Suit.CLUBS)),
    ],
)
def test_every_accepted_spelling_parses_to_the_card(typed, card):
    assert parse_card(typed) == card


@pytest.mark.parametrize("typed", ["", "K", "1H", "11H", "KX", "ZZ", "10", "JJ", 7])
def test_a_bad_token_is_an_error_naming_it(typed):
    with pytest.raises(CardSyntaxError) as raised:
        parse_card(typed, path="hand.3")
    error = raised.value.errors[0]
    assert error.code == "bad_card"
    assert error.path == "hand.3"
    assert repr(typed) in error.message


def test_a_list_reports_every_bad_token_with_its_position():
    with pytest.raises(CardSyntaxError) as raised:
        parse_cards("KH XX 10D 1H", path="teams.0.hand")
    errors = raised.value.errors
    assert [e.path for e in errors] == ["teams.0.hand.1", "teams.0.hand.3"]
    assert "position 2" in errors[0].message
    assert "'1H'" in errors[1].message


def test_a_string_of_cards_splits_on_spaces_and_commas():
    assert parse_cards("7H, 7d  ★") == (
        Card("7", Suit.HEARTS),
        Card("7", Suit.DIAMONDS),
        JOKER,
    )


def test_canonical_and_pretty_forms():
    assert TEN_OF_DIAMONDS.code == "10D"
    assert str(KING_OF_HEARTS) == "KH"
    assert JOKER.code == "Jo"
    assert KING_OF_HEARTS.pretty == "K♥"
    assert JOKER.pretty == "★"
    assert format_cards([KING_OF_HEARTS, JOKER]) == "KH Jo"


@given(st.lists(st.sampled_from([*STANDARD_CARDS, JOKER]), max_size=30))
def test_canonical_output_parses_back_to_the_same_cards(cards):
    assert parse_cards(format_cards(cards)) == tuple(cards)


def test_colours():
    assert KING_OF_HEARTS.colour is Colour.RED
    assert TEN_OF_DIAMONDS.colour is Colour.RED
    assert Card("3", Suit.SPADES).colour is Colour.BLACK
    assert Card("3", Suit.CLUBS).colour is Colour.BLACK
    assert JOKER.colour is None
    assert JOKER.is_joker


def test_rank_orders():
    ace, ten, king = (
        Card("A", Suit.SPADES),
        Card("10", Suit.SPADES),
        Card("K", Suit.SPADES),
    )
    assert (
        rank_index(ace, ACE_HIGH)
        > rank_index(king, ACE_HIGH)
        > rank_index(ten, ACE_HIGH)
    )
    # Marjapussi / Huutopussi: A-10-K-Q-J-9-8-7-6 from the top.
    assert (
        rank_index(ace, PUSSI_ORDER)
        > rank_index(ten, PUSSI_ORDER)
        > rank_index(king, PUSSI_ORDER)
    )
    assert PUSSI_ORDER[::-1] == ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
