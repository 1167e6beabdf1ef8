"""Sinkki sessions for the fold-once laws: three to five players, card and trash
entry mixed, sinkki calls, ties that carry chips to the next deal's winner."""

from hypothesis import strategies as st

from games.engine import Table
from games.engine.cards import STANDARD_CARDS
from tests.games.strategies import MatchCase

SLUG = "sinkki"
CODES = [card.code for card in STANDARD_CARDS]


@st.composite
def deals(draw, players: int) -> dict:
    sinkki = draw(st.none() | st.integers(0, players - 1))
    if draw(st.booleans()):
        cards = draw(st.permutations(CODES))
        hands = [" ".join(cards[7 * s : 7 * s + 7]) for s in range(players)]
        return {"hands": hands, "sinkki": sinkki}
    # Small trash values, so that ties (and carries) and clean games are common.
    trash = draw(st.lists(st.integers(0, 6), min_size=players, max_size=players))
    return {"mode": "totals", "trash": trash, "sinkki": sinkki}


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(3, 5))
    options = draw(st.sampled_from([{}, {"deals": 3}, {"start": 20}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=8))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
