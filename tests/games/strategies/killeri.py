"""Killeri matches: three to five players; the draw first (now and then one with
two sectors side by side, which the game refuses), then turns aimed at the own
sectors, an offer sometimes declined."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase
from tests.games.strategies._darts import turn

SLUG = "killeri"
SECTORS = [20, 3, 11, 6, 16]


def deal(players: int):
    own = SECTORS[:players]
    return st.builds(
        lambda darts, declined: {"darts": darts, "declined": declined},
        turn(own),
        st.sampled_from([[], [], [1], [3]]),
    )


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(3, 5))
    draw_deal = {"mode": "draw", "own_sectors": SECTORS[:players]}
    if draw(st.integers(0, 9)) == 0:
        draw_deal = {"mode": "draw", "own_sectors": [20, 1, *SECTORS[2:players]]}
    return MatchCase(
        (draw_deal, *draw(st.lists(deal(players), max_size=25))),
        draw(deal(players)),
        {},
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
