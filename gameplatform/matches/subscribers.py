"""The turn flow's own subscribers (``core.events``) and its part of the periodic sweep:
the timer task of each new deadline, the replay checkpoints of a finished match, the clocks of
a member whose vacation changed, and the overdue deadlines the sweep plays."""
from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.utils import timezone

from gameplatform.core import events, sweeps
from gameplatform.core.personal import export_section_register
from gameplatform.core.taskqueue import task_send
from gameplatform.matches import closing, personal, scheduling, state_cache, timers, vacations
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership

log = logging.getLogger(__name__)


def timer_schedule(event: events.TurnChanged, context: Mapping[str, Any]) -> None:
    """After commit: the ``expire_turn`` task at the new deadline, when it is within
    ``TIMER_TASK_HORIZON`` (further ones are the sweep's)."""
    if event.deadline is None:
        return
    deadline = datetime.fromisoformat(event.deadline)
    if deadline - timezone.now() <= scheduling.TIMER_TASK_HORIZON:
        scheduling.expire_turn_at(event.match_id, event.version, deadline)


REPLAY_CHECKPOINTS_TASK = "gameplatform.matches.tasks.replay_checkpoints"


def checkpoints_schedule(event: events.MatchEnded, context: Mapping[str, Any]) -> None:
    """After commit, a finished match (not an aborted one): the ``replay_checkpoints`` task
    (issue 29, point 7: "a finished match's replay checkpoints are computed when it ends, in
    the background"). A task lost to a broker outage costs only time: the first replay
    request builds them then, as it always could."""
    if event.status != "finished":
        return
    try:
        task_send(REPLAY_CHECKPOINTS_TASK, (event.match_id,))
    except Exception:  # the broker is away: nothing is lost but the head start
        log.warning("match %s: replay checkpoints task not sent; its first replay builds them", event.match_id)


def vacation_clocks(event: events.VacationChanged, context: Mapping[str, Any]) -> None:
    """In the vacation's transaction: the member's correspondence clocks in that community
    stop, move or start again (``vacations.clocks_vacation_changed``)."""
    membership = context.get("membership")
    if membership is None:
        membership = Membership.objects.get(tenant_id=event.tenant_id, user_id=event.user_id)
    vacations.clocks_vacation_changed(membership=membership)


def state_remember(event: events.MatchChanged, context: Mapping[str, Any]) -> None:
    """After commit: the state the change committed goes to this process's ``state_cache``
    (a bot choosing at that version reads no row and decodes nothing); an ended match's
    entry is dropped. Changes published without their decoded state (a seat taken, a
    hand-over) leave the old entry, which no longer matches the match's version."""
    match, seats, state = context.get("match"), context.get("seats"), context.get("state")
    if match is None or match.pk != event.match_id or match.version != event.version:
        return
    if match.status != Match.Status.ACTIVE:
        state_cache.forget(match.pk)
    elif seats is not None and state is not None:
        state_cache.remember(match.pk, state_cache.Entry(match.version, match.game, state, tuple(seats)))


def subscribe() -> None:
    """Called once from ``MatchesConfig.ready``."""
    events.subscribe(events.TurnChanged, timer_schedule, phase=events.AFTER_COMMIT)
    events.subscribe(events.MatchEnded, checkpoints_schedule, phase=events.AFTER_COMMIT)
    events.subscribe(events.MatchChanged, state_remember, phase=events.AFTER_COMMIT)
    events.subscribe(events.VacationChanged, vacation_clocks, phase=events.IN_TRANSACTION)
    sweeps.sweep_register("deadlines", lambda: timers.deadlines_sweep())
    sweeps.sweep_register("community-closing", lambda: closing.closings_sweep())
    # Issue 27, point 5: "Download my data" and "Delete my account".
    export_section_register("matches", personal.matches_section)
    events.subscribe(events.AccountDeleted, personal.account_deleted, phase=events.IN_TRANSACTION)
