"""Reads of the money side: settlement sheets (balances, transfers, trail), sessions.

Sheet terms

* **settled** — what the settlement says a person receives (+) or pays (−): the sum
  of the source's settlement, fee and prize entries (reversals included, so a
  corrected result counts once).
* **paid** — what the transfers marked paid have moved so far.
* **open** — settled − paid to go: the balance still to be settled. The **open
  transfers** are :func:`money.settlement.plan_transfers` of the open balances: the
  fewest payments settling everything, *proven minimal* when the exact solver ran.
* **trail** — the settlement record's per-match (per-deal for chip games)
  explanation: the scores, the method, the multiplication, the rounding.

Visibility: members of the club read its sheets (404 otherwise, like the score
book); the club's admins manage them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext, gettext_lazy

from money.actors import Viewer
from money.models import (
    AccountKind,
    EntryKind,
    LedgerEntry,
    Session,
    SessionMatch,
    SettlementRecord,
    SourceKind,
)
from money.settlement import get_currency, plan_transfers
from money.texts import amount_text, localized_trail
from scoring import permissions
from scoring.errors import NotFound
from scoring.game_names import game_name
from scoring.models import Club, Match, Player, Role, Seat

_NAMES = {
    AccountKind.POT: gettext_lazy("the pot"),
    AccountKind.HOUSE: gettext_lazy("the house"),
    AccountKind.PRIZE_POOL: gettext_lazy("the prize pool"),
}


def _is_player(key: str) -> bool:
    return key[:1] == "p" and key[1:].isascii() and key[1:].isdigit()


def _key(kind: str, player_id: int | None) -> str:
    return f"p{player_id}" if kind == AccountKind.PLAYER else kind


# -- sessions --------------------------------------------------------------------------


def session_list(user: Viewer, club_id: int) -> QuerySet[Session]:
    if not permissions.may_read_club(user, club_id):
        raise NotFound("not_found", gettext("no such club"))
    return Session.objects.filter(club_id=club_id).order_by("-created_at", "-id")


def session_get(user: Viewer, session_id: int) -> Session:
    session = Session.objects.filter(pk=session_id).select_related("club").first()
    if session is None or not permissions.may_read_club(user, session.club_id):
        raise NotFound("not_found", gettext("no such session"))
    return session


def session_match_list(session: Session) -> list[Match]:
    return list(
        Match.objects.filter(money_session_link__session=session)
        .select_related("game")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player"))
        )
        .order_by("started_at", "id")
    )


# -- records -------------------------------------------------------------------------


def match_record_get(
    user: Viewer, match_id: int
) -> tuple[Match, SettlementRecord | None]:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not permissions.may_read_club(user, match.club_id):
        raise NotFound("not_found", gettext("no such match"))
    record = SettlementRecord.objects.filter(
        source_kind=SourceKind.MATCH, source_id=match_id
    ).first()
    return match, record


def session_record_get(user: Viewer, session_id: int) -> SettlementRecord | None:
    session_get(user, session_id)
    return SettlementRecord.objects.filter(
        source_kind=SourceKind.SESSION, source_id=session_id
    ).first()


def tournament_record_get(user: Viewer, tournament_id: int) -> SettlementRecord:
    record = SettlementRecord.objects.filter(
        source_kind=SourceKind.TOURNAMENT, source_id=tournament_id
    ).first()
    if record is None or not permissions.may_read_club(user, record.club_id):
        raise NotFound("not_found", gettext("no settlement for this tournament"))
    return record


# -- balances and transfers ------------------------------------------------------------


def _entries_of(record: SettlementRecord) -> QuerySet[LedgerEntry]:
    return (
        LedgerEntry.objects.filter(
            source_kind=record.source_kind, source_id=record.source_id
        )
        .select_related("created_by")
        .order_by("id")
    )


def balances_compute(entries: Any) -> tuple[dict[str, int], dict[str, int]]:
    """(settled, paid) per account key from ``entries``."""
    settled: dict[str, int] = defaultdict(int)
    paid: dict[str, int] = defaultdict(int)
    for e in entries:
        book = paid if e.kind == EntryKind.PAYMENT else settled
        book[_key(e.debit_kind, e.debit_player_id)] -= e.amount
        book[_key(e.credit_kind, e.credit_player_id)] += e.amount
    return dict(settled), dict(paid)


def transfers_open_plan(record: SettlementRecord) -> list[dict[str, Any]]:
    """The open transfers of ``record``'s sheet (fewest, see the module docstring)."""
    settled, paid = balances_compute(_entries_of(record))
    open_ = _open(settled, paid)
    plan = plan_transfers(open_)
    return [
        {"payer": t.payer, "payee": t.payee, "amount": t.amount} for t in plan.transfers
    ]


