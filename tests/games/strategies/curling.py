"""Curling matches for the fold-once laws: ends scored 1–8 by either team or
blank, with the hammer carried; 8 or 10 ends, with or without extra ends; a team
per seat or four players a team."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "curling"

TABLES = (Table((0, 1)), Table((0, 1), 1), Table((0, 1, 0, 1, 0, 1, 0, 1), 3))


def ends(most: int = 8):
    scored = st.builds(
        lambda side, points: {"side": side, "points": points},
        st.integers(0, 1),
        st.integers(1, most),
    )
    # A few out-of-range ends, so the laws see flagged ones too.
    bad = st.sampled_from([{"points": 2}, {"side": 0, "points": 0}])
    return st.one_of(st.just({}), scored, scored, bad)


@st.composite
def _cases(draw) -> MatchCase:
    options = draw(
        st.sampled_from([{}, {"ends": 10}, {"extra_ends": True}, {"ends": 8}])
    )
    return MatchCase(
        tuple(draw(st.lists(ends(), max_size=12))),
        draw(ends()),
        options,
        draw(st.sampled_from(TABLES)),
    )


def matches():
    return _cases()
