"""Android Whist matches: tricks per side (per seat at four) that add up to 13,
now and then a count that does not (the fold keeps it flagged), at either table."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "android-whist"

PER_SIDE = st.one_of(
    st.integers(0, 13).map(lambda won: {"tricks": [won, 13 - won]}),
    st.tuples(st.integers(0, 13), st.integers(0, 13)).map(
        lambda t: {"tricks": list(t)}
    ),
)
PER_SEAT = st.tuples(*[st.integers(0, 4)] * 3).map(
    lambda t: {"tricks": [*t, 13 - sum(t)]}
)


def matches():
    two = st.builds(
        MatchCase,
        deals=st.lists(PER_SIDE, max_size=12).map(tuple),
        spare=PER_SIDE,
        options=st.sampled_from([{}, {"target": 12}]),
        table=st.just(Table((0, 1))),
    )
    deal = st.one_of(PER_SIDE, PER_SEAT)
    four = st.builds(
        MatchCase,
        deals=st.lists(deal, max_size=12).map(tuple),
        spare=deal,
        table=st.just(Table((0, 1, 0, 1))),
    )
    return st.one_of(two, four)
