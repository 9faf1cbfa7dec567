"""Locks that hold for an interval, shared by every process: "one of us does this once per
``seconds``" (the sweeper: ``matches.timers.sweep_if_due``).

With ``REDIS_URL``: ``SET key token NX PX ms`` on Redis (the key is in the cache's namespace,
``CHANNEL_PREFIX``), atomic across processes and machines; while Redis does not answer, the
database's lock below (so the sweep goes on through a Redis outage). Without: a row of
``locks.IntervalLock`` (this app's one model), taken by an ``UPDATE ... WHERE expires_at <= now`` (or its creation),
atomic in the one database. A lock is never released: it expires, so the next holder comes
at most once per interval whoever it is, and a holder that dies frees it by expiring.
"""
from __future__ import annotations

import logging
import secrets
import threading
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

log = logging.getLogger(__name__)
_local = threading.local()


def _redis():
    """This thread's Redis client (redis-py clients are not shared across threads here)."""
    client = getattr(_local, "client", None)
    if client is None or getattr(_local, "url", None) != settings.REDIS_URL:
        import redis

        client = redis.Redis.from_url(settings.REDIS_URL, **settings.REDIS_CLIENT_OPTIONS)
        _local.client, _local.url = client, settings.REDIS_URL
    return client


def redis_key(name: str) -> str:
    from django.core.cache import cache

    return cache.make_key(f"lock:{name}")


def interval_lock(name: str, seconds: float) -> bool:
    """True when this caller took lock ``name`` for the next ``seconds``; False while someone
    holds it."""
    if settings.REDIS_URL:
        import redis.exceptions

        ms = max(1, int(seconds * 1000))
        try:
            return bool(_redis().set(redis_key(name), secrets.token_hex(8), nx=True, px=ms))
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
            # Redis is away: the database's lock, so sweeps go on meanwhile (the sweep is safe
            # to run twice at the switch: every action it takes re-checks the match's version).
            log.warning("lock %s: Redis unavailable (%s); taking the database's lock", name, exc)
    return _database_lock(name, seconds)


def _database_lock(name: str, seconds: float) -> bool:
    """``interval_lock`` on a ``locks.IntervalLock`` row."""
    # Lazy: this is the app's package, imported before its models are ready.
    from gameplatform.core.locks.models import IntervalLock

    now = timezone.now()
    until = now + timedelta(seconds=seconds)
    if IntervalLock.objects.filter(name=name, expires_at__lte=now).update(expires_at=until):
        return True
    if IntervalLock.objects.filter(name=name).exists():
        return False
    try:
        with transaction.atomic():
            IntervalLock.objects.create(name=name, expires_at=until)
    except IntegrityError:  # another process created it first
        return False
    return True
