"""One exception handler for the whole API: domain errors become a structured 400.

Body of every error response::

    {"errors": [{"path": "teams.0.melds.2", "code": "too_many_wilds",
                 "message": "…"}]}

Rules violations from the engine (:class:`games.engine.InputRejected`) and DRF's own
validation errors take this shape; ``DomainError`` subclasses raised by services carry
their own status (409 for a conflict, 404 …). Anything else is a bug and stays a 500.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.engine import InputRejected, UnknownGame


class DomainError(Exception):
    """An error a service raises for the user to fix; rendered by the handler."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        code: str,
        message: str,
        path: str = "",
        *,
        extra: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.code = code
        self.message = message
        self.path = path
        self.extra = extra or {}

    def as_body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "errors": [{"path": self.path, "code": self.code, "message": self.message}]
        }
        body.update(self.extra)
        return body


class Conflict(DomainError):
    status_code = status.HTTP_409_CONFLICT


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    if isinstance(detail, dict):
        out: list[dict[str, str]] = []
        for key, value in detail.items():
            sub = path if key == "non_field_errors" else f"{path}.{key}".strip(".")
            out.extend(_flatten(value, sub))
        return out
    if isinstance(detail, list):
        out = []
        for i, value in enumerate(detail):
            sub = path if not isinstance(value, (dict, list)) else f"{path}.{i}"
            out.extend(_flatten(value, sub.strip(".")))
        return out
    code = getattr(detail, "code", "invalid")
    return [{"path": path, "code": str(code), "message": str(detail)}]


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, InputRejected):
        return Response({"errors": exc.as_list()}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, UnknownGame):
        return Response(
            {"errors": [{"path": "game", "code": "unknown_game", "message": str(exc)}]},
            status=status.HTTP_404_NOT_FOUND,
        )
    if isinstance(exc, DomainError):
        return Response(exc.as_body(), status=exc.status_code)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.APIException):
        response.data = {"errors": _flatten(exc.detail)}
    return response
