"""Celery tasks of the turn flow. They take ids, load, and call a service; scheduled by the
services after commit (``expire_turn``); ``sweep_overdue`` is what beat (optional) and the
embedded server call, under the same once-per-interval lock as the workers' own sweeps."""
from celery import shared_task

from gameplatform.matches import timers


@shared_task(name="gameplatform.matches.tasks.expire_turn", ignore_result=True)
def expire_turn(match_id, version):
    """At a turn's deadline: the time-out actions if ``version`` is still current (else
    nothing). Returns the number of actions applied."""
    return timers.turn_expire(match_id=match_id, version=version)


@shared_task(name="gameplatform.matches.tasks.sweep_overdue", ignore_result=True)
def sweep_overdue():
    """Overdue deadlines and lost bot turns (``timers.overdue_sweep``) unless another process
    swept within ``SWEEP_INTERVAL_SECONDS`` (``timers.sweep_if_due``). Returns the number of
    actions applied, or None when skipped."""
    return timers.sweep_if_due()
