"""The tournaments API: one view per operation, each one call away from a selector or
a service. Tournaments the user may not read answer 404; writes need a director
(403 otherwise). Table scorers enter deals through the score book's API
(``/api/v1/matches/{table.match}/deals/``), which checks they score that match.
Bodies are JSON only, as in the score book's API (a form-encoded body of many
fields would hit Django's field limit before any validation)."""

from __future__ import annotations

from tournaments.api.views.rounds import (
    RoundClockApi,
    RoundFilter,
    RoundGenerateApi,
    RoundGenerationDetailApi,
    RoundGenerationListApi,
    RoundListApi,
    RoundLockApi,
    RoundStartApi,
    RoundSwapApi,
    RoundTableListApi,
    RoundUnlockApi,
    TableCorrectionApi,
)
from tournaments.api.views.tournaments import (
    BracketApi,
    EntryListApi,
    EntryWithdrawApi,
    StageBoardsApi,
    StageListApi,
    StandingsApi,
    TournamentCloseApi,
    TournamentDetailApi,
    TournamentListApi,
)

__all__ = [
    "BracketApi",
    "EntryListApi",
    "EntryWithdrawApi",
    "RoundClockApi",
    "RoundFilter",
    "RoundGenerateApi",
    "RoundGenerationDetailApi",
    "RoundGenerationListApi",
    "RoundListApi",
    "RoundLockApi",
    "RoundStartApi",
    "RoundSwapApi",
    "RoundTableListApi",
    "RoundUnlockApi",
    "StageBoardsApi",
    "StageListApi",
    "StandingsApi",
    "TableCorrectionApi",
    "TournamentCloseApi",
    "TournamentDetailApi",
    "TournamentListApi",
]
