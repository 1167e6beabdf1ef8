"""The settlement tasks: eager in the suite, and on a real worker through Redis."""

from __future__ import annotations

import pytest
from django.conf import settings

from money import selectors as money_selectors
from money import tasks as money_tasks
from money.models import LedgerEntry
from tests.money_service.conftest import play
from tests.workers import wait_until


def test_the_settle_task_hears_of_every_changed_result():
    assert "money.match_settle" in settings.KIRJURI_RESULT_CHANGED_TASKS


def test_finishing_a_match_settles_it_after_commit(
    club, people, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    settled, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(match=match)
    )
    assert settled[f"p{people.anna.pk}"] == 675


def test_the_task_is_idempotent(club, people):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    assert money_tasks.match_settle.delay(match.pk).get() == "settled"
    assert money_tasks.match_settle.delay(match.pk).get() == "settled"
    assert LedgerEntry.objects.count() == 2
    assert money_tasks.match_settle.delay(10**9).get() == "missing"


@pytest.mark.worker
@pytest.mark.slow
def test_a_task_sent_through_redis_settles_a_match_on_a_real_worker(
    celery_worker_process, club, people
):
    match = play(club, people.admin.user, [people.anna, people.cai], [520, 385])
    assert not LedgerEntry.objects.exists()

    result = money_tasks.match_settle.apply_async(
        (match.pk,), queue=celery_worker_process.queue
    )

    assert result.get(timeout=60) == "settled", celery_worker_process.log()
    assert wait_until(lambda: LedgerEntry.objects.filter(match=match).count() == 2)
    settled, _ = money_selectors.balances_compute(
        LedgerEntry.objects.filter(match=match)
    )
    assert sum(settled.values()) == 0
    assert settled == {
        f"p{people.anna.pk}": 675,
        f"p{people.cai.pk}": -675,
        "pot": 0,
    }
    # Sent again (a duplicate delivery): nothing more is posted.
    again = money_tasks.match_settle.apply_async(
        (match.pk,), queue=celery_worker_process.queue
    )
    assert again.get(timeout=60) == "settled"
    assert LedgerEntry.objects.filter(match=match).count() == 2
