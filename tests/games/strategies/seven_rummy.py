"""Seven Rummy matches for the fold-once laws: two to five players, card and values
entry mixed, with a short target so that matches end (and deals after the end)."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "seven-rummy"
CODES = [card.code for card in STANDARD_CARDS]


@st.composite
def deals(draw, players: int) -> dict:
    cards = draw(st.permutations(CODES))
    out = draw(st.integers(0, players - 1))
    hands, start = [], 0
    for seat in range(players):
        size = 0 if seat == out else draw(st.integers(1, 7))
        hands.append(" ".join(cards[start : start + size]))
        start += size
    one_go = draw(st.booleans())
    if draw(st.booleans()):
        values = [0 if s == out else draw(st.integers(1, 110)) for s in range(players)]
        return {"mode": "totals", "went_out": out, "one_go": one_go, "deadwood": values}
    return {"went_out": out, "one_go": one_go, "hands": hands}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    options = draw(st.sampled_from([{}, {"target": 150}, {"target": None, "hands": 3}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
