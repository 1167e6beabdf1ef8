"""Totem Tennis games for the fold-once laws: rallies tapped to a player, to ten or a
shorter target; now and then a rally the form refuses."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase

SLUG = "totem-tennis"

RALLY = st.builds(lambda side: {"side": side, "points": 1}, st.integers(0, 1))
DEAL = st.one_of(RALLY, RALLY, RALLY, st.just({"side": 1, "points": 3}))


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(DEAL, max_size=24).map(tuple),
        spare=DEAL,
        options=st.sampled_from([{}, {"target": 3}, {"target": 21}]),
    )
