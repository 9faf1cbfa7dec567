"""Outages of PostgreSQL or Redis answer 503 with Retry-After, never a 500 page, and the parts
that must keep working do (issue 24, points 2 and 3; gameplatform/core/outages.py).

The failures here are raised where the real ones come from (the database driver's
``OperationalError`` in a middleware and in a view, redis-py's ``ConnectionError``), so that
each route to the answer is covered; tests/faults/ restarts the real servers.
"""
from __future__ import annotations

import pytest
import redis.exceptions
from django.db import OperationalError
from django.test import Client, override_settings

from gameplatform.core import outages
from tests.private_redis import REDIS_SERVER, PrivateRedis, free_port


def dropped_connection(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def redis_refused(*args, **kwargs):
    raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


@pytest.fixture
def member_client(db, member):
    client = Client(raise_request_exception=False)
    client.force_login(member)
    return client


def test_is_outage_follows_the_chain():
    try:
        try:
            redis_refused()
        except redis.exceptions.ConnectionError as inner:
            raise RuntimeError("channel layer failed") from inner
    except RuntimeError as outer:
        assert outages.is_outage(outer)
    assert outages.is_outage(OperationalError("terminating connection due to administrator command"))
    assert not outages.is_outage(ValueError("a bug"))
    assert not outages.is_outage(None)


def test_a_page_during_a_database_outage_is_a_503_page_with_retry_after(member_client, monkeypatch):
    monkeypatch.setattr("gameplatform.tenants.middleware.tenant_for_host", dropped_connection)
    response = member_client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == str(outages.RETRY_AFTER_SECONDS)
    assert response["Content-Type"].startswith("text/html")
    assert b"Back in a moment" in response.content


def test_the_api_during_an_outage_answers_json_503(member_client, monkeypatch):
    monkeypatch.setattr("gameplatform.alerts.selectors.waiting_list", redis_refused)
    response = member_client.get("/api/v1/your-turn/")
    assert response.status_code == 503
    assert response.json() == {"error": "service_unavailable", "message": str(outages.OUTAGE_MESSAGE)}
    assert response["Retry-After"] == str(outages.RETRY_AFTER_SECONDS)


def test_the_outage_page_is_in_the_readers_language(member_client, monkeypatch):
    monkeypatch.setattr("gameplatform.tenants.middleware.tenant_for_host", dropped_connection)
    response = member_client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 503
    assert 'lang="fr"' in response.content.decode()


def test_a_bug_is_still_a_500(member_client, monkeypatch):
    """Only outages become 503: a programming error must stay visible."""

    def bug(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("gameplatform.alerts.selectors.waiting_list", bug)
    assert member_client.get("/api/v1/your-turn/").status_code == 500


@pytest.mark.django_db
def test_the_sign_in_throttle_counts_in_the_database_while_redis_is_away(settings, user_factory):
    """Point 3: "password throttles fall back to the database counters used in embedded mode,
    never fail open". The throttle's cache points at a Redis nobody serves."""
    from accounts import throttle
    from accounts.models import ThrottleCounter

    dead = f"redis://127.0.0.1:{free_port()}/0"
    caches = {**settings.CACHES, "shared": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                            "LOCATION": dead, "OPTIONS": {"socket_connect_timeout": 1}}}
    user = user_factory("victim")
    client = Client(raise_request_exception=False)
    with override_settings(CACHES=caches, AUTH_THROTTLE_CACHE="shared",
                           PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        throttle._cache_down_until = 0.0
        statuses = [
            client.post("/api/v1/auth/token/", {"username": user.username, "password": "wrong"},
                        content_type="application/json").status_code
            for _ in range(settings.AUTH_THROTTLE_ACCOUNT_ADDRESS_LIMIT + 1)
        ]
        assert statuses[:-1] == [400] * settings.AUTH_THROTTLE_ACCOUNT_ADDRESS_LIMIT
        assert statuses[-1] == 429  # refused: counted in the database, not let through
        assert ThrottleCounter.objects.exists()
    throttle._cache_down_until = 0.0


@pytest.mark.django_db
def test_the_sweep_lock_falls_back_to_the_database(settings):
    """While Redis is away the sweep goes on under the database's lock, once per interval."""
    from gameplatform.core import locks
    from gameplatform.core.locks.models import IntervalLock

    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"
    settings.REDIS_CLIENT_OPTIONS = {"socket_connect_timeout": 1}
    assert locks.interval_lock("outage-test", 30) is True
    assert locks.interval_lock("outage-test", 30) is False
    assert IntervalLock.objects.filter(name="outage-test").exists()


@pytest.mark.skipif(REDIS_SERVER is None, reason="needs Debian's redis-server")
@pytest.mark.django_db
def test_the_sweep_lock_goes_back_to_redis_when_it_returns(settings):
    from gameplatform.core import locks

    server = PrivateRedis()
    settings.REDIS_URL = server.url()
    try:
        assert locks.interval_lock("outage-test-2", 30) is True  # the database's: Redis is down
        server.start()
        assert locks.interval_lock("outage-test-3", 30) is True
        assert redis.Redis.from_url(server.url()).exists(locks.redis_key("outage-test-3")) == 1
    finally:
        server.stop()
