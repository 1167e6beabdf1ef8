"""Multi-player tables: table sizes, balanced seating, shared placement points."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from tournaments.formats.base import FormatError, check_round
from tournaments.formats.multi_table import (
    multi_table_rounds,
    table_placement_points,
    table_sizes,
)


@pytest.mark.parametrize(
    ("n", "preferred", "expected"),
    [
        (14, 4, (4, 4, 3, 3)),
        (16, 4, (4, 4, 4, 4)),
        (9, 4, (3, 3, 3)),
        (13, 5, (5, 4, 4)),
        (7, 3, (4, 3)),
    ],
)
def test_table_sizes(n, preferred, expected):
    largest = max(preferred, *expected)
    assert table_sizes(n, preferred=preferred, max_size=largest) == expected


def test_impossible_split_is_a_director_error():
    with pytest.raises(FormatError):
        table_sizes(5, preferred=4, min_size=3, max_size=4)


def test_sixteen_players_five_rounds_fewest_repeats():
    """16 at tables of 4 for 5 rounds: a resolvable design exists with no repeat."""
    players = list(range(16))
    rounds = multi_table_rounds(players, 5, seed=1)
    met = Counter()
    for r in rounds:
        check_round(r)
        assert sorted(r.entries()) == players
        for t in r.tables:
            for a, b in combinations(t.entries, 2):
                met[frozenset((a, b))] += 1
    # 5 rounds x 4 tables x 6 pairs = 120 meetings among 120 pairs.
    assert sum(c - 1 for c in met.values() if c > 1) <= 12


def test_seat_one_rotates():
    rounds = multi_table_rounds(list(range(8)), 4, seed=0)
    first = Counter(t.sides[0][0] for r in rounds for t in r.tables)
    assert max(first.values()) <= 2


def test_deterministic_for_seed():
    one = multi_table_rounds(list(range(14)), 3, seed=5)
    two = multi_table_rounds(list(range(14)), 3, seed=5)
    assert [r.tables for r in one] == [r.tables for r in two]


def test_ties_share_placement_points_exactly():
    points = table_placement_points({"A": 30, "B": 30, "C": 10, "D": 5}, (4, 2, 1, 0))
    assert points == {"A": 3, "B": 3, "C": 1, "D": 0}
    three_way = table_placement_points({"A": 9, "B": 5, "C": 5, "D": 5}, (5, 3, 1, 0))
    assert three_way["B"] == Fraction(4, 3)
    low = table_placement_points(
        {"A": 10, "B": 20, "C": 30}, (3, 1, 0), lower_wins=True
    )
    assert low == {"A": 3, "B": 1, "C": 0}
