"""Hex matches for the fold-once laws: games entered by their winner, or with the
full final board; one game, a fixed number or first to N."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.strategies._boards import connection_games

SLUG = "hex"
OPTIONS = st.sampled_from([{}, {"games": 4}, {"first_to": 3}])


def matches():
    return cases(connection_games("rhombus"), options=OPTIONS, max_deals=6)
