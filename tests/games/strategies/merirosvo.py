"""Merirosvo matches: turns of any darts, the defender's bulls with a chosen sector
(sometimes a closed one, which the game refuses)."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase
from tests.games.strategies._darts import turn


@st.composite
def deal(draw) -> dict:
    darts = draw(turn(list(range(1, 21))))
    bulls = sum(d in ("OB", "IB") for d in darts)
    chosen = draw(st.lists(st.integers(1, 20), min_size=bulls, max_size=bulls))
    return {"darts": darts, "bull_closes": chosen} if chosen else {"darts": darts}


SLUG = "merirosvo"


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(deal(), max_size=30).map(tuple),
        spare=deal(),
    )
