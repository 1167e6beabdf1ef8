"""Breakthrough games for the fold-once laws: halves of 0 … 12 attackers through
(some over a team's size, which the rules refuse), one or more rounds."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "breakthrough"

HALF = st.builds(lambda n: {"points": n}, st.integers(0, 12))


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(HALF, max_size=8).map(tuple),
        spare=HALF,
        options=st.sampled_from(
            [{}, {"team_sizes": [10, 7]}, {"rounds": 3, "team_sizes": [5, 5]}]
        ),
    )
