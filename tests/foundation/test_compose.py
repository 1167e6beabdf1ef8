"""compose.yaml names real entry points and gives web and worker the same services.

No Docker engine runs on the CI machines, so the stack is checked by reading it.
"""

import re
import shlex
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def _command(service: dict) -> list[str]:
    command = service["command"]
    return shlex.split(command) if isinstance(command, str) else list(command)


def test_the_stack_has_database_broker_web_and_worker(compose):
    assert {"db", "redis", "web", "worker"} <= set(compose["services"])
    assert "pgdata" in compose["volumes"]
    assert any("pgdata:" in v for v in compose["services"]["db"]["volumes"])
    for name in ("db", "redis", "web", "worker"):
        assert "healthcheck" in compose["services"][name], name


def test_web_and_worker_receive_the_same_database_and_broker(compose):
    web = compose["services"]["web"]["environment"]
    worker = compose["services"]["worker"]["environment"]
    for key in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY"):
        assert web[key] == worker[key], key
    assert web["DATABASE_URL"].startswith("postgres://")
    assert "@db:" in web["DATABASE_URL"]
    assert web["REDIS_URL"].startswith("redis://redis:")


def test_the_settings_module_named_exists(compose):
    module = compose["services"]["web"]["environment"]["DJANGO_SETTINGS_MODULE"]
    assert (ROOT / (module.replace(".", "/") + ".py")).is_file()


def test_web_serves_the_wsgi_application_after_migrating(compose):
    command = " ".join(_command(compose["services"]["web"]))
    assert "manage.py migrate" in command
    target = re.search(r"gunicorn\s+(\S+):(\w+)", command)
    assert target, command
    assert (ROOT / (target.group(1).replace(".", "/") + ".py")).is_file()
    assert target.group(2) == "application"
    assert "application =" in (ROOT / "config/wsgi.py").read_text()


def test_worker_runs_the_project_celery_app(compose):
    command = _command(compose["services"]["worker"])
    assert command[:4] == ["celery", "-A", "config", "worker"]
    from config import celery_app

    assert celery_app.main == "kirjuri"


def test_web_and_worker_are_built_from_this_project(compose):
    for name in ("web", "worker"):
        assert compose["services"][name]["build"] == "."
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "requirements/base.txt" in dockerfile


def test_nginx_stands_in_front_of_web_with_gzip(compose):
    """Issue 32: a pinned nginx proxies to gunicorn, compresses text answers and
    keeps the static files; web is reached through it only, and Django counts it
    as one trusted proxy."""
    proxy = compose["services"]["proxy"]
    image, _, tag = proxy["image"].partition(":")
    assert image == "nginx" and re.fullmatch(r"\d+\.\d+\.\d+(-alpine)?", tag), tag
    mounted = [v.split(":") for v in proxy["volumes"]]
    source, target = next((s, t) for s, t, *_ in mounted if t.startswith("/etc/nginx"))
    config = (ROOT / source).read_text()
    assert target == "/etc/nginx/conf.d/default.conf"
    assert "server web:8000;" in config and "proxy_pass http://kirjuri_web;" in config
    assert re.search(r"^\s*gzip on;", config, re.M)
    types = re.search(r"gzip_types([^;]+);", config)[1].split()
    assert {"application/json", "text/css", "application/javascript"} <= set(types)
    assert "proxy_cache kirjuri_static;" in config  # the static files
    assert "X-Forwarded-Proto $scheme" in config
    assert "ports" not in compose["services"]["web"]
    web = compose["services"]["web"]["environment"]
    assert web["KIRJURI_TRUSTED_PROXIES"] == "${KIRJURI_TRUSTED_PROXIES:-1}"
