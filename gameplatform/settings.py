"""Hexagora settings, read from the environment with django-environ.

Two ways to run (see README):
- embedded (no DATABASE_URL / REDIS_URL): SQLite, in-process channel layer, Celery on the
  in-memory transport served by a worker thread inside the server process (real delays);
- at scale: DATABASE_URL (PostgreSQL) and REDIS_URL (channels-redis and the Celery broker).
"""
from pathlib import Path
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

from games.registry import app_names as game_apps

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=True)
SECRET_KEY = env("SECRET_KEY", default="dev-insecure-hexagora-key-change-me-in-production-0123456789")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"])
CSRF_TRUSTED_ORIGINS = env.list(
    "CSRF_TRUSTED_ORIGINS", default=["http://127.0.0.1:8000", "http://localhost:8000"]
)

INSTALLED_APPS = [
    "daphne",
    "gameplatform.admin_site.AdminConfig",  # django.contrib.admin, password change throttled
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "allauth",
    "allauth.account",
    "allauth.mfa",  # two-factor sign-in: authenticator apps (TOTP) and recovery codes
    "axes",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # swagger-ui served from static files, no CDN
    "channels",
    "accounts",
    "gameplatform.tenants",
    "gameplatform.matches",
    "gameplatform.ratings",
    "gameplatform.players",
    "gameplatform.chat",
    "gameplatform.alerts",
    "gameplatform.bots",
    "gameplatform.tournaments",
    "gameplatform.realtime",
    "gameplatform.core",
    "gameplatform.core.locks",
    "gameplatform.api",
    "gameplatform.i18n",
    "gameplatform.web",
    *game_apps(),  # one list of games: games/registry.py
]

MIDDLEWARE = [
    # Outermost: a server error caused by a database or Redis outage answers 503 + Retry-After.
    "gameplatform.core.outages.OutageMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # gzip for HTML and JSON, by the BREACH rule of gameplatform/core/compression.py (README "Compression").
    "gameplatform.core.compression.CompressionMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the cookie or Accept-Language, then the signed-in person's own choice.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "gameplatform.players.language.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "gameplatform.tenants.middleware.TenantMiddleware",
    # Finishes the request's password attempts: 429 when refused, device cookie on success.
    "accounts.middleware.AuthThrottleMiddleware",
]

# Never compressed: pages that carry a secret in clear besides the masked CSRF token (keys,
# invitation codes, API tokens). gameplatform/core/compression.py says why.
COMPRESSION_EXCLUDED_PATHS = ("/accounts/", "/communities/", "/admin/", "/api/v1/auth/")

ROOT_URLCONF = "gameplatform.urls"
ASGI_APPLICATION = "gameplatform.asgi.application"
WSGI_APPLICATION = "gameplatform.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "gameplatform.tenants.context_processors.tenant",
                "gameplatform.players.context_processors.preferences",
                "gameplatform.alerts.context_processors.alerts",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # IMMEDIATE: a transaction takes the write lock at BEGIN, so concurrent actions queue
    # (the SQLite stand-in for select_for_update) instead of failing on lock upgrade.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
    DATABASES["default"].setdefault("TEST", {})["NAME"] = env(
        "SQLITE_TEST_NAME", default=str(BASE_DIR / "var" / "test.sqlite3")
    )
else:
    DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=0)
    # A kept connection is checked before a request (or task) reuses it, so after PostgreSQL
    # restarts every process reconnects by itself instead of failing once on the dead one.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer and Celery broker ---------------------------------------------------
REDIS_URL = env("REDIS_URL", default="")


def redis_reconnect(*, asyncio: bool) -> dict:
    """redis-py connection options that retry a command once on a fresh connection when the
    pooled one is dead (Redis restarted meanwhile), and twice more while it is still away.
    redis-py's default for a connection taken from a pool is no retry at all."""
    from redis.backoff import ExponentialBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError

    if asyncio:
        from redis.asyncio.retry import Retry
    else:
        from redis.retry import Retry
    return {"retry": Retry(ExponentialBackoff(cap=0.5, base=0.05), 2), "retry_on_error": [RedisConnectionError]}


