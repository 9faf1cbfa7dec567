"""Sending Celery tasks by name, so that no module of the platform imports the Celery
application (``gameplatform.celery``, the top of the project) or another app's task module:
``task_send("gameplatform.bots.tasks.play_bot_turn", (match_id, version), countdown=1.0)``.

The task goes through the current Celery app (the project's, ``gameplatform/celery.py``,
made current when Django loads ``gameplatform``) to its queue: a worker or, in embedded mode,
the in-process worker runs it. Tasks are never run eagerly.
"""
from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from celery import current_app


def task_send(name: str, args: Sequence[object] = (), *, countdown: float | None = None,
              eta: datetime | None = None) -> None:
    """Queues task ``name`` with ``args`` (JSON-able), after ``countdown`` seconds or at
    ``eta``. Raises the broker's error when it cannot be reached (callers after a commit
    catch it: the sweeper makes up for a lost turn task)."""
    options: dict[str, object] = {}
    if countdown is not None:
        options["countdown"] = countdown
    if eta is not None:
        options["eta"] = eta
    task = current_app.tasks.get(name)
    if task is not None:
        task.apply_async(tuple(args), **options)
    else:
        current_app.send_task(name, args=tuple(args), **options)
