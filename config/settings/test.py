"""Settings for the test suite.

``TEST_DATABASE_URL`` puts the suite on a real database (CI: PostgreSQL); without it
the suite runs on SQLite, the embedded default.
"""

import os
import re

# Under pytest-xdist each worker process gets a Redis database of its own: the test
# databases of two workers hand out the same ids, so the coalescing marks and queues
# a real Celery worker keeps in Redis would otherwise cross between them. gw0 keeps
# the configured number, gw1 the one below it, and so on. Set before base.py reads it,
# and in the environment, because the worker subprocesses of the tests inherit it.
_xdist_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _xdist_worker.startswith("gw") and os.environ.get("REDIS_URL"):
    _url = re.match(r"^(redis://[^/]+)(?:/(\d+))?$", os.environ["REDIS_URL"])
    if _url:
        _number = int(_url.group(2) or 0) - int(_xdist_worker[2:])
        os.environ["REDIS_URL"] = f"{_url.group(1)}/{_number % 16}"

from .base import *  # noqa: E402, F403
from .base import VAR_DIR, env, sqlite_for_concurrent_writers  # noqa: E402

DEBUG = False
SECRET_KEY = "kirjuri-tests-only"
DATABASES = {
    "default": env.db_url(
        "TEST_DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'test.sqlite3'}"
    )
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"]["CONN_MAX_AGE"] = 0
sqlite_for_concurrent_writers(DATABASES["default"])
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
ALLOWED_HOSTS = ["*"]
# Throttle counts per test process, never shared with a worker or another run.
# The live pages' copies likewise, emptied before every test (tests/conftest.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "live": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kirjuri-live-tests",
    },
}

# Tasks run in-process in tests; the worker tests switch this off for their own
# duration (tests/workers.py) and talk to a real worker through Redis.
CELERY_TASK_ALWAYS_EAGER = True
# No countdown before standings recomputes, except in the tests of the debounce.
KIRJURI_STANDINGS_DEBOUNCE_SECONDS = 0
# Serve static files from the source folders (no collectstatic in tests).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
