"""The site's cache degrades to the process's memory while Redis is away and goes back to Redis
when it returns, replacing the dead connections at their first use (gameplatform/core/cache.py;
issue 24, point 3: "Dead connections are replaced at their first use after Redis returns").

Against a real ``redis-server`` of the test's own (tests/private_redis.py), stopped and started
again; skipped where Debian's redis-server is not installed.
"""
from __future__ import annotations

import time

import pytest

from gameplatform.core import cache as failover
from tests.private_redis import REDIS_SERVER, PrivateRedis

pytestmark = pytest.mark.skipif(REDIS_SERVER is None, reason="needs Debian's redis-server")


@pytest.fixture
def redis_server():
    server = PrivateRedis().start()
    yield server
    server.stop()


def make_cache(url: str) -> failover.FailoverRedisCache:
    from django.conf import settings

    return failover.FailoverRedisCache(url, {"KEY_PREFIX": "t", "OPTIONS": dict(settings.REDIS_CLIENT_OPTIONS)})


def test_while_redis_is_away_the_cache_answers_from_memory_then_goes_back(redis_server, monkeypatch):
    monkeypatch.setattr(failover, "RETRY_SECONDS", 0.2)
    cache = make_cache(redis_server.url())
    cache.set("kept", "in redis", 60)
    assert cache.get("kept") == "in redis" and not cache.serving_locally

    redis_server.stop()
    # A miss rather than an error; counters and sets work in the process's memory.
    assert cache.get("kept", "missing") == "missing"
    assert cache.serving_locally
    assert cache.add("counter", 1, 60) and cache.incr("counter") == 2
    cache.set("local", "value", 60)
    assert cache.get_many(["local", "counter"]) == {"local": "value", "counter": 2}

    redis_server.start()  # empty: this Redis keeps nothing on disk
    time.sleep(0.25)
    # The first use after Redis returns goes to Redis on a new connection (the pool's old one
    # is dead) and does not fail.
    assert cache.get("local") is None
    assert not cache.serving_locally
    cache.set("again", "in redis", 60)
    import redis

    assert redis.Redis.from_url(redis_server.url()).exists(cache.make_key("again")) == 1


def test_an_idle_connection_is_replaced_at_its_first_use_after_a_restart(redis_server):
    """The connection the pool kept while idle died with the old server: the first command
    after the restart is retried on a new connection instead of failing."""
    cache = make_cache(redis_server.url())
    cache.set("before", 1, 60)
    redis_server.stop()
    redis_server.start()
    assert cache.add("after", 1, 60) is True
    assert not cache.serving_locally


def test_a_redis_that_never_answers_costs_one_attempt_per_interval(monkeypatch):
    from tests.private_redis import free_port

    calls = []
    cache = make_cache(f"redis://127.0.0.1:{free_port()}/0")
    original = failover.RedisCache.get

    def counting_get(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(failover.RedisCache, "get", counting_get)
    monkeypatch.setattr(cache, "get", failover._failover("get").__get__(cache))
    for _ in range(20):
        assert cache.get("x", 0) == 0
    assert len(calls) == 1  # then local for RETRY_SECONDS