def _open(settled: dict[str, int], paid: dict[str, int]) -> dict[str, int]:
    keys = set(settled) | set(paid)
    return {k: settled.get(k, 0) + paid.get(k, 0) for k in keys}


def _names(keys: set[str]) -> dict[str, str]:
    ids = [int(k[1:]) for k in keys if _is_player(k)]
    names = {
        f"p{pk}": name
        for pk, name in Player.objects.filter(pk__in=ids).values_list(
            "pk", "display_name"
        )
    }
    return {k: names.get(k) or str(_NAMES.get(k, k)) for k in keys}


def sheet_build(
    record: SettlementRecord | None,
    *,
    title: str,
    source: dict[str, Any],
    entries: Any = None,
) -> dict[str, Any]:
    """The settlement sheet of a record (or of ``entries``: a match in a session)."""
    if entries is None:
        entries = list(_entries_of(record)) if record is not None else []
    currency_code = record.currency if record is not None and record.currency else ""
    if not currency_code and entries:
        currency_code = entries[0].currency
    cur = get_currency(currency_code) if currency_code else None

    def fmt(minor: int) -> str:
        return amount_text(minor, cur) if cur else str(minor)

    settled, paid = balances_compute(entries)
    open_ = _open(settled, paid)
    keys = {k for k, v in settled.items() if v} | {k for k, v in paid.items() if v}
    names = _names(keys | set(open_))
    plan = plan_transfers(open_)
    rows = [
        {
            "account": k,
            "name": names[k],
            "settled": settled.get(k, 0),
            "paid": paid.get(k, 0),
            "open": open_.get(k, 0),
            "settled_display": fmt(settled.get(k, 0)),
            "paid_display": fmt(paid.get(k, 0)),
            "open_display": fmt(open_.get(k, 0)),
        }
        for k in sorted(keys, key=lambda k: (not _is_player(k), names[k], k))
    ]
    reversed_ids = {e.reverses_id for e in entries if e.reverses_id}
    return {
        "title": title,
        "source": source,
        "club": record.club_id if record is not None else None,
        "currency": currency_code,
        "status": record.status if record is not None else "not_settled",
        "status_label": (
            record.get_status_display()
            if record is not None
            else gettext("not settled")
        ),
        "errors": record.errors if record is not None else [],
        "computed_at": record.computed_at if record is not None else None,
        "balances": rows,
        "total": sum(settled.values()),
        "transfers": [
            {
                "payer": t.payer,
                "payer_name": names.get(t.payer, t.payer),
                "payee": t.payee,
                "payee_name": names.get(t.payee, t.payee),
                "amount": t.amount,
                "amount_display": fmt(t.amount),
            }
            for t in plan.transfers
        ],
        "proven_minimal": plan.proven_minimal,
        "method": plan.method,
        "payments": [
            {
                "id": e.pk,
                "payer": _key(e.credit_kind, e.credit_player_id),
                "payer_name": names.get(_key(e.credit_kind, e.credit_player_id), ""),
                "payee": _key(e.debit_kind, e.debit_player_id),
                "payee_name": names.get(_key(e.debit_kind, e.debit_player_id), ""),
                "amount": e.amount,
                "amount_display": fmt(e.amount),
                "marked_by": e.created_by.get_username() if e.created_by else None,
                "marked_at": e.created_at,
                "undone": e.pk in reversed_ids,
            }
            for e in entries
            if e.kind == EntryKind.PAYMENT and e.reverses_id is None
        ],
        "trail": localized_trail(record.trail) if record is not None else [],
        "entries": [
            {
                "id": e.pk,
                "kind": e.kind,
                "line": e.line,
                "debit": _key(e.debit_kind, e.debit_player_id),
                "credit": _key(e.credit_kind, e.credit_player_id),
                "amount": e.amount,
                "amount_display": fmt(e.amount),
                "match": e.match_id,
                "deal": e.deal_id,
                "reverses": e.reverses_id,
                "memo": e.memo,
                "created_at": e.created_at,
            }
            for e in entries
        ],
    }


