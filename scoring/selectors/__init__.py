"""Reads of the score book, shaped for the API and the pages.

Visibility (see :mod:`scoring.permissions`): the ``*_for``/``*_visible_to`` querysets
hold only what the user may read, and the ``*_get`` functions raise
:class:`~scoring.errors.NotFound` (404) for anything else, so another club's ids
answer exactly like ids that do not exist.

Sheet terms: a **row** is one deal of the sheet (voided, pending and conflicting
deals included, so nothing disappears); ``points`` are what the deal scored per side
(``None`` when it does not count), ``totals`` the running totals after it (only on
counted deals).

Layout, by noun: :mod:`.clubs` (clubs, players, memberships), :mod:`.matches`
(matches, deals, the sheet), :mod:`.people` (a player's history, balances and
ratings), :mod:`.pending` (double entry's pending deal, scored as it will count),
:mod:`.ratings` (ranking lists). ``from scoring import selectors`` and
``selectors.<name>`` reach every public selector through the re-exports below.

Names are ``<noun>_<verb>``: ``<noun>_get`` for one object, ``<noun>_list`` for
several, ``<nouns>_for``/``<nouns>_visible_to`` for what a user may read (the rule is
written in ``tests/test_naming.py``).
"""

from scoring.selectors._common import MAX_ID
from scoring.selectors.access import (
    LinkGone,
    invitation_get,
    invitation_get_by_token,
    invitation_list,
    invitation_pending_list,
    player_game_list,
    table_guest_get,
    table_link_get,
    table_link_list,
)
from scoring.selectors.clubs import (
    club_get,
    club_membership_get,
    club_membership_list,
    club_pickable_player_list,
    club_player_get,
    club_player_list,
    clubs_for,
    players_visible_to,
)
from scoring.selectors.ends import match_event_list, match_goal_get
from scoring.selectors.matches import (
    deal_get,
    deal_revision_list,
    deal_schema_get,
    match_deal_list,
    match_deal_schema_get,
    match_get,
    match_seat_point_list,
    match_sheet_get,
    match_side_list,
    match_state_get,
    matches_visible_to,
)
from scoring.selectors.pending import deal_pending_get
from scoring.selectors.people import (
    MergePreview,
    player_get,
    player_history_get,
    player_merge_preview,
    player_rating_list,
)
from scoring.selectors.ratings import (
    club_rated_game_list,
    ranking_get,
    ranking_season_list,
)
from scoring.selectors.table_queues import (
    QUIET,
    TableQueueMark,
    table_queue_list,
    table_queue_stamp_sql_build,
)

__all__ = [
    "MAX_ID",
    "QUIET",
    "LinkGone",
    "MergePreview",
    "TableQueueMark",
    "club_get",
    "club_membership_get",
    "club_membership_list",
    "club_pickable_player_list",
    "club_player_get",
    "club_player_list",
    "club_rated_game_list",
    "clubs_for",
    "deal_get",
    "deal_pending_get",
    "deal_revision_list",
    "deal_schema_get",
    "invitation_get",
    "invitation_get_by_token",
    "invitation_list",
    "invitation_pending_list",
    "match_deal_list",
    "match_deal_schema_get",
    "match_event_list",
    "match_get",
    "match_goal_get",
    "match_seat_point_list",
    "match_sheet_get",
    "match_side_list",
    "match_state_get",
    "matches_visible_to",
    "player_game_list",
    "player_get",
    "player_history_get",
    "player_merge_preview",
    "player_rating_list",
    "players_visible_to",
    "ranking_get",
    "ranking_season_list",
    "table_guest_get",
    "table_link_get",
    "table_link_list",
    "table_queue_list",
    "table_queue_stamp_sql_build",
]
