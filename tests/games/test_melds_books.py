"""Books (games/engine/melds/books.py): a rank with wild cards, told by one sum."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import JOKER, RANKS, STANDARD_CARDS, parse_cards
from games.engine.melds.books import (
    WILD_RANKS,
    book_errors,
    book_label,
    book_tally,
    rank_plural,
    tally_tables,
)

POINTS = {c: 10 for c in STANDARD_CARDS} | {JOKER: 50}
TALLIES = tally_tables(POINTS, RANKS[2:])
CARDS = [*STANDARD_CARDS, JOKER]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=0, max_size=12))
def test_the_tally_is_a_count_of_the_cards(cards):
    """Whatever the tally recognises is naturals of the first card's rank and wild
    cards, with their points and wild cards counted as a plain count gives."""
    found = book_tally(cards, TALLIES)
    plain = (
        len(cards) >= 2
        and cards[0].rank in RANKS[2:]
        and all(c.rank in (cards[0].rank, *WILD_RANKS) for c in cards)
    )
    assert (found is not None) == plain
    if found is not None:
        wilds = sum(c.rank in WILD_RANKS for c in cards)
        assert found == (cards[0].rank, wilds, sum(POINTS[c] for c in cards))


def test_every_broken_limit_is_listed():
    errors = book_errors(
        "m", ("7", "K"), 9, 4, min_naturals=6, max_wilds=3, max_cards=7
    )
    assert [e.code for e in errors] == [
        "mixed_ranks",
        "too_few_naturals",
        "too_many_wilds",
        "meld_too_long",
    ]
    assert errors[0].message == "a meld's natural cards are of one rank (entered 7, K)"
    assert (
        book_errors("m", ("7",), 4, 1, min_naturals=2, max_wilds=3, max_cards=None)
        == []
    )


def test_labels():
    assert book_label("7", 7, 0) == "natural canasta of 7s"
    assert book_label("A", 8, 2) == "mixed canasta of aces"
    assert book_label("K", 3, 1) == "meld of kings"
    assert rank_plural("2") == "twos"
    assert book_tally(parse_cards("2C 7H 7D"), TALLIES) is None  # a wild typed first
