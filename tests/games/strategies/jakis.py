"""Jäkis for the fold-once laws: goals of either player (past the stock's cap
now and then, which the fold keeps flagged) and an end now and then."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "jakis"

GOALS = st.fixed_dictionaries(
    {"by": st.integers(0, 1)},
    optional={"end": st.sampled_from([False, False, False, True])},
)


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(GOALS, max_size=10).map(tuple),
        spare=GOALS,
    )
