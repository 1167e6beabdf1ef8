"""Reads of the money side, by noun: :mod:`.sheets` (settlement sheets, balances,
open transfers, sessions) and :mod:`.players` (one player's money)."""

from money.selectors.players import player_balances_get
from money.selectors.sheets import (
    balances_compute,
    managed_records_list,
    match_record_get,
    match_sheet_get,
    open_transfers_plan,
    session_get,
    session_list,
    session_match_list,
    session_record_get,
    session_sheet_get,
    sheet_build,
    sheet_record_get,
    tournament_record_get,
    tournament_sheet_get,
)

__all__ = [
    "balances_compute",
    "managed_records_list",
    "match_record_get",
    "match_sheet_get",
    "open_transfers_plan",
    "player_balances_get",
    "session_get",
    "session_list",
    "session_match_list",
    "session_record_get",
    "session_sheet_get",
    "sheet_build",
    "sheet_record_get",
    "tournament_record_get",
    "tournament_sheet_get",
]
