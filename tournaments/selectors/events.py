"""Reads of tournaments as events: who may see which, one tournament, the tournament
a match belongs to, and a stage's field."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from scoring import permissions as scoring_permissions
from scoring.errors import NotFound
from scoring.models import Membership
from tournaments import permissions
from tournaments.models import (
    Entry,
    Stage,
    Table,
    Tournament,
    Visibility,
)
from tournaments.permissions import Viewer

# -- visibility ----------------------------------------------------------------------


def tournaments_visible_to(
    user: Viewer,
) -> QuerySet[Tournament]:
    """Published tournaments, and every tournament of the user's clubs."""
    visible = Q(visibility=Visibility.PUBLISHED)
    player = scoring_permissions.player_of(user)
    if player is not None:
        visible |= Q(
            club_id__in=Membership.objects.filter(player=player).values("club_id")
        )
    if user is not None and user.is_authenticated:
        visible |= Q(directors=user)
    return Tournament.objects.filter(visible).distinct().select_related("club")


def tournament_get(user: Viewer, tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=tournament_id)
    found = tournament.first()
    if found is None or not permissions.may_read(user, found):
        raise NotFound("not_found", gettext("no such tournament"))
    return found


def match_tournament_id_get(match_id: int) -> int | None:
    return (
        Table.objects.filter(match_id=match_id)
        .values_list("round__stage__tournament_id", flat=True)
        .first()
    )


def stage_entry_id_list(stage: Stage) -> list[int]:
    """The stage's field in seed order: fixed at its first round, else the entries."""
    if stage.entry_ids:
        return list(stage.entry_ids)
    return list(
        Entry.objects.filter(tournament_id=stage.tournament_id, withdrawn_at=None)
        .order_by("seed", "id")
        .values_list("pk", flat=True)
    )
