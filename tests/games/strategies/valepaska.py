"""Valepaska matches: two to six players, strict finishing orders, the winner and
the loser, or only the loser; Paskahousu and the jacks house rule as options."""

from hypothesis import strategies as st

from tests.games.strategies._placing import cases

SLUG = "valepaska"

VARIANTS = st.fixed_dictionaries(
    {"face_up": st.booleans(), "jacks_on_empty": st.booleans()}
)


def matches():
    return cases(SLUG, VARIANTS)
