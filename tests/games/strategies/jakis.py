"""Jäkis for the fold-once laws: goals of either player (past the stock's cap
now and then, which the fold keeps flagged) and an end now and then."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase
from tests.games.strategies._events import GOALS

SLUG = "jakis"


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(GOALS, max_size=10).map(tuple),
        spare=GOALS,
    )
