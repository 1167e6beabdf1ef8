"""Round robin: every pair meets once per cycle, byes and sides are balanced."""

from collections import Counter
from itertools import combinations, pairwise

import pytest

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.round_robin import round_robin

# Sleazy World Championship 2023 (rules/000_eb7d6ae73acb1182.txt, WORLD CHAMPIONSHIPS).
SLEAZY_2023 = (
    "Emilia Granroth",
    "Sampo Jaakkola",
    "Emmi Viitala",
    "Rosanna Viitala",
    "Johannes Aho",
    "Mikael Saurén",
    "Ville Viitala",
)


def _pairs(rounds):
    return Counter(frozenset(t.entries) for r in rounds for t in r.tables)


def test_sleazy_world_championship_2023_seven_players():
    """Seven players: 7 rounds, every pair exactly once, one bye each."""
    rounds = round_robin(SLEAZY_2023)
    assert len(rounds) == 7
    for r in rounds:
        check_round(r)
        assert len(r.tables) == 3 and len(r.byes) == 1
    assert _pairs(rounds) == Counter(frozenset(p) for p in combinations(SLEAZY_2023, 2))
    assert Counter(b.entry for r in rounds for b in r.byes) == Counter(SLEAZY_2023)


@pytest.mark.parametrize("n", range(2, 17))
def test_every_pair_once_and_sides_balanced(n):
    """n entries: every pair once; first-player count within one of n_games / 2."""
    entries = list(range(n))
    rounds = round_robin(entries)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert _pairs(rounds) == Counter(frozenset(p) for p in combinations(entries, 2))
    first = Counter(t.sides[0][0] for r in rounds for t in r.tables)
    games = n - 1
    for e in entries:
        assert abs(2 * first[e] - games) <= 1


def test_round_one_is_berger_round_one():
    """Round 1 pairs seed 1 v seed n, seed 2 v seed n-1, ..."""
    rounds = round_robin(list(range(1, 9)))
    assert {frozenset(t.entries) for t in rounds[0].tables} == {
        frozenset({1, 8}),
        frozenset({2, 7}),
        frozenset({3, 6}),
        frozenset({4, 5}),
    }


def test_clock_seats_alternate_sides():
    """Outside the game against the fixed seat, no entry plays first twice running."""
    n = 10
    rounds = round_robin(list(range(n)))
    for e in range(n - 1):
        sides = []
        for r in rounds:
            for t in r.tables:
                if e in t.entries and (n - 1) not in t.entries:
                    sides.append((r.number, t.sides[0][0] == e))
        for (r1, s1), (r2, s2) in pairwise(sides):
            if r2 == r1 + 1:
                assert s1 != s2


def test_double_round_robin_swaps_sides():
    """Second cycle repeats the pairings with sides swapped: each ordered pair once."""
    rounds = round_robin(list("ABCDE"), double=True)
    assert len(rounds) == 10
    assert [r.number for r in rounds] == list(range(1, 11))
    ordered = Counter(t.sides for r in rounds for t in r.tables)
    assert all(count == 1 for count in ordered.values())
    assert len(ordered) == 20  # 5 * 4 ordered pairs


def test_too_few_or_duplicate_entries_rejected():
    with pytest.raises(FormatError) as info:
        round_robin(["solo"])
    assert info.value.code == "too_few_entries"
    with pytest.raises(FormatError):
        round_robin(["a", "a"])
