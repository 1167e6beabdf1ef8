"""games.engine.melds.card_wilds: wilds chosen card by card (a negative joker's rank
in the other colour), a wild standing as itself, and what each wild stands for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from games.engine.melds import JOKERS_WILD, NO_WILDS, RunRule, SetRule, read_meld
from games.engine.melds.card_wilds import (
    opposite_colour_wilds,
    read_meld_card_wilds,
    stands_for,
)
from games.engine.melds.hands import PIP_VALUES

RUN = RunRule(min_length=3, ace_both_ends=False, wilds=JOKERS_WILD)
SET = SetRule(min_length=3, max_length=4, wilds=JOKERS_WILD)
NATURAL_RUN = RunRule(min_length=3, ace_both_ends=False, wilds=NO_WILDS)
NATURAL_SET = SetRule(min_length=3, max_length=4, wilds=NO_WILDS)
VALUE = PIP_VALUES.by_rank.__getitem__


def test_the_other_colour_of_the_indicator_s_rank_and_the_joker_are_wild():
    assert opposite_colour_wilds(Card("7", "H")) == {
        Card("7", "C"),
        Card("7", "S"),
        JOKER,
    }
    assert opposite_colour_wilds(JOKER) == {JOKER}


def test_a_wild_that_fits_as_itself_is_a_natural():
    wild = opposite_colour_wilds(Card("A", "S"))
    meld = read_meld_card_wilds(parse_cards("QD KD AD"), RUN, wild).meld
    assert meld is not None and meld.natural
    meld = read_meld_card_wilds(parse_cards("QD KD AH"), RUN, wild).meld
    assert meld is not None and meld.wilds == 1


def test_a_wild_at_an_open_end_stands_where_it_counts_more():
    wild = opposite_colour_wilds(Card("A", "S"))
    meld = read_meld_card_wilds(parse_cards("2D 3D AH"), RUN, wild).meld
    # The A♥ can be the A♦ (low) or the 4♦: pips count the ace 1, so the 4.
    assert stands_for(meld, RUN, wild, VALUE) == ("2", "3", "4")


CARDS = [*STANDARD_CARDS, JOKER]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@st.composite
def near_melds(draw) -> list[Card]:
    """A run or a set, some cards swapped for jokers or any card, shuffled: mostly
    melds, with wilds of every kind, so the property sees many accepted readings."""
    length = draw(st.integers(3, 5))
    if draw(st.booleans()):
        suit = draw(st.sampled_from("CDHS"))
        start = draw(st.integers(0, len(RANKS) - length))
        cards = [Card(r, suit) for r in RANKS[start : start + length]]
    else:
        rank = draw(st.sampled_from(RANKS[:13]))
        cards = [Card(rank, s) for s in draw(st.permutations("CDHS"))[: min(length, 4)]]
    for i in range(len(cards)):
        if draw(st.integers(0, 4)) == 0:
            cards[i] = draw(st.sampled_from([JOKER, *STANDARD_CARDS]))
    return draw(st.permutations(cards))


@settings(max_examples=400, deadline=None)
@given(
    indicator=st.sampled_from(CARDS),
    cards=st.one_of(
        st.lists(st.sampled_from(CARDS), min_size=3, max_size=6), near_melds()
    ),
    kind=st.sampled_from(["run", "set"]),
)
def test_what_the_wilds_stand_for_makes_a_natural_meld(indicator, cards, kind):
    """Read card by card, a meld's stands-for ranks make a natural meld of its kind;
    it has no more wilds than with the jokers alone wild; it is never all wilds."""
    rule, natural = (RUN, NATURAL_RUN) if kind == "run" else (SET, NATURAL_SET)
    wild = opposite_colour_wilds(indicator)
    reading = read_meld_card_wilds(cards, rule, wild)
    plain = read_meld(cards, rule)
    if plain.meld is not None and not any(c in wild - {JOKER} for c in cards):
        assert reading.meld is not None and reading.meld.wilds == plain.meld.wilds
    if reading.meld is None:
        assert reading.faults
        return
    meld = reading.meld
    assert meld.wilds < len(cards)
    ranks = stands_for(meld, rule, wild, VALUE)
    assert len(ranks) == len(cards)
    if kind == "run":
        rebuilt = [Card(r, meld.suit) for r in ranks]
    else:
        rebuilt = [Card(r, s) for r, s in zip(ranks, "CDHS" * 2, strict=False)]
    assert read_meld(rebuilt, natural).meld is not None
