"""Chinese Poker matches for the fold-once laws: three to five players, each hand
entered as every player's place, both scorings, one or several hands."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "chinese-poker"


def hands(players: int):
    return st.permutations(range(1, players + 1)).map(
        lambda places: {"places": list(places)}
    )


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(3, 5))
    options = draw(
        st.sampled_from([{}, {"hands": 5}, {"hands": 8, "scoring": "places"}])
    )
    return MatchCase(
        tuple(draw(st.lists(hands(players), max_size=8))),
        draw(hands(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
