"""The money's tables of a club's data (registered in ``MoneyConfig.ready``).

Ledger entries are never edited, so they are exported as they are, reversals and
all. Their ``line`` names the match, deal, player and entry it belongs to
(``m12:p7``, ``d40:p7``, ``fee:e3:p7``, ``paid:p7:p9``) and ``source_id`` the match,
session or tournament: both are remapped, so that settling an imported match again
finds its lines and posts nothing. After the import every settlement is computed
again (its trail names the new ids); the ledger is unchanged by it.
"""

from __future__ import annotations

import re

from django.db.models import Q

from money.models import (
    LedgerEntry,
    MatchTerms,
    PrizeTerms,
    Session,
    SessionMatch,
    SettlementRecord,
    SourceKind,
)
from scoring.portability import (
    ClubTable,
    Remap,
    club_import_hook_register,
    club_table_register,
    person_section_register,
)

_SOURCES = {
    SourceKind.MATCH: "scoring.Match",
    SourceKind.SESSION: "money.Session",
    SourceKind.TOURNAMENT: "tournaments.Tournament",
}
_LINE_IDS = {
    "m": "scoring.Match",
    "d": "scoring.Deal",
    "p": "scoring.Player",
    "e": "tournaments.Entry",
}
_TOKEN = re.compile(r"([mdpe])(\d+)")


def _line(line: str, remap: Remap) -> str:
    parts = []
    for part in line.split(":"):
        token = _TOKEN.fullmatch(part)
        if token:
            part = f"{token[1]}{remap.get(_LINE_IDS[token[1]], int(token[2]))}"
        parts.append(part)
    return ":".join(parts)


def _source(row: dict, remap: Remap) -> dict:
    row["source_id"] = remap.get(_SOURCES[row["source_kind"]], row["source_id"])
    return row


def _ledger_entry(row: dict, remap: Remap) -> dict:
    row["line"] = _line(row["line"], remap)
    return _source(row, remap)


def _prize_terms(row: dict, remap: Remap) -> dict:
    row["tournament_id"] = remap.get("tournaments.Tournament", row["tournament_id"])
    return row


def _settlements_rebuild(club) -> None:
    from money.services.settlements import source_settle

    records = SettlementRecord.objects.filter(club=club).exclude(
        source_kind=SourceKind.TOURNAMENT
    )
    for kind, source_id in records.values_list("source_kind", "source_id"):
        source_settle(kind=kind, source_id=source_id)


def _person_ledger(player, club) -> tuple[str, list]:
    """Every ledger line that debits or credits the person's account."""
    if player is None:
        return "ledger", []
    rows = LedgerEntry.objects.filter(
        Q(debit_player=player) | Q(credit_player=player)
    ).select_related("club")
    if club is not None:
        rows = rows.filter(club=club)
    return "ledger", [
        {
            "club": e.club.name,
            "kind": e.kind,
            "source": e.source_kind,
            "direction": "debit" if e.debit_player_id == player.pk else "credit",
            "amount_minor_units": e.amount,
            "currency": e.currency,
            "memo": e.memo,
            "at": e.created_at,
        }
        for e in rows.order_by("created_at", "pk")
    ]


def register() -> None:
    club_table_register(ClubTable(Session, lambda c: Session.objects.filter(club=c)))
    club_table_register(
        ClubTable(SessionMatch, lambda c: SessionMatch.objects.filter(session__club=c))
    )
    club_table_register(
        ClubTable(MatchTerms, lambda c: MatchTerms.objects.filter(match__club=c))
    )
    club_table_register(
        ClubTable(
            PrizeTerms,
            lambda c: PrizeTerms.objects.filter(club=c),
            rewrite=_prize_terms,
        )
    )
    club_table_register(
        ClubTable(
            LedgerEntry,
            lambda c: LedgerEntry.objects.filter(club=c),
            rewrite=_ledger_entry,
        )
    )
    club_table_register(
        ClubTable(
            SettlementRecord,
            lambda c: SettlementRecord.objects.filter(club=c),
            rewrite=_source,
        )
    )
    club_import_hook_register(_settlements_rebuild)
    person_section_register(_person_ledger)
