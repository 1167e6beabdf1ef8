"""9-ball / 10-ball matches for the fold-once laws: frames tapped to a side, singles
and teams, 9 or 10 balls, each break order; now and then a frame the form refuses."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "nine-ball"

FRAME = st.builds(lambda side: {"side": side, "points": 1}, st.integers(0, 1))
BAD = st.sampled_from([{"side": 0, "points": 2}, {"points": 1}])


@st.composite
def _cases(draw) -> MatchCase:
    deal = st.one_of(FRAME, FRAME, FRAME, BAD)
    return MatchCase(
        tuple(draw(st.lists(deal, max_size=12))),
        draw(deal),
        draw(
            st.sampled_from([{}, {"balls": 10, "frames": 5}, {"break_order": "loser"}])
        ),
        draw(st.sampled_from([Table((0, 1)), Table((0, 1, 0, 1), 1)])),
    )


def matches():
    return _cases()
