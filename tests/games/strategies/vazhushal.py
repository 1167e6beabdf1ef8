"""Vazhushal matches for the fold-once laws: two to six players, a stock-out count
(hands and, sometimes, a pure sequence each) or a going out; one game per match, so
the deals after the first are the laws' deals after the end."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "vazhushal"
CODES = [card.code for card in STANDARD_CARDS]
# Pure sequences in four suits, one a player (at most six players: clubs, diamonds,
# hearts, spades, then the second deck's clubs and diamonds).
RUNS = ["2C 3C 4C", "5D 6D 7D", "8H 9H 10H", "JS QS KS", "2C 3C 4C", "5D 6D 7D"]
RUN_CARDS = {c for run in RUNS for c in run.split()}


@st.composite
def deals(draw, players: int) -> dict:
    if draw(st.booleans()):
        return {"mode": "out", "went_out": draw(st.integers(0, players - 1))}
    pool = [c for c in draw(st.permutations(CODES)) if c not in RUN_CARDS]
    result, start = [], 0
    for seat in range(players):
        size = draw(st.integers(0, 5))
        melds = [RUNS[seat]] if draw(st.booleans()) else []
        result.append({"melds": melds, "hand": " ".join(pool[start : start + size])})
        start += size
    negative = draw(st.sampled_from([*CODES, "Jo"]))
    return {"mode": "cards", "negative_joker": negative, "players": result}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 6))
    options = draw(st.sampled_from([{}, {"joker_in_hand": 0}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=3))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
