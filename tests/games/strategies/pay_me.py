"""Pay Me matches for the fold-once laws: two to five players, deadwood cards and
totals mixed (some over what the hand's cards can count, so rejected deals are seen
too), eleven hands and deals after the end."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "pay-me"
CODES = [card.code for card in STANDARD_CARDS] + ["Jo"]


@st.composite
def deals(draw, players: int) -> dict:
    out = draw(st.integers(0, players - 1))
    if draw(st.booleans()):
        values = [
            0 if s == out else 5 * draw(st.integers(0, 12)) for s in range(players)
        ]
        return {"mode": "totals", "went_out": out, "deadwood": values}
    cards = draw(st.permutations(CODES))
    entries, start = [], 0
    for seat in range(players):
        size = 0 if seat == out else draw(st.integers(0, 3))
        entries.append({"deadwood": " ".join(cards[start : start + size])})
        start += size
    return {"went_out": out, "players": entries}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=12))),
        draw(deals(players)),
        {},
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
