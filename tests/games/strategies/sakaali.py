"""Sakaali matches: card-entry and totals deals, with the options that change the
fold (best of three, the tie bonus carried, the target)."""

from hypothesis import strategies as st

from tests.games.strategies import cases
from tests.games.test_sakaali_properties import any_deal

SLUG = "sakaali"


def matches():
    options = st.fixed_dictionaries(
        {
            "best_of": st.sampled_from([1, 3]),
            "tie_bonus_carries": st.booleans(),
            "target": st.sampled_from([100, 300]),
        }
    )
    return cases(any_deal, options=options, max_deals=20)
