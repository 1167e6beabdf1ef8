"""Guards every tournaments service shares: the locked tournament, the permission
and open checks, and the small reads they need."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scoring.errors import Conflict, DomainError, NotAllowed, NotFound
from tournaments.models import (
    Entry,
    Tournament,
    TournamentStatus,
)
from tournaments.ranking import RankingError, get_metric


def _entry_names(tournament_id: int) -> dict[int, str]:
    return dict(
        Entry.objects.filter(tournament_id=tournament_id).values_list("pk", "name")
    )


def _active(entry_ids: Iterable[int]) -> list[int]:
    ids = list(entry_ids)
    active = set(
        Entry.objects.filter(pk__in=ids, withdrawn_at=None).values_list("pk", flat=True)
    )
    return [e for e in ids if e in active]


def _lock(tournament: Tournament) -> Tournament:
    try:
        return (
            Tournament.objects.select_for_update()
            .select_related("club")
            .get(pk=tournament.pk)
        )
    except Tournament.DoesNotExist:
        raise NotFound("not_found", "no such tournament") from None


def _require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def _require_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.CLOSED:
        raise Conflict("closed", "the tournament is closed")


def _metric_keys(keys: Any, path: str) -> list[str]:
    """An ordered list of standings metric keys, each known and listed once."""
    if isinstance(keys, str) or not isinstance(keys, Sequence):
        raise DomainError("invalid", "a list of standings metrics", path)
    keys = [str(k) for k in keys]
    if not keys:
        raise DomainError("required", "choose at least one metric", path)
    if len(set(keys)) != len(keys):
        raise DomainError("duplicate_metric", "a metric is listed twice", path)
    for i, key in enumerate(keys):
        try:
            get_metric(key)
        except RankingError as error:
            raise DomainError(error.code, error.message, f"{path}.{i}") from None
    return keys
