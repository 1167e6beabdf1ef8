"""Limits on what a request may send, and the API's error shape outside DRF's views.

* **Size.** A body longer than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is refused with a 413
  before it is read (API, form posts and score-sheet pages alike); a body without a
  length that turns out longer is refused while it is read (the JSON parser, or
  Django's own check for forms, which :func:`bad_request` turns into a 413).
* **Length.** A body sent with ``Transfer-Encoding`` (chunked) is refused with a
  411 (Length Required): Django reads a body by its ``Content-Length`` and would
  take it as empty.
* **NUL.** A URL with a NUL character (``%00``) in its path or query is a 400: no
  text may hold one (PostgreSQL refuses it, a 500 otherwise).
* **Depth.** JSON is parsed within a depth limit: :mod:`config.parsers`.
* **Shape.** :class:`ApiErrorMiddleware` turns every answer under ``/api/`` that is
  not a 2xx (nor a 304) and not already JSON into the API's problem shape
  (:func:`config.api.problem`): the URL resolver's 404, a CSRF 403, a 500, Django's
  debug pages under ``DEBUG``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext
from django.views.defaults import bad_request as django_bad_request

from config.api import problem_response
from config.parsers import CODES, MESSAGES, body_limit

API_PREFIX = "/api/"


def _too_large(request: HttpRequest) -> bool:
    limit = body_limit()
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    return limit is not None and length > limit


def _is_json(response: HttpResponse) -> bool:
    content_type = response.get("Content-Type", "")
    return content_type.startswith(("application/json", "application/problem+json"))


def _api_error(status_code: int, message: str = "") -> HttpResponse:
    code = CODES.get(status_code, "error")
    return problem_response(
        status_code, code, str(message or MESSAGES.get(status_code, ""))
    )


def _message(response: HttpResponse) -> str:
    if 300 <= response.status_code < 400:
        return gettext("moved to %(location)s") % {
            "location": response.get("Location", "")
        }
    return ""


def _form_holds_nul(request: HttpRequest) -> bool:
    """Whether a page's form post (urlencoded or multipart) has a NUL in a field."""
    if request.method != "POST" or _too_large(request):
        return False
    if request.content_type not in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        return False
    return any(
        "\x00" in value for _key, values in request.POST.lists() for value in values
    )


class ApiErrorMiddleware:
    """Outermost: refuse oversized bodies; reshape non-JSON errors under ``/api/``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        is_api = request.path_info.startswith(API_PREFIX)
        if "HTTP_TRANSFER_ENCODING" in request.META:
            # Django reads a body by its Content-Length: a chunked body would be
            # read as empty, so it is refused, saying what to send instead.
            message = gettext("send the body with a Content-Length, not chunked")
            if is_api:
                return _api_error(411, message)
            return HttpResponse(message, status=411, content_type="text/plain")
        if "\x00" in request.path_info or "%00" in request.META.get("QUERY_STRING", ""):
            # No text may hold a NUL (PostgreSQL cannot store or compare one).
            message = gettext("a NUL character is not allowed in a URL")
            if is_api:
                return _api_error(400, message)
            return HttpResponse(message, status=400, content_type="text/plain")
        if not is_api and _form_holds_nul(request):
            # A page's form posted with a NUL in a field: refused before any view
            # reads it, as in a URL (PostgreSQL cannot store one).
            message = gettext("a NUL character is not allowed in a form field")
            return HttpResponse(message, status=400, content_type="text/plain")
        if _too_large(request):
            if is_api:
                return _api_error(413)
            return HttpResponse(
                str(MESSAGES[413]), status=413, content_type="text/plain"
            )
        response = self.get_response(request)
        if (
            is_api
            and response.status_code >= 300
            and response.status_code != 304
            and not response.streaming
            and not _is_json(response)
        ):
            reshaped = _api_error(response.status_code, _message(response))
            for header in ("Allow", "Location", "Retry-After", "WWW-Authenticate"):
                if header in response:
                    reshaped[header] = response[header]
            return reshaped
        return response


def bad_request(request: HttpRequest, exception: Exception | None = None):
    """``handler400``: a body found too large while read is a 413, not a 400."""
    if isinstance(exception, RequestDataTooBig):
        if request.path_info.startswith(API_PREFIX):
            return _api_error(413)
        return HttpResponse(str(MESSAGES[413]), status=413, content_type="text/plain")
    if request.path_info.startswith(API_PREFIX):
        return _api_error(400, gettext("bad request"))
    response = django_bad_request(request, exception)
    return response if response is not None else HttpResponseBadRequest()
