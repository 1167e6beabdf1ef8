"""``GET /healthz``: is the service able to serve? Used by compose and load balancers.

200 when the database answers and, if a broker is configured, the broker answers;
503 otherwise. Anyone may call it; it reveals no data.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "down"; the reason goes in the body
        return f"error: {exc.__class__.__name__}"
    return "ok"


def _broker() -> str:
    if not settings.REDIS_URL:
        return "not configured (tasks run in-process)"
    import redis

    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=1).ping()
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
    return "ok"


@never_cache
@require_GET
def healthz(request):
    checks = {"database": _database(), "broker": _broker()}
    healthy = all(v == "ok" or v.startswith("not configured") for v in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks},
        status=200 if healthy else 503,
    )
