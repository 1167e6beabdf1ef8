"""Settings shared by every environment, read from the environment (twelve-factor).

Variables: ``DATABASE_URL`` (default: SQLite under ``var/``), ``REDIS_URL`` (default:
none, and Celery tasks then run in-process), ``SECRET_KEY``, ``ALLOWED_HOSTS``,
``DEBUG``. The per-environment modules (local, test, production) refine these.
"""

from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"

env = environ.Env()
# The embedded default keeps its SQLite files here (ignored by git).
VAR_DIR.mkdir(exist_ok=True)

DEBUG = env.bool("DEBUG", default=False)
# Only the local and test modules supply a development key; production demands one.
SECRET_KEY = env.str("SECRET_KEY", default="")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    # First, for its runserver: the embedded default's server with a club-night backlog.
    "config",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "games",
    "scoring",
    "tournaments",
    "money",
]

MIDDLEWARE = [
    # Outermost: refuses oversized bodies, gives /api/ one error shape (config.limits).
    "config.limits.ApiErrorMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The reader's language: the header's switch (a cookie), else the browser's.
    "django.middleware.locale.LocaleMiddleware",
    # On a club's pages, the club's default language unless the reader chose one.
    "scoring.language.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # A busy (SQLite) or unreachable database answers 503 + Retry-After, not 500.
    "config.middleware.DatabaseUnavailableMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db_url(
        "DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'kirjuri.sqlite3'}"
    )
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)


