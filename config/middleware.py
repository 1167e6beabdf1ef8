"""The database is busy or unreachable: answer 503 with Retry-After, not a 500.

A writer that waited ``SQLITE_BUSY_TIMEOUT`` for SQLite's write lock, or a request
that found PostgreSQL restarting, raises Django's ``OperationalError`` (or
``InterfaceError``). Nothing was stored — the transaction did not commit — so the
client may simply send the request again (with the same ``Idempotency-Key``): that is
what a 503 with ``Retry-After`` says. Under ``/api/`` the body has the API's error
shape (code ``database_unavailable``); pages get a short plain-text answer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from config.api import problem_response

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
MESSAGE = gettext_lazy(
    "the database is busy or unavailable; nothing was stored, send it again"
)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        logger.warning("database unavailable for %s: %s", request.path, exception)
        if request.path.startswith("/api/"):
            response: HttpResponse = problem_response(
                503, "database_unavailable", str(MESSAGE)
            )
        else:
            response = HttpResponse(
                str(MESSAGE).capitalize() + ".", status=503, content_type="text/plain"
            )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
