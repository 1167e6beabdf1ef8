"""What the score book's selectors share: the range of a row id, and the clubs a
user is a member of (as a subquery)."""

from __future__ import annotations

from scoring import permissions
from scoring.models import Club, Membership
from scoring.permissions import User

#: Ids beyond this are no row of ours (and would overflow SQLite's INTEGER).
MAX_ID = 2**63 - 1


def in_range(value: int) -> bool:
    """Can ``value`` be the id of a row (a larger one is no row, never an error)?"""
    return 0 < value <= MAX_ID


def member_club_ids(user: User):
    """The ids of the clubs ``user`` is a member of, as a subquery."""
    player = permissions.player_of(user)
    if player is None:
        return Club.objects.none().values("pk")
    return Membership.objects.filter(player=player).values("club_id")
