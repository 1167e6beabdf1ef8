"""Celery tasks of the money side. Each takes ids, calls one service, is idempotent.

* ``money.match_settle`` — named in ``KIRJURI_RESULT_CHANGED_TASKS``, so the score
  book sends it the match id after every change of a result (a deal entered,
  corrected or voided, a match finished) without importing money. It recomputes the
  match's (or its session's) settlement from the stored data and posts only the
  difference: run twice, late or after a crash, the ledger ends the same. It is
  coalesced (:class:`scoring.tasks.CoalescedTask`): at most one run is pending per
  match, so a burst of deals costs one settlement.
* ``money.session_settle`` — the same for a session.
* ``money.settlements_reconcile`` — on the beat schedule: settles every match or
  session whose settlement is older than its result (a notification lost while the
  broker was down or a worker crashed).
* ``money.tournament_prizes_settle`` — named in ``KIRJURI_FINAL_STANDINGS_TASKS``: a
  tournament's prize payouts once its standings are final (read through
  :func:`tournaments.prizes.final_standings_get`); newer standings generations
  supersede older ones, an older one changes nothing.

**Old names.** Until release 0.x+1 the same functions are registered under the names
they had in the score book (``scoring.money.settle_match`` …), so a message queued
before the upgrade still runs. Remove :data:`_ALIASES` one release later.

A refused settlement (a stake the book does not allow) is recorded on the sheet and
changes nothing in the ledger; the task succeeds (retrying would not help).
"""

from __future__ import annotations

from celery import shared_task

from money import services
from money.models import SourceKind
from scoring.tasks import CoalescedTask


def _match_settle(match_id: int) -> str:
    return services.source_settle(kind=SourceKind.MATCH, source_id=match_id)


def _session_settle(session_id: int) -> str:
    return services.source_settle(kind=SourceKind.SESSION, source_id=session_id)


def _tournament_prizes_settle(tournament_id: int) -> str:
    return services.tournament_prizes_settle(tournament_id=tournament_id)


def _settlements_reconcile() -> int:
    return len(services.settlements_reconcile())


match_settle = shared_task(name="money.match_settle", base=CoalescedTask)(_match_settle)
session_settle = shared_task(name="money.session_settle")(_session_settle)
tournament_prizes_settle = shared_task(name="money.tournament_prizes_settle")(
    _tournament_prizes_settle
)
settlements_reconcile = shared_task(name="money.settlements_reconcile")(
    _settlements_reconcile
)

# The names of release 0.x (scoring/money_tasks.py): messages already queued under
# them still run. One release, then delete.
_ALIASES = {
    "scoring.money.settle_match": shared_task(
        name="scoring.money.settle_match", base=CoalescedTask
    )(_match_settle),
    "scoring.money.settle_session": shared_task(name="scoring.money.settle_session")(
        _session_settle
    ),
    "scoring.money.settle_prizes": shared_task(name="scoring.money.settle_prizes")(
        _tournament_prizes_settle
    ),
    "scoring.money.reconcile_settlements": shared_task(
        name="scoring.money.reconcile_settlements"
    )(_settlements_reconcile),
}
