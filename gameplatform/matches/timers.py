"""Turn timers: what happens when a deadline passes, and the sweeper that makes sure it does.

``turn_expire`` runs for one (match, version) at its deadline (the ``expire_turn`` task);
``overdue_sweep`` runs every few seconds (once per interval across every worker, through
``sweep_if_due``; the embedded server's sweeper in embedded mode) and catches what a
lost task, a stopped worker or a far-away deadline left behind: overdue deadlines, and bot
turns whose task never ran. Both end in ``services.submit_action``, so a stale or duplicate
timer does nothing. Issue 10 and ../shared/docs/architecture.md, step 5.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from gameplatform.matches import clocks
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.services import submit_action
from games import registry

log = logging.getLogger(__name__)

# The sweeper leaves a deadline this long to its own timer task before acting itself.
DEADLINE_GRACE = timedelta(seconds=1)
# ... and a bot turn this long past its due time to its bot task.
BOT_GRACE = timedelta(seconds=10)
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


SWEEP_LOCK = "sweep-overdue"


def sweep_if_due(*, interval: float | None = None) -> int | None:
    """``overdue_sweep()`` if no process swept in the last ``interval`` seconds (default
    ``SWEEP_INTERVAL_SECONDS``), else None. Every Celery worker calls it every interval (the
    ``Sweep`` bootstep of ``gameplatform.celery``), and so do beat's ``sweep_overdue`` task and
    the embedded server; the shared lock (``gameplatform.locks``) lets one of them sweep per
    interval, so losing any one process (beat included) loses no sweep. The sweep then checks
    for daily digests that are due (``alerts.digest.digest_sweep``, about once a minute)."""
    from django.conf import settings

    from gameplatform.locks import interval_lock

    if not interval_lock(SWEEP_LOCK, interval or settings.SWEEP_INTERVAL_SECONDS):
        return None
    applied = overdue_sweep()
    # The daily digests ride on this sweep (there is no beat): about once a minute, under
    # a lock of their own (gameplatform.alerts.digest); never raises.
    from gameplatform.alerts.digest import digest_sweep

    digest_sweep()
    return applied


def overdue_sweep(*, now=None) -> int:
    """One sweep: ``turn_expire`` for active matches whose deadline passed more than
    ``DEADLINE_GRACE`` ago, and ``bot_take_turn`` for those whose bot turn is more than
    ``BOT_GRACE`` overdue. Returns the actions applied. One broken match is logged and
    skipped, never stops the sweep."""
    from gameplatform.bots.services import bot_take_turn

    now = now or timezone.now()
    applied = 0
    active = Match.unscoped.filter(status=Match.Status.ACTIVE)
    expired = list(
        active.filter(deadline__lt=now - DEADLINE_GRACE).order_by("deadline").values_list("pk", "version")[:SWEEP_BATCH]
    )
    for pk, version in expired:
        try:
            applied += turn_expire(match_id=pk, version=version)
        except Exception:
            log.exception("sweeper: time-out of match %s failed", pk)
    bots_due = list(
        active.filter(bot_due_at__lt=now - BOT_GRACE).order_by("bot_due_at").values_list("pk", "version")[:SWEEP_BATCH]
    )
    for pk, version in bots_due:
        try:
            applied += int(bot_take_turn(match_id=pk, version=version))
        except Exception:
            log.exception("sweeper: bot turn of match %s failed", pk)
    return applied
