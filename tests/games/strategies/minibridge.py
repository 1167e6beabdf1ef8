"""Minibridge matches: up to ten deals of legal contracts with any outcome; now
and then a contract that is not one of the fifteen or tricks that do not add up
(which the fold keeps flagged)."""

from hypothesis import strategies as st

from games.rules.minibridge import CONTRACTS
from tests.games.strategies import MatchCase

SLUG = "minibridge"
LEGAL = [(n, t) for n, ts in CONTRACTS.items() for t in ts]


@st.composite
def _deal(draw) -> dict:
    contract, trumps = draw(st.sampled_from(LEGAL))
    if draw(st.integers(0, 9)) == 0:
        contract, trumps = 11, "no_trump"  # not a contract (§11.3)
    outcome = draw(st.integers(0, 13))
    rest = 13 - outcome + draw(st.sampled_from([0, 0, 0, 0, 1]))
    return {
        "declarer": draw(st.integers(0, 2)),
        "contract": contract,
        "trumps": trumps,
        "tricks": [outcome, rest],
    }


@st.composite
def _match(draw) -> MatchCase:
    length = draw(st.integers(0, 10))
    return MatchCase(
        deals=tuple(draw(_deal()) for _ in range(length)), spare=draw(_deal())
    )


def matches():
    return _match()
