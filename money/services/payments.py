"""Transfers marked paid, and undone (a reversal; nothing is deleted)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from money.actors import User
from money.models import (
    EntryKind,
    LedgerEntry,
    SessionMatch,
    SettlementRecord,
    SourceKind,
)
from money.services.ledger import Account
from money.settlement import (
    get_currency,
)
from money.settlement.currency import format_minor
from scoring import permissions
from scoring.errors import Conflict, DomainError, NotAllowed

# -- transfers marked paid ------------------------------------------------------------


@transaction.atomic
def transfer_mark_paid(
    *, record: SettlementRecord, payer: str, payee: str, amount: int, by: User | None
) -> LedgerEntry:
    """Record that ``payer`` paid ``payee`` ``amount`` (one open transfer of the sheet).

    Posts a ``payment`` entry (the payee's claim goes down, the payer's debt too),
    with who marked it and when. The transfer must be one of the sheet's open
    transfers (409 ``not_an_open_transfer`` with the open ones otherwise).
    """
    from money import selectors as money_selectors

    if by is None or not permissions.may_manage_club(by, record.club_id):
        raise NotAllowed(
            "permission_denied", gettext("only a club admin marks transfers paid")
        )
    record = SettlementRecord.objects.select_for_update().get(pk=record.pk)
    if (
        record.source_kind == SourceKind.MATCH
        and SessionMatch.objects.filter(match_id=record.source_id).exists()
    ):
        raise Conflict(
            "settled_in_session", gettext("this match is paid on its session's sheet")
        )
    payer_account = Account.parse(payer, field="payer")
    payee_account = Account.parse(payee, field="payee")
    open_transfers = money_selectors.transfers_open_plan(record)
    if not any(
        t["payer"] == payer_account.key
        and t["payee"] == payee_account.key
        and t["amount"] == amount
        for t in open_transfers
    ):
        raise Conflict(
            "not_an_open_transfer",
            gettext("that transfer is not open on the sheet (it may have changed)"),
            extra={"open_transfers": open_transfers},
        )
    session_id = record.source_id if record.source_kind == SourceKind.SESSION else None
    return LedgerEntry.objects.create(
        club_id=record.club_id,
        source_kind=record.source_kind,
        source_id=record.source_id,
        session_id=session_id,
        kind=EntryKind.PAYMENT,
        line=f"paid:{payer_account.key}:{payee_account.key}",
        debit_kind=payee_account.kind,
        debit_player_id=payee_account.player_id,
        credit_kind=payer_account.kind,
        credit_player_id=payer_account.player_id,
        amount=amount,
        currency=record.currency,
        memo=f"{payer_account.key} paid {payee_account.key} "
        f"{format_minor(amount, get_currency(record.currency))}",
        created_by=by,
    )


@transaction.atomic
def transfer_unmark_paid(*, entry: LedgerEntry, by: User | None) -> LedgerEntry:
    """Undo a payment marked by mistake: a reversal entry (nothing is deleted)."""
    if by is None or not permissions.may_manage_club(by, entry.club_id):
        raise NotAllowed(
            "permission_denied", gettext("only a club admin marks transfers paid")
        )
    entry = LedgerEntry.objects.select_for_update().get(pk=entry.pk)
    if entry.kind != EntryKind.PAYMENT or entry.reverses_id is not None:
        raise DomainError(
            "not_a_payment", gettext("only a marked payment can be undone")
        )
    if LedgerEntry.objects.filter(reverses=entry).exists():
        raise Conflict("already_undone", gettext("this payment was already undone"))
    return LedgerEntry.objects.create(
        club_id=entry.club_id,
        source_kind=entry.source_kind,
        source_id=entry.source_id,
        session_id=entry.session_id,
        kind=entry.kind,
        line=entry.line,
        debit_kind=entry.credit_kind,
        debit_player_id=entry.credit_player_id,
        credit_kind=entry.debit_kind,
        credit_player_id=entry.debit_player_id,
        amount=entry.amount,
        currency=entry.currency,
        memo=f"undo of payment #{entry.pk}",
        reverses=entry,
        created_by=by,
    )