def sqlite_for_concurrent_writers(database: dict) -> dict:
    """Tune a SQLite database so that concurrent writers wait their turn.

    WAL lets readers run beside the one writer; ``IMMEDIATE`` transactions take the
    write lock when they begin (a deferred one that upgrades from read to write fails
    at once with "database is locked", whatever the timeout); the busy timeout is how
    long a writer waits for the lock before giving up. Other engines pass unchanged.
    """
    if database.get("ENGINE") != "django.db.backends.sqlite3":
        return database
    options = database.setdefault("OPTIONS", {})
    options.setdefault("transaction_mode", "IMMEDIATE")
    options.setdefault("timeout", env.float("SQLITE_BUSY_TIMEOUT", default=20.0))
    options.setdefault(
        "init_command", "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    return database


sqlite_for_concurrent_writers(DATABASES["default"])
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation."
        "UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# How many reverse proxies of ours stand in front of the application (each appends
# to X-Forwarded-For). 0: none, the header is ignored and REMOTE_ADDR is the client.
# Every reader of a client address uses config.client_ip.client_ip with this.
KIRJURI_TRUSTED_PROXIES = env.int("KIRJURI_TRUSTED_PROXIES", default=0)
# django-axes counts failed logins (the login page, the admin, the API token
# endpoint) per username, whatever the address, and per address, whatever the
# username (config.security.LockoutHandler): a username is locked out after
# AXES_FAILURE_LIMIT failures, an address after KIRJURI_ADDRESS_FAILURE_LIMIT, for
# AXES_COOLOFF_TIME; a success forgives its own username's failures only.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
KIRJURI_ADDRESS_FAILURE_LIMIT = env.int("KIRJURI_ADDRESS_FAILURE_LIMIT", default=20)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username"], ["ip_address"]]
AXES_HANDLER = "config.security.LockoutHandler"
AXES_CLIENT_IP_CALLABLE = "config.client_ip.client_ip"
AXES_RESET_ON_SUCCESS = False  # LockoutHandler resets the username's count itself
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
# Only failures are recorded (no row per successful login).
AXES_DISABLE_ACCESS_LOG = True

# Content-Security-Policy on every response: scripts and styles only from our own
# static files (no inline code, no 'unsafe-inline'), nothing framed, nothing loaded
# from elsewhere (a club may have no internet anyway).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Mail (password reset, invitations): EMAIL_URL in django-environ's form
# (smtp+tls://user:password@host:587, consolemail://, filemail://path); without it
# mail is written to files under var/mail/ (config.mail). Only SMTP reaches a person,
# and the pages say so (KIRJURI_MAIL_DELIVERED; KIRJURI_MAIL_CONTACT: whom to ask
# when mail does not reach anyone).
EMAIL_URL = env.str("EMAIL_URL", default="")
if EMAIL_URL:
    _email = env.email_url_config(EMAIL_URL)
    EMAIL_BACKEND = _email["EMAIL_BACKEND"]
    EMAIL_HOST = _email.get("EMAIL_HOST") or "localhost"
    EMAIL_PORT = _email.get("EMAIL_PORT") or 25
    EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER") or ""
    EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD") or ""
    EMAIL_USE_TLS = bool(_email.get("EMAIL_USE_TLS", False))
    EMAIL_USE_SSL = bool(_email.get("EMAIL_USE_SSL", False))
    EMAIL_FILE_PATH = BASE_DIR / (_email.get("EMAIL_FILE_PATH") or "var/mail")
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
KIRJURI_MAIL_DELIVERED = EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
KIRJURI_MAIL_CONTACT = env.str("KIRJURI_MAIL_CONTACT", default="")
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="kirjuri@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

LANGUAGE_CODE = "en"
# Finnish is the clubs' language (the book's terms: nousussa, rami, kanasta);
# English for visitors. Each message's Finnish text is in locale/fi (make messages).
LANGUAGES = [("fi", "Suomi"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates and times in each language's own way (config/formats/<lang>/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Helsinki")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# The largest request body, API and forms alike (larger: 413); JSON bodies also have
# a depth limit (config.limits.MAX_JSON_DEPTH).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int(
    "DATA_UPLOAD_MAX_MEMORY_SIZE", default=2 * 1024 * 1024
)

REST_FRAMEWORK = {
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    # The token first: its authenticate_header makes a missing or bad token a 401
    # with "WWW-Authenticate: Token" (DRF asks the first class), not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "scoring.api.authentication.PlayerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Every view states who may use it; this default only guards a view that forgets.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # Views that name a throttle scope (the token endpoint) are limited per client
    # address (token) and per username (token_username); the counts live in the
    # default cache (Redis when REDIS_URL is set). DRF's own address reading
    # follows the same proxy count (our throttles read config.client_ip).
    "NUM_PROXIES": KIRJURI_TRUSTED_PROXIES,
    "DEFAULT_THROTTLE_RATES": {
        "token": env.str("KIRJURI_TOKEN_RATE", default="10/minute"),
        "token_username": env.str("KIRJURI_TOKEN_USERNAME_RATE", default="10/minute"),
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Kirjuri API",
    "DESCRIPTION": (
        "Scoring and tournament management for card games played at real tables."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api.document_errors",
    ],
    "COMPONENT_SPLIT_REQUEST": True,
    # A PATCH body is the update serializer as it is (its required fields stay
    # required), not a "Patched…" copy with every field optional that the endpoints
    # would refuse.
    "COMPONENT_SPLIT_PATCH": False,
    "ENUM_NAME_OVERRIDES": {"CurrencyEnum": "scoring.api.serializers.CURRENCY_CODES"},
    # Served by Kirjuri itself: a club may have no internet.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Celery: with REDIS_URL the broker and result backend are Redis and workers run the
# tasks; without it every task runs in-process through the same functions.
REDIS_URL = env.str("REDIS_URL", default="")
CELERY_BROKER_URL = REDIS_URL or "memory://"
# /healthz answers 503 when no Celery worker answers a ping (with a broker only).
KIRJURI_HEALTH_REQUIRES_WORKER = env.bool(
    "KIRJURI_HEALTH_REQUIRES_WORKER", default=False
)
# The default cache holds the pending marks of coalesced tasks (scoring/tasks.py)
# and the throttle counts: in Redis beside the broker when there is one, so that web
# processes and workers share them; in the process otherwise (the embedded default
# runs tasks in-process).
# ``live`` holds the live pages' rendered copies (scoring/live.py, issue 32): one
# render per change for every anonymous reader. Its own alias, so that page copies
# never push the marks and counts out of a bounded in-process cache; in Redis they
# expire by themselves (KIRJURI_LIVE_CACHE_SECONDS) and go first under memory
# pressure (compose.yaml: volatile-lru).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
    }
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "live": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "live",
    }
    if REDIS_URL
    else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kirjuri-live",
        "OPTIONS": {"MAX_ENTRIES": 256},
    },
}
# How long a live page's copy is kept when nothing changes (a change makes a new
# copy under a new key at once).
KIRJURI_LIVE_CACHE_SECONDS = env.int("KIRJURI_LIVE_CACHE_SECONDS", default=60)
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
# The queue tasks are sent to (also tasks sent by a worker: a recompute request).
CELERY_TASK_DEFAULT_QUEUE = env.str("CELERY_TASK_DEFAULT_QUEUE", default="celery")
# Celery task names that get a match id after its result changes (tournaments, money).
KIRJURI_RESULT_CHANGED_TASKS: list[str] = [
    "tournaments.match_result_notify",
    "money.match_settle",
    "scoring.ratings_update_for_match",
]
# Standings recomputes run this long after a result changes; a burst of changes
# within it is answered by one recompute (the last request's; earlier ones skip).
KIRJURI_STANDINGS_DEBOUNCE_SECONDS = env.float(
    "KIRJURI_STANDINGS_DEBOUNCE_SECONDS", default=1.0
)
# …but while results keep coming faster than that, a snapshot never waits longer
# than this for a result (0: no limit; the periodic reconcile still catches up).
KIRJURI_STANDINGS_MAX_WAIT_SECONDS = env.float(
    "KIRJURI_STANDINGS_MAX_WAIT_SECONDS", default=10.0
)
# Celery task names that get a tournament id when its final standings change (the
# money side's prize payouts read them back through tournaments.prizes).
KIRJURI_FINAL_STANDINGS_TASKS: list[str] = ["money.tournament_prizes_settle"]
# Periodic work (`celery -A config beat`): catch lost standings recomputes, round
# generation jobs and settlements.
CELERY_BEAT_SCHEDULE = {
    "tournaments-reconcile-standings": {
        "task": "tournaments.standings_reconcile",
        "schedule": 60.0,
    },
    # …round generation jobs whose worker crashed (or whose message was lost)…
    "tournaments-reconcile-round-generations": {
        "task": "tournaments.round_generation_reconcile",
        "schedule": 60.0,
    },
    # …and settlements whose "result changed" notification was lost.
    "money-reconcile-settlements": {
        "task": "money.settlements_reconcile",
        "schedule": 60.0,
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}
