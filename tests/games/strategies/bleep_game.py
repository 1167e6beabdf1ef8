"""The Bleep Game for the fold-once laws: two to five players; shouts at cars and
at other vehicles, sometimes an entry that ends the game (the fold then flags the
entries after it), sometimes a seat not at the table (refused, kept flagged)."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase

SLUG = "bleep-game"


def shouts(players: int) -> st.SearchStrategy[dict]:
    return st.fixed_dictionaries(
        {
            "by": st.integers(0, players),
            "event": st.sampled_from(["car", "other"]),
        },
        optional={"end": st.sampled_from([False, False, False, True])},
    )


@st.composite
def _cases(draw) -> MatchCase:
    players = draw(st.integers(2, 5))
    options = draw(st.sampled_from([{}, {"target": 3}]))
    return MatchCase(
        tuple(draw(st.lists(shouts(players), max_size=12))),
        draw(shouts(players)),
        options,
        Table(tuple(range(players))),
    )


def matches():
    return _cases()
