"""Samba property tests: random legal deals verify; mutated ones are rejected."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.canasta.samba import Samba
from tests.games.test_canasta_properties import (
    check_extra_copy_rejected,
    check_extra_wild_rejected,
    check_fold_from,
    check_legal_deal_scores,
    check_natural_removed_rejected,
)

GAME = Samba()
SCORES = st.sampled_from([(0, 0), (-120, 1500), (3000, 7000), (6995, -5)])


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_legal_deals_score(rnd, totals):
    check_legal_deal_scores(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_extra_copy_rejected(rnd, totals):
    check_extra_copy_rejected(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_natural_removed_rejected(rnd, totals):
    check_natural_removed_rejected(GAME, rnd, totals)


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), SCORES)
def test_third_wild_rejected(rnd, totals):
    """§30.2: at most two wild cards in a canasta meld."""
    check_extra_wild_rejected(GAME, rnd, totals)


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 6))
def test_fold_equals_prefix_then_rest(rnd, cut):
    check_fold_from(GAME, rnd, cut)
