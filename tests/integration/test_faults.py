"""Faults on the production stack: a worker killed mid-recompute, Redis stopped while
deals are submitted, PostgreSQL restarted under load.

Each test runs a stack of its own (tests/faults.py: gunicorn, a Celery worker, its own
redis-server, a fresh database — for the restart, on a throwaway PostgreSQL cluster),
so the shared services are never stopped. Four tables (two in a Sleazy tournament,
two played for money) enter four deals each and finish, resending every write with
its Idempotency-Key until it is acknowledged. Afterwards every acknowledged deal is
stored exactly once, and once the periodic reconcile has run (what ``celery beat``
sends every minute) the standings and the settlements equal a from-scratch
computation. ``/healthz`` names what is down while it is down.
"""

from __future__ import annotations

import os

import pytest

from tests.embedded import postgres_database, postgres_drop
from tests.faults import (
    DEALS_PER_MATCH,
    PostgresCluster,
    RedisServer,
    Scorekeepers,
    Stack,
)
from tests.workers import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.postgres, pytest.mark.slow]

EVERY_DEAL = range(1, DEALS_PER_MATCH + 1)


@pytest.fixture
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.remove()


@pytest.fixture
def database():
    url = postgres_database(os.environ["TEST_DATABASE_URL"])
    yield url
    postgres_drop(url)


def assert_every_acknowledged_deal_stored_once(stack: Stack, table: Scorekeepers):
    assert table.errors == [], table.errors
    matches = stack.seeded["matches"]
    assert sorted(table.acknowledged) == sorted(
        (m, n) for m in matches for n in EVERY_DEAL
    )
    assert sorted(table.finished) == sorted(matches)
    report = stack.check()
    assert report["deals"] == {str(m): list(EVERY_DEAL) for m in matches}
    assert report["entered"] == len(matches) * DEALS_PER_MATCH  # no second entry
    assert report["finished"] == sorted(matches)


def assert_converges(stack: Stack) -> None:
    stack.reconcile()
    assert wait_until(stack.converged, timeout=120, every=1), (
        stack.check(),
        stack.worker_restarts,
        stack.log(),
    )
    assert stack.check()["ledger_entries"] > 0  # the money matches were settled


def test_worker_killed_mid_recompute(database, redis_server):
    """SIGKILL the worker while a standings recompute is half-way; restart it."""
    stack = Stack(
        database, redis_server, worker_env={"KIRJURI_STANDINGS_TEST_PAUSE": "5"}
    )
    stack.start()
    try:
        table = Scorekeepers(stack)
        table.play(EVERY_DEAL, finish=True)
        assert wait_until(lambda: "paused" in stack.worker.log(), timeout=60)
        stack.worker.kill()
        assert_every_acknowledged_deal_stored_once(stack, table)
        assert not stack.check()["standings_converged"]  # the killed run wrote nothing

        stack.worker.env["KIRJURI_STANDINGS_TEST_PAUSE"] = "0"
        stack.worker.start()
        assert_converges(stack)
    finally:
        stack.stop()


def test_redis_stopped_while_deals_are_submitted(database, redis_server):
    """Deals keep being acknowledged and stored while the broker is down."""
    stack = Stack(database, redis_server)
    stack.start()
    try:
        table = Scorekeepers(stack)
        table.play(range(1, 3))
        redis_server.stop()
        status, health = stack.health()
        assert status == 503
        assert health["broker"].startswith("error"), health
        assert health["database"] == "ok"

        failures = table.failures
        table.play(range(3, DEALS_PER_MATCH + 1), finish=True)
        # Every write acknowledged at once.
        assert table.failures == failures, (table.refused, stack.log())
        assert_every_acknowledged_deal_stored_once(stack, table)

        redis_server.start()  # empty: the notifications sent meanwhile are lost
        assert wait_until(lambda: stack.health()[0] == 200, timeout=30)
        assert_converges(stack)

        # The web processes send again: a correction is settled with no reconcile.
        match = stack.seeded["money"][0]
        path = f"/api/v1/matches/{match}/deals/{DEALS_PER_MATCH}/"
        status, deal = stack.request("GET", path)
        assert status == 200, deal
        entries = stack.check()["ledger_entries"]
        status, answer = stack.request(
            "POST",
            path.rstrip("/") + "/correct",
            body={
                "input": {"mode": "totals", "points": [25, 250]},
                "base_version": deal["version"],
                "reason": "points of the sides swapped",
            },
        )
        assert status == 200, answer
        assert wait_until(
            lambda: stack.converged() and stack.check()["ledger_entries"] > entries,
            timeout=60,
            every=1,
        ), stack.log()
    finally:
        stack.stop()


def test_postgres_restarted_under_load(redis_server):
    """Writes during the outage fail and are resent; none is lost or doubled."""
    cluster = PostgresCluster()
    cluster.create()
    stack = Stack(cluster.url, redis_server)
    try:
        stack.start()
        table = Scorekeepers(stack, pace=0.3)
        table.start(EVERY_DEAL, finish=True)
        assert wait_until(lambda: len(table.acknowledged) >= 2, timeout=60)
        cluster.stop()
        status, health = stack.health()
        assert status == 503
        assert health["database"].startswith("error"), health
        assert health["broker"] == "ok"
        assert wait_until(lambda: table.failures >= 4, timeout=60)
        cluster.start()
        table.join()
        assert table.failures >= 4  # the outage was felt, and survived
        # …as "busy or unavailable, send it again", never as a server error.
        assert set(table.refused_statuses) == {503}, table.refused
        assert_every_acknowledged_deal_stored_once(stack, table)
        assert_converges(stack)
    finally:
        stack.stop()
        cluster.remove()
