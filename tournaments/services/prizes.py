"""The tournament's payout structure, checked against its field and entry fee (moved
here unchanged from the old ``tournaments/services.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import money_services
from scoring.errors import DomainError
from tournaments.models import (
    Tournament,
)

# -- prizes --------------------------------------------------------------------------


def prize_terms_set(
    *,
    tournament: Tournament,
    structure: Mapping[str, Any],
    house_fee: Mapping[str, Any] | None = None,
    by: Any,
):
    """The tournament's payout structure, checked against its field and entry fee.

    The money rules validate it (percentages sum to 100, not more places than
    entries, fixed prizes within the pool; 400 naming the field); a club admin sets
    it, as for every money matter of the club.
    """
    if not tournament.entry_fee or not tournament.entry_fee_currency:
        raise DomainError(
            "no_entry_fee", "set the entry fee and its currency first", "entry_fee"
        )
    return money_services.prize_terms_set(
        tournament_id=tournament.pk,
        club=tournament.club,
        structure=structure,
        house_fee=house_fee,
        currency=tournament.entry_fee_currency,
        entry_fee=tournament.entry_fee,
        entries=tournament.entries.filter(withdrawn_at__isnull=True).count(),
        by=by,
    )
