"""Celery tasks of the score book, and the dispatch of "a result changed".

:func:`result_change_notify` is how the layers above scoring (tournament standings,
money settlements) hear of a changed result without scoring importing them: the
services call it with ``transaction.on_commit`` after every change of a match's
result, and it sends the match id to every Celery task named in
``settings.KIRJURI_RESULT_CHANGED_TASKS``. Those tasks recompute from the stored
data, so a notification delivered twice or late does no harm. :func:`task_send` is
the same by one name, for a layer that tells the one above it something else (the
tournaments' final standings, to the money side's prize payouts).

**Coalesced tasks.** A task built on :class:`CoalescedTask` has at most one run
pending per match: the dispatch marks ``(task, match)`` pending in the cache
(``cache.add``) and sends the task only if it was not pending already; the run
clears the mark as it *starts*, before it reads anything, so a change committed
after that start sends a new run, and a change committed before it is read by it.
A burst of deals therefore costs one settlement, not one per deal. The mark expires
after :data:`PENDING_SECONDS` (a run lost with its message does not hold later
changes back for longer). Production keeps the cache in Redis beside the broker
(``CACHES``), so web processes and workers see one mark; the embedded default runs
tasks in-process, where the mark is set and cleared in one call.

A task that fails here — the broker is down, or (embedded default, tasks run
in-process) the task itself raises — is logged and never turns the stored change into
an error: the reconcile tasks recompute whatever a lost notification left behind.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from celery import Task, current_app, shared_task
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

logger = logging.getLogger(__name__)

#: How long a coalesced run stays marked pending at most (the task time limit).
PENDING_SECONDS = 300


def _pending_key(name: str, match_id: int) -> str:
    return f"kirjuri:pending:{name}:{match_id}"


class CoalescedTask(Task):
    """A result-changed task with at most one run pending per match (see above).

    Its first argument is the match id; the run clears the pending mark first.
    """

    def __call__(self, match_id: int, *args, **kwargs):
        try:
            cache.delete(_pending_key(self.name, match_id))
        except Exception:  # the mark expires by itself
            logger.warning("cache unavailable: pending mark of %s kept", self.name)
        return super().__call__(match_id, *args, **kwargs)


_importing = threading.Lock()


def _task(name: str) -> Task | None:
    """The registered task ``name``. Outside a worker the apps' tasks modules are
    imported on demand, once: in a threaded web process two first requests must not
    both import (the second found the autodiscovery under way and the task not yet
    registered, and its notification was lost)."""
    task = current_app.tasks.get(name)
    if task is None:
        with _importing:
            task = current_app.tasks.get(name)
            if task is None:
                current_app.loader.import_default_modules()
                task = current_app.tasks.get(name)
    return task


def _mark_pending(key: str) -> bool:
    """Mark a run pending; ``False`` if one already is. A cache that cannot be
    reached coalesces nothing (a run too many is harmless, one too few is not)."""
    try:
        return bool(cache.add(key, 1, timeout=PENDING_SECONDS))
    except Exception:
        logger.warning("cache unavailable: %s sent without coalescing", key)
        return True


def result_change_notify(match_id: int, *, still_open: bool = False) -> None:
    """Send ``match_id`` to each task in ``KIRJURI_RESULT_CHANGED_TASKS`` (a
    :class:`CoalescedTask` only if no run of it is pending for the match).

    ``still_open``: the change was to a match that was open and still is (a deal
    entered or confirmed). A task declared ``closed_matches_only`` (the ratings,
    which count finished matches only) has nothing to do then and is not sent: one
    message and one worker run fewer per deal. Every change of a match's status
    (finish, abandon, a correction that reopens it) is sent to it as before."""
    for name in getattr(settings, "KIRJURI_RESULT_CHANGED_TASKS", ()):
        task = _task(name)
        if task is None:
            logger.error("KIRJURI_RESULT_CHANGED_TASKS names unknown task %r", name)
            continue
        if still_open and getattr(task, "closed_matches_only", False):
            continue
        try:
            # No result is awaited: sending one would also subscribe to the result
            # store, which retries for ~20 s when Redis is down — inside a request.
            if isinstance(task, CoalescedTask):
                key = _pending_key(name, match_id)
                if not _mark_pending(key):
                    continue  # the pending run has not started: it reads this change
                try:
                    task.apply_async((match_id,), ignore_result=True)
                except BaseException:
                    cache.delete(key)  # not sent: the next change must send it
                    raise
            else:
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


def task_send(name: str, *args: int) -> None:
    """Send ``args`` (ids) to the registered task ``name``, after a commit, for a
    layer that must not import the task's app (``tournaments`` telling ``money``).
    Like :func:`result_change_notify`, a failure is logged and never raised: the
    periodic reconcile catches up."""
    task = _task(name)
    if task is None:
        logger.error("task %r is not registered", name)
        return
    try:
        task.apply_async(args, ignore_result=True)
    except Exception:
        logger.exception(
            "task %s%r failed after commit; left to the reconcile", name, args
        )


@shared_task(name="scoring.match_refold")
def match_refold(match_id: int) -> int:
    """Re-fold a match from its stored deals. Idempotent; returns the match version."""
    from scoring import services
    from scoring.models import Match

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return 0
    return services.match_refold(match=match).version


@shared_task(name="scoring.idempotency_keys_purge")
def idempotency_keys_purge(hours: int = 48) -> int:
    """Forget stored idempotent responses older than ``hours``. Idempotent."""
    from scoring.models import IdempotencyKey

    cutoff = timezone.now() - timedelta(hours=hours)
    deleted, _ = IdempotencyKey.objects.filter(created_at__lt=cutoff).delete()
    return deleted


# Ratings count finished matches only: a deal entered into an open match changes
# nothing of them (``closed_matches_only``, see result_change_notify).
@shared_task(name="scoring.ratings_update_for_match", closed_matches_only=True)
def ratings_update_for_match(match_id: int) -> str:
    """Bring the ratings of the match's club and game up to date. Idempotent."""
    from scoring import services

    return services.ratings_update_for_match(match_id=match_id)


# -- the tasks' old names, for one release ----------------------------------------
#
# A message queued by the previous release carries the task's old name; a worker of
# this release must still run it. Each old name is registered as a task that does
# what the new one does. Remove them one release after the rename (they are not part
# of the merge clean-up: a broker may hold such messages for as long as a worker is
# down).


@shared_task(name="scoring.refold_match")
def refold_match_old_name(match_id: int) -> int:
    """``scoring.refold_match``: now :func:`match_refold`."""
    return match_refold(match_id)


@shared_task(name="scoring.purge_idempotency_keys")
def purge_idempotency_keys_old_name(hours: int = 48) -> int:
    """``scoring.purge_idempotency_keys``: now :func:`idempotency_keys_purge`."""
    return idempotency_keys_purge(hours)


@shared_task(name="scoring.rating_match_changed")
def rating_match_changed_old_name(match_id: int) -> str:
    """``scoring.rating_match_changed``: now :func:`ratings_update_for_match`."""
    return ratings_update_for_match(match_id)
