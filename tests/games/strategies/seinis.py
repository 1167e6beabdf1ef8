"""Seinis matches: two to twelve players, drops one at a time (sometimes of a player
already out: refused and flagged), whole games as places, or only the winner."""

from tests.games.strategies._placing import cases

SLUG = "seinis"


def matches():
    return cases(SLUG)
