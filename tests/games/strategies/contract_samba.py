"""Contract Samba matches: the legal deals (auction, melds, hands) and totals of the
Contract Samba property tests."""

from hypothesis import strategies as st

from tests.games.strategies import MatchCase
from tests.games.strategies._canasta_like import totals_deal
from tests.games.test_contract_samba_properties import matches as samba_matches

SLUG = "contract-samba"


def matches():
    return st.builds(
        MatchCase, deals=samba_matches().map(tuple), spare=totals_deal(2000)
    )
