"""Celery tasks of the money side. Each takes ids, calls one service, is idempotent.

* ``scoring.money.settle_match`` — named in ``KIRJURI_RESULT_CHANGED_TASKS``, so the
  score book sends it the match id after every change of a result (a deal entered,
  corrected or voided, a match finished). It recomputes the match's (or its
  session's) settlement from the stored data and posts only the difference: run
  twice, late or after a crash, the ledger ends the same. It is coalesced
  (:class:`scoring.tasks.CoalescedTask`): at most one run is pending per match, so
  a burst of deals costs one settlement.
* ``scoring.money.settle_session`` — the same for a session.
* ``scoring.money.reconcile_settlements`` — on the beat schedule: settles every match
  or session whose settlement is older than its result (a notification lost while
  the broker was down or a worker crashed).
* ``scoring.money.settle_prizes`` — a tournament's prize payouts once its standings
  are final (``settings.KIRJURI_PRIZE_STANDINGS_PROVIDER`` supplies them); newer
  standings generations supersede older ones, an older one changes nothing.

A refused settlement (a stake the book does not allow) is recorded on the sheet and
changes nothing in the ledger; the task succeeds (retrying would not help).
"""

from __future__ import annotations

from celery import shared_task

from scoring import money_services
from scoring.ledger_models import SourceKind
from scoring.tasks import CoalescedTask


@shared_task(name="scoring.money.settle_match", base=CoalescedTask)
def settle_match(match_id: int) -> str:
    return money_services.settle_quietly(SourceKind.MATCH, match_id)


@shared_task(name="scoring.money.settle_session")
def settle_session(session_id: int) -> str:
    return money_services.settle_quietly(SourceKind.SESSION, session_id)


@shared_task(name="scoring.money.settle_prizes")
def settle_prizes(tournament_id: int) -> str:
    return money_services.tournament_payouts_from_provider(tournament_id)


@shared_task(name="scoring.money.reconcile_settlements")
def reconcile_settlements() -> int:
    return len(money_services.settlements_reconcile())
