"""Reads of one player's money: what the player page shows under "Money".

Who sees it: the player themself (every club where they have ledger lines) and the
admins of a club (its treasurers: that club's lines). Everyone else gets nothing.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q

from money.models import LedgerEntry
from money.selectors.sheets import balances_compute
from money.settlement import get_currency
from money.texts import amount_text
from scoring import permissions
from scoring.localtime import local
from scoring.models import Club, Player, Role


def player_balances_get(
    user: AbstractBaseUser | AnonymousUser, player: Player, *, season: int | None = None
) -> list[dict[str, Any]]:
    """The player's money per club and currency — settled, paid and still open —
    for the player themself (every club) and a club's admins, its treasurers (that
    club). Others get an empty list. With ``season`` (a year), the ledger lines of
    that year in the club's time zone alone."""
    own = permissions.player_of(user)
    if own is not None and own.pk == player.pk:
        clubs = Club.objects.filter(ledger_entries__isnull=False)
    else:
        clubs = (
            Club.objects.filter(memberships__player=own, memberships__role=Role.ADMIN)
            if own is not None
            else Club.objects.none()
        )
    entries = LedgerEntry.objects.filter(
        Q(debit_player=player) | Q(credit_player=player), club__in=clubs
    ).select_related("club")
    grouped: dict[tuple[int, str], list[LedgerEntry]] = defaultdict(list)
    for e in entries:
        if season is None or local(e.created_at, e.club).year == season:
            grouped[(e.club_id, e.currency)].append(e)
    key = f"p{player.pk}"
    rows = []
    for (_club_id, code), group in sorted(grouped.items()):
        settled, paid = balances_compute(group)
        cur = get_currency(code)
        s, p = settled.get(key, 0), paid.get(key, 0)
        rows.append(
            {
                "club": group[0].club,
                "currency": code,
                "settled": amount_text(s, cur),
                "paid": amount_text(p, cur),
                "open": amount_text(s + p, cur),
            }
        )
    return rows
