"""Runs where a wild rank may stand as itself (web page 004, Burraco's twos)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import JOKER, RANKS, parse_cards
from games.engine.melds import Fault, MeldKind, RunRule, Wilds, read_meld
from games.engine.melds.natural_wilds import read_run_with_natural

# Burraco: jokers and twos wild, one wild a meld; aces high or low, not both.
BURRACO_RUN = RunRule(wilds=Wilds(ranks=frozenset({"Jo", "2"}), max_per_meld=1))


def read(cards: str):
    return read_run_with_natural(parse_cards(cards), BURRACO_RUN)


@pytest.mark.parametrize(
    ("cards", "wilds"),
    [
        ("2H 3H 4H", 0),  # the 2 as itself: a clean run
        ("2H 3H 4H Jo", 1),  # 004: "2-3-4♥-★ contains just one wild card"
        ("3H 4H 2H 6H", 1),  # 004: 3-4-2-6♥, the 2 stands for the 5♥
        ("AH 2H 3H", 0),
        ("2S 3H 4H", 1),  # a 2 of another suit is wild
        ("2H 2H 3H", 1),  # one 2♥ as itself, the other wild (A or 4)
        ("2H 3H 4H 5H 6H 7H 8H", 0),  # a clean seven: a clean burraco
        ("2H 3H 4H 5H 6H 7H 2C", 1),
        ("7S Jo 9S", 1),
        ("7S 8S 9S", 0),
    ],
)
def test_runs_and_their_wilds(cards, wilds):
    reading = read(cards)
    assert reading.meld is not None, reading.faults
    assert reading.meld.kind == MeldKind.RUN
    assert reading.meld.wilds == wilds


@pytest.mark.parametrize(
    ("cards", "fault"),
    [
        ("2H 3H 4H Jo 2C", Fault.TOO_MANY_WILDS),  # one wild besides the natural 2
        ("3H 4H Jo 2C", Fault.TOO_MANY_WILDS),
        ("2H 3S 4H", Fault.MIXED_SUITS),
        ("2H 4H 7H", Fault.NOT_IN_A_ROW),
        ("2H 3H", Fault.TOO_SHORT),
    ],
)
def test_not_runs(cards, fault):
    reading = read(cards)
    assert reading.meld is None
    assert fault in reading.faults


def test_the_plain_engine_counts_the_two_wild():
    # What the engine's read_meld makes of 2-3-4♥: one wild (the two).
    assert read_meld(parse_cards("2H 3H 4H"), BURRACO_RUN).meld.wilds == 1


cards_ = st.lists(
    st.sampled_from(
        [*parse_cards(" ".join(f"{r}{s}" for r in RANKS for s in "HS")), JOKER]
    ),
    min_size=0,
    max_size=9,
)


@given(cards_)
def test_accepts_what_the_engine_accepts_with_no_more_wilds(cards):
    plain = read_meld(cards, BURRACO_RUN)
    ours = read_run_with_natural(cards, BURRACO_RUN)
    assert (ours.meld is None) != (not ours.faults)  # a meld or faults, not both
    if plain.meld is not None:
        assert ours.meld is not None and ours.meld.wilds <= plain.meld.wilds
    if ours.meld is None:
        assert ours.faults == plain.faults


@given(st.integers(3, 13))
def test_natural_runs_from_the_two_are_clean(length):
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    cards = parse_cards(" ".join(f"{r}D" for r in ranks[:length]))
    reading = read_run_with_natural(cards, BURRACO_RUN)
    assert reading.meld is not None and reading.meld.wilds == 0
