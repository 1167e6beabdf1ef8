"""Meld kinds: sets and runs, wilds and their limits, faults and their wording."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import JOKER, STANDARD_CARDS, parse_cards
from games.engine.melds import (
    NO_WILDS,
    Fault,
    MeldKind,
    RunRule,
    SetRule,
    Wilds,
    fault_errors,
    read_meld,
)

F = Fault


def faults(cards: str, rule) -> tuple[Fault, ...]:
    return read_meld(parse_cards(cards), rule).faults


@pytest.mark.parametrize(
    ("cards", "rule", "expected"),
    [
        ("7H 7D 7C", SetRule(), ()),
        ("7H 7D Jo", SetRule(), ()),
        ("7H 7D 7C 7S 7H", SetRule(), ()),  # two decks: a set may repeat a face
        ("7H 7D", SetRule(), (F.TOO_SHORT,)),
        ("7H 7D 7C 7S Jo", SetRule(max_length=4), (F.TOO_LONG,)),
        ("7H 8D 7C", SetRule(), (F.MIXED_RANKS,)),
        ("Jo Jo Jo", SetRule(), (F.TOO_FEW_NATURALS,)),
        ("Jo Jo", SetRule(), (F.TOO_SHORT, F.TOO_FEW_NATURALS)),
        ("7H Jo Jo", SetRule(wilds=Wilds(max_per_meld=1)), (F.TOO_MANY_WILDS,)),
        (
            "7H Jo Jo",
            SetRule(wilds=Wilds(not_more_than_naturals=True)),
            (F.TOO_MANY_WILDS,),
        ),
        ("7H 7S Jo Jo", SetRule(wilds=Wilds(not_more_than_naturals=True)), ()),
        ("7H Jo Jo", SetRule(wilds=Wilds(min_naturals=2)), (F.TOO_FEW_NATURALS,)),
        (
            "8H 8D Jo",
            SetRule(wilds=Wilds(stands_for=frozenset({"7"}))),
            (F.WILD_STANDS_FOR,),
        ),
        ("8H 8D 8C", SetRule(wilds=Wilds(stands_for=frozenset({"7"}))), ()),
        ("2H 7D 7C", SetRule(wilds=Wilds(ranks=frozenset({"2", "Jo"}))), ()),
        ("Jo 7D 7C", SetRule(wilds=NO_WILDS), (F.MIXED_RANKS,)),
    ],
)
def test_sets(cards, rule, expected):
    """A set is naturals of one rank with wilds within the limits; every fault that
    applies is reported, in the engine's order."""
    assert faults(cards, rule) == expected


@pytest.mark.parametrize(
    ("cards", "rule", "expected"),
    [
        ("5H 6H 7H", RunRule(), ()),
        ("7H 5H 6H", RunRule(), ()),  # in any order
        ("AH 2H 3H", RunRule(), ()),
        ("AH 2H 3H", RunRule(ace_low=False), (F.NOT_IN_A_ROW,)),
        ("QH KH AH", RunRule(), ()),
        ("QH KH AH", RunRule(ace_high=False), (F.NOT_IN_A_ROW,)),
        ("KH AH 2H", RunRule(), (F.NOT_IN_A_ROW,)),
        ("KH AH 2H", RunRule(wrap=True), ()),
        ("JH QH KH AH 2H 3H", RunRule(wrap=True), ()),
        ("5H 6H 8H", RunRule(), (F.NOT_IN_A_ROW,)),
        ("5H Jo 7H", RunRule(), ()),
        ("5H Jo Jo 8H", RunRule(), ()),
        ("5H Jo 9H", RunRule(), (F.NOT_IN_A_ROW,)),
        ("5H 6H", RunRule(), (F.TOO_SHORT,)),
        ("5H 6H 7H", RunRule(min_length=4), (F.TOO_SHORT,)),
        ("5H 6S 7H", RunRule(), (F.MIXED_SUITS,)),
        ("5H 5H 6H", RunRule(), (F.REPEATED_RANK,)),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            RunRule(),
            (F.TOO_LONG, F.REPEATED_RANK),
        ),
        (
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
            RunRule(ace_both_ends=True),
            (),
        ),
        ("Jo 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH Jo", RunRule(ace_both_ends=True), ()),
        (
            "Jo 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH Jo",
            RunRule(),
            (F.TOO_LONG, F.NOT_IN_A_ROW),
        ),
        ("Jo Jo Jo", RunRule(), (F.TOO_FEW_NATURALS,)),
        ("2H 3H Jo", RunRule(wilds=Wilds(stands_for=frozenset({"4"}))), ()),
        (
            "3H Jo 5H",
            RunRule(wilds=Wilds(stands_for=frozenset({"5"}))),
            (F.WILD_STANDS_FOR,),
        ),
        (
            "4H Jo 7H",
            RunRule(wilds=Wilds(stands_for=frozenset({"5"}))),
            (F.NOT_IN_A_ROW,),
        ),
        ("5H 2H 7H", RunRule(wilds=Wilds(ranks=frozenset({"2"}))), ()),
    ],
)
def test_runs(cards, rule, expected):
    """A run is one suit in sequence; the ace low, high, at both ends or round the
    corner as the rule says; wilds fill gaps and ends."""
    assert faults(cards, rule) == expected


