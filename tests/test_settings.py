"""Settings follow the environment: REDIS_URL picks the channel layer (CHANNEL_LAYER which of
channels-redis's two), the Celery broker and whether the server embeds its worker; DATABASE_URL picks the database. Tasks are never eager.

Each case runs the settings module afresh with ``runpy`` under a patched environment, so the
live settings of this test run are untouched.
"""
import runpy

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

import gameplatform.settings as settings_module
from gameplatform.celery import app

REDIS = "redis://127.0.0.1:6379/9"


@pytest.fixture
def load_settings(monkeypatch):
    """Returns ``load(**env)``: the settings namespace under that environment (None deletes)."""

    def load(**env):
        for name in ("DATABASE_URL", "REDIS_URL", "EMBEDDED_WORKER", "CHANNEL_PREFIX", "CELERY_QUEUE", "CHANNEL_LAYER",
                     "CONN_MAX_AGE", "TRUSTED_PROXY_COUNT", "WORKER_SWEEP", "SWEEP_INTERVAL_SECONDS",
                     "COMMUNITY_BASE_DOMAIN", "COMMUNITY_CREATION", "COMMUNITIES_PER_PERSON"):
            monkeypatch.delenv(name, raising=False)
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(settings_module.__file__)

    return load


def test_redis_url_selects_redis_channel_layer_broker_and_separate_workers(load_settings):
    ns = load_settings(REDIS_URL=REDIS, CHANNEL_PREFIX="hx")
    layer = ns["CHANNEL_LAYERS"]["default"]
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    [host] = layer["CONFIG"]["hosts"]
    assert (host["address"], host["socket_timeout"]) == (REDIS, ns["CHANNEL_REDIS_SOCKET_TIMEOUT"])
    # A pooled connection that died with a Redis restart is replaced at its first use
    # (tests/e2e/test_socket_outages.py shows it against a real Redis).
    from redis.asyncio.retry import Retry
    from redis.exceptions import ConnectionError as RedisConnectionError

    assert isinstance(host["retry"], Retry) and host["retry"].get_retries() >= 1
    assert host["retry_on_error"] == [RedisConnectionError]
    assert ns["CACHES"]["default"]["OPTIONS"]["retry_on_error"] == [RedisConnectionError]
    # Pub/Sub channels are not per database: the database number keeps sites apart.
    assert layer["CONFIG"]["prefix"] == "hx.db9."
    assert load_settings(REDIS_URL="redis://127.0.0.1:6379")["CHANNEL_LAYERS"]["default"]["CONFIG"]["prefix"] == "asgi.db0."
    assert ns["CELERY_BROKER_URL"] == REDIS
    assert ns["EMBEDDED_WORKER"] is False
    assert ns["CELERY_TASK_ALWAYS_EAGER"] is False


def test_channel_layer_core_selects_the_sorted_set_layer(load_settings):
    ns = load_settings(REDIS_URL=REDIS, CHANNEL_PREFIX="hx", CHANNEL_LAYER="core")
    layer = ns["CHANNEL_LAYERS"]["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    # An idle socket's blocking pop must end before the read times out (channels_redis#422).
    from channels_redis.core import RedisChannelLayer

    assert ns["CHANNEL_REDIS_SOCKET_TIMEOUT"] > RedisChannelLayer.brpop_timeout
    assert layer["CONFIG"]["prefix"] == "hx"


def test_an_unknown_channel_layer_is_refused(load_settings):
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured, match="CHANNEL_LAYER must be one of: pubsub, core."):
        load_settings(REDIS_URL=REDIS, CHANNEL_LAYER="kafka")


def test_celery_closes_database_connections_only_every_so_many_tasks(load_settings):
    """Celery's Django fix-up would close them around every task; gameplatform/celery.py
    applies CONN_MAX_AGE instead (tests/test_celery.py)."""
    assert load_settings()["CELERY_DB_REUSE_MAX"] >= 100


