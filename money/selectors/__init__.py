"""Reads of the money side, by noun: :mod:`.sheets` (settlement sheets, balances,
open transfers, sessions) and :mod:`.players` (one player's money)."""

from money.selectors.players import player_balances
from money.selectors.sheets import (
    balances,
    match_sheet,
    open_transfers,
    record_for_match,
    record_for_session,
    record_for_tournament,
    session_get,
    session_matches,
    session_sheet,
    sessions_for,
    sheet,
    sheet_record,
    tournament_sheet,
)

__all__ = [
    "balances",
    "match_sheet",
    "open_transfers",
    "player_balances",
    "record_for_match",
    "record_for_session",
    "record_for_tournament",
    "session_get",
    "session_matches",
    "session_sheet",
    "sessions_for",
    "sheet",
    "sheet_record",
    "tournament_sheet",
]
