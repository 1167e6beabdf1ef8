"""The best-partition solver: exact against a brute force over every partition."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.partition import brute_force_deadwood
from games.engine.cards import JOKER, STANDARD_CARDS, Card, parse_cards
from games.engine.melds import (
    PIP_VALUES,
    CardValues,
    Partitioner,
    RunRule,
    SetRule,
    Wilds,
    read_meld,
)

VALUES = CardValues("pips, joker 25", {**PIP_VALUES.by_rank, "Jo": 25})
GIN = Partitioner(sets=SetRule(), runs=RunRule(), values=VALUES)


@pytest.mark.parametrize(
    ("hand", "deadwood"),
    [
        ("AS 2S 3S 7H 7D 7C KD", 10),
        ("QS KS AS 5H 9D 9C 2S", 2 + 5 + 9 + 9),
        ("2S 4S 6S 8S 10S QS AH", 2 + 4 + 6 + 8 + 10 + 10 + 1),
        # 7♥ goes in the run or the set, not both: the set of sevens leaves
        # 5 + 6 + 8 + 8 = 27, the run 5-6-7 leaves 7 + 7 + 8 + 8 = 30.
        ("5H 6H 7H 7S 7D 8S 8C", 27),
        ("Jo 5H 7H 9C 9D KC KS", 5 + 7 + 9 + 9),
        ("Jo Jo 2S 4S 6S 8S 10S QS AH", 2 + 4 + 1),
        ("Jo", 25),
        ("5H 6H 7H 8H 9H 10H JH QH KH AH 2C 3C 5C", 2 + 3 + 5),
    ],
)
def test_worked_hands(hand, deadwood):
    """Hand-computed least deadwood (pips, court cards 10, joker 25 in hand)."""
    assert GIN.deadwood(parse_cards(hand)) == deadwood
    assert brute_force_deadwood(parse_cards(hand), SetRule(), RunRule(), VALUES) == (
        deadwood
    )


def test_round_the_corner_changes_the_answer():
    hand = parse_cards("KH AH 2H 9S 9D")
    wrap = Partitioner(sets=SetRule(), runs=RunRule(wrap=True), values=VALUES)
    assert GIN.deadwood(hand) == 10 + 1 + 2 + 9 + 9
    assert wrap.deadwood(hand) == 9 + 9


def test_two_decks():
    """With two decks a set may hold a face twice, a run never; each copy is a card."""
    two = Partitioner(sets=SetRule(), runs=RunRule(), values=VALUES, decks=2)
    assert two.deadwood(parse_cards("7H 7H 7S KD")) == 10
    assert two.deadwood(parse_cards("5H 6H 7H 5H 6H 7H 9C")) == 9
    assert two.deadwood(parse_cards("5H 5H 6H")) == 16
    found = two.partition(parse_cards("5H 6H 7H 5H 6H 7H 7C 9C"))
    assert found.deadwood == 7 + 9  # two runs 5-6-7; the sevens' set would leave 31
    assert [len(m.cards) for m in found.melds] == [3, 3]
    with pytest.raises(ValueError, match="copies"):
        two.deadwood(parse_cards("5H 5H 5H"))


def test_refused_hands_and_rules():
    """One deck's naturals only; wild-only melds and stands_for are not searched."""
    with pytest.raises(ValueError, match="twice"):
        GIN.deadwood(parse_cards("5H 5H 6H"))
    with pytest.raises(ValueError):
        Partitioner(sets=SetRule(wilds=Wilds(min_naturals=0)), values=VALUES)
    with pytest.raises(ValueError):
        Partitioner(runs=RunRule(wilds=Wilds(stands_for=frozenset("5"))), values=VALUES)
    with pytest.raises(ValueError):
        Partitioner(values=VALUES)


WILDS = st.builds(
    Wilds,
    ranks=st.sampled_from([frozenset({"Jo"}), frozenset({"Jo", "2"})]),
    max_per_meld=st.none() | st.integers(0, 2),
    min_naturals=st.integers(1, 2),
    not_more_than_naturals=st.booleans(),
)


@st.composite
def cases(draw, decks: int = 1):
    wilds = draw(WILDS)
    sets = draw(
        st.none()
        | st.builds(
            SetRule,
            min_length=st.integers(3, 4),
            max_length=st.none() | st.just(4),
            wilds=st.just(wilds),
        )
    )
    runs = draw(
        st.builds(
            RunRule,
            min_length=st.integers(3, 4),
            ace_low=st.booleans(),
            ace_high=st.booleans(),
            ace_both_ends=st.booleans(),
            wrap=st.booleans(),
            wilds=st.just(wilds),
        )
    )
    size = draw(st.integers(7, 13))
    jokers = draw(st.integers(0, 3))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    # Lean towards melds: most hands come from a few neighbouring ranks.
    low = rng.randrange(13)
    pool = [c for c in STANDARD_CARDS if c.rank in _ranks(low, rng.randint(4, 13))]
    pool *= decks
    hand = [*rng.sample(pool, min(size - jokers, len(pool))), *[JOKER] * jokers]
    return sets, runs, hand


def _ranks(low: int, count: int) -> set[str]:
    order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    return {order[(low + i) % 13] for i in range(count)}


@pytest.mark.slow(
    reason="150 examples, each against a brute force over every partition"
)
@settings(max_examples=150, deadline=None)
@given(case=cases())
def test_solver_equals_brute_force(case):
    """Least deadwood == the brute force's, for 7–13 cards with and without wilds,
    ace low / high / both ends / round the corner, wild limits per meld."""
    sets, runs, hand = case
    solver = Partitioner(sets=sets, runs=runs, values=VALUES)
    assert solver.deadwood(hand) == brute_force_deadwood(hand, sets, runs, VALUES)


@pytest.mark.slow(
    reason="150 examples, each partition checked meld by meld against the rules"
)
@settings(max_examples=150, deadline=None)
@given(case=cases())
def test_partition_is_a_partition_of_legal_melds(case):
    """The melds returned are legal, hold with the deadwood every card once, and
    leave the least deadwood."""
    sets, runs, hand = case
    solver = Partitioner(sets=sets, runs=runs, values=VALUES)
    found = solver.partition(hand)
    rules = {"set": sets, "run": runs}
    for meld in found.melds:
        reading = read_meld(meld.cards, rules[meld.kind])
        assert reading.faults == ()
        assert reading.meld.wilds == meld.wilds
    used: list[Card] = [c for m in found.melds for c in m.cards]
    used.extend(found.deadwood_cards)
    assert sorted(map(str, used)) == sorted(map(str, hand))
    assert VALUES.total(found.deadwood_cards) == found.deadwood
    assert found.deadwood == solver.deadwood(hand)


@pytest.mark.slow(
    reason="100 two-deck examples, each against a brute force over every partition"
)
@settings(max_examples=100, deadline=None)
@given(case=cases(decks=2))
def test_two_decks_solver_equals_brute_force(case):
    """With two decks (a face twice in a hand) the solver still equals the brute
    force, and its partition is legal melds and deadwood holding every card once."""
    sets, runs, hand = case
    solver = Partitioner(sets=sets, runs=runs, values=VALUES, decks=2)
    assert solver.deadwood(hand) == brute_force_deadwood(hand, sets, runs, VALUES)
    found = solver.partition(hand)
    rules = {"set": sets, "run": runs}
    assert all(read_meld(m.cards, rules[m.kind]).meld for m in found.melds)
    used = [c for m in found.melds for c in m.cards] + list(found.deadwood_cards)
    assert sorted(map(str, used)) == sorted(map(str, hand))
    assert found.deadwood == solver.deadwood(hand)
