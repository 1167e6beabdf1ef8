"""The rating task on a real Celery worker through Redis (PostgreSQL)."""

from __future__ import annotations

import pytest

import tests.money_service.testgames  # noqa: F401  (registers the tally test game)
from scoring import services, tasks
from scoring.models import Rating
from tests.money_service.conftest import play
from tests.workers import wait_until


@pytest.mark.worker
@pytest.mark.slow
def test_a_finished_match_is_rated_by_a_real_worker(
    celery_worker_process, club, people
):
    """Finishing the match is enough: the "result changed" notification reaches the
    worker after the commit and the worker rates the match; sent again, nothing
    changes; and a recompute from scratch gives the same values."""
    sami, olli = people.scorer, people.opponent
    play(club, people.admin.user, [sami, olli], [3, 1], point_value=None)
    assert wait_until(lambda: Rating.objects.count() == 2), celery_worker_process.log()
    stored = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.all()}
    assert stored[sami.pk][0] > stored[olli.pk][0]
    match_id = sami.seats.get().match_id
    again = tasks.ratings_update_for_match.apply_async(
        (match_id,), queue=celery_worker_process.queue
    )
    assert again.get(timeout=60) == "unchanged", celery_worker_process.log()
    services.ratings_recompute(club=club, game="tally-test")
    assert {r.player_id: (r.mu, r.sigma) for r in Rating.objects.all()} == stored
