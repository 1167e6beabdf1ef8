"""GET /healthz reports the database, the broker and a worker; 503 when one that
the configuration needs is down, and the README says exactly that."""

from pathlib import Path

import pytest
from django.db import OperationalError, connection

from config.health import IN_PROCESS

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.django_db
def test_healthz_on_the_embedded_default_is_200_without_broker(client, settings):
    """No REDIS_URL: tasks run in-process, so neither broker nor worker is needed."""
    settings.REDIS_URL = ""
    settings.KIRJURI_HEALTH_REQUIRES_WORKER = True
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "broker": IN_PROCESS,
        "worker": IN_PROCESS,
    }


def test_the_readme_says_what_healthz_answers_on_the_embedded_default():
    text = " ".join(README.read_text().split())
    assert "answers 503 when a component the configuration needs is down" in text
    assert (
        "on the embedded default (no `REDIS_URL`: tasks run in-process) there is no "
        "broker and no worker, and `/healthz` answers 200 with "
        f'`"broker": "{IN_PROCESS}"`'
    ) in text
    assert "GET /healthz` answers 200 when the database and the broker" not in text


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["broker"].startswith("error")
    assert body["worker"].startswith("error: no broker")


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_is_down(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    def broken_cursor(*args, **kwargs):
        raise OperationalError("database is gone")

    monkeypatch.setattr(connection, "cursor", broken_cursor)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "error: OperationalError"


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_reports_a_live_redis(client, settings):
    import os

    settings.REDIS_URL = os.environ["REDIS_URL"]
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["broker"] == "ok"


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_is_503_when_a_needed_worker_does_not_answer(client, settings):
    import os

    settings.REDIS_URL = os.environ["REDIS_URL"]
    settings.KIRJURI_HEALTH_REQUIRES_WORKER = False
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["worker"] == "error: no worker answered (not needed)"
    settings.KIRJURI_HEALTH_REQUIRES_WORKER = True
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["worker"] == "error: no worker answered"


@pytest.mark.worker
def test_healthz_reports_a_live_worker(client, settings, celery_worker_process):
    import os

    settings.REDIS_URL = os.environ["REDIS_URL"]
    settings.KIRJURI_HEALTH_REQUIRES_WORKER = True
    # The worker answers a ping between tasks; on a test machine loaded by the
    # rest of the suite that took more than the default second (a run of
    # 2026-11-28), so the test waits longer — whether it answers is what counts.
    settings.KIRJURI_HEALTH_WORKER_PING_SECONDS = 10
    response = client.get("/healthz")
    assert response.status_code == 200, response.content
    assert response.json()["worker"] == "ok"
