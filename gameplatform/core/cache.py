"""The site's cache while Redis is away: degrade, don't fail (issue 24, point 3).

``FailoverRedisCache`` is Django's ``RedisCache`` (``CACHES["default"]`` with ``REDIS_URL``)
that keeps answering when Redis does not: an operation that meets a refused, dropped or
timed-out connection is served by a cache of this process's own memory (``LocMemCache``, same
key prefix and version), and for the next ``RETRY_SECONDS`` every operation goes there
without trying Redis; then Redis is tried again. So while Redis is down:

- the replays' cached answers are computed again (a miss), pages and the API keep working;
- the counters kept in this cache (the API's rate limits, the chat's, allauth's sign-up and
  reset limits) count per process instead of across processes: still limits, never none;
- the sign-in throttle does not use this alias: it needs every process to count together
  and falls back to the database (``accounts.throttle``, alias ``shared``).

What was written to the local cache is not copied to Redis when it returns (counters start
again there; cached answers are recomputed). A dead pooled connection is replaced at its first
use after Redis returns: redis-py retries a command once on a new connection (the ``retry``
options in ``settings.REDIS_CACHE_OPTIONS``).
"""
from __future__ import annotations

import functools
import logging
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)

# Seconds every operation stays local after Redis failed, before Redis is tried again.
RETRY_SECONDS = 2.0
# The cache operations Django's RedisCache implements itself (decr, get_or_set, the async
# variants and the rest are built on these in BaseCache).
OPERATIONS = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many",
              "clear")


def _redis_errors() -> tuple[type[BaseException], ...]:
    import redis.exceptions

    return (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


def _failover(name: str):
    """The operation ``name`` of ``RedisCache``, served locally while Redis is away."""
    redis_operation = getattr(RedisCache, name)

    @functools.wraps(redis_operation)
    def operation(self, *args, **kwargs):
        if time.monotonic() >= self._local_until:
            try:
                result = redis_operation(self, *args, **kwargs)
            except self._redis_errors as exc:
                self._went_local(exc)
            else:
                if self._local_since is not None:
                    log.warning("cache: Redis answers again after %.1f s; back from this process's memory",
                                time.monotonic() - self._local_since)
                    self._local_since = None
                return result
        return getattr(self._local, name)(*args, **kwargs)

    return operation


class FailoverRedisCache(RedisCache):
    """``RedisCache`` that falls back to this process's memory while Redis is away (module
    docstring). Same ``LOCATION`` and ``OPTIONS`` as Django's; the local cache holds at most
    10,000 entries."""

    def __init__(self, server, params):
        super().__init__(server, params)
        local_params = {key: params[key] for key in ("TIMEOUT", "KEY_PREFIX", "VERSION", "KEY_FUNCTION")
                        if key in params}
        local_params["OPTIONS"] = {"MAX_ENTRIES": 10_000}
        self._local = LocMemCache(f"hexagora-failover-{id(self)}", local_params)
        self._redis_errors = _redis_errors()
        self._local_until = 0.0
        self._local_since: float | None = None

    def _went_local(self, exc: BaseException) -> None:
        now = time.monotonic()
        if self._local_since is None:
            self._local_since = now
            log.warning("cache: Redis unavailable (%s: %s); serving from this process's memory", type(exc).__name__,
                        exc)
        self._local_until = now + RETRY_SECONDS

    @property
    def serving_locally(self) -> bool:
        """True while operations go to the local cache (Redis failed less than
        ``RETRY_SECONDS`` ago, or has not answered since)."""
        return self._local_since is not None


for _name in OPERATIONS:
    setattr(FailoverRedisCache, _name, _failover(_name))
del _name
