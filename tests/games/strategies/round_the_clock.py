"""round-the-clock matches: two to four players, turns aimed at the low sectors (so that
the race gets somewhere), the bull and misses, the game's options."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase
from tests.games.strategies._darts import turn

SLUG = "round-the-clock"

deal = turn(list(range(1, 8))).map(lambda darts: {"darts": darts})


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 4))
    options = {"finish_round": draw(st.booleans())}
    if SLUG == "kangaroo":
        options["bull_finish"] = draw(st.booleans())
    return MatchCase(
        tuple(draw(st.lists(deal, max_size=14))),
        draw(deal),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
