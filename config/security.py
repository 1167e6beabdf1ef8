"""Login hardening: the lockout answer (django-axes) and the throttled token endpoint.

* :func:`lockout_response` is ``AXES_LOCKOUT_CALLABLE``: after ``AXES_FAILURE_LIMIT``
  failed logins in a row for one username from one address, the login page answers
  **429** with a page that says so and for how long; the API answers 429 in its error
  shape (code ``locked_out``). Locked out means locked out: the right password is
  refused too until the cool-off has passed.
* :class:`TokenObtainView` (``POST /api/v1/auth/token`` with ``username`` and
  ``password``) gives the user's API token. It is throttled per client address (DRF
  scope ``token``, ``KIRJURI_TOKEN_RATE``) and its failures count towards the same
  lockout as the login page. The counts live in the cache (Redis in production);
  when the cache is down the throttle lets the request through and logs it, so that
  an outage of Redis never turns a login into a 500 — the lockout, counted in the
  database, still guards the password.
"""

from __future__ import annotations

import logging
from typing import Any

from axes.helpers import get_cool_off, get_failure_limit
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema, inline_serializer
from redis.exceptions import RedisError
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle

from scoring.api.serializers import ErrorListSerializer

LOCKED_OUT_STATUS = 429

logger = logging.getLogger(__name__)


def _minutes(request: HttpRequest) -> int:
    cool_off = get_cool_off(request)
    return max(1, round(cool_off.total_seconds() / 60)) if cool_off else 0


def lockout_response(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """429: too many failed logins for this account from this address."""
    minutes = _minutes(request)
    limit = get_failure_limit(request, credentials)
    if minutes:
        message = gettext(
            "Too many failed logins (%(limit)s in a row) for this account: try again "
            "in %(minutes)s minutes."
        ) % {"limit": limit, "minutes": minutes}
    else:
        message = gettext(
            "Too many failed logins (%(limit)s in a row) for this account: ask a "
            "club admin."
        ) % {"limit": limit}
    if request.path.startswith("/api/"):
        body = {"errors": [{"path": "", "code": "locked_out", "message": message}]}
        response: HttpResponse = JsonResponse(body, status=LOCKED_OUT_STATUS)
    else:
        response = render(
            request,
            "registration/locked_out.html",
            {"message": message, "failure_limit": limit, "minutes": minutes},
            status=LOCKED_OUT_STATUS,
        )
    if minutes:
        response["Retry-After"] = str(minutes * 60)
    return response


class CacheTolerantThrottle(ScopedRateThrottle):
    """A scoped throttle that fails open while the cache that counts is down."""

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)
        except (RedisError, ConnectionError, OSError):
            logger.warning("throttle counts unavailable; request let through")
            return True


class TokenObtainView(ObtainAuthToken):
    """Exchange a username and password for the user's API token."""

    throttle_classes = [CacheTolerantThrottle]
    throttle_scope = "token"

    @extend_schema(
        request=inline_serializer(
            "TokenIn",
            {"username": serializers.CharField(), "password": serializers.CharField()},
        ),
        responses={
            200: inline_serializer("TokenOut", {"token": serializers.CharField()}),
            400: ErrorListSerializer,
            429: ErrorListSerializer,
        },
    )
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        finally:
            # django-axes flags the request it was given — DRF's wrapper; its
            # middleware reads Django's own request, so pass the flag down.
            if getattr(request, "axes_locked_out", False):
                request._request.axes_locked_out = True
                request._request.axes_credentials = getattr(
                    request, "axes_credentials", None
                )
