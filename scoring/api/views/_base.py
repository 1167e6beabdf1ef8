"""What every score-book API view shares: JSON bodies, the error responses of the
schema, the reader's serializer context, and the API's 404 handler."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework.request import Request

from config.api import validated_body
from config.parsers import BoundedJSONParser
from scoring.api import serializers as s
from scoring.errors import NotAllowed
from scoring.idempotency import IDEMPOTENCY_HEADER
from scoring.models import Match

_E = s.ErrorListSerializer
READ_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E}
WRITE_ERRORS = {400: _E, 401: _E, 403: _E, 404: _E, 409: s.ConflictSerializer}
# 409 also answers an Idempotency-Key reused for another request.
IDEMPOTENT = WRITE_ERRORS
KEY = OpenApiParameter(
    IDEMPOTENCY_HEADER,
    {"type": "string", "maxLength": 255},
    OpenApiParameter.HEADER,
    description="Send the same key to retry safely: the first response is replayed.",
)


class JsonApi:
    """Mixin: request bodies are JSON (a deal's input is nested JSON anyway)."""

    parser_classes = [BoundedJSONParser]


def request_body(serializer_class: type, request: Request) -> dict[str, Any]:
    return validated_body(serializer_class, request)


def listed(out: type) -> Any:
    """Schema of a paginated list view's GET, with its error responses."""
    return extend_schema_view(
        get=extend_schema(responses={200: out(many=True), **READ_ERRORS})
    )


def fake(view: Any) -> bool:
    """True while drf-spectacular inspects the view (no URL kwargs then)."""
    return getattr(view, "swagger_fake_view", False)


def ctx(request: Request, match: Match | None = None) -> dict[str, Any]:
    """Serializer context: the reader (and the club, for accounts: ClubPrivate)."""
    context: dict[str, Any] = {"request": request}
    if match is not None:
        context["club_id"] = match.club_id
    return context


def require(allowed: bool, message: str) -> None:
    if not allowed:
        raise NotAllowed("permission_denied", message)


def api_not_found(request, exception=None):
    """404 handler: JSON errors under /api/, Django's page elsewhere.

    Path converters (``<int:match_id>``) reject ``/matches/abc/`` before any view
    runs; API clients still get the API's error shape.
    """
    from django.views.defaults import page_not_found

    from config.api import problem_response

    if request.path_info.startswith("/api/"):
        return problem_response(404, "not_found", gettext("no such URL"))
    return page_not_found(request, exception)
