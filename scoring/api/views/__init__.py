"""The score-book API: one view per resource and operation, each one call away from a
selector (reads) or a service (writes).

Who may do what is :mod:`scoring.permissions`: objects the user may not read answer
404 (selectors), writes they may not make 403 (checked here first, and again by the
services). Writes sent with an ``Idempotency-Key`` header are replayed, not repeated
(:mod:`scoring.idempotency`).

One module per noun: :mod:`.clubs` (clubs, players, memberships), :mod:`.matches`,
:mod:`.deals`; :mod:`._base` holds what they share (``JsonApi``, the error
schemas, the 404 handler). The club's people are :mod:`scoring.api.people`.
"""

from scoring.api.views._base import JsonApi, api_not_found, request_body
from scoring.api.views.clubs import (
    ClubDetailApi,
    ClubListApi,
    MembershipDetailApi,
    MembershipListApi,
    PlayerDetailApi,
    PlayerListApi,
)
from scoring.api.views.deals import (
    DealConfirmApi,
    DealCorrectApi,
    DealDetailApi,
    DealListApi,
    DealVoidApi,
)
from scoring.api.views.matches import (
    ClubMatchListApi,
    MatchAbandonApi,
    MatchDealSchemaApi,
    MatchDetailApi,
    MatchFinishApi,
    MatchListApi,
    MatchReopenApi,
    MatchSheetApi,
    MatchTableQueueApi,
)

__all__ = [
    "ClubDetailApi",
    "ClubListApi",
    "ClubMatchListApi",
    "DealConfirmApi",
    "DealCorrectApi",
    "DealDetailApi",
    "DealListApi",
    "DealVoidApi",
    "JsonApi",
    "MatchAbandonApi",
    "MatchDealSchemaApi",
    "MatchDetailApi",
    "MatchFinishApi",
    "MatchListApi",
    "MatchReopenApi",
    "MatchSheetApi",
    "MatchTableQueueApi",
    "MembershipDetailApi",
    "MembershipListApi",
    "PlayerDetailApi",
    "PlayerListApi",
    "api_not_found",
    "request_body",
]
