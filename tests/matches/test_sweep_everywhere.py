"""No single process to lose: every Celery worker sweeps overdue turns and lost bot turns
itself, every SWEEP_INTERVAL_SECONDS, under a lock shared by every process (Redis with
REDIS_URL, the database without), so the sweep happens once per interval and needs no beat.

- two processes that try to sweep all the time sweep once per interval between them;
- a worker (in a thread) sweeps with no beat at all;
- with Redis: a real worker process and a real beat process, beat killed during a match with
  a 30 s timer whose timer task was lost: the timeout is applied all the same, and so is a
  bot's turn whose task was lost.
Deadlines are moved into the past instead of waited for (as in test_tasks_worker.py)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from gameplatform.core import locks, sweeps
from gameplatform.matches.models import Match, MoveRecord
from tests.accounts.test_throttle_store import database_url
from tests.conftest import purge_task_queue

ROOT = Path(__file__).resolve().parents[2]

SWEEPING_PROCESS = textwrap.dedent(
    """
    import sys, time, django
    django.setup()
    from gameplatform.core import sweeps
    sweeps.sweep_run = lambda: 0  # count the sweeps, touch nothing
    interval, seconds = float(sys.argv[1]), float(sys.argv[2])
    start, swept = time.monotonic(), 0
    while time.monotonic() - start < seconds:
        swept += sweeps.sweep_if_due(interval=interval) is not None
        time.sleep(0.02)
    print(swept)
    """
)


def child_env(**extra) -> dict:
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "gameplatform.settings",
           "HEXAGORA_NO_EMBEDDED_WORKER": "1", **extra}
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


@pytest.mark.django_db(transaction=True)
def test_two_processes_sweep_once_per_interval_between_them():
    interval, seconds = 0.5, 3.0
    children = [
        subprocess.Popen([sys.executable, "-c", SWEEPING_PROCESS, str(interval), str(seconds)],
                         cwd=ROOT, env=child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    counts = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err[-2000:]
        counts.append(int(out.split()[-1]))
    # Each alone would sweep ~150 times; together, once per interval (start-up staggers them).
    assert 2 <= sum(counts) <= seconds / interval + 2, counts


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("store", ["configured", "database"])
def test_the_lock_holds_for_the_interval_then_anyone_takes_it(store, settings):
    if store == "database":
        settings.REDIS_URL = ""  # the embedded mode's store, whatever this run has
    assert locks.interval_lock("test-lock", 0.3) is True
    assert locks.interval_lock("test-lock", 0.3) is False
    assert locks.interval_lock("other-lock", 0.3) is True
    time.sleep(0.35)
    assert locks.interval_lock("test-lock", 0.3) is True


@pytest.mark.celery_worker
def test_a_worker_sweeps_by_itself_without_beat(worker_factory, match_factory, member, other_member, settings, wait_for):
    settings.SWEEP_INTERVAL_SECONDS = 0.5
    with worker_factory():  # no sweeping worker: the timer task is held, then lost with it
        match = match_factory("race", [member, other_member], turn_seconds=30)
    purge_task_queue()
    bots = match_factory("race", ["random", "random"], creator=member)
    purge_task_queue()  # its bot task is lost too
    past = timezone.now() - timedelta(seconds=60)
    Match.unscoped.filter(pk=match.pk).update(deadline=past)
    Match.unscoped.filter(pk=bots.pk).update(bot_due_at=past)
    with worker_factory(sweep=True):  # a deployed worker: it sweeps, no beat runs anywhere
        record = wait_for(lambda: MoveRecord.objects.filter(match=match).first(), timeout=20)
        wait_for(lambda: MoveRecord.objects.filter(match=bots, actor="bot").exists(), timeout=20)
    assert record.actor == "timeout"


# --- real processes (Redis) -------------------------------------------------------------------


def celery(*args, log_path: Path) -> subprocess.Popen:
    log = log_path.open("w")
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "gameplatform", *args],
        cwd=ROOT, env=child_env(SWEEP_INTERVAL_SECONDS="1", BOT_DELAY_SECONDS="0.05"),
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )


def stop(proc: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not settings.REDIS_URL, reason="separate worker and beat processes need the Redis broker")
def test_killing_beat_during_a_match_with_a_30_s_timer_loses_no_sweep(
    match_factory, user_factory, tmp_path, wait_for
):
    from gameplatform.celery import app

    alice, bob = user_factory("alice"), user_factory("bob")
    # A bot's turn whose task is lost before any worker runs.
    bots = match_factory("hextopia", ["random", "random"], creator=alice)
    purge_task_queue()
    hostname = f"sweeptest-{os.getpid()}@localhost"
    worker = celery("worker", "--pool=solo", "-n", hostname, "--without-mingle", "--without-gossip",
                    "--loglevel=INFO", log_path=tmp_path / "worker.log")
    beat = celery("beat", f"--schedule={tmp_path / 'beat-schedule'}", "--loglevel=INFO",
                  log_path=tmp_path / "beat.log")
    try:
        wait_for(lambda: app.control.inspect(destination=[hostname], timeout=1).ping(), timeout=60)
        time.sleep(1.5)
        assert beat.poll() is None, (tmp_path / "beat.log").read_text()[-2000:]
        match = match_factory("hextopia", [alice, bob], turn_seconds=30)
        assert match.deadline > timezone.now() + timedelta(seconds=25)
        stop(beat, signal.SIGKILL)  # the one beat dies mid-match
        # The 30 s deadline passes (moved, not waited for); the worker's timer task for it
        # would only fire at the original time, long after this test's 20 s wait.
        past = timezone.now() - timedelta(seconds=5)
        Match.unscoped.filter(pk=match.pk).update(deadline=past)
        Match.unscoped.filter(pk=bots.pk).update(bot_due_at=past - timedelta(seconds=60))
        record = wait_for(lambda: MoveRecord.objects.filter(match=match).first(), timeout=20)
        assert record.actor == "timeout"
        wait_for(lambda: MoveRecord.objects.filter(match=bots, actor="bot").exists(), timeout=20)
        assert worker.poll() is None
    finally:
        stop(beat, signal.SIGKILL)
        stop(worker)
        purge_task_queue()
    log = (tmp_path / "worker.log").read_text()
    assert "sweeping every 1.0 s under the shared lock" in log, log[-3000:]


def test_sweep_if_due_skips_while_another_swept(monkeypatch, transactional_db):
    swept = []
    monkeypatch.setattr(sweeps, "sweep_run", lambda: swept.append(1) or 0)
    assert sweeps.sweep_if_due(interval=30) == 0
    assert sweeps.sweep_if_due(interval=30) is None
    assert swept == [1]
