"""kangaroo matches: two to four players, turns aimed at the low sectors (so that
the race gets somewhere), the bull and misses, the game's options (``bull_finish``
too)."""

from tests.games.strategies._darts import race_matches

SLUG = "kangaroo"


def matches():
    return race_matches(bull_finish=True)