def match_sheet_get(user: Viewer, match_id: int) -> dict[str, Any]:
    match, record = match_record_get(user, match_id)
    link = SessionMatch.objects.filter(match=match).select_related("session").first()
    source = {"kind": "match", "id": match.pk, "session": None}
    title = gettext("Match %(number)s (%(game)s)") % {
        "number": match.pk,
        "game": game_name(match.game_id),
    }
    if link is None:
        return sheet_build(record, title=title, source=source)
    session_record = SettlementRecord.objects.filter(
        source_kind=SourceKind.SESSION, source_id=link.session_id
    ).first()
    entries = list(
        LedgerEntry.objects.filter(match=match, kind=EntryKind.SETTLEMENT)
        .select_related("created_by")
        .order_by("id")
    )
    source["session"] = link.session_id
    data = sheet_build(session_record, title=title, source=source, entries=entries)
    data["trail"] = localized_trail(
        t
        for t in (session_record.trail if session_record else [])
        if t.get("match") == match.pk
    )
    data["payments"] = []
    return data


def session_sheet_get(user: Viewer, session_id: int) -> dict[str, Any]:
    session = session_get(user, session_id)
    record = session_record_get(user, session_id)
    data = sheet_build(
        record,
        title=session.name,
        source={"kind": "session", "id": session.pk, "session": session.pk},
    )
    if not data["currency"]:
        data["currency"] = session.currency
    return data


def tournament_sheet_get(user: Viewer, tournament_id: int) -> dict[str, Any]:
    record = tournament_record_get(user, tournament_id)
    name = (record.trail[0].get("name") if record.trail else "") or ""
    return sheet_build(
        record,
        title=name or gettext("Tournament %(number)s") % {"number": tournament_id},
        source={"kind": "tournament", "id": tournament_id, "session": None},
    )


def sheet_record_get(user: Viewer, kind: str, source_id: int) -> SettlementRecord:
    """The record behind a sheet the user may read (for marking transfers paid)."""
    if kind == SourceKind.MATCH:
        _match, record = match_record_get(user, source_id)
    elif kind == SourceKind.SESSION:
        record = session_record_get(user, source_id)
    else:
        record = tournament_record_get(user, source_id)
    if record is None:
        raise NotFound("not_settled", gettext("nothing has been settled here yet"))
    return record


def settlement_records_managed_list(
    user: Viewer, *, limit: int = 200
) -> tuple[QuerySet[Club], list[SettlementRecord]]:
    """The clubs ``user`` manages (a club admin is its treasurer) and their latest
    settlement records, club by club, newest first (the money index)."""
    clubs = Club.objects.filter(
        memberships__player=permissions.player_of(user),
        memberships__role=Role.ADMIN,
    )
    records = list(
        SettlementRecord.objects.filter(club__in=clubs)
        .select_related("club")
        .order_by("club__name", "-computed_at", "-id")[:limit]
    )
    return clubs, records
