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
