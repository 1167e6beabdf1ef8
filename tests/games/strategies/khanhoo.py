"""Khanhoo matches for the fold-once laws: two to four players, melds from the
catalogue (some not melds, and hands not all melded, so rejected deals are seen too)
and totals mixed, to 50 points or a lower target."""

from hypothesis import strategies as st

from games.engine import Table
from games.rules.khanhoo import KHANHOO_61, MOST_POINTS
from tests.games.strategies import MatchCase

SLUG = "khanhoo"
CODES = [c.code for c in KHANHOO_61.copies]
# Fifteen cards in five melds: 5 + 4 + 3 + 2 + 1, for the player who went out.
OUT = ["AH 2S 3D", "KC 9H 9H", "JC QC KC", "5H 5S 5D", "6H 7H 8H"]
OTHERS = ["QC 8S 8S", "AS AD Jo", "4H 4S 4D", "2D 3D 4D 5D", "JC 7D 7D"]


@st.composite
def deals(draw, players: int) -> dict:
    if draw(st.booleans()):
        return {
            "mode": "totals",
            "points": [draw(st.integers(0, MOST_POINTS)) for _ in range(players)],
        }
    out = draw(st.integers(0, players))  # one past the table: a bad seat
    entries = []
    for seat in range(players):
        if seat == out and draw(st.booleans()):
            entries.append({"melds": OUT})
        elif draw(st.booleans()):
            entries.append({"melds": [draw(st.sampled_from(OTHERS))]})
        else:
            cards = draw(st.lists(st.sampled_from(CODES), max_size=3))
            entries.append({"melds": [" ".join(cards)]} if cards else {})
    return {"went_out": out, "players": entries}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 4))
    options = draw(st.sampled_from([{}, {"target": 20}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
