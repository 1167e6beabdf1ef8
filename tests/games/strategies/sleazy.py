"""Sleazy matches: legal rounds (card entry) and totals, over two or four rounds."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.test_sleazy_properties import rounds, totals

SLUG = "sleazy"


def matches():
    deal = st.one_of(totals, rounds().map(lambda case: case[0]))
    lengths = st.sampled_from([2, 4]).map(lambda n: {"rounds": n})
    return cases(deal, options=lengths, max_deals=5)
