"""Reads of the money side, by noun: :mod:`.sheets` (settlement sheets, balances,
open transfers, sessions), :mod:`.evenings` (the matches a treasurer's evening can
take) and :mod:`.players` (one player's money)."""

from money.selectors.evenings import (
    match_lineup_get,
    session_candidate_match_list,
    session_day_get,
    session_day_match_list,
    session_form_defaults_get,
    session_ticked_match_list,
)
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
    "match_lineup_get",
    "match_record_get",
    "match_sheet_get",
    "player_balances_get",
    "session_candidate_match_list",
    "session_day_get",
    "session_day_match_list",
    "session_form_defaults_get",
    "session_get",
    "session_list",
    "session_match_list",
    "session_record_get",
    "session_sheet_get",
    "session_ticked_match_list",
    "settlement_records_managed_list",
    "sheet_build",
    "sheet_record_get",
    "tournament_record_get",
    "tournament_sheet_get",
    "transfers_open_plan",
]
