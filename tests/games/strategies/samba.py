"""Samba matches: legal card-entry deals in order, and totals."""

from tests.games.strategies._canasta_like import canasta_matches

SLUG = "samba"


def matches():
    return canasta_matches(SLUG)
