"""gameplatform/celery.py: a task is treated like a request for database connections
(``close_old_connections`` before and after it, so ``CONN_MAX_AGE`` applies), not closed
around every task as Celery's Django fix-up would."""
from types import SimpleNamespace

from celery.signals import task_postrun, task_prerun

from gameplatform.celery import app


class EagerTask:
    """A stand-in task: Celery's fix-up (when a worker installed it) leaves eager calls alone."""

    request = SimpleNamespace(is_eager=True)


EAGER = EagerTask()


def test_connections_are_checked_before_and_after_each_task(monkeypatch):
    calls = []
    monkeypatch.setattr("django.db.close_old_connections", lambda: calls.append("checked"))
    task_prerun.send(sender=EAGER, task_id="t-1", task=EAGER, args=(), kwargs={})
    assert calls == ["checked"]
    task_postrun.send(sender=EAGER, task_id="t-1", task=EAGER, args=(), kwargs={}, retval=None, state="SUCCESS")
    assert calls == ["checked", "checked"]


def test_celerys_fix_up_closes_connections_only_every_so_many_tasks():
    assert app.conf.get("CELERY_DB_REUSE_MAX") >= 100


def test_a_fresh_web_process_knows_the_tasks_it_schedules():
    """A Daphne process imports no task module by itself (workers autodiscover them): the
    apps register them, else every timer and bot turn scheduled after a move is lost
    (``NotRegistered`` in an on_commit hook) until the sweeper comes round."""
    import os
    import subprocess
    import sys

    code = (
        "import django; django.setup()\n"
        "from gameplatform.celery import app\n"
        "from gameplatform.bots.scheduling import PLAY_BOT_TURN\n"
        "from gameplatform.matches.scheduling import EXPIRE_TURN\n"
        "from gameplatform.players.exports import BUILD_TASK\n"  # issue 27: Download my data
        "print(all(n in app.tasks for n in (EXPIRE_TURN, PLAY_BOT_TURN, BUILD_TASK)))\n"
    )
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "gameplatform.settings", "HEXAGORA_NO_EMBEDDED_WORKER": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "True", out.stderr[-2000:]
