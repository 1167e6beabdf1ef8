"""Tuppi matches: the legal deals of the Tuppi property tests, both scoring modes."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.test_tuppi_properties import deals

SLUG = "tuppi"


def matches():
    modes = st.sampled_from(["back_to_zero", "scorer_rises"])
    return cases(
        deals(),
        options=modes.map(lambda m: {"when_opponents_score": m}),
        max_deals=30,
    )
