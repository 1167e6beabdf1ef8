"""Deck specs, and the check of everything entered in a deal against the deck."""

import pytest

from games.engine.cards import JOKER, parse_cards
from games.engine.decks import (
    DOUBLE_54,
    FIVE_54,
    PIQUET_36,
    STANDARD_52,
    STANDARD_52_JOKER,
    TRIPLE_54,
    check_deck,
)


@pytest.mark.parametrize(
    ("deck", "size", "jokers", "copies_of_ace"),
    [
        (STANDARD_52, 52, 0, 1),
        (STANDARD_52_JOKER, 53, 1, 1),
        (DOUBLE_54, 108, 4, 2),
        (TRIPLE_54, 162, 6, 3),
        (FIVE_54, 270, 10, 5),
        (PIQUET_36, 36, 0, 1),
    ],
)
def test_deck_sizes(deck, size, jokers, copies_of_ace):
    assert deck.size == size
    assert deck.holds(JOKER) == jokers
    assert deck.holds(parse_cards("AS")[0]) == copies_of_ace


def test_the_36_card_deck_has_no_cards_below_six():
    assert PIQUET_36.holds(parse_cards("5H")[0]) == 0
    assert PIQUET_36.holds(parse_cards("6H")[0]) == 1


def test_a_legal_deal_has_no_deck_errors():
    piles = [("a.melds.0", parse_cards("7H 7H 7S")), ("b.hand", parse_cards("7D Jo"))]
    assert check_deck(DOUBLE_54, piles) == []


def test_a_card_summed_over_every_pile_beyond_the_decks_is_an_error():
    piles = [
        ("teams.0.melds.0", parse_cards("7H 7H")),
        ("teams.1.hand", parse_cards("7H")),
    ]
    errors = check_deck(DOUBLE_54, piles)
    assert len(errors) == 1
    assert errors[0].path == "teams.1.hand"
    assert errors[0].code == "too_many_copies"
    assert "teams.0.melds.0" in errors[0].message
    assert "(2;" in errors[0].message


def test_a_card_the_deck_lacks_is_an_error():
    errors = check_deck(STANDARD_52, [("hand", parse_cards("Jo"))])
    assert [e.code for e in errors] == ["card_not_in_deck"]
