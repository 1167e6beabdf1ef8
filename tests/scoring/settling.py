"""Settle a finished match for money and read the balances, as the games'
end-to-end tests check them: the match's ledger entries only."""

from __future__ import annotations

from typing import Any

from money import selectors as money_selectors
from money import services as money_services
from money.models import LedgerEntry


def balances_settle(match: Any, by: Any = None) -> dict[str, int]:
    """Settle ``match`` (``by`` a user, or nobody: the worker) and return its
    ledger's balances (cents by account)."""
    money_services.match_settle(match=match, by=by)
    settled, _paid = money_selectors.balances_compute(
        LedgerEntry.objects.filter(source_kind="match", source_id=match.pk)
    )
    return settled
