"""games.engine.melds.contracts: a contract's text in the game's words, and the
error when the melds entered are not the contract exactly."""

from __future__ import annotations

import pytest

from games.engine.melds.contracts import Contract, contract_error

TWO_TRIOS = Contract(2, 0, "trio", "escalera")


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        (TWO_TRIOS, "2 trios"),
        (Contract(1, 1, "trio", "escalera"), "1 trio and 1 escalera"),
        (Contract(0, 3), "3 runs"),
        (Contract(0, 0), "nothing"),
    ],
)
def test_text(contract, text):
    assert contract.text == text


def test_the_contract_exactly_or_an_error_at_the_path():
    assert contract_error("p.melds", ["set", "set"], TWO_TRIOS, "why") is None
    error = contract_error("p.melds", ["set", "run"], TWO_TRIOS, "004 Carioca")
    assert error.path == "p.melds" and error.code == "contract_not_met"
    assert "2 trios" in error.message and "1 trio and 1 escalera" in error.message
    assert contract_error("p.melds", [], TWO_TRIOS, "why") is not None