# Seconds a channel-layer read from Redis may take: above channels_redis's 5 s BZPOPMIN.
CHANNEL_REDIS_SOCKET_TIMEOUT = 30
# Which channels-redis layer carries the live updates (docs/performance.md, "Platform latency"):
# "pubsub" (default): a group message is one PUBLISH, and each server process reads every
# message for its sockets from one subscription, so a broadcast costs Daphne about half the
# CPU of "core" and never waits in Redis; a message sent while a server process is cut off
# from Redis is lost (the client sees the version gap at the next one and syncs). "core":
# messages wait in Redis sorted sets (up to 100 per server process, 60 s) until read.
CHANNEL_LAYER_BACKENDS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "core": "channels_redis.core.RedisChannelLayer",
}
CHANNEL_LAYER = env("CHANNEL_LAYER", default="pubsub")
if CHANNEL_LAYER not in CHANNEL_LAYER_BACKENDS:
    raise ImproperlyConfigured(f"CHANNEL_LAYER must be one of: {', '.join(CHANNEL_LAYER_BACKENDS)}.")
if REDIS_URL:
    CHANNEL_PREFIX = env("CHANNEL_PREFIX", default="asgi")
    if CHANNEL_LAYER == "pubsub":
        # Pub/Sub channels are shared by every database of a Redis server: the database
        # number joins the prefix, so sites on different databases stay apart as with "core".
        CHANNEL_PREFIX = f"{CHANNEL_PREFIX}.db{urlsplit(REDIS_URL).path.strip('/') or '0'}."
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": CHANNEL_LAYER_BACKENDS[CHANNEL_LAYER],
            # redis-py 8 reads with a 5 s socket timeout by default, which aborts the core
            # layer's blocking 5 s BZPOPMIN and tears down every socket idle that long
            # (django/channels_redis#422): give reads more time than the pop waits.
            # The retry replaces a pooled connection that died with a Redis restart at its first
            # use (without it, each idle one fails once: a handshake or a send after Redis is
            # back would fail; docs/contracts.md, "WebSocket outages").
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": CHANNEL_REDIS_SOCKET_TIMEOUT,
                           **redis_reconnect(asyncio=True)}],
                "prefix": CHANNEL_PREFIX,
            },
        }
    }
    CELERY_BROKER_URL = REDIS_URL
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The host named, else kombu warns "No hostname was supplied. Reverting to default
    # 'localhost'" at every start (issue 26, point 12): the memory transport's own default.
    CELERY_BROKER_URL = "memory://localhost/"
# Embedded mode: the ASGI process runs a Celery worker thread and the sweeper itself.
EMBEDDED_WORKER = env.bool("EMBEDDED_WORKER", default=not REDIS_URL)
CELERY_TASK_ALWAYS_EAGER = False  # never: timers must fire at their deadline
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker outlives the broker (issue 24, point 1): it retries its connection for as long as
# Redis is away (never gives up after 100 tries), and a task that cannot be acknowledged any
# more at a connection loss is cancelled rather than finished twice (the sweeper plays what a
# lost task left: matches.timers). Sockets to Redis fail fast when it does not answer.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
if REDIS_URL:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 3, "socket_timeout": 10, "retry_on_timeout": True}
CELERY_TASK_DEFAULT_QUEUE = env("CELERY_QUEUE", default="hexagora")
# Celery's Django fix-up closes the database connections only every this many tasks (instead
# of around every task); gameplatform/celery.py closes them as Django does after a request
# (CONN_MAX_AGE, health checks).
CELERY_DB_REUSE_MAX = 1000
SWEEP_INTERVAL_SECONDS = env.float("SWEEP_INTERVAL_SECONDS", default=5.0)
# Every worker sweeps under a shared lock (gameplatform.celery.Sweep): no beat is needed.
WORKER_SWEEP = env.bool("WORKER_SWEEP", default=True)
CELERY_BEAT_SCHEDULE = {"sweep-overdue-turns": {"task": "gameplatform.core.tasks.sweep_overdue",
                                                 "schedule": SWEEP_INTERVAL_SECONDS}}
