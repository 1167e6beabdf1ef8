"""GET /healthz reports the database and the broker."""

import pytest
from django.db import OperationalError, connection


@pytest.mark.django_db
def test_healthz_is_200_with_database_ok(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == "ok"
    assert body["broker"].startswith("not configured")


@pytest.mark.django_db
def test_healthz_is_503_when_the_broker_is_down(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"].startswith("error")


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