def test_a_meld_read_says_what_it_is():
    """The meld names its kind, rank or suit, and whether it is natural."""
    natural = read_meld(parse_cards("7H 7D 7C"), SetRule()).meld
    mixed = read_meld(parse_cards("5S Jo 7S"), RunRule()).meld
    assert (natural.kind, natural.rank, natural.natural) == (MeldKind.SET, "7", True)
    assert (mixed.kind, mixed.suit.value, mixed.wilds, mixed.natural) == (
        MeldKind.RUN,
        "S",
        1,
        False,
    )


def test_max_length_of_a_run():
    assert RunRule().max_length == 13
    assert RunRule(ace_both_ends=True).max_length == 14
    assert RunRule(ace_low=False, ace_high=False).max_length == 12
    assert RunRule(ace_low=False, ace_high=False, wrap=True).max_length == 13


def test_faults_are_worded_by_the_game():
    """A game gives each fault its own code and message; first_only keeps one."""
    wording = {
        Fault.TOO_SHORT: ("set_size", "a set is 4 cards, not {length}"),
        Fault.MIXED_RANKS: ("mixed_numbers", "one number"),
    }
    found = (Fault.TOO_SHORT, Fault.MIXED_RANKS)
    errors = fault_errors("sets.0", found, wording, length=3)
    assert [(e.path, e.code, e.message) for e in errors] == [
        ("sets.0", "set_size", "a set is 4 cards, not 3"),
        ("sets.0", "mixed_numbers", "one number"),
    ]
    first = fault_errors("sets.0", found, wording, length=3, first_only=True)
    assert [e.code for e in first] == ["set_size"]


RULES = st.one_of(
    st.builds(
        SetRule,
        min_length=st.integers(2, 4),
        max_length=st.none() | st.integers(3, 6),
        wilds=st.builds(
            Wilds,
            max_per_meld=st.none() | st.integers(0, 2),
            min_naturals=st.integers(0, 2),
            not_more_than_naturals=st.booleans(),
        ),
    ),
    st.builds(
        RunRule,
        min_length=st.integers(3, 4),
        ace_low=st.booleans(),
        ace_high=st.booleans(),
        ace_both_ends=st.booleans(),
        wrap=st.booleans(),
        wilds=st.builds(
            Wilds,
            max_per_meld=st.none() | st.integers(0, 2),
            stands_for=st.none()
            | st.frozensets(st.sampled_from(["A", "2", "5", "K"]), min_size=1),
        ),
    ),
)


@given(
    cards=st.lists(st.sampled_from([*STANDARD_CARDS, JOKER]), max_size=15),
    rule=RULES,
)
def test_read_meld_is_total(cards, rule):
    """Every list of cards reads as a meld or as faults, never both, never raising."""
    reading = read_meld(cards, rule)
    assert (reading.meld is None) == bool(reading.faults)
    if reading.meld is not None:
        assert reading.meld.cards == tuple(cards)
        assert reading.meld.wilds == sum(1 for c in cards if rule.wilds.is_wild(c))


@given(
    suit=st.sampled_from(["S", "H", "D", "C"]),
    start=st.integers(0, 12),
    length=st.integers(3, 13),
    holes=st.sets(st.integers(0, 12)),
)
def test_every_stretch_round_the_corner_is_a_run(suit, start, length, holes):
    """Any stretch of the ring of ranks, holes filled by jokers, is a wrap run."""
    ring = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    codes = [ring[(start + i) % 13] + suit for i in range(length)]
    codes = ["Jo" if i in holes else code for i, code in enumerate(codes)]
    if all(c == "Jo" for c in codes):
        codes[0] = ring[start] + suit
    assert faults(" ".join(codes), RunRule(wrap=True)) == ()
