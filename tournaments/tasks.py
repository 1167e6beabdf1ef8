"""Celery tasks of the tournaments: standings recomputes and their reconcile, and
round generation jobs.

Each task takes ids and calls one service; all are idempotent and safe to run twice,
late, or after a crash (see :func:`tournaments.services.standings_recompute`).

* ``tournaments.match_result_notify`` is listed in
  ``settings.KIRJURI_RESULT_CHANGED_TASKS``: the score book sends it the id of every
  match whose result changed, after commit. It takes a new generation and sends the
  recompute request, debounced (:func:`standings_recompute_enqueue`). Matches
  outside a tournament are ignored.
* ``tournaments.standings_recompute`` answers one recompute request (a generation);
  a request that a newer one has overtaken skips, unless the snapshot has waited
  ``KIRJURI_STANDINGS_MAX_WAIT_SECONDS`` for a result.
* ``tournaments.standings_reconcile`` runs on the beat schedule and recomputes any
  tournament whose results are newer than its snapshot (a notification lost while
  Redis was down, a worker killed mid-run).
* ``tournaments.round_generation_compute`` runs a director's round generation job
  (:func:`tournaments.services.round_generation_compute`): a job found done or failed
  is left alone, and storing the round and marking the job done is one
  transaction, so a second or late run stores no second round.
* ``tournaments.round_generation_reconcile`` runs on the beat schedule and sends
  again any job still queued or running after the stale time (its worker crashed,
  its message was lost).

**Old names, for one release.** ``tournaments.match_result_changed``,
``tournaments.recompute_standings`` and ``tournaments.reconcile_standings`` were the
names of these three: a request queued (with its countdown) or a beat schedule
written before the rename still carries them, so they stay registered and do the
same. Remove them in the release after this one.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


@shared_task(name="tournaments.match_result_notify")
def match_result_notify(match_id: int) -> int | None:
    from tournaments import services

    return services.match_result_notify(match_id=match_id)


@shared_task(name="tournaments.standings_recompute")
def standings_recompute(tournament_id: int, generation: int) -> bool:
    from tournaments import services

    return services.standings_recompute(
        tournament_id=tournament_id, generation=generation
    )


@shared_task(name="tournaments.standings_reconcile")
def standings_reconcile() -> list[int]:
    from tournaments import services

    return services.standings_reconcile()


@shared_task(name="tournaments.round_generation_compute")
def round_generation_compute(generation_id: int) -> str | None:
    from tournaments import services

    job = services.round_generation_compute(generation_id=generation_id)
    return job.status if job is not None else None


@shared_task(name="tournaments.round_generation_reconcile")
def round_generation_reconcile() -> list[int]:
    from tournaments import services

    return services.round_generation_reconcile()


def round_generation_enqueue(generation_id: int) -> None:
    """Send the job to a worker (in-process on the embedded default). With the
    broker down, run it here rather than leave the director waiting for nothing."""
    try:
        round_generation_compute.delay(generation_id)
    except OperationalError:
        logger.exception("could not enqueue round generation %s", generation_id)
        round_generation_compute(generation_id)


# The old task names (see the module docstring): remove in the next release.
@shared_task(name="tournaments.match_result_changed")
def match_result_changed(match_id: int) -> int | None:
    return match_result_notify(match_id)


@shared_task(name="tournaments.recompute_standings")
def recompute_standings(tournament_id: int, generation: int) -> bool:
    return standings_recompute(tournament_id, generation)


@shared_task(name="tournaments.reconcile_standings")
def reconcile_standings() -> list[int]:
    return standings_reconcile()


def standings_recompute_enqueue(tournament_id: int, generation: int) -> None:
    """Send a recompute request, to run ``KIRJURI_STANDINGS_DEBOUNCE_SECONDS`` later.

    The countdown is the debounce: a run that finds a newer request skips (see
    :func:`tournaments.services.standings_recompute`), so a burst of result changes
    within the countdown is answered by the last request's run alone. If the broker
    is down, the reconcile catches up.
    """
    delay = float(getattr(settings, "KIRJURI_STANDINGS_DEBOUNCE_SECONDS", 0) or 0)
    try:
        standings_recompute.apply_async(
            (tournament_id, generation), countdown=delay if delay > 0 else None
        )
    except OperationalError:  # the broker is down: the caller's commit stands
        logger.exception("could not enqueue standings of tournament %s", tournament_id)
