"""Reads of clubs, their players and memberships (visibility: see the package)."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from scoring import permissions
from scoring.errors import NotFound
from scoring.models import Club, Membership, Player
from scoring.permissions import User
from scoring.selectors._common import in_range, member_club_ids


def clubs_for(user: User) -> QuerySet[Club]:
    """The clubs ``user`` is a member of."""
    return Club.objects.filter(pk__in=member_club_ids(user))


def club_get(user: User, club_id: int) -> Club:
    club = clubs_for(user).filter(pk=club_id).first() if in_range(club_id) else None
    if club is None:
        raise NotFound("not_found", gettext("no such club"))
    return club


def club_player_list(club: Club) -> QuerySet[Player]:
    return Player.objects.filter(memberships__club=club).order_by("display_name", "id")


def club_pickable_player_list(club: Club) -> QuerySet[Player]:
    """The club's players a picker offers: retired players left out."""
    return Player.objects.filter(
        memberships__club=club, memberships__retired_at__isnull=True
    ).order_by("display_name", "id")


def club_player_get(club: Club, player_id: int) -> Player:
    player = (
        club_player_list(club).filter(pk=player_id).first()
        if in_range(player_id)
        else None
    )
    if player is None:
        raise NotFound("not_found", gettext("no such player in this club"))
    return player


def club_membership_list(club: Club) -> QuerySet[Membership]:
    return (
        Membership.objects.filter(club=club)
        .select_related("player")
        .order_by("player__display_name", "id")
    )


def club_membership_get(club: Club, membership_id: int) -> Membership:
    membership = (
        club_membership_list(club).filter(pk=membership_id).first()
        if in_range(membership_id)
        else None
    )
    if membership is None:
        raise NotFound("not_found", gettext("no such membership in this club"))
    return membership


def players_visible_to(user: User) -> QuerySet[Player]:
    """Players sharing a club with ``user``, and the user's own player."""
    own = permissions.player_of(user)
    q = Q(memberships__club_id__in=member_club_ids(user))
    if own is not None:
        q |= Q(pk=own.pk)
    return Player.objects.filter(pk__in=Player.objects.filter(q).values("pk"))
