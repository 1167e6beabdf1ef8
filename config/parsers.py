"""The API's JSON parser, bounded in size and depth (and the same parse for forms).

orjson parses (it raises instead of recursing, at 1,024 levels, so a body of nested
brackets cannot exhaust the stack); then at most :data:`MAX_JSON_DEPTH` levels of
arrays and objects are allowed, deeper is a 400 ``too_deep``. A body longer than
``DATA_UPLOAD_MAX_MEMORY_SIZE`` is a 413 ``request_too_large``. :func:`json_loads` is
the same parse for JSON that arrives inside a form field (the score-sheet pages).

No import of :mod:`config.api` here: DRF imports this module while it loads.
"""

from __future__ import annotations

from typing import Any

import orjson
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy
from rest_framework import exceptions, status
from rest_framework.parsers import JSONParser

MAX_JSON_DEPTH = 32
"""Most levels of nested arrays and objects a JSON body may have (a deal needs 5)."""

# The code each status gets when Django (not a view) answered it.
CODES = {
    301: "moved",
    302: "moved",
    307: "moved",
    308: "moved",
    400: "bad_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    411: "length_required",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "throttled",
    500: "server_error",
    503: "unavailable",
}
MESSAGES = {
    404: gettext_lazy("no such URL"),
    413: gettext_lazy("the request body is too large"),
    500: gettext_lazy("internal error (it has been logged)"),
}


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = MESSAGES[413]
    default_code = CODES[413]


class TooDeep(exceptions.ParseError):
    default_detail = format_lazy(
        gettext_lazy("JSON nested deeper than {depth} levels"), depth=MAX_JSON_DEPTH
    )
    default_code = "too_deep"


def body_limit() -> int | None:
    """The most bytes a request body may have (``None``: no limit)."""
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def json_depth_exceeds(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """True if ``value`` nests arrays and objects more than ``limit`` deep.

    Iterative, so that checking a deep value cannot itself exhaust the stack.
    """
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def json_loads(raw: str | bytes) -> Any:
    """Parse JSON within the limits: ``ValueError`` for bad, too deep or too big."""
    limit = body_limit()
    if limit is not None and len(raw) > limit:
        raise ValueError(str(MESSAGES[413]))
    value = orjson.loads(raw)  # orjson.JSONDecodeError is a ValueError
    if json_depth_exceeds(value):
        raise ValueError(str(TooDeep.default_detail))
    return value


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser with a size and a depth limit (UTF-8 JSON, RFC 8259)."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        limit = body_limit()
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestTooLarge()
        try:
            value = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise exceptions.ParseError(
                gettext("JSON parse error: %(error)s") % {"error": exc}
            ) from None
        if json_depth_exceeds(value):
            raise TooDeep()
        return value
