"""Musta Pekka matches: two to six players (the pairs variant only from three: a
match of it at two is not started, so it is drawn for three or more), places with
ties (one loser), the winner or the loser."""

from hypothesis import strategies as st

from games.engine import Table
from tests.games.strategies import MatchCase
from tests.games.strategies._placing import cases

SLUG = "musta-pekka"


def _with_pairs(case: MatchCase) -> MatchCase:
    table = case.table or Table((0, 1, 2, 3))
    if len(table.seats) < 3:
        return case
    return MatchCase(case.deals, case.spare, {**case.options, "pairs": True}, table)


def matches():
    return st.one_of(cases(SLUG), cases(SLUG).map(_with_pairs))
