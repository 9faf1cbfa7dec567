"""Play goes on through a Redis outage, a PostgreSQL restart, a killed worker and a killed
Daphne (issue 24, point 5), on the real stack of tests/faults/stack.py.

20 four-seat Hextopia matches played by bots at the site's pace (``BOT_DELAY_SECONDS`` 1.0),
one socket per seat (80), HTTP probes of the API and a page. In turn, with play going on:

1. Redis is killed for ``FAULTS_REDIS_SECONDS`` (10; 120 for the long run of point 1), then
   started again, empty (it keeps nothing on disk): every match must move within
   ``REDIS_RECOVERY_SECONDS`` (15) of Redis answering again;
2. PostgreSQL is restarted (``pg_ctlcluster ... restart``);
3. a Celery worker is killed with SIGKILL (the other goes on alone);
4. a Daphne is killed with SIGKILL (its sockets connect to the other one).

After each, every match moves on. At the end the last worker stops (play freezes) and: every
match's moves are contiguous and replay from its seed to the stored state; every socket holds
its match's latest version; the surviving processes never exited; no answer was a 5xx outside
the outage windows (a fault and ``GRACE_SECONDS`` after it), and inside them only 503s.

The figures go to ``artifacts/faults/summary.json`` (README "Running at scale", "Outages").
Needs root (pg_createcluster) and Debian's PostgreSQL and redis-server: skipped without them,
except in CI (``CI`` set), where it fails instead.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time

import pytest

from tests.faults import stack
from tests.faults.clients import Probe, SeatSocket
from tests.private_redis import PrivateRedis

MATCHES = 20
SEATS = 4
BOT_DELAY_SECONDS = 1.0
WARMUP_SECONDS = 8.0
REDIS_SECONDS = float(os.environ.get("FAULTS_REDIS_SECONDS", "10"))
REDIS_RECOVERY_SECONDS = 15.0  # point 1: "within 15 s of Redis coming back"
RECOVERY_SECONDS = 40.0  # after the other faults: the sweeper's grace (10 s) and interval (5 s) and more
GRACE_SECONDS = 2.0  # after a fault ends, before answers must be healthy again
CONNECT_SECONDS = 120.0  # a loaded machine (the whole suite beside it) needs more than a minute


def versions(url: str) -> dict[int, tuple[int, str]] | None:
    """``{match id: (version, status)}`` of the fault stack's matches, or None while the
    database does not answer."""
    import psycopg

    try:
        with psycopg.connect(url.replace("postgres://", "postgresql://", 1), connect_timeout=3) as conn:
            rows = conn.execute("SELECT id, version, status FROM matches_match").fetchall()
    except psycopg.Error:
        return None
    return {pk: (version, status) for pk, version, status in rows}


async def all_moved(url: str, since: dict[int, tuple[int, str]], timeout: float) -> float:
    """Seconds until every match of ``since`` that was active has a higher version (or ended);
    fails after ``timeout``."""
    start = time.monotonic()
    waiting = {pk for pk, (_, status) in since.items() if status == "active"}
    while waiting:
        now = await asyncio.to_thread(versions, url) or {}
        waiting = {pk for pk in waiting if pk not in now or now[pk][0] <= since[pk][0]}
        if not waiting:
            break
        if time.monotonic() - start > timeout:
            pytest.fail(f"matches {sorted(waiting)} did not move within {timeout} s")
        await asyncio.sleep(0.25)
    return round(time.monotonic() - start, 1)


async def monitor(url: str, timeline: list, stop: asyncio.Event) -> None:
    """Every second: ``(seconds since the warm-up's start, moves in that second, matches that
    moved)``."""
    start = time.monotonic()
    before = None
    while not stop.is_set():
        now = await asyncio.to_thread(versions, url)
        if now and before:
            moved = [pk for pk in now if pk in before and now[pk][0] > before[pk][0]]
            timeline.append((round(time.monotonic() - start, 1), sum(now[pk][0] - before[pk][0] for pk in moved),
                             len(moved)))
        before = now or before
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except TimeoutError:
            pass


async def current(url: str) -> dict[int, tuple[int, str]]:
    for _ in range(100):
        found = await asyncio.to_thread(versions, url)
        if found:
            return found
        await asyncio.sleep(0.2)
    pytest.fail("the fault stack's database does not answer")


@pytest.fixture
def fault_stack():
    reason = stack.can_run()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the fault test cannot run in CI: {reason}")
        pytest.skip(reason)
    cluster = stack.Cluster()
    redis = PrivateRedis()
    services = None
    try:
        cluster.create()
        redis.start()
        services = stack.Services(env=stack.services_env(cluster.url, redis.url(0), BOT_DELAY_SECONDS))
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=stack.ROOT,
                       env=services.env, check=True, timeout=600)
        services.start_all(daphnes=2, workers=2)
        yield cluster, redis, services
    finally:
        if services is not None:
            services.stop_all()
        redis.stop()
        cluster.drop()


@pytest.mark.faults
async def test_play_goes_on_through_restarts_and_kills(fault_stack):
    cluster, redis, services = fault_stack
    setup = json.loads(await asyncio.to_thread(services.script, "setup", str(MATCHES)))
    ports = services.daphne_ports
    sockets = [SeatSocket(match_id, seat, session, ports) for match_id, sessions in setup["tables"]
               for seat, session in enumerate(sessions)]
    probe = Probe(setup["token"], setup["session"], setup["tables"][0][0], setup["username"], setup["password"])
    stop_sockets, stop_probe = asyncio.Event(), asyncio.Event()
    tasks = [asyncio.ensure_future(s.run(stop_sockets)) for s in sockets]
    tasks.append(asyncio.ensure_future(probe.run(ports, stop_probe)))
    timeline: list = []
    origin = time.monotonic()
    tasks.append(asyncio.ensure_future(monitor(cluster.url, timeline, stop_probe)))
    marks: list = []
    figures: dict[str, object] = {"matches": MATCHES, "sockets": len(sockets), "redis_seconds": REDIS_SECONDS}
    windows: dict[str, tuple[float, float]] = {}
    killed: set[str] = set()
    url = cluster.url
    try:
        deadline = time.monotonic() + CONNECT_SECONDS
        while any(s.connects == 0 for s in sockets):
            assert time.monotonic() < deadline, "the seat sockets did not connect: " + "; ".join(
                f"{s.match_id}/{s.seat}: {s.errors[-3:]} closes {s.closes[-3:]}" for s in sockets if s.connects == 0)[:3000]
            await asyncio.sleep(0.2)
        await asyncio.sleep(WARMUP_SECONDS)
        first = await current(url)

        # 1. Redis away, then back empty.
        start = time.monotonic()
        marks.append(("redis stopped", start))
        await asyncio.to_thread(redis.stop)
        await asyncio.sleep(REDIS_SECONDS)
        await asyncio.to_thread(redis.start)
        back = time.monotonic()
        windows["redis"] = (start, back + GRACE_SECONDS)
        figures["redis_all_moved_after_s"] = await all_moved(url, await current(url), REDIS_RECOVERY_SECONDS)
        services.check_alive()  # point 1: every worker kept running

        # 2. PostgreSQL restarted.
        before = await current(url)
        start = time.monotonic()
        marks.append(("postgres restart", start))
        await asyncio.to_thread(cluster.restart)
        windows["postgres"] = (start, time.monotonic() + GRACE_SECONDS)
        figures["postgres_restart_s"] = round(time.monotonic() - start, 1)
        figures["postgres_all_moved_after_s"] = await all_moved(url, before, RECOVERY_SECONDS)
        services.check_alive()

        # 3. A worker killed.
        before = await current(url)
        marks.append(("worker killed", time.monotonic()))
        services.kill("worker-0")
        killed.add("worker-0")
        figures["worker_kill_all_moved_after_s"] = await all_moved(url, before, RECOVERY_SECONDS)

        # 4. A Daphne killed: its sockets go to the other one.
        # The sockets connected to that Daphne now (a socket moves on after a refused handshake).
        on_killed = [s for s in sockets if s.connects and s.port == ports[0]]
        assert on_killed, "no socket on the Daphne to kill"
        connects_before = {id(s): s.connects for s in on_killed}
        probe.dead_ports.add(ports[0])
        before = await current(url)
        marks.append(("daphne killed", time.monotonic()))
        services.kill("daphne-0")
        killed.add("daphne-0")
        figures["daphne_kill_all_moved_after_s"] = await all_moved(url, before, RECOVERY_SECONDS)
        deadline = time.monotonic() + CONNECT_SECONDS
        while any(s.connects <= connects_before[id(s)] for s in on_killed):
            assert time.monotonic() < deadline, "sockets of the killed Daphne did not reconnect: " + "; ".join(
                f"{s.match_id}/{s.seat}: {s.errors[-3:]} closes {s.closes[-3:]}"
                for s in on_killed if s.connects <= connects_before[id(s)])[:3000]
            await asyncio.sleep(0.2)
        await asyncio.sleep(3)
        services.check_alive(except_=killed)

        # The end: play freezes, the last broadcasts arrive.
        await asyncio.to_thread(services.stop, "worker-1")
        await asyncio.sleep(3)
        last = await current(url)
    finally:
        stop_sockets.set()
        stop_probe.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    checks = json.loads(await asyncio.to_thread(services.script, "check", *[str(pk) for pk in last]))
    moves = sum(last[pk][0] - first[pk][0] for pk in first)
    figures["moves_during_test"] = moves
    figures["reconnected_sockets"] = sum(1 for s in sockets if s.connects > 1)
    figures["syncs_after_gaps"] = sum(s.syncs for s in sockets)
    def window_of(t: float) -> str:
        return next((name for name, (a, b) in windows.items() if a <= t <= b), "normal")

    answers: dict[str, dict[str, int]] = {}
    for t, _, _, status in probe.answers:
        counts = answers.setdefault(window_of(t), {})
        counts[str(status)] = counts.get(str(status), 0) + 1
    figures["probe_answers"] = answers
    figures["probe_503_paths"] = sorted({f"{window_of(t)} {path}" for t, _, path, status in probe.answers
                                         if status == 503})
    stack.LOG_DIR.mkdir(parents=True, exist_ok=True)
    (stack.LOG_DIR / "summary.json").write_text(json.dumps(figures, indent=2))
    (stack.LOG_DIR / "timeline.json").write_text(json.dumps(
        {"marks": [(name, round(t - origin, 1)) for name, t in marks], "timeline": timeline}))
    print("fault test:", json.dumps(figures))

    assert all(c["contiguous"] and c["replay_equal"] for c in checks), [c for c in checks if not c["contiguous"]
                                                                        or not c["replay_equal"]]
    assert len(checks) == MATCHES and all(last[c["id"]][0] > first[c["id"]][0] for c in checks)
    stale = [(s.match_id, s.seat, s.latest, last[s.match_id][0]) for s in sockets if s.latest != last[s.match_id][0]]
    assert not stale, f"sockets behind their match (match, seat, socket's, match's): {stale[:10]}"

    outside = [a for a in probe.answers if a[3] >= 500 and window_of(a[0]) == "normal"]
    inside = [a for a in probe.answers if a[3] >= 500 and a[3] != 503 and window_of(a[0]) != "normal"]
    assert not outside, f"5xx outside the outage windows: {outside[:10]}"
    assert not inside, f"server errors other than 503 during the outages: {inside[:10]}"
