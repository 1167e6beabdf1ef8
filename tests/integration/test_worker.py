"""A real Celery worker process executes tasks sent through Redis on PostgreSQL."""

import pytest

from games.engine import all_games
from games.models import CatalogueEntry
from games.tasks import sync_catalogue
from tests.workers import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def shipped_games() -> int:
    """Games of games.rules (tests may register extra games in this process only)."""
    return sum(type(g).__module__.startswith("games.rules.") for g in all_games())


def test_a_task_sent_through_redis_runs_in_the_worker_and_writes_the_database(
    celery_worker_process,
):
    CatalogueEntry.objects.all().delete()
    assert CatalogueEntry.objects.count() == 0

    result = sync_catalogue.apply_async(queue=celery_worker_process.queue)

    assert result.get(timeout=60) == shipped_games(), celery_worker_process.log()
    assert wait_until(lambda: CatalogueEntry.objects.count() == shipped_games())
    # The task ran in the other process: its log names it as received and done.
    # (The result reaches Redis a moment before the worker logs it: wait for the line.)
    assert wait_until(lambda: "succeeded" in celery_worker_process.log(), timeout=10)
    assert "games.sync_catalogue" in celery_worker_process.log()


def test_the_worker_stops_cleanly(celery_worker_process):
    assert celery_worker_process.stop() == 0
    assert "warm shutdown" in celery_worker_process.log().lower()
