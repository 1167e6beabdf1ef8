"""Login hardening: the lockout (django-axes) and the throttled token endpoint.

Addresses come from :func:`config.client_ip.client_ip` everywhere (a forwarded
header is believed only as far as ``KIRJURI_TRUSTED_PROXIES`` says). Each limit is
kept twice, so that rotating an address *or* a username does not multiply the
attempts: once per username (whatever the address) and once per address (whatever
the username).

* :class:`LockoutHandler` (``AXES_HANDLER``) counts failed logins — the login page,
  the admin and the token endpoint alike — per username and per address
  (``AXES_LOCKOUT_PARAMETERS = [["username"], ["ip_address"]]``): a username is
  locked out after ``AXES_FAILURE_LIMIT`` failures, an address after
  ``KIRJURI_ADDRESS_FAILURE_LIMIT`` (higher: a club's members may share one public
  address), for ``AXES_COOLOFF_TIME``. A successful login forgives the failures of
  its own username only; an address's failures are never forgiven by somebody's
  success (else an attacker would sign in to an account of their own between
  guesses).
* :func:`lockout_response` is ``AXES_LOCKOUT_CALLABLE``: the login page answers
  **429** with a page that says so and for how long; the API answers 429 in its
  error shape (code ``locked_out``). Locked out means locked out: the right password
  is refused too until the cool-off has passed.
* :class:`TokenObtainView` (``POST /api/v1/auth/token`` with ``username`` and
  ``password``) gives the user's API token. It is throttled per client address (DRF
  scope ``token``, ``KIRJURI_TOKEN_RATE``) and per username
  (``token_username``, ``KIRJURI_TOKEN_USERNAME_RATE``), and its failures count
  towards the same lockout as the login page. The counts live in the cache (Redis
  in production); when the cache is down the throttle lets the request through and
  logs it, so that an outage of Redis never turns a login into a 500 — the lockout,
  counted in the database, still guards the password.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import (
    get_cool_off,
    get_failure_limit,
    get_lockout_parameters,
)
from django.conf import settings
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
from config.client_ip import client_ip
from config.parsers import BoundedJSONParser
from scoring.api.serializers import ErrorListSerializer

LOCKED_OUT_STATUS = 429

logger = logging.getLogger(__name__)


#: The attribute a lockout by address leaves on the request (for its message).
LOCKED_BY = "kirjuri_locked_by"


class LockoutHandler(AxesDatabaseHandler):
    """django-axes' database handler with two limits and a username-only reset."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        """The username's failures, or the failure limit itself when the address
        has reached its own (higher) limit: axes compares one number."""
        parameters = get_lockout_parameters(request, credentials)
        by_username = by_address = 0
        for keys, attempts in zip(
            parameters, self.get_user_attempts(request, credentials), strict=True
        ):
            keys = [keys] if isinstance(keys, str) else list(keys)
            count = sum(a.failures_since_start for a in attempts)
            if keys == ["ip_address"]:
                by_address = max(by_address, count)
            else:
                by_username = max(by_username, count)
        limit = get_failure_limit(request, credentials)
        if by_address >= settings.KIRJURI_ADDRESS_FAILURE_LIMIT:
            setattr(request, LOCKED_BY, "address")
            return max(by_username, limit)
        return by_username

    def user_logged_in(self, sender, request, user, **kwargs):
        super().user_logged_in(sender, request, user, **kwargs)
        # AXES_RESET_ON_SUCCESS is off: it would forgive the address too.
        self.reset_attempts(username=user.get_username())


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
    if getattr(request, LOCKED_BY, "") == "address":
        limit = settings.KIRJURI_ADDRESS_FAILURE_LIMIT
        if minutes:
            message = gettext(
                "Too many failed logins (%(limit)s) from this address: try again in "
                "%(minutes)s minutes."
            ) % {"limit": limit, "minutes": minutes}
        else:
            message = gettext(
                "Too many failed logins (%(limit)s) from this address: ask a club "
                "admin."
            ) % {"limit": limit}
    elif minutes:
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
            {
                "message": message,
                "failure_limit": limit,
                "minutes": minutes,
                "by_address": getattr(request, LOCKED_BY, "") == "address",
            },
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


class AddressThrottle(CacheTolerantThrottle):
    """Scope ``token``: per client address (:func:`config.client_ip.client_ip`),
    whatever username is tried."""

    def get_ident(self, request: Any) -> str:
        return client_ip(request)


class UsernameThrottle(CacheTolerantThrottle):
    """Per username tried, whatever the address: the scope the view names in
    ``username_throttle_scope`` (``token_username``)."""

    scope_attr = "username_throttle_scope"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        username = _username(request)
        if not username:
            return None  # nothing to guess with: the address throttle still counts
        return self.cache_format % {
            "scope": self.scope,
            "ident": hashlib.sha256(username.encode()).hexdigest(),
        }


def _username(request: Any) -> str:
    try:
        value = request.data.get("username", "")
    except (AttributeError, TypeError, ValueError):
        return ""
    return value.strip().casefold()[:150] if isinstance(value, str) else ""


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

    throttle_classes = [AddressThrottle, UsernameThrottle]
    throttle_scope = "token"
    username_throttle_scope = "token_username"
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
                if hasattr(request, LOCKED_BY):
                    setattr(request._request, LOCKED_BY, getattr(request, LOCKED_BY))
