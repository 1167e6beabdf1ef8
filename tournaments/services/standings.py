"""The standings snapshot's writers: a generation number per request, a
compare-and-set write, the debounce and the periodic reconcile (see the package
docstring for the invariants)."""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments import prizes, selectors
from tournaments.models import (
    Standings,
    Tournament,
    TournamentStatus,
)

logger = logging.getLogger(__name__)


# -- standings -----------------------------------------------------------------------


def standings_bump(*, tournament_id: int) -> int:
    """Take the next standings generation number (committed at once)."""
    with transaction.atomic():
        updated = Tournament.objects.filter(pk=tournament_id).update(
            standings_generation=F("standings_generation") + 1
        )
        if not updated:
            return 0
        return (
            Tournament.objects.filter(pk=tournament_id)
            .values_list("standings_generation", flat=True)
            .get()
        )


def standings_request(*, tournament_id: int) -> int:
    """Ask for a recompute after the current transaction commits.

    Returns the generation the recompute will carry.
    """
    from tournaments import tasks

    generation = standings_bump(tournament_id=tournament_id)
    transaction.on_commit(
        partial(tasks.standings_recompute_enqueue, tournament_id, generation)
    )
    return generation


def standings_recompute(*, tournament_id: int, generation: int) -> bool:
    """Recompute the standings from the stored results; write them if still newest.

    Returns whether the snapshot was written. Safe to run twice, late, or after a
    crash: the write is one compare-and-set UPDATE on the generation, and the values
    depend only on the stored results.
    """
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return False
    if tournament.standings_generation > generation and not _overdue(tournament_id):
        # A newer request exists; its run will write (or the reconcile will). This
        # is the debounce: of a burst of requests only the last one computes.
        return False
    snapshot = selectors.standings_snapshot_get(tournament)
    # Computed, not yet written: the crash tests kill the worker here (they patch
    # _standings_write to wait first; see tests/worker_main.py).
    written = _standings_write(tournament_id, generation, snapshot)
    logger.info(
        "standings of tournament %s, generation %s: %s",
        tournament_id,
        generation,
        "written" if written else "stale, not written",
    )
    if written and tournament.status == TournamentStatus.CLOSED:
        # Final standings changed (closing, or a late correction): pay out again.
        prizes.prizes_request(tournament_id=tournament_id)
    return bool(written)


def _standings_write(
    tournament_id: int, generation: int, snapshot: selectors.StandingsSnapshot
) -> int:
    """Compare-and-set: store ``snapshot`` unless a newer generation is stored."""

    def update() -> int:
        return Standings.objects.filter(
            tournament_id=tournament_id, generation__lt=generation
        ).update(
            generation=generation,
            source_version=snapshot.source_version,
            computed_at=timezone.now(),
            stages=snapshot.stages,
        )

    written = update()
    if (
        not written
        and not Standings.objects.filter(tournament_id=tournament_id).exists()
    ):
        # The tournament's first snapshot: make its row, then compare-and-set.
        Standings.objects.get_or_create(tournament_id=tournament_id)
        written = update()
    return written


def _overdue(tournament_id: int) -> bool:
    """Has the snapshot missed a result for ``KIRJURI_STANDINGS_MAX_WAIT_SECONDS``?

    Skipping every request that has a newer one would starve the standings while
    results keep arriving faster than the debounce (a big event): once the oldest
    result the snapshot lacks is that old, a stale run computes anyway (the values
    come from the stored results, so they are as fresh as the newest run's).
    """
    limit = float(
        getattr(django_settings, "KIRJURI_STANDINGS_MAX_WAIT_SECONDS", 0) or 0
    )
    if limit <= 0:
        return False
    computed_at = (
        Standings.objects.filter(tournament_id=tournament_id)
        .values_list("computed_at", flat=True)
        .first()
    )
    oldest = selectors.standings_oldest_change_get(tournament_id, computed_at)
    return oldest is not None and (timezone.now() - oldest).total_seconds() >= limit


def standings_reconcile() -> list[int]:
    """Recompute every tournament whose snapshot is older than its results."""
    stale = selectors.standings_stale_tournament_list()
    for tournament_id in stale:
        generation = standings_bump(tournament_id=tournament_id)
        standings_recompute(tournament_id=tournament_id, generation=generation)
    return stale


def match_result_notify(*, match_id: int) -> int | None:
    """A score-book match changed: ask for a recompute of its tournament's
    standings (debounced, see :func:`tournaments.tasks.standings_recompute_enqueue`).

    Returns the generation asked for, ``None`` for a match outside tournaments.
    """
    from tournaments import tasks

    tournament_id = selectors.match_tournament_id_get(match_id)
    if tournament_id is None:
        return None
    generation = standings_bump(tournament_id=tournament_id)
    tasks.standings_recompute_enqueue(tournament_id, generation)
    return generation
