"""The settings production adds to the base (``config.settings.production``), for
tests that must answer as production does: ``DEBUG`` off, HTTPS redirects, secure
cookies, HSTS, the proxy's ``X-Forwarded-Proto`` trusted.

The production module refuses to load without ``SECRET_KEY`` (as it should); here
it is loaded once with a throwaway key and only its own names are taken. The test
settings' database, cache and eager Celery stay. Requests then say, as the
production proxy does, that they came over HTTPS (``PROXIED_HTTPS``).
"""

from __future__ import annotations

import importlib
import os
import sys

#: The header the production proxy sets (``SECURE_PROXY_SSL_HEADER``).
PROXIED_HTTPS = {"X-Forwarded-Proto": "https"}

_OWN = (
    "DEBUG",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_SSL_REDIRECT",
    "SECURE_REDIRECT_EXEMPT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_CONTENT_TYPE_NOSNIFF",
    "X_FRAME_OPTIONS",
)


def production_settings() -> dict:
    """The names ``config.settings.production`` sets, with its values."""
    name = "config.settings.production"
    had_key = "SECRET_KEY" in os.environ
    os.environ.setdefault("SECRET_KEY", "kirjuri-production-settings-in-tests")
    try:
        module = sys.modules.get(name) or importlib.import_module(name)
    finally:
        if not had_key:
            del os.environ["SECRET_KEY"]
    return {key: getattr(module, key) for key in _OWN}
