"""Hand and Foot matches: the legal deals (hand, foot, five decks) and totals of the
Hand and Foot property tests."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase
from tests.games.strategies._canasta_like import totals_deal
from tests.games.test_hand_and_foot_properties import matches as hf_matches

SLUG = "hand-and-foot"


def matches():
    return st.builds(MatchCase, deals=hf_matches().map(tuple), spare=totals_deal(1200))
