"""Suite-wide fixtures and the rules for tests that need real services.

Markers (see pyproject.toml): ``postgres`` tests run only when the suite is on
PostgreSQL (``TEST_DATABASE_URL``), ``redis`` and ``worker`` tests only with
``REDIS_URL``, ``browser`` tests only when Chromium is installed, ``gettext`` tests
only when GNU gettext is (``xgettext``, for ``makemessages``). Otherwise they are
reported as skipped with the reason — unless ``KIRJURI_REQUIRE_SERVICES=1`` (CI), where
a missing service is a failure and any skipped test fails the run.
"""

from __future__ import annotations

import os
import shutil
import sys

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# A property asserts what must hold, never how fast: no deadline per example and no
# "too slow to generate" check, which fail at random when the suite shares the
# machine's cores (pytest-xdist) or runs beside other work. The example counts stay.
hypothesis_settings.register_profile(
    "kirjuri", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("kirjuri")


def _flush_by_delete() -> None:
    """Empty the tables after a ``transaction=True`` test with ``DELETE``, not
    ``TRUNCATE``, on PostgreSQL.

    Django empties every table after such a test (``flush``); PostgreSQL's
    ``TRUNCATE`` of the 49 tables makes new files for each table and index and
    syncs them, 1.1–2.3 s a test on this machine, while ``DELETE`` of the few rows
    a test leaves takes 0.02–0.07 s (docs/performance.md, "The suite on every
    core"). The outcome is the same: empty tables, sequences not reset (neither
    resets them without ``reset_sequences``), the foreign keys checked at commit
    (Django declares them ``DEFERRABLE INITIALLY DEFERRED``, so the order does not
    matter). SQLite's flush is ``DELETE`` already. Only the plain flush changes:
    one with ``reset_sequences`` or ``allow_cascade`` keeps Django's statement.
    """
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(
                self,
                style,
                tables,
                reset_sequences=reset_sequences,
                allow_cascade=allow_cascade,
            )
        deletes = [f"DELETE FROM {self.quote_name(table)};" for table in tables]
        return ["SET CONSTRAINTS ALL DEFERRED;", *deletes]

    DatabaseOperations.sql_flush = sql_flush


def _commit_without_waiting_for_the_disk() -> None:
    """``synchronous_commit=off`` on the test database's connections (PostgreSQL).

    A commit then returns before its WAL reaches the disk: 0.7 ms instead of 6.9 ms
    on this machine, and a live server's request or a ``transaction=True`` test
    commits at every write. The test database is thrown away at the end of the run,
    so a commit lost to a crash of the machine costs nothing; what the tests check
    (what each transaction sees and keeps) is the same. The fault tests run their own
    PostgreSQL cluster and are untouched.
    """
    from django.conf import settings

    options = settings.DATABASES["default"].setdefault("OPTIONS", {})
    options["options"] = f"{options.get('options', '')} -c synchronous_commit=off"


if os.environ.get("TEST_DATABASE_URL", "").startswith("postgres"):
    _flush_by_delete()
    _commit_without_waiting_for_the_disk()

REQUIRE = os.environ.get("KIRJURI_REQUIRE_SERVICES") == "1"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium")


def _missing(item: pytest.Item) -> str | None:
    on_postgres = os.environ.get("TEST_DATABASE_URL", "").startswith("postgres")
    if item.get_closest_marker("postgres") and not on_postgres:
        return "needs PostgreSQL: set TEST_DATABASE_URL=postgres://…"
    if item.get_closest_marker("worker") and not on_postgres:
        return "the worker test needs PostgreSQL: set TEST_DATABASE_URL=postgres://…"
    needs_redis = item.get_closest_marker("redis") or item.get_closest_marker("worker")
    if needs_redis and not os.environ.get("REDIS_URL"):
        return "needs Redis: set REDIS_URL=redis://…"
    if item.get_closest_marker("browser") and not CHROMIUM:
        return "needs Chromium (apt-get install chromium) or CHROMIUM_PATH"
    if item.get_closest_marker("gettext") and not shutil.which("xgettext"):
        return "needs GNU gettext for makemessages (apt-get install gettext)"
    return None


def _start_rank(item: pytest.Item) -> int:
    """How early a test should start on the test processes: the journeys (minutes
    at a person's pace) first, then the other tests marked slow or starting a
    worker, then the rest. The browser tests stay among the rest, in pytest's
    order: ranked together, every process drove its own Chromium at once, and on
    two cores the pages outlasted Playwright's timeouts (a run of 2026-11-28)."""
    if item.get_closest_marker("slow") and item.get_closest_marker("browser"):
        return 0
    if item.get_closest_marker("slow") or item.get_closest_marker("worker"):
        return 1
    return 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # Under pytest-xdist the test processes take the tests in this order (one unit
    # of ``--dist loadgroup`` at a time, after the groups of several tests), so the
    # longest start first and the short ones fill in at the end, instead of a long
    # test starting last and running alone. A stable sort: within a rank the order
    # stays pytest's (or pytest-randomly's, when it shuffles). A serial run keeps
    # pytest's order.
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=_start_rank)
    for item in items:
        reason = _missing(item)
        if reason is None:
            continue
        if REQUIRE:
            item.add_marker(pytest.mark.usefixtures("_fail_missing_service"))
            item.user_properties.append(("missing", reason))
        else:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Stop the shared Chromium (``tests.scoring.browser.CHROMIUM``) once the next
    test on this process has no browser, or there is none: a run of browser tests
    in a row starts Chromium once, and no other test runs beside a live Playwright.
    """
    try:
        return (yield)
    finally:
        shared = sys.modules.get("tests.scoring.browser")
        if shared is not None and (
            nextitem is None or "browser" not in getattr(nextitem, "fixturenames", ())
        ):
            shared.CHROMIUM.stop()


@pytest.fixture(autouse=True)
def _live_pages_forgotten():
    """Every test starts with no live page kept (scoring/live.py): the test
    databases hand out the same ids again, so a page kept by one test could
    otherwise answer another's."""
    from django.core.cache import caches

    caches["live"].clear()


@pytest.fixture
def _fail_missing_service(request):
    reason = dict(request.node.user_properties).get("missing")
    pytest.fail(f"KIRJURI_REQUIRE_SERVICES=1 but {reason}")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    skipped = terminalreporter.stats.get("skipped", [])
    if REQUIRE and skipped:
        terminalreporter.write_line(
            f"KIRJURI_REQUIRE_SERVICES=1: {len(skipped)} test(s) were skipped; "
            "CI runs every test.",
            red=True,
        )


def pytest_sessionfinish(session, exitstatus):
    skipped = session.config.pluginmanager.get_plugin("terminalreporter")
    if REQUIRE and skipped and skipped.stats.get("skipped") and exitstatus == 0:
        session.exitstatus = 1


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def celery_worker_process(transactional_db):
    """A real ``celery -A config worker`` on the test database and Redis.

    Tasks sent with ``.apply_async(queue=worker.queue)`` go through Redis to it.
    """
    from django.core.cache import cache
    from django.db import connection

    from config.celery import app
    from tests.workers import WorkerProcess, database_url

    # The database is new; pending marks of coalesced tasks (scoring/tasks.py) left
    # by an earlier run would hold back the runs of matches that reuse their ids.
    cache.clear()
    worker = WorkerProcess(
        database_url(connection.settings_dict), os.environ["REDIS_URL"]
    )
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False
    app.conf.task_default_queue = worker.queue
    worker.start()
    try:
        yield worker
    finally:
        worker.stop()
        app.conf.task_always_eager = eager
        app.conf.task_default_queue = "celery"
