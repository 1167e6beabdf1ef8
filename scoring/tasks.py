"""Celery tasks of the score book, and the dispatch of "a result changed".

:func:`notify_result_changed` is how the layers above scoring (tournament standings,
money settlements) hear of a changed result without scoring importing them: the
services call it with ``transaction.on_commit`` after every change of a match's
result, and it sends the match id to every Celery task named in
``settings.KIRJURI_RESULT_CHANGED_TASKS``. Those tasks recompute from the stored
data, so a notification delivered twice or late does no harm.

A task that fails here — the broker is down, or (embedded default, tasks run
in-process) the task itself raises — is logged and never turns the stored change into
an error: the reconcile tasks recompute whatever a lost notification left behind.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import current_app, shared_task
from django.conf import settings
from django.utils import timezone

logger = logging.getLogger(__name__)


def notify_result_changed(match_id: int) -> None:
    """Send ``match_id`` to each task in ``KIRJURI_RESULT_CHANGED_TASKS``."""
    for name in getattr(settings, "KIRJURI_RESULT_CHANGED_TASKS", ()):
        task = current_app.tasks.get(name)
        if task is None:
            # Outside a worker the apps' tasks modules are imported on demand.
            current_app.loader.import_default_modules()
            task = current_app.tasks.get(name)
        if task is None:
            logger.error("KIRJURI_RESULT_CHANGED_TASKS names unknown task %r", name)
            continue
        try:
            # No result is awaited: sending one would also subscribe to the result
            # store, which retries for ~20 s when Redis is down — inside a request.
            task.apply_async((match_id,), ignore_result=True)
        except Exception:
            # The deal is stored and committed: its request must not fail. The task
            # recomputes from the stored data, so the periodic reconcile (or the next
            # change of the match) brings the result up to date.
            logger.exception(
                "task %s for match %s failed after commit; left to the reconcile",
                name,
                match_id,
            )


@shared_task(name="scoring.refold_match")
def refold_match(match_id: int) -> int:
    """Re-fold a match from its stored deals. Idempotent; returns the match version."""
    from scoring import services
    from scoring.models import Match

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    return services.refold_match(match=match).version


@shared_task(name="scoring.purge_idempotency_keys")
def purge_idempotency_keys(hours: int = 48) -> int:
    """Forget stored idempotent responses older than ``hours``. Idempotent."""
    from scoring.models import IdempotencyKey

    cutoff = timezone.now() - timedelta(hours=hours)
    deleted, _ = IdempotencyKey.objects.filter(created_at__lt=cutoff).delete()
    return deleted


@shared_task(name="scoring.rating_match_changed")
def rating_match_changed(match_id: int) -> str:
    """Bring the ratings of the match's club and game up to date. Idempotent."""
    from scoring import ratings

    return ratings.rating_match_changed(match_id=match_id)
