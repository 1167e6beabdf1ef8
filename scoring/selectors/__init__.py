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
ratings), :mod:`.ratings` (ranking lists). ``from scoring import selectors`` and
``selectors.<name>`` reach every public selector through the re-exports below.
"""

from scoring.selectors.clubs import (
    MAX_ID,
    club_get,
    club_membership_get,
    club_memberships,
    club_pickable_players,
    club_player_get,
    club_players,
    clubs_for,
    players_visible_to,
)
from scoring.selectors.matches import (
    deal_get,
    deal_revisions,
    deal_schema,
    match_deals,
    match_get,
    match_seat_points,
    match_sheet,
    match_sides,
    match_state,
    matches_visible_to,
)
from scoring.selectors.people import (
    player_balances,
    player_get,
    player_history,
    player_ratings,
)
from scoring.selectors.ratings import games_rated, ranking, seasons

__all__ = [
    "MAX_ID",
    "club_get",
    "club_membership_get",
    "club_memberships",
    "club_pickable_players",
    "club_player_get",
    "club_players",
    "clubs_for",
    "deal_get",
    "deal_revisions",
    "deal_schema",
    "games_rated",
    "match_deals",
    "match_get",
    "match_seat_points",
    "match_sheet",
    "match_sides",
    "match_state",
    "matches_visible_to",
    "player_balances",
    "player_get",
    "player_history",
    "player_ratings",
    "players_visible_to",
    "ranking",
    "seasons",
]
