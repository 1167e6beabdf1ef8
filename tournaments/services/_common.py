"""Guards every tournaments service shares: the locked tournament, the permission
and open checks, and the small reads they need."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext

from config.translation import localized
from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from tournaments.formats.base import FormatError
from tournaments.formats.spec import metric_keys
from tournaments.models import (
    Entry,
    Tournament,
    TournamentStatus,
)


def entry_names(tournament_id: int) -> dict[int, str]:
    return dict(
        Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "name")
    )


def active_entries(entry_ids: Iterable[int]) -> list[int]:
    ids = list(entry_ids)
    active = set(
        Entry.objects.filter(pk__in=ids, withdrawn_at=None).values_list("pk", flat=True)
    )
    return [e for e in ids if e in active]


def tournament_lock(tournament: Tournament) -> Tournament:
    try:
        return (
            Tournament.objects.select_for_update()
            .select_related("club")
            .get(pk=tournament.pk)
        )
    except Tournament.DoesNotExist:
        raise NotFound("not_found", gettext("no such tournament")) from None


def require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def require_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.CLOSED:
        raise Conflict("closed", gettext("the tournament is closed"))


def metric_keys_checked(keys: Any, path: str) -> list[str]:
    """An ordered list of standings metric keys, each known and listed once."""
    try:
        return metric_keys(keys, path)
    except FormatError as error:
        raise DomainError(error.code, localized(error.message), error.path) from None
