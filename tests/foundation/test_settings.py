"""Settings come from the environment; production passes check --deploy."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "a-production-like-secret-key-" + "x7Q2" * 12,
    "ALLOWED_HOSTS": "kirjuri.example.org",
    "DATABASE_URL": "postgres://kirjuri:secret@db:5432/kirjuri",
    "REDIS_URL": "redis://redis:6379/0",
}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # Other tests may have set test-only switches (Playwright sets
    # DJANGO_ALLOW_ASYNC_UNSAFE); a production process never has them.
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in PRODUCTION_ENV and k != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_production_settings_pass_check_deploy_without_warnings():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


@pytest.mark.slow
def test_production_refuses_to_start_without_a_secret_key():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_without_redis_tasks_run_in_process(monkeypatch):
    import importlib

    monkeypatch.delenv("REDIS_URL", raising=False)
    import config.settings.base as base

    reloaded = importlib.reload(base)
    try:
        assert reloaded.CELERY_TASK_ALWAYS_EAGER is True
        assert reloaded.CELERY_BROKER_URL == "memory://"
        assert reloaded.DATABASES["default"]["ENGINE"].endswith("sqlite3")
        assert reloaded.DEBUG is False
    finally:
        importlib.reload(base)


def test_with_redis_tasks_go_to_the_broker(monkeypatch):
    import importlib

    monkeypatch.setenv("REDIS_URL", "redis://example:6379/3")
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@h:5432/kirjuri")
    import config.settings.base as base

    reloaded = importlib.reload(base)
    try:
        assert reloaded.CELERY_TASK_ALWAYS_EAGER is False
        assert reloaded.CELERY_BROKER_URL == "redis://example:6379/3"
        assert reloaded.DATABASES["default"]["NAME"] == "kirjuri"
    finally:
        monkeypatch.undo()
        importlib.reload(base)


@pytest.mark.slow
def test_production_keeps_database_connections_and_checks_them():
    """Issue 32: persistent connections in production, checked before reuse."""
    code = (
        "from django.conf import settings; d = settings.DATABASES['default']; "
        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'], "
        "settings.CACHES['live']['BACKEND'].rsplit('.', 1)[-1])"
    )
    result = _manage("shell", "-c", code, env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["60", "True", "RedisCache"]
