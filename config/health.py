"""``GET /healthz``: is the service able to serve? Used by compose and load balancers.

Reports each component, ``"ok"``, ``"error: …"``, or ``"not needed: …"``:

* ``database`` — always needed;
* ``broker`` — needed when ``REDIS_URL`` is set; on the embedded default (no broker,
  tasks run in-process) it is not needed;
* ``worker`` — a Celery worker answering a ping through the broker. Reported when a
  broker is configured; needed only with ``KIRJURI_HEALTH_REQUIRES_WORKER`` (a web
  process stays serving while its workers restart, and compose checks workers on
  their own).

200 when every needed component is ``"ok"``, 503 otherwise, with the report either
way. Anyone may call it; it reveals no data.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

#: How long the health check waits for a worker's answer (settings may raise it:
#: ``KIRJURI_HEALTH_WORKER_PING_SECONDS``; a busy worker can answer late).
WORKER_PING_SECONDS = 1.0
IN_PROCESS = "not needed: no broker configured, tasks run in-process"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "down"; the reason goes in the body
        return f"error: {exc.__class__.__name__}"
    return "ok"


def _broker() -> str:
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1).ping()
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
    return "ok"


def _worker() -> str:
    from config.celery import app

    try:
        wait = getattr(
            settings, "KIRJURI_HEALTH_WORKER_PING_SECONDS", WORKER_PING_SECONDS
        )
        replies = app.control.ping(timeout=wait)
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
    return "ok" if replies else "error: no worker answered"


def health_report() -> tuple[dict[str, str], set[str]]:
    """Each component's state, and the names of those the configuration needs."""
    checks = {"database": _database()}
    needed = {"database"}
    if not settings.REDIS_URL:
        checks["broker"] = IN_PROCESS
        checks["worker"] = IN_PROCESS
        return checks, needed
    checks["broker"] = _broker()
    needed.add("broker")
    checks["worker"] = _worker() if checks["broker"] == "ok" else "error: no broker"
    if settings.KIRJURI_HEALTH_REQUIRES_WORKER:
        needed.add("worker")
    else:
        checks["worker"] += " (not needed)" if checks["worker"] != "ok" else ""
    return checks, needed


@never_cache
@require_GET
def healthz(request):
    checks, needed = health_report()
    healthy = all(checks[name] == "ok" for name in needed)
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks},
        status=200 if healthy else 503,
    )
