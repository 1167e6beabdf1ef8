"""Standings computed by a real Celery worker on Redis and PostgreSQL.

Results are entered through the score book's services; its "result changed"
notification reaches ``tournaments.match_result_notify`` in the worker process,
which writes the standings snapshot. The crash test SIGKILLs the worker in the middle
of a recompute (a pause that tests/worker_main.py patches in when the worker's
environment has ``KIRJURI_STANDINGS_TEST_PAUSE``), throws away the notifications
still queued, restarts the worker and lets the periodic reconcile catch up: the
snapshot ends equal to a from-scratch computation.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from config.celery import app
from scoring import services as scoring_services
from tests.workers import wait_until
from tournaments import selectors, services, tasks
from tournaments.models import Standings

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ville Viitala", "Johannes Aho", "Mikael Saurén", "Rosanna Viitala"]


def _event():
    director = get_user_model().objects.create_user("td", password="pw")
    club = scoring_services.club_create(name="Sleazy club", by=director)
    tournament = services.tournament_create(
        club=club,
        name="Sleazy night",
        game="sleazy",
        format="round_robin",
        tiebreaks=["point_difference", "match_points"],
        by=director,
    )
    services.entries_add(tournament=tournament, names=PLAYERS, by=director)
    stage = tournament.stages.get()
    round_ = services.round_generate(stage=stage, by=director)
    round_ = services.round_start(round=round_, by=director)
    return director, tournament, round_


def _play(round_, director, points):
    for i, table in enumerate(round_.tables.select_related("match")):
        match = table.match
        for r in range(4):
            scoring_services.deal_submit(
                match=match,
                number=r + 1,
                input={"mode": "totals", "points": points(i, r)},
                by=director,
            )
        scoring_services.match_finish(match=match, by=director)


def _converged(tournament) -> bool:
    snapshot = Standings.objects.filter(tournament=tournament).first()
    if snapshot is None:
        return False
    view = selectors.standings_view_get(tournament)
    return not view["pending"] and snapshot.stages == selectors.standings_data_get(
        tournament
    )


def test_results_appear_in_standings_computed_by_the_worker(celery_worker_process):
    """Deals submitted through the service reach the standings via the worker."""
    director, tournament, round_ = _event()
    _play(round_, director, lambda table, r: [100 + 25 * table, 25 * r])
    assert wait_until(lambda: _converged(tournament), timeout=60), (
        celery_worker_process.log()
    )
    rows = Standings.objects.get(tournament=tournament).stages[0]["rows"]
    assert all(row["played"] == 1 for row in rows)
    # Table 2's winner gained 4 x 125 - (0 + 25 + 50 + 75) = 350.
    assert rows[0]["values"]["point_difference"] == 350
    assert "tournaments.match_result_notify" in celery_worker_process.log()


def _crash(worker) -> None:
    """SIGKILL the worker and its pool children (only those processes)."""
    parent = worker.proc.pid
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            os.kill(int(stat.parent.name), signal.SIGKILL)
    worker.proc.kill()
    worker.proc.wait(10)


@pytest.fixture
def paused_worker(monkeypatch, request):
    monkeypatch.setenv("KIRJURI_STANDINGS_TEST_PAUSE", "5")
    return request.getfixturevalue("celery_worker_process")


def test_worker_killed_mid_recompute_converges_after_restart(paused_worker):
    """A recompute killed half-way writes nothing; after a restart the reconcile
    brings the snapshot to exactly the from-scratch standings."""
    worker = paused_worker
    director, tournament, round_ = _event()
    before = Standings.objects.get(tournament=tournament).stages
    _play(round_, director, lambda table, r: [25 * (table + r), 50])
    assert wait_until(lambda: "paused" in worker.log(), timeout=60), worker.log()
    _crash(worker)
    # The notifications still queued are lost too (as if Redis had been flushed).
    with app.connection_for_write() as connection:
        connection.default_channel.queue_purge(worker.queue)
    assert selectors.standings_view_get(tournament)["pending"] is True
    assert Standings.objects.get(tournament=tournament).stages == before

    worker.env["KIRJURI_STANDINGS_TEST_PAUSE"] = "0"
    worker.start()
    tasks.standings_reconcile.delay()  # what celery beat sends every minute
    assert wait_until(lambda: _converged(tournament), timeout=60), worker.log()
    rows = Standings.objects.get(tournament=tournament).stages[0]["rows"]
    assert sorted(row["played"] for row in rows) == [1, 1, 1, 1]