def test_no_redis_url_means_in_memory_layer_memory_broker_and_embedded_worker(load_settings):
    ns = load_settings()
    assert ns["CHANNEL_LAYERS"]["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"
    assert ns["CELERY_BROKER_URL"] == "memory://localhost/"
    assert ns["EMBEDDED_WORKER"] is True
    assert ns["CELERY_TASK_ALWAYS_EAGER"] is False


def test_embedded_worker_can_be_forced_either_way(load_settings):
    assert load_settings(REDIS_URL=REDIS, EMBEDDED_WORKER="true")["EMBEDDED_WORKER"] is True
    assert load_settings(EMBEDDED_WORKER="false")["EMBEDDED_WORKER"] is False


def test_no_database_url_means_sqlite_with_immediate_transactions(load_settings):
    db = load_settings()["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert str(db["NAME"]).endswith("db.sqlite3")
    assert db["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_database_url_selects_postgresql(load_settings):
    db = load_settings(DATABASE_URL="postgres://hx:secret@db.example:5433/hexagora")["DATABASES"]["default"]
    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["HOST"], db["PORT"], db["USER"]) == ("hexagora", "db.example", 5433, "hx")
    assert "transaction_mode" not in db.get("OPTIONS", {})


def test_timing_settings_come_from_the_environment(load_settings):
    ns = load_settings(BOT_DELAY_SECONDS="0.25", SWEEP_INTERVAL_SECONDS="2")
    assert ns["BOT_DELAY_SECONDS"] == 0.25
    assert ns["SWEEP_INTERVAL_SECONDS"] == 2.0
    assert ns["CELERY_BEAT_SCHEDULE"]["sweep-overdue-turns"] == {
        "task": "gameplatform.core.tasks.sweep_overdue",
        "schedule": 2.0,
    }


def test_production_switches_come_from_the_environment(load_settings):
    ns = load_settings(
        DEBUG="false",
        SECRET_KEY="s" * 50,
        ALLOWED_HOSTS="play.example.org,owls.example.org",
        CSRF_TRUSTED_ORIGINS="https://play.example.org",
        COMMUNITY_BASE_DOMAIN="Example.org",
    )
    assert ns["DEBUG"] is False
    assert ns["SECRET_KEY"] == "s" * 50
    # Issue 27, point 1: communities started from the site answer at <slug>.COMMUNITY_BASE_DOMAIN.
    assert ns["ALLOWED_HOSTS"] == ["play.example.org", "owls.example.org", ".example.org"]
    assert ns["COMMUNITY_BASE_DOMAIN"] == "example.org"
    assert ns["CSRF_TRUSTED_ORIGINS"] == ["https://play.example.org"]


def test_the_live_celery_app_uses_the_settings_and_is_never_eager():
    assert app.conf.broker_url == settings.CELERY_BROKER_URL
    assert app.conf.task_always_eager is False
    assert app.conf.task_default_queue == settings.CELERY_TASK_DEFAULT_QUEUE


def test_redis_url_puts_the_cache_and_the_sign_in_throttle_in_redis(load_settings):
    ns = load_settings(REDIS_URL=REDIS, CHANNEL_PREFIX="hx")
    # "default" falls back to the process's memory while Redis is away; "shared" (the sign-in
    # throttle's) fails, and the throttle then counts in the database.
    assert ns["CACHES"]["default"]["BACKEND"] == "gameplatform.core.cache.FailoverRedisCache"
    assert ns["CACHES"]["shared"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    for alias in ("default", "shared"):
        assert ns["CACHES"][alias]["LOCATION"] == REDIS and ns["CACHES"][alias]["KEY_PREFIX"] == "hx"
    assert ns["AUTH_THROTTLE_CACHE"] == "shared"
    # Workers retry the broker for as long as it is away (issue 24, point 1).
    assert ns["CELERY_BROKER_CONNECTION_MAX_RETRIES"] is None
    embedded = load_settings()
    assert embedded["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert embedded["AUTH_THROTTLE_CACHE"] is None  # the database (accounts.ThrottleCounter)


def test_trusted_proxy_count_comes_from_the_environment(load_settings):
    ns = load_settings()
    assert ns["TRUSTED_PROXY_COUNT"] == 0 and ns["REST_FRAMEWORK"]["NUM_PROXIES"] == 0
    assert "SECURE_PROXY_SSL_HEADER" not in ns  # no proxy: X-Forwarded-Proto is the client's
    ns = load_settings(TRUSTED_PROXY_COUNT="1")
    assert ns["TRUSTED_PROXY_COUNT"] == 1 and ns["REST_FRAMEWORK"]["NUM_PROXIES"] == 1
    assert ns["ALLAUTH_TRUSTED_PROXY_COUNT"] == 1
    assert ns["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")
    with pytest.raises(ImproperlyConfigured):
        load_settings(TRUSTED_PROXY_COUNT="-1")


def test_workers_sweep_unless_told_not_to(load_settings):
    assert load_settings()["WORKER_SWEEP"] is True
    assert load_settings(WORKER_SWEEP="false")["WORKER_SWEEP"] is False
    with pytest.raises(ImproperlyConfigured):
        load_settings(SWEEP_INTERVAL_SECONDS="0")


def test_every_password_check_goes_through_the_throttle():
    assert settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert settings.AXES_HANDLER == "accounts.axes_handler.ThrottleHandler"
    assert "accounts.middleware.AuthThrottleMiddleware" in settings.MIDDLEWARE
    # allauth's lock-anyone-out limit on passwords stays off (the adapter skips it); its
    # "login_failed" rates now count second-factor codes only (tests/accounts/test_mfa_throttle.py).
    from allauth.account.adapter import DefaultAccountAdapter

    from accounts.adapter import AccountAdapter

    assert AccountAdapter.pre_authenticate is not DefaultAccountAdapter.pre_authenticate
    assert settings.ACCOUNT_RATE_LIMITS["login_failed"] == "10/m/ip,20/15m/key"
    assert settings.MFA_FORMS["authenticate"] == "accounts.forms.ThrottledAuthenticateForm"
    assert settings.MFA_FORMS["reauthenticate"] == "accounts.forms.ThrottledReauthenticateForm"


def test_community_settings_come_from_the_environment(load_settings):
    """Issue 27, point 1: "Limits an operator can set: communities per person (default 3), a
    site-wide switch that reserves creation to staff"; the address's base domain."""
    ns = load_settings()
    assert (ns["COMMUNITY_BASE_DOMAIN"], ns["COMMUNITY_CREATION"], ns["COMMUNITIES_PER_PERSON"]) == (
        "localhost", "members", 3)
    ns = load_settings(COMMUNITY_CREATION="staff", COMMUNITIES_PER_PERSON="1")
    assert (ns["COMMUNITY_CREATION"], ns["COMMUNITIES_PER_PERSON"]) == ("staff", 1)
    for bad in ({"COMMUNITY_CREATION": "everyone"}, {"COMMUNITIES_PER_PERSON": "-1"},
                {"COMMUNITY_BASE_DOMAIN": "http://x.org/"}):
        with pytest.raises(ImproperlyConfigured):
            load_settings(**bad)