# Seconds a bot "thinks" before its move is applied, so people can follow the game.
BOT_DELAY_SECONDS = env.float("BOT_DELAY_SECONDS", default=1.0)
ANALYSIS_BUDGET_SECONDS = env.float("ANALYSIS_BUDGET_SECONDS", default=120.0)  # gameplatform/bots/analysis.py
ANALYSIS_SLICE_SECONDS = env.float("ANALYSIS_SLICE_SECONDS", default=5.0)
ANALYSIS_RUNNING_MAX = env.int("ANALYSIS_RUNNING_MAX", default=1)
# Who plays bot turns (issue 29): "runner", every worker's threads claiming the due ones from the
# database (gameplatform.bots.runner), or "tasks", a Celery task per turn. The same everywhere.
BOT_TURNS = env.str("BOT_TURNS", default="runner")
BOT_RUNNER_POLL_SECONDS = env.float("BOT_RUNNER_POLL_SECONDS", default=0.25)
BOT_LEASE_SECONDS = env.float("BOT_LEASE_SECONDS", default=10.0)
BOT_RUNNER_THREADS, BOT_RUNNER_SLOW_THREADS = env.int("BOT_RUNNER_THREADS", default=2), env.int("BOT_RUNNER_SLOW_THREADS", default=1)
if (BOT_TURNS not in ("runner", "tasks") or min(SWEEP_INTERVAL_SECONDS, BOT_RUNNER_POLL_SECONDS, BOT_LEASE_SECONDS) <= 0
        or BOT_RUNNER_THREADS < 1 or BOT_RUNNER_SLOW_THREADS < 0):
    raise ImproperlyConfigured('BOT_TURNS must be "runner" or "tasks"; SWEEP_INTERVAL_SECONDS, BOT_RUNNER_POLL_SECONDS, '
                               "BOT_LEASE_SECONDS and BOT_RUNNER_THREADS positive, BOT_RUNNER_SLOW_THREADS not negative.")

# --- Closing communities and people's own data (issue 27, points 4 and 5) ---------------------
# Days between an owner closing a community and its matches in progress being aborted.
COMMUNITY_CLOSE_NOTICE_DAYS = env.int("COMMUNITY_CLOSE_NOTICE_DAYS", default=7)
# Days a closed community's finished matches stay readable by its former members before the
# community is deleted (site staff may restore it until then).
COMMUNITY_RETENTION_DAYS = env.int("COMMUNITY_RETENTION_DAYS", default=90)
# Hours a "download my data" file and its mailed link stay valid.
DATA_EXPORT_TTL_HOURS = env.int("DATA_EXPORT_TTL_HOURS", default=48)

# --- Alerts (gameplatform/alerts: "your turn" count, browser notifications, mails) ------------
# Where mails link to: the default community's address; a community with a Tenant.domain gets
# that host with this scheme and port.
SITE_URL = env("SITE_URL", default="http://127.0.0.1:8000")
# A match is asynchronous (turn mails, the digest) without a turn limit or with one of at least
# this many seconds.
ALERTS_ASYNC_TURN_SECONDS = env.int("ALERTS_ASYNC_TURN_SECONDS", default=3600)
# A turn mail waits this long and goes only if the person has not played meanwhile.
ALERTS_TURN_MAIL_DELAY_SECONDS = env.float("ALERTS_TURN_MAIL_DELAY_SECONDS", default=300.0)
# The daily digest goes from this hour (UTC) on, once a day.
ALERTS_DIGEST_HOUR = env.int("ALERTS_DIGEST_HOUR", default=7)
if not 0 <= ALERTS_DIGEST_HOUR <= 23:
    raise ImproperlyConfigured("ALERTS_DIGEST_HOUR must be 0 to 23.")

