"""Largest-remainder allocation: no cent created or lost, each share within a unit."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from money.settlement import MoneyError
from money.settlement.allocation import allocate, allocate_equally, round_to_total


def test_equal_split_gives_odd_cent_to_first_by_default():
    assert allocate_equally(100, 3) == (34, 33, 33)


def test_tie_break_key_decides_who_gets_the_odd_cent():
    """Equal remainders: the smallest caller key wins."""
    assert allocate_equally(100, 3, tie_break=[2, 0, 1]) == (33, 34, 33)


def test_largest_remainder_beats_tie_break():
    # quotas 10 * (1/6, 2/6, 3/6) = 1.67, 3.33, 5: the 0.67 remainder wins the unit.
    assert allocate(10, [1, 2, 3], tie_break=[9, 0, 0]) == (2, 3, 5)


def test_negative_total_splits_a_debt():
    assert allocate_equally(-5, 2) == (-2, -3)


def test_zero_weight_gets_nothing():
    assert allocate(7, [0, 1, 1]) == (0, 4, 3)


@pytest.mark.parametrize(
    ("weights", "code"),
    [
        ([], "no_weights"),
        ([0, 0], "zero_weights"),
        ([1, -1], "negative_weight"),
        ([0.5, 0.5], "invalid_weight"),
    ],
)
def test_invalid_weights(weights, code):
    with pytest.raises(MoneyError) as err:
        allocate(10, weights)
    assert err.value.code == code


weights_st = st.lists(
    st.one_of(st.integers(0, 1000), st.fractions(0, 1000)), min_size=1, max_size=12
).filter(lambda ws: sum(ws) > 0)


@given(st.integers(-(10**9), 10**9), weights_st)
def test_sum_is_exact_and_each_share_within_one_unit(total, weights):
    shares = allocate(total, weights)
    assert sum(shares) == total
    weight_sum = sum(Fraction(w) for w in weights)
    for share, w in zip(shares, weights, strict=True):
        quota = total * Fraction(w) / weight_sum
        assert math.floor(quota) <= share <= math.floor(quota) + 1
        assert abs(share - quota) < 1


@given(st.lists(st.fractions(-100, 100), min_size=1, max_size=10))
def test_round_to_total_zero_sum(values):
    quotas = [*values, -sum(values)]
    shares = round_to_total(quotas, 0)
    assert sum(shares) == 0
    assert all(abs(s - q) < 1 for s, q in zip(shares, quotas, strict=True))
