"""Celery tasks of the turn flow. They take ids, load, and call a service; scheduled by the
services after commit (``expire_turn``) and by beat or the embedded server (``sweep_overdue``)."""
from celery import shared_task

from gameplatform.matches import timers


@shared_task(name="gameplatform.matches.tasks.expire_turn", ignore_result=True)
def expire_turn(match_id, version):
    """At a turn's deadline: the time-out actions if ``version`` is still current (else
    nothing). Returns the number of actions applied."""
    return timers.turn_expire(match_id=match_id, version=version)


@shared_task(name="gameplatform.matches.tasks.sweep_overdue", ignore_result=True)
def sweep_overdue():
    """Every ``SWEEP_INTERVAL_SECONDS``: overdue deadlines and lost bot turns (see
    ``timers.overdue_sweep``). Returns the number of actions applied."""
    return timers.overdue_sweep()
