"""Where the sign-in throttle counts (accounts/throttle.py): the Redis cache with REDIS_URL,
else the database. Several server processes count together: a second process (its own
connection to the store, its own Django) adds to the same counters as this one."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import timezone

from accounts import throttle
from accounts.models import ThrottleCounter
from tests.tenants.factories import PASSWORD, make_user

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "192.0.2.10"

OTHER_PROCESS = textwrap.dedent(
    """
    import os, sys, django
    django.setup()
    from django.test import Client
    client = Client(REMOTE_ADDR=sys.argv[1])
    codes = [
        client.post("/api/v1/auth/token/", {"username": "ada", "password": "wrong-0"},
                    content_type="application/json").status_code
        for _ in range(int(sys.argv[2]))
    ]
    print(" ".join(map(str, codes)))
    """
)


def database_url() -> str:
    """The test database as a DATABASE_URL, for a second process."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    return f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def run_other_process(attempts: int) -> list[int]:
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "gameplatform.settings",
           "HEXAGORA_NO_EMBEDDED_WORKER": "1"}
    env.pop("PYTEST_CURRENT_TEST", None)
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, ADDRESS, str(attempts)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [int(code) for code in done.stdout.split()]


@pytest.mark.django_db(transaction=True)
def test_two_processes_count_together():
    user = make_user("ada")
    assert run_other_process(3) == [400, 400, 400]
    client = Client(REMOTE_ADDR=ADDRESS)
    for _ in range(2):
        response = client.post("/api/v1/auth/token/", {"username": "ada", "password": "wrong-1"},
                               content_type="application/json")
        assert response.status_code == 400
    # Five failures in two processes: the 6th is refused in either, right password or not.
    response = client.post("/api/v1/auth/token/", {"username": user.username, "password": PASSWORD},
                           content_type="application/json")
    assert response.status_code == 429
    assert run_other_process(1) == [429]


def test_the_store_follows_redis_url():
    expected = throttle.FailoverStore if settings.REDIS_URL else throttle.DatabaseStore
    assert isinstance(throttle.store(), expected)


@pytest.mark.django_db
def test_database_store_counts_expires_and_takes_back():
    store = throttle.DatabaseStore()
    assert [store.hit("k", 60) for _ in range(3)] == [1, 2, 3]
    store.undo("k")
    assert store.get_many(["k", "missing"]) == {"k": 2, "missing": 0}
    ThrottleCounter.objects.filter(key="k").update(expires_at=timezone.now() - timedelta(seconds=1))
    assert store.get_many(["k"]) == {"k": 0} and store.hit("k", 60) == 1  # a new window
    assert store.add("once", 60) and not store.add("once", 60)
    store.delete(["k", "once"])
    assert not ThrottleCounter.objects.exists()


def test_cache_store_counts_and_takes_back():
    store = throttle.CacheStore("default")
    assert [store.hit("auththrottle:t", 60) for _ in range(3)] == [1, 2, 3]
    store.undo("auththrottle:t")
    assert store.get_many(["auththrottle:t"]) == {"auththrottle:t": 2}
    assert store.add("auththrottle:once", 60) and not store.add("auththrottle:once", 60)
    store.clear_all()
    assert store.get_many(["auththrottle:t"]) == {"auththrottle:t": 0}
