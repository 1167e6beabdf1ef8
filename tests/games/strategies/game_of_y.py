"""Y matches for the fold-once laws: games entered by their winner, or with the
full final triangle."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.strategies._boards import connection_games

SLUG = "game-of-y"
OPTIONS = st.sampled_from([{}, {"games": 3, "first_to": 2}, {"games": 5}])


def matches():
    return cases(connection_games("triangle"), options=OPTIONS, max_deals=6)
