"""Marjapussi matches for the fold-once laws: the legal deals of the Marjapussi
property tests (sweeps to Porvoo among them), now and then pips that do not add up
(a flagged deal), under each reading of both sides at twelve."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.test_marjapussi import deals

SLUG = "marjapussi"

BAD = st.integers(0, 119).map(lambda p: {"last_trick": 0, "pips": [p, 119 - p]})


def matches():
    readings = st.sampled_from(["draw", "last_trick", "play_on"])
    return cases(
        st.one_of(deals(), deals(), BAD),
        options=readings.map(lambda r: {"both_twelve": r}),
        max_deals=30,
    )
