"""Entries for the two-sided goal games' strategies (Jäkis, Rymypallo): a goal of
either side, with an end now and then."""

from hypothesis import strategies as st

GOALS = st.fixed_dictionaries(
    {"by": st.integers(0, 1)},
    optional={"end": st.sampled_from([False, False, False, True])},
)
