"""Turn timers: what happens when a deadline passes, and the sweeper that makes sure it does.

``turn_expire`` runs for one (match, version) at its deadline (the ``expire_turn`` task);
``deadlines_sweep``, the turn flow's part of the periodic sweep (``core.sweeps``, every few
seconds, once per interval across every worker), catches what a lost task, a stopped worker
or a far-away deadline left behind. Both end in ``services.submit_action``, so a stale or
duplicate timer does nothing. Issue 10 and ../shared/docs/architecture.md, step 5.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import is_outage
from gameplatform.matches import clocks
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.services import submit_action
from games import registry

log = logging.getLogger(__name__)

# The sweeper leaves a deadline this long to its own timer task before acting itself.
DEADLINE_GRACE = timedelta(seconds=1)
# The most time-out actions one seat's timed-out turn may take (a turn of several moves).
MAX_TIMEOUT_STEPS = 64
# Matches handled per sweep and kind, oldest first; the next sweep takes the rest.
SWEEP_BATCH = 200


def turn_expire(*, match_id, version) -> int:
    """Plays ``engine.timeout_action`` for every seat in ``to_act`` whose time ran out
    (``clocks.due_seats``: all of them once the deadline passed with time per turn, those
    whose own clock ran out with a Fischer bank or days per move) if ``version`` is still the
    match's and its deadline has passed; returns the number of actions applied (0 for a
    stale, early, duplicate or malformed call: a task that fires early or late re-checks the
    database).

    A turn of several actions (cards placed one at a time, then the end of the turn) times out
    whole: the seat's time-out actions follow each other while the seat is still to act and
    its deadline has not started again (``clock_restarts``), up to ``MAX_TIMEOUT_STEPS``; the
    seat's time-out count goes up once for the turn. All in one transaction under the match's
    row lock, each action through ``submit_action(actor="timeout")`` (which hands a seat to a
    bot after three time-outs in a row).
    """
    if isinstance(match_id, bool) or not isinstance(match_id, int):
        return 0
    if isinstance(version, bool) or not isinstance(version, int):
        return 0
    applied = 0
    with transaction.atomic():
        match = Match.unscoped.select_for_update().filter(pk=match_id).first()
        if match is None or match.status != Match.Status.ACTIVE or match.version != version:
            return 0
        now = timezone.now()
        if match.deadline is None or match.deadline > now:
            return 0
        engine = registry.get_engine(match.game)
        seats = list(Seat.objects.filter(match_id=match_id).order_by("index"))
        due = clocks.due_seats(match, seats, engine.to_act(engine.decode(match.state)), now)
        if not due and clocks.uses_seat_clocks(match):
            # Nobody's time ran out: the stored deadline is not the seats' (repair it, or the
            # sweeper would come back to it every interval).
            match.deadline = clocks.earliest_deadline(seats)
            match.save(update_fields=["deadline"])
            return 0
        expired = {i: clocks.deadline_of(match, seats[i]) for i in due}
        for seat in due:
            for step in range(MAX_TIMEOUT_STEPS):
                # The state moves on with each time-out: re-read it under the lock we hold.
                match.refresh_from_db(fields=["state", "version", "status", "deadline"])
                state = engine.decode(match.state)
                if match.status != Match.Status.ACTIVE or seat not in engine.to_act(state):
                    break
                if clocks.uses_seat_clocks(match):
                    seats[seat].refresh_from_db(fields=["clock_ms", "clock_since"])
                if step and clocks.deadline_of(match, seats[seat]) != expired[seat]:
                    break  # the clock started again: the turn is over, or it is a new one
                try:
                    action = engine.timeout_action(state, seat)
                    submit_action(
                        match_id=match_id, action=action, expected_version=match.version,
                        seat=seat, actor=MoveRecord.Actor.TIMEOUT, count_timeout=step == 0,
                    )
                except ServiceError as err:
                    log.error("time-out of seat %s in match %s refused: %s %s", seat, match_id, err.code, err.message)
                    return applied
                applied += 1
    return applied


def deadlines_sweep(*, now=None) -> int:
    """The turn flow's part of the periodic sweep (``core.sweeps``, registered as
    "deadlines"): ``turn_expire`` for active matches whose deadline passed more than
    ``DEADLINE_GRACE`` ago, oldest first, ``SWEEP_BATCH`` at most. Returns the actions
    applied. One broken match is logged and skipped; an outage (``outages.is_outage``: the
    database or Redis away) stops the sweep, and the next one starts again."""
    now = now or timezone.now()
    applied = 0
    expired = list(
        Match.unscoped.filter(status=Match.Status.ACTIVE, deadline__lt=now - DEADLINE_GRACE)
        .order_by("deadline").values_list("pk", "version")[:SWEEP_BATCH]
    )
    for pk, version in expired:
        try:
            applied += turn_expire(match_id=pk, version=version)
        except Exception as exc:
            if is_outage(exc):
                raise  # the database or Redis is away: the next sweep tries again
            log.exception("sweeper: time-out of match %s failed", pk)
    return applied
