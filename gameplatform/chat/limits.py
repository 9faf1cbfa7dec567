"""Rate limits of the chat, counted in the site's cache (Redis with ``REDIS_URL``, so every
server process counts together; the process's memory otherwise).

A sliding window of one-second buckets: an event is taken when the buckets of the last
``window`` seconds hold fewer than ``limit`` events. The count is incremented first and
taken back when over the limit, so two racing events can both be refused but never both
slip through.
"""
from __future__ import annotations

import time

from django.core.cache import cache

KEY = "chat-rate:{scope}:{key}:{second}"


def rate_take(*, scope: str, key: object, limit: int, window: int, now: float | None = None) -> int | None:
    """Counts one event of ``key`` (a user id) in ``scope`` ("chat", "report"): None when
    it is allowed, else the whole seconds to wait before the next one may be (>= 1)."""
    second = int(time.time() if now is None else now)
    bucket = KEY.format(scope=scope, key=key, second=second)
    cache.add(bucket, 0, timeout=window + 1)
    try:
        cache.incr(bucket)
    except ValueError:  # expired between add and incr
        cache.set(bucket, 1, timeout=window + 1)
    seconds = range(second - window + 1, second + 1)
    keys = {KEY.format(scope=scope, key=key, second=s): s for s in seconds}
    counts = cache.get_many(list(keys))
    if sum(int(v) for v in counts.values()) <= limit:
        return None
    try:
        cache.decr(bucket)
    except ValueError:
        pass
    oldest = min((keys[k] for k, v in counts.items() if int(v) > 0), default=second)
    return max(1, oldest + window - second)
