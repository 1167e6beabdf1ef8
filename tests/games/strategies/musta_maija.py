"""Musta Maija matches: three to six players, places with ties (one loser) or only
the loser, over a number of games or to a target."""

from tests.games.strategies._placing import cases

SLUG = "musta-maija"


def matches():
    return cases(SLUG)
