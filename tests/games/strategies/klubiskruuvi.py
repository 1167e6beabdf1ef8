"""Klubiskruuvi matches: a legal twelve-deal game (eight team deals, four bolsus in a
random order); the spare is a team deal."""

from hypothesis import strategies as st

from tests.games.skruuvi_strategies import team_deals
from tests.games.strategies import MatchCase
from tests.games.test_klubiskruuvi_properties import games

SLUG = "klubiskruuvi"


def matches():
    return st.builds(MatchCase, deals=games().map(tuple), spare=team_deals(min_level=6))
