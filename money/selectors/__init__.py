"""Reads of the money side, by noun: :mod:`.sheets` (settlement sheets, balances,
open transfers, sessions) and :mod:`.players` (one player's money)."""

from money.selectors.players import player_balances_get
from money.selectors.sheets import (
    balances_compute,
    match_record_get,
    match_sheet_get,
    session_get,
    session_list,
    session_match_list,
    session_record_get,
    session_sheet_get,
    settlement_records_managed_list,
    sheet_build,
    sheet_record_get,
    tournament_record_get,
    tournament_sheet_get,
    transfers_open_plan,
)

__all__ = [
    "balances_compute",
    "match_record_get",
    "match_sheet_get",
    "player_balances_get",
    "session_get",
    "session_list",
    "session_match_list",
    "session_record_get",
    "session_sheet_get",
    "settlement_records_managed_list",
    "sheet_build",
    "sheet_record_get",
    "tournament_record_get",
    "tournament_sheet_get",
    "transfers_open_plan",
]
