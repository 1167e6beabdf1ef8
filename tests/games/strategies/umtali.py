"""Umtali matches for the fold-once laws: two players, sides of melds drawn from the
deck (some not melds, so rejected deals are seen too) and totals mixed, four hands
and deals after the end."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "umtali"
CODES = [c.code for c in STANDARD_CARDS]


@st.composite
def deals(draw) -> dict:
    if draw(st.booleans()):
        return {"mode": "totals", "points": [draw(st.integers(0, 80)) for _ in "ab"]}
    cards = draw(st.permutations(CODES))
    sides, start = [], 0
    for _ in range(2):
        melds = []
        for _ in range(draw(st.integers(0, 4))):
            size = draw(st.integers(1, 3))
            melds.append(" ".join(cards[start : start + size]))
            start += size
        sides.append({"melds": melds})
    return {"sides": sides}


def matches():
    return st.builds(
        MatchCase,
        deals=st.lists(deals(), max_size=6).map(tuple),
        spare=deals(),
        table=st.just(Table((0, 1))),
    )
