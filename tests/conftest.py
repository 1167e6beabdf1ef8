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


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = _missing(item)
        if reason is None:
            continue
        if REQUIRE:
            item.add_marker(pytest.mark.usefixtures("_fail_missing_service"))
            item.user_properties.append(("missing", reason))
        else:
            item.add_marker(pytest.mark.skip(reason=reason))


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