# --- Accounts (django-allauth) ------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
SITE_ID = 1
AUTHENTICATION_BACKENDS = [
    # First: every authenticate() asks the sign-in throttle before a password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = env("ACCOUNT_EMAIL_VERIFICATION", default="optional")
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"  # mails name the site as served
LOGIN_REDIRECT_URL = "/"
LOGIN_URL = "/accounts/login/"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {
    "change_password": "accounts.forms.ThrottledChangePasswordForm",
    "reset_password": "accounts.forms.ThrottledResetPasswordForm",
}
# allauth's own limits per account on passwords (failed logins: 5 from anywhere, which let
# anyone lock anyone out; password changes and reset requests) are replaced by
# accounts.throttle, which spares the owner's known devices. Its limits per address stay (in
# the shared cache). Sign-ups per client address (README "Sign-in throttling"): 5 in 10 minutes
# and 20 a day. "login_failed" is allauth.mfa's limit on wrong codes (the adapter keeps it off
# passwords: accounts.adapter.AccountAdapter.pre_authenticate): 10 a minute per address and
# 20 in 15 minutes per account, looser than accounts.throttle's (5), which counts codes too.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,20/15m/key", "change_password": None, "reset_password": "20/m/ip",
    "signup": "5/10m/ip,20/d/ip",
}
# Two-factor sign-in (allauth.mfa; README "Two-factor sign-in"): an authenticator app (TOTP)
# and recovery codes, for every account; required before the admin (accounts.mfa). A code of
# the step before or after the current one is accepted too (clocks drift; each code once).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Hexagora"
MFA_TOTP_TOLERANCE = 1
MFA_ADAPTER = "accounts.mfa.MFAAdapter"  # a clearer wrong-code message
# Every code check (sign-in, re-authentication) is counted by accounts.throttle too; the code
# that enrols an authenticator app counts as this session's second factor.
MFA_FORMS = {
    "activate_totp": "accounts.forms.EnrolTOTPForm",
    "authenticate": "accounts.forms.ThrottledAuthenticateForm",
    "reauthenticate": "accounts.forms.ThrottledReauthenticateForm",
}
# Mails to the owner when a password or e-mail changes, and when sign-ins were throttled.
ACCOUNT_EMAIL_NOTIFICATIONS = True
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="Hexagora <noreply@hexagora.local>")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Client addresses, sign-in throttle ---------------------------------------------------------
# How many proxies of ours stand in front of the server, each appending to X-Forwarded-For
# (gameplatform/core/clientip.py). 0: the header is ignored and the socket's peer is the client.
TRUSTED_PROXY_COUNT = env.int("TRUSTED_PROXY_COUNT", default=0)
if TRUSTED_PROXY_COUNT < 0:
    raise ImproperlyConfigured("TRUSTED_PROXY_COUNT must be 0 or more.")
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT  # allauth's own helper, should anything use it
if TRUSTED_PROXY_COUNT:
    # Our proxy sets X-Forwarded-Proto (README's nginx example): HTTPS pages, secure cookies.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# accounts/throttle.py: the policy for every password check (window in seconds, failures).
AUTH_THROTTLE_WINDOW_SECONDS = 15 * 60
AUTH_THROTTLE_ACCOUNT_ADDRESS_LIMIT = 5  # per account and address
AUTH_THROTTLE_ACCOUNT_LIMIT = 5  # per account, any address without the account's device cookie
AUTH_THROTTLE_DEVICE_LIMIT = 5  # per device cookie of the account
AUTH_THROTTLE_ADDRESS_LIMIT = 20  # per address, across accounts
# Where the counts live: the Redis cache shared by every process, else the database.
AUTH_THROTTLE_CACHE = "shared" if REDIS_URL else None
DEVICE_COOKIE_NAME = "hexagora_device"
DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600
# django-axes hooks authenticate(); accounts.axes_handler applies the policy above.
AXES_HANDLER = "accounts.axes_handler.ThrottleHandler"
AXES_CLIENT_IP_CALLABLE = "gameplatform.core.clientip.client_ip"
AXES_ENABLE_ADMIN = False  # its tables stay empty: the counts are accounts.throttle's
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
# axes.W002 asks for axes' middleware: accounts.middleware.AuthThrottleMiddleware does its job.
SILENCED_SYSTEM_CHECKS = ["axes.W002"]

