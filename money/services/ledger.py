"""The ledger's mechanics: accounts, postings, and posting the difference.

A settlement is computed into postings (one per person per match, or per deal for
chip games, keyed by a stable ``line``); :func:`ledger_postings_reconcile` compares
them with the live entries of the source and posts reversals and new entries for
what changed.
Entries are never edited or deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext

from money.actors import User
from money.models import (
    AccountKind,
    EntryKind,
    LedgerEntry,
    Session,
    SettlementRecord,
    SettlementStatus,
)
from money.texts import with_line_i18n
from scoring.errors import DomainError

# -- accounts and postings ------------------------------------------------------------


@dataclass(frozen=True)
class Account:
    """A ledger account: ``kind`` and, for a person, the player's id."""

    kind: str
    player_id: int | None = None

    @property
    def key(self) -> str:
        """``p<id>`` for a person, else the kind (``pot``, ``house``…)."""
        return f"p{self.player_id}" if self.kind == AccountKind.PLAYER else self.kind

    @classmethod
    def parse(cls, key: str, *, field: str) -> Account:
        if key in (AccountKind.POT, AccountKind.HOUSE, AccountKind.PRIZE_POOL):
            return cls(key)
        if (
            isinstance(key, str)
            and key[:1] == "p"
            and key[1:].isascii()
            and key[1:].isdigit()
        ):
            return cls(AccountKind.PLAYER, int(key[1:]))
        raise DomainError(
            "invalid_account",
            gettext("an account is p<player id>, pot, house or prize_pool"),
            field,
        )


POT = Account(AccountKind.POT)
HOUSE = Account(AccountKind.HOUSE)
PRIZE_POOL = Account(AccountKind.PRIZE_POOL)


def player_account_get(player_id: int) -> Account:
    return Account(AccountKind.PLAYER, player_id)


@dataclass(frozen=True)
class Posting:
    """One entry that should be live in the ledger (see the module docstring)."""

    line: str
    kind: str
    debit: Account
    credit: Account
    amount: int
    match_id: int | None = None
    deal_id: int | None = None
    memo: str = ""

    def signature(self) -> tuple:
        return (
            self.kind,
            self.debit,
            self.credit,
            self.amount,
            self.match_id,
            self.deal_id,
        )


def _signature(entry: LedgerEntry) -> tuple:
    return (
        entry.kind,
        Account(entry.debit_kind, entry.debit_player_id),
        Account(entry.credit_kind, entry.credit_player_id),
        entry.amount,
        entry.match_id,
        entry.deal_id,
    )


def ledger_net_posting_build(
    line: str, player_id: int, net: int, *, match_id: int, deal_id=None, memo=""
) -> Posting | None:
    """A person's net of a settlement, against the pot (nothing when zero)."""
    if net == 0:
        return None
    if net > 0:
        debit, credit = POT, player_account_get(player_id)
    else:
        debit, credit = player_account_get(player_id), POT
    return Posting(
        line,
        EntryKind.SETTLEMENT,
        debit,
        credit,
        abs(net),
        match_id=match_id,
        deal_id=deal_id,
        memo=memo,
    )


# -- posting: compare and post the difference ----------------------------------------


def settlement_record_lock(kind: str, source_id: int, club_id: int) -> SettlementRecord:
    SettlementRecord.objects.get_or_create(
        source_kind=kind, source_id=source_id, defaults={"club_id": club_id}
    )
    return SettlementRecord.objects.select_for_update().get(
        source_kind=kind, source_id=source_id
    )


_MANAGED = (
    EntryKind.SETTLEMENT,
    EntryKind.ENTRY_FEE,
    EntryKind.HOUSE_FEE,
    EntryKind.PRIZE,
)


def ledger_postings_reconcile(
    record: SettlementRecord,
    desired: Sequence[Posting],
    *,
    session: Session | None,
    currency: str = "",
    by: User | None = None,
) -> tuple[int, int]:
    """Make the live computed entries of ``record``'s source equal ``desired``.

    Returns (reversals posted, new entries posted). Payments are never touched.
    """
    live = LedgerEntry.objects.filter(
        source_kind=record.source_kind,
        source_id=record.source_id,
        kind__in=_MANAGED,
        reverses__isnull=True,
        reversed_by__isnull=True,
    ).order_by("id")
    want = {p.line: p for p in desired}
    if len(want) != len(desired):
        raise RuntimeError("two postings share a line")  # a bug, never user input
    kept: set[str] = set()
    user = by if by is not None and getattr(by, "is_authenticated", False) else None
    new: list[LedgerEntry] = []
    for entry in live:
        p = want.get(entry.line)
        if (
            p is not None
            and entry.line not in kept
            and p.signature() == _signature(entry)
            and entry.currency == currency
        ):
            kept.add(entry.line)
            continue
        new.append(
            LedgerEntry(
                club_id=record.club_id,
                source_kind=entry.source_kind,
                source_id=entry.source_id,
                session_id=entry.session_id,
                match_id=entry.match_id,
                deal_id=entry.deal_id,
                kind=entry.kind,
                line=entry.line,
                debit_kind=entry.credit_kind,
                debit_player_id=entry.credit_player_id,
                credit_kind=entry.debit_kind,
                credit_player_id=entry.debit_player_id,
                amount=entry.amount,
                currency=entry.currency,
                memo=f"reversal of #{entry.pk}",
                reverses=entry,
                created_by=user,
            )
        )
    reversals = len(new)
    for line, p in want.items():
        if line in kept:
            continue
        new.append(
            LedgerEntry(
                club_id=record.club_id,
                source_kind=record.source_kind,
                source_id=record.source_id,
                session=session,
                match_id=p.match_id,
                deal_id=p.deal_id,
                kind=p.kind,
                line=p.line,
                debit_kind=p.debit.kind,
                debit_player_id=p.debit.player_id,
                credit_kind=p.credit.kind,
                credit_player_id=p.credit.player_id,
                amount=p.amount,
                currency=currency,
                memo=p.memo[:255],
                created_by=user,
            )
        )
    LedgerEntry.objects.bulk_create(new)
    return reversals, len(new) - reversals


def settlement_record_update(
    record: SettlementRecord, *, currency: str, trail: list, **extra
) -> None:
    record.currency = currency
    record.status = SettlementStatus.SETTLED
    record.errors = []
    record.trail = with_line_i18n(trail)
    record.computed_at = timezone.now()
    for key, value in extra.items():
        setattr(record, key, value)
    record.save()
