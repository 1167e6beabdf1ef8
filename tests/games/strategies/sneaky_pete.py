"""Sneaky Pete matches at three to six players: totals entry and some hands the rules
refuse (kept flagged by the fold)."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase
from tests.games.test_sneaky_pete_properties import matches as sneaky_matches

SLUG = "sneaky-pete"


@st.composite
def _cases(draw) -> MatchCase:
    players, deals = draw(sneaky_matches())
    out = draw(st.integers(0, players - 1))
    spare = {
        "mode": "totals",
        "went_out": out,
        "points": [
            0 if s == out else 5 * draw(st.integers(1, 30)) for s in range(players)
        ],
    }
    return MatchCase(tuple(deals), spare, {}, Table(tuple(range(players))))


def matches():
    return _cases()
