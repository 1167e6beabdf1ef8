"""Finnish dartboard matches: one to four players, turns of five rings (sometimes
four, which the game refuses), a few rounds."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "finnish-dartboard"

turn = st.lists(st.integers(0, 10), min_size=4, max_size=5).map(
    lambda rings: {"darts": rings}
)


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(1, 4))
    return MatchCase(
        tuple(draw(st.lists(turn, max_size=12))),
        draw(turn),
        {"rounds": draw(st.integers(1, 3))},
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
