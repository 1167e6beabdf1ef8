"""Slords matches for the fold-once laws: two to five players, sets drawn from the
deck (some not sets, so rejected deals are seen too) and totals mixed, to 50 points
or a few rounds."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from games.rules.slords import RED_KINGS
from tests.games.strategies import MatchCase

SLUG = "slords"
CODES = [c.code for c in STANDARD_CARDS if c not in RED_KINGS] + ["Jo"]
RUNS = ["9D 10D JD", "4H 5H 6H", "QH Jo AH", "7S 7C 7H", "KS AS 2S", "2D 2C 2H"]


@st.composite
def deals(draw, players: int) -> dict:
    if draw(st.booleans()):
        return {
            "mode": "totals",
            "points": [draw(st.integers(0, 30 // players)) for _ in range(players)],
        }
    entries = []
    for _ in range(players):
        if draw(st.booleans()):
            entries.append({"sets": [draw(st.sampled_from(RUNS))]})
        else:
            cards = draw(st.lists(st.sampled_from(CODES), max_size=3, unique=True))
            entries.append({"sets": [" ".join(cards)]} if cards else {})
    return {"players": entries}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    options = draw(st.sampled_from([{}, {"target": None, "rounds": 4}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
