"""Machiavelli matches for the fold-once laws: two to five players, a winner and
sometimes a final table (valid or not), and deals after the one game ends."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "machiavelli"
MELDS = ["7H 7D 7C", "QS KS AS", "AH 2H 3H", "KS AS 2S", "5D 6D", "9C 9C 9C"]


@st.composite
def deals(draw, players: int) -> dict:
    deal: dict = {"winner": draw(st.integers(0, players))}
    if draw(st.booleans()):
        deal["table"] = draw(st.lists(st.sampled_from(MELDS), max_size=3))
    return deal


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    options = draw(st.sampled_from([{}, {"check_table": True}]))
    return MatchCase(
        tuple(draw(st.lists(deals(players), max_size=3))),
        draw(deals(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
