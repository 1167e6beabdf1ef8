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
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.utils.translation import gettext
from django.views.decorators.debug import sensitive_post_parameters
from drf_spectacular.utils import extend_schema, inline_serializer
from redis.exceptions import RedisError
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.throttling import ScopedRateThrottle

from config.api import StrictCharField, problem_response
from config.parsers import BoundedJSONParser
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
        response: HttpResponse = problem_response(
            LOCKED_OUT_STATUS, "locked_out", message
        )
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


class TokenIn(AuthTokenSerializer):
    """DRF's check of the credentials, on JSON strings only (not numbers)."""

    username = StrictCharField(max_length=150, write_only=True)
    password = StrictCharField(
        max_length=4096, trim_whitespace=False, showable=False, write_only=True
    )


@method_decorator(sensitive_post_parameters("password"), name="dispatch")
class TokenObtainView(ObtainAuthToken):
    """Exchange a username and password for the user's API token.

    The API's own parser (JSON only, bounded in size and depth: a form post is a
    415), not DRF's form and multipart parsers that ``ObtainAuthToken`` names.
    """

    throttle_classes = [CacheTolerantThrottle]
    throttle_scope = "token"
    parser_classes = [BoundedJSONParser]
    serializer_class = TokenIn

    @extend_schema(
        request=inline_serializer(
            "TokenIn",
            {"username": StrictCharField(), "password": StrictCharField()},
        ),
        responses={
            200: inline_serializer("TokenOut", {"token": serializers.CharField()}),
            400: ErrorListSerializer,
            415: ErrorListSerializer,
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
