"""Round generation as a job: asked for on the director's request, run by a task.

A big field's search takes seconds to minutes (a partner rotation of 96 players:
more than two minutes on a loaded machine), longer than a web worker may hold a
request (gunicorn's 30 s). So the director's page and the API do not generate:
:func:`round_generation_request` records a :class:`RoundGeneration` job and sends
``tournaments.round_generation_compute`` after commit; the page shows "generating
round N…" and follows the job through its live refresh, the API answers 202 with
the job's address. With Redis a worker runs the task; on the embedded default
(no ``REDIS_URL``) Celery runs it in-process before the answer, so the job is done
by then and the answer has the same shape.

Invariants:

* **One active job per stage.** The database holds it (a partial unique
  constraint on queued/running jobs): two clicks, two tabs or two directors make
  one job; the second request finds the first and answers with it.
* **What can be refused at once is refused at once**: no permission, a closed
  tournament, the stage's last round still open — a 403/409 on the request, no job.
* **A run is safe twice, late, or after a crash.** :func:`round_generation_compute`
  leaves a done or failed job alone; otherwise it computes from the stored data
  (the same path as :func:`round_generate`: the search outside any transaction,
  the round stored in a short one that checks the inputs are unchanged) and
  stores the round and marks the job done in one transaction, which first locks
  the job: a second run that finds it done returns that round. A job still
  active after ``KIRJURI_GENERATION_STALE_SECONDS`` (default
  :data:`STALE_SECONDS`, longer than the task's time limit and the search's
  deadline), its worker crashed or its message lost, is sent again when the
  director asks again, and by the beat's :func:`round_generation_reconcile`
  within a minute — the director need not ask.
* **Errors are the director's to read**: a domain error (the format's, a
  permission lost meanwhile, inputs that kept changing) fails the job with its
  code and message, in the language of the director who asked (``language``); a
  bug fails it with a generic message and is logged.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext

from scoring.errors import DomainError, NotFound
from tournaments import permissions
from tournaments.models import (
    GENERATION_ACTIVE,
    GenerationStatus,
    RoundGeneration,
    Stage,
    Tournament,
)
from tournaments.services._common import require, require_open
from tournaments.services.rounds import _next_number, _round_generate

logger = logging.getLogger(__name__)

#: Seconds after which an active job is taken for lost (its worker crashed).
STALE_SECONDS = 600


def round_generation_request(
    *, stage: Stage, by: AbstractBaseUser, language: str = ""
) -> RoundGeneration:
    """Ask for ``stage``'s next round: the stage's active job if it has one, else a
    new job, sent to ``tournaments.round_generation_compute`` after commit.

    ``language``: the asking director's, in which a failure is written (default:
    the active language).
    """
    tournament = Tournament.objects.filter(pk=stage.tournament_id).first()
    if tournament is None:
        raise NotFound("not_found", gettext("no such tournament"))
    require(permissions.may_direct(by, tournament), gettext("only a director may"))
    require_open(tournament)
    active = _active_job(stage)
    if active is not None:
        return _resent_if_stale(active)
    number = _next_number(stage)  # a 409 now while the last round is open
    try:
        with transaction.atomic():
            job = RoundGeneration.objects.create(
                stage=stage,
                number=number,
                requested_by=by if by.is_authenticated else None,
                language=language or translation.get_language() or "",
            )
            transaction.on_commit(partial(_send, job.pk))
    except IntegrityError:
        # Another request made the stage's job between our look and our insert.
        active = _active_job(stage)
        if active is None:
            raise
        return active
    return job


def round_generation_compute(*, generation_id: int) -> RoundGeneration | None:
    """Run the job (the task's body): generate and store its round, or record why
    not. A done or failed job is left alone; ``None``: no such job."""
    job = _claim(generation_id)
    if job is None:
        return RoundGeneration.objects.filter(pk=generation_id).first()
    with translation.override(job.language or None):
        try:
            stage = Stage.objects.get(pk=job.stage_id)
            if job.requested_by is None:
                require(False, gettext("the director who asked has no account now"))
            _round_generate(stage, job.requested_by, job=job)
        except DomainError as error:
            _fail(job, error.code, error.message)
        except Exception:
            logger.exception("round generation %s failed", job.pk)
            _fail(
                job,
                "generation_failed",
                gettext(
                    "the round could not be generated because of an error in "
                    "Kirjuri; try again, and tell the club's administrator if it "
                    "happens again"
                ),
            )
    return RoundGeneration.objects.get(pk=job.pk)


def round_generation_reconcile() -> list[int]:
    """Send again every active job silent for longer than the stale time (run by
    the beat, ``tournaments.round_generation_reconcile``); their ids.

    Safe beside a run that is in fact alive: that run and the new one store one
    round between them (see :func:`round_generation_compute`)."""
    cutoff = timezone.now() - _stale_after()
    stale = RoundGeneration.objects.filter(status__in=GENERATION_ACTIVE).filter(
        Q(started_at__lt=cutoff) | Q(started_at__isnull=True, requested_at__lt=cutoff)
    )
    return [_resent_if_stale(job).pk for job in stale.order_by("pk")]


def _active_job(stage: Stage) -> RoundGeneration | None:
    return RoundGeneration.objects.filter(
        stage=stage, status__in=GENERATION_ACTIVE
    ).first()


def _stale_after() -> timedelta:
    seconds = getattr(settings, "KIRJURI_GENERATION_STALE_SECONDS", None)
    return timedelta(seconds=STALE_SECONDS if seconds is None else float(seconds))


def _resent_if_stale(job: RoundGeneration) -> RoundGeneration:
    """An active job whose worker has been silent too long is sent again (safe:
    a run of a job another run finished returns at once)."""
    since = job.started_at or job.requested_at
    if timezone.now() - since >= _stale_after():
        logger.warning("round generation %s taken for lost; sent again", job.pk)
        RoundGeneration.objects.filter(pk=job.pk, status__in=GENERATION_ACTIVE).update(
            started_at=timezone.now()
        )
        transaction.on_commit(partial(_send, job.pk))
    return job


def _send(job_id: int) -> None:
    from tournaments import tasks

    tasks.round_generation_enqueue(job_id)


@transaction.atomic
def _claim(generation_id: int) -> RoundGeneration | None:
    """Mark the job running (one more run); ``None`` if it is done or failed."""
    job = (
        RoundGeneration.objects.select_for_update(of=("self",))
        .select_related("requested_by")
        .filter(pk=generation_id)
        .first()
    )
    if job is None or job.status not in GENERATION_ACTIVE:
        return None
    job.status = GenerationStatus.RUNNING
    job.started_at = timezone.now()
    job.runs += 1
    job.save(update_fields=["status", "started_at", "runs"])
    return job


def _fail(job: RoundGeneration, code: str, message: str) -> None:
    """Record the failure, unless another run has finished the job meanwhile."""
    RoundGeneration.objects.filter(pk=job.pk, status__in=GENERATION_ACTIVE).update(
        status=GenerationStatus.FAILED,
        error_code=code[:64],
        error_message=str(message),
        finished_at=timezone.now(),
    )
