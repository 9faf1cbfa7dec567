"""Celery tasks of the turn flow. They take ids, load, and call a service; sent after commit
by the turn flow's subscribers (``matches.subscribers``: ``expire_turn`` at a deadline,
``replay_checkpoints`` at a match's end)."""
import logging

from celery import shared_task

from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import OUTAGE_RETRY
from gameplatform.matches import replays, timers
from gameplatform.matches.models import Match

log = logging.getLogger(__name__)


@shared_task(name="gameplatform.matches.tasks.expire_turn", ignore_result=True, **OUTAGE_RETRY)
def expire_turn(match_id, version):
    """At a turn's deadline: the time-out actions if ``version`` is still current (else
    nothing). Returns the number of actions applied. Tried again while the database does not
    answer (``OUTAGE_RETRY``)."""
    return timers.turn_expire(match_id=match_id, version=version)


@shared_task(name="gameplatform.matches.tasks.replay_checkpoints", ignore_result=True, **OUTAGE_RETRY)
def replay_checkpoints(match_id):
    """Issue 29, point 7: a finished match's replay checkpoints, built when it ends
    (``replays.checkpoints_ensure``) so that its first viewer pays no more than the next.
    Returns the match's step count, or None when there is no finished match ``match_id`` or
    its records do not replay (logged; the replay then answers 409 as before)."""
    match = Match.unscoped.filter(pk=match_id, status=Match.Status.FINISHED).first() if isinstance(match_id, int) else None
    if match is None:
        return None
    try:
        return replays.checkpoints_ensure(match)
    except ServiceError as exc:
        log.error("match %s: replay checkpoints not built (%s)", match_id, exc.code)
        return None
