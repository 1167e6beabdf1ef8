"""Rymypallo for the fold-once laws: goals of either team, an end now and then,
the playing time set or not, either team kicking off."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase
from tests.games.strategies._events import GOALS

SLUG = "rymypallo"


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(GOALS, max_size=12).map(tuple),
        spare=GOALS,
        options=st.sampled_from([{}, {"minutes": 40}]),
        table=st.sampled_from([Table((0, 1)), Table((0, 1), first_dealer=1)]),
    )