# --- Caches -----------------------------------------------------------------------------------
# With Redis, one cache for every process (allauth's rate limits, the sign-in throttle).
# Connections to Redis (the caches, the sweep lock): fail fast when Redis is away, and replace a
# dead pooled connection at its first use after Redis returns (one retry on a new connection).
REDIS_CONNECT_TIMEOUT_SECONDS = 2.0
REDIS_SOCKET_TIMEOUT_SECONDS = 5.0
REDIS_CLIENT_OPTIONS = {}
if REDIS_URL:
    REDIS_CLIENT_OPTIONS = {
        "socket_connect_timeout": REDIS_CONNECT_TIMEOUT_SECONDS,
        "socket_timeout": REDIS_SOCKET_TIMEOUT_SECONDS,
        "health_check_interval": 15,
        **redis_reconnect(asyncio=False),
    }
    CACHES = {
        # "default" degrades to this process's memory while Redis is away (gameplatform/core/cache.py).
        "default": {
            "BACKEND": "gameplatform.core.cache.FailoverRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CHANNEL_PREFIX", default="asgi"),
            "OPTIONS": REDIS_CLIENT_OPTIONS,
        },
        # "shared" fails loudly: what must be counted across processes or not at all (the
        # sign-in throttle, which then counts in the database: accounts/throttle.py).
        "shared": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CHANNEL_PREFIX", default="asgi"),
            "OPTIONS": REDIS_CLIENT_OPTIONS,
        },
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- REST API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "gameplatform.api.errors.exception_handler",
    # Answers are JSON only (no browsable HTML API): every answer under /api/ is JSON.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
    # DRF's own X-Forwarded-For reading (our throttles use gameplatform.core.clientip instead).
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    # Request limits of every endpoint (gameplatform/api/throttles.py, README "API rate
    # limits"; rates in API_THROTTLE_RATES), counted in the shared cache: per account, a burst
    # and a sustained rate; per address for anonymous callers. The token endpoint keeps its
    # own 20/min per address.
    "DEFAULT_THROTTLE_CLASSES": [
        "gameplatform.api.throttles.UserBurstThrottle",
        "gameplatform.api.throttles.UserSustainedThrottle",
        "gameplatform.api.throttles.AnonAddressThrottle",
    ],
}
API_THROTTLE_RATES = {
    "user_burst": env("API_USER_BURST_RATE", default="240/min"),
    "user_sustained": env("API_USER_SUSTAINED_RATE", default="6000/hour"),
    "anon": env("API_ANON_RATE", default="60/min"),
}
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = API_THROTTLE_RATES
SPECTACULAR_SETTINGS = {
    "TITLE": "Hexagora API",
    "DESCRIPTION": "Matches, seats, views and actions for Hexagora's hex board games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Issue 27: the roles an owner appoints (api/communities_admin.py), beside the members' roles.
    "ENUM_NAME_OVERRIDES": {"AppointedRoleEnum": ["player", "moderator"],
                            "MemberRoleEnum": ["player", "moderator", "owner"],
                            "StatusEnum": "gameplatform.matches.models.Match.Status",
                            "TournamentStatusEnum": "gameplatform.tournaments.models.Tournament.Status"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "gameplatform.api.schema.strict_inputs",
        "gameplatform.api.schema.throttled_responses",
    ],
}
# A CSRF refusal under /api/ is JSON like every other API answer (api.errors.csrf_failure).
CSRF_FAILURE_VIEW = "gameplatform.api.errors.csrf_failure"

