"""Modern Skruuvi matches: legal team deals (contracts of six and seven, legal in a
kotka too)."""

from tests.games.skruuvi_strategies import team_deals
from tests.games.strategies import cases

SLUG = "skruuvi"


def matches():
    return cases(team_deals(min_level=6), max_deals=10)