# --- Chat (gameplatform/chat, README "Chat and moderation") --------------------------------------
CHAT_RATE_LIMIT = 5  # messages per person ...
CHAT_RATE_WINDOW_SECONDS = 10  # ... in any window of this many seconds, across rooms
CHAT_HISTORY_MESSAGES = 50  # recent messages a socket gets on connect (chat_sync)

# --- Tenancy ----------------------------------------------------------------------------------
# Hosts without a Tenant.domain of their own (localhost, 127.0.0.1, testserver) use this one.
DEFAULT_TENANT_SLUG = env("DEFAULT_TENANT_SLUG", default="hexagora")
# Hosts that serve the default tenant; any other host needs a Tenant.domain or gets a 404.
TENANT_DEFAULT_HOSTS = env.list(
    "TENANT_DEFAULT_HOSTS", default=["localhost", "127.0.0.1", "::1", "testserver"]
)
# Communities started from the site (issue 27, point 1; README "Starting a community"): each is
# served at <slug>.COMMUNITY_BASE_DOMAIN ("localhost" by default: browsers send *.localhost to
# this machine, so `make run` works), and every such host is allowed (ALLOWED_HOSTS, below).
COMMUNITY_BASE_DOMAIN = env("COMMUNITY_BASE_DOMAIN", default="localhost").strip().lower().strip(".")
if not COMMUNITY_BASE_DOMAIN or "/" in COMMUNITY_BASE_DOMAIN or ":" in COMMUNITY_BASE_DOMAIN:
    raise ImproperlyConfigured("COMMUNITY_BASE_DOMAIN must be a bare host name such as example.org.")
if "*" not in ALLOWED_HOSTS and f".{COMMUNITY_BASE_DOMAIN}" not in ALLOWED_HOSTS:
    ALLOWED_HOSTS.append(f".{COMMUNITY_BASE_DOMAIN}")  # the base and every subdomain of it
# Who may start one: "members" (anyone signed in with a confirmed e-mail address) or "staff".
COMMUNITY_CREATION = env("COMMUNITY_CREATION", default="members")
if COMMUNITY_CREATION not in ("members", "staff"):
    raise ImproperlyConfigured("COMMUNITY_CREATION must be members or staff.")
# How many communities one person may own (closed ones do not count); site administrators: no limit.
COMMUNITIES_PER_PERSON = env.int("COMMUNITIES_PER_PERSON", default=3)
if COMMUNITIES_PER_PERSON < 0:
    raise ImproperlyConfigured("COMMUNITIES_PER_PERSON must be 0 or more.")

# --- i18n, static -----------------------------------------------------------------------------
# English is the source language; the catalogues translate it (README "Languages"): locale/ for
# the platform's texts, then each game's own, games/<package>/locale/. Listed here (not only
# found as the games' apps' folders) so that ours win over the other apps' catalogues: the
# admin's Swedish "Summary" is not Hexal's. Where two hold a msgid, the first one wins.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "locale", *(BASE_DIR.joinpath(*app.split(".")) / "locale" for app in game_apps())]
LANGUAGE_COOKIE_NAME = "django_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env.path("STATIC_ROOT", default=str(BASE_DIR / "staticfiles"))
# WhiteNoise serves from the finders in development and warns when STATIC_ROOT is missing;
# `collectstatic` fills it for production.
Path(STATIC_ROOT).mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
# Files served at the site's root, as browsers and crawlers ask for them: /favicon.ico.
WHITENOISE_ROOT = BASE_DIR / "static" / "root"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Daphne's start-up notice that Twisted lacks HTTP/2 (the site serves HTTP/1.1 and
    # WebSockets; HTTP/2 is the proxy's job): dropped, and only it (gameplatform/core/logs.py).
    "filters": {"no_http2_notice": {"()": "gameplatform.core.logs.DropMessages",
                                    "prefixes": ["HTTP/2 support not enabled"]}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}, "daphne.server": {"filters": ["no_http2_notice"]}},
}
