"""Time controls (issue 13, point 4): time per turn, a Fischer bank per seat, or days per move.

``Match.time_control`` says which:

- ``turn`` (the turn timer of issue 10): every turn of the seats in ``to_act`` ends at
  ``Match.deadline`` = its start + ``turn_seconds`` (None: unlimited). No per-seat state.
- ``fischer``: each seat has a bank of ``bank_minutes`` at the start. The bank runs while the
  seat is to act; when its action ends its turn (the clock "restarts": ``clock_restarts`` or a
  change of the seats to act) the time used is deducted and ``increment_seconds`` added.
- ``correspondence``: each move of a seat gets ``days_per_move`` days from the moment it became
  that seat's move. While the seat's person is on vacation in the match's community
  (``players.selectors.on_vacation``) the clock stands still: a move that starts during a
  vacation starts when it ends, and a vacation that starts or ends during a move moves the
  deadline by the overlap (``vacations.clocks_vacation_changed``).

Per-seat clocks (``fischer``, ``correspondence``) live on the seat: ``Seat.clock_ms`` (the
time left when the clock last started or stopped) and ``Seat.clock_since`` (when it started;
in the future while a vacation pauses it; None while it stands still). ``Match.deadline`` is
the earliest deadline of the running clocks: the timer task (``tasks.expire_turn``) and the
sweeper act on it and ``timers.turn_expire`` times out exactly the seats whose own time ran
out (``due_seats``), through the one time-out path of issue 10 (the engine's
``timeout_action``; three in a row hand the seat to a bot).

A seat a bot plays (a bot seat, a takeover, a moderator's hand-over) has no running clock: the
bot answers within ``BOT_DELAY_SECONDS`` and the sweeper replays a lost bot turn, so the
absent person's bank is kept for when they are back.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterable
from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext, gettext_noop

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match, Seat
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import on_vacation

TURN = Match.TimeControl.TURN
FISCHER = Match.TimeControl.FISCHER
CORRESPONDENCE = Match.TimeControl.CORRESPONDENCE
SEAT_CLOCKS = (FISCHER, CORRESPONDENCE)

# Lobby limits (inclusive) and the values taken when a field is left out.
BANK_MINUTES = (1, 180)
INCREMENT_SECONDS = (0, 120)
DAYS_PER_MOVE = (1, 30)
DEFAULT_BANK_MINUTES = 10
DEFAULT_INCREMENT_SECONDS = 5
DEFAULT_DAYS_PER_MOVE = 3
# The units of the lobby's numbers, in milliseconds (module constants: tests shrink them).
SECOND_MS = 1000
MINUTE_MS = 60_000
DAY_MS = 86_400_000

TIME_CONTROL_INVALID = gettext_noop("time_control must be one of: turn, fischer, correspondence.")
OWN_CLOCK = gettext_noop(
    "This game's rules set the time of each turn (its hourglass option): time_control must be turn."
)
BANK_INVALID = gettext_noop("bank_minutes must be a whole number of minutes from 1 to 180.")
INCREMENT_INVALID = gettext_noop("increment_seconds must be a whole number of seconds from 0 to 120.")
DAYS_INVALID = gettext_noop("days_per_move must be a whole number of days from 1 to 30.")
NOT_THIS_CONTROL = gettext_noop("{field} does not apply to the time control {control}: leave it out.")

_FIELDS = {  # field -> (code, message, range, the control it belongs to)
    "bank_minutes": ("invalid_bank_minutes", BANK_INVALID, BANK_MINUTES, FISCHER),
    "increment_seconds": ("invalid_increment_seconds", INCREMENT_INVALID, INCREMENT_SECONDS, FISCHER),
    "days_per_move": ("invalid_days_per_move", DAYS_INVALID, DAYS_PER_MOVE, CORRESPONDENCE),
}


def time_control_check(*, time_control, turn_seconds, bank_minutes=None, increment_seconds=None,
                       days_per_move=None, own_clock: int | None = None) -> dict:
    """The ``Match`` fields of a lobby's time control, checked: ``{"time_control",
    "turn_seconds", "bank_minutes", "increment_seconds", "days_per_move"}``.

    ``time_control``: "turn" (None means "turn"), "fischer" or "correspondence". Fischer takes
    ``bank_minutes`` (1-180, default 10) and ``increment_seconds`` (0-120, default 5);
    correspondence ``days_per_move`` (1-30, default 3); "turn" takes ``turn_seconds`` (its
    range is checked by the caller). A field of another control must be left out (None).
    ``own_clock``: the seconds per turn the game's own rules set (``engine.clock_seconds``),
    which then replace ``turn_seconds`` and allow only "turn". Raises ``ServiceError`` 400
    ``invalid_time_control`` / ``invalid_turn_seconds`` / ``invalid_<field>`` naming the field.
    """
    if time_control is None:
        time_control = TURN
    if not isinstance(time_control, str) or time_control not in Match.TimeControl.values:
        raise ServiceError("invalid_time_control", gettext(TIME_CONTROL_INVALID), 400, "time_control")
    if own_clock is not None and time_control != TURN:
        raise ServiceError("invalid_time_control", gettext(OWN_CLOCK), 400, "time_control")
    given = {"bank_minutes": bank_minutes, "increment_seconds": increment_seconds, "days_per_move": days_per_move}
    out = {"time_control": time_control, "turn_seconds": None, **dict.fromkeys(given)}
    if time_control != TURN and turn_seconds is not None:
        raise ServiceError("invalid_turn_seconds", gettext(NOT_THIS_CONTROL).format(
            field="turn_seconds", control=time_control), 400, "turn_seconds")
    for name, value in given.items():
        code, message, (low, high), control = _FIELDS[name]
        if value is None:
            continue
        if control != time_control:
            raise ServiceError(code, gettext(NOT_THIS_CONTROL).format(field=name, control=time_control), 400, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ServiceError(code, gettext(message), 400, name)
    if time_control == TURN:
        out["turn_seconds"] = own_clock if own_clock is not None else turn_seconds
    elif time_control == FISCHER:
        out["bank_minutes"] = DEFAULT_BANK_MINUTES if bank_minutes is None else bank_minutes
        out["increment_seconds"] = DEFAULT_INCREMENT_SECONDS if increment_seconds is None else increment_seconds
    else:
        out["days_per_move"] = DEFAULT_DAYS_PER_MOVE if days_per_move is None else days_per_move
    return out


def uses_seat_clocks(match: Match) -> bool:
    """True for a Fischer or correspondence match (per-seat clocks on ``Seat``)."""
    return match.time_control in SEAT_CLOCKS


def seat_deadline(seat: Seat) -> datetime.datetime | None:
    """When the seat's running (or paused) clock runs out: ``clock_since + clock_ms``; None
    while it stands still."""
    if seat.clock_since is None or seat.clock_ms is None:
        return None
    return seat.clock_since + timedelta(milliseconds=max(seat.clock_ms, 0))


def deadline_of(match: Match, seat: Seat) -> datetime.datetime | None:
    """The deadline that times ``seat`` out: its own clock's, or the match's with time per turn."""
    return seat_deadline(seat) if uses_seat_clocks(match) else match.deadline


def due_seats(match: Match, seats: list[Seat], to_act: Iterable[int], now: datetime.datetime) -> list[int]:
    """The seats of ``to_act`` whose time has run out at ``now``, in ``to_act`` order: all of
    them once ``Match.deadline`` passed with time per turn; with per-seat clocks, those whose
    own deadline passed."""
    out = []
    for i in to_act:
        if 0 <= i < len(seats):
            deadline = deadline_of(match, seats[i])
            if deadline is not None and deadline <= now:
                out.append(i)
    return out


def earliest_deadline(seats: Iterable[Seat]) -> datetime.datetime | None:
    """The first deadline among the seats' clocks (None when none runs)."""
    deadlines = [d for d in (seat_deadline(s) for s in seats) if d is not None]
    return min(deadlines, default=None)


def clocks_init(match: Match, seats: list[Seat]) -> None:
    """At the start: every seat's bank full (Fischer: ``bank_minutes``), every clock still
    (``clocks_advance`` then starts the first seats'). In memory; the caller saves."""
    for seat in seats:
        seat.clock_ms = match.bank_minutes * MINUTE_MS if match.time_control == FISCHER else None
        seat.clock_since = None


def clocks_advance(match: Match, seats: list[Seat], *, to_act: Iterable[int], now: datetime.datetime,
                   actor: int | None = None, restart: bool = True) -> list[Seat]:
    """Moves the per-seat clocks on after ``actor``'s action (None: the start, or a change of
    hands) left ``to_act`` acting; returns the seats changed (in memory: the caller saves
    them and sets ``Match.deadline`` from ``earliest_deadline``).

    ``restart`` False (the engine's ``clock_restarts`` said the turn goes on, and the same
    seats act): nothing changes. Else the actor's clock stops (Fischer: minus the time it ran,
    never below 0, plus ``increment_seconds`` when it was running) and starts again if the
    actor is still to act; a seat newly to act starts (correspondence: ``days_per_move`` from
    now, or from the end of its person's vacation); a seat no longer to act, or played by a
    bot, stops; the other running seats go on running.
    """
    if not uses_seat_clocks(match) or not restart:
        return []
    acting = set(to_act)
    starting = [s for s in seats if s.index in acting and not s.bot_plays
                and (s.clock_since is None or s.index == actor)]
    resume = vacation_ends(match, starting, now)
    changed = []
    for seat in seats:
        running = seat.clock_since is not None
        wanted = seat.index in acting and not seat.bot_plays
        if running and wanted and seat.index != actor:
            continue  # its move goes on
        if not running and not wanted:
            continue
        if running:
            _stop(match, seat, now)
            if seat.index == actor and match.time_control == FISCHER:
                seat.clock_ms += (match.increment_seconds or 0) * SECOND_MS
        if wanted:
            _start(match, seat, now, resume.get(seat.user_id))
        changed.append(seat)
    return changed


def clocks_stop_all(match: Match, seats: list[Seat], now: datetime.datetime) -> list[Seat]:
    """Stops every running clock (the match is over): the banks stay as they ended."""
    if not uses_seat_clocks(match):
        return []
    changed = [s for s in seats if s.clock_since is not None]
    for seat in changed:
        _stop(match, seat, now)
    return changed


def _stop(match: Match, seat: Seat, now: datetime.datetime) -> None:
    ran = max(now - seat.clock_since, timedelta(0))
    left = max((seat.clock_ms or 0) - ran // timedelta(milliseconds=1), 0)
    seat.clock_ms = left if match.time_control == FISCHER else None
    seat.clock_since = None


def _start(match: Match, seat: Seat, now: datetime.datetime, resume_at: datetime.datetime | None) -> None:
    if match.time_control == CORRESPONDENCE:
        seat.clock_ms = match.days_per_move * DAY_MS
        seat.clock_since = max(now, resume_at) if resume_at is not None else now
    else:
        seat.clock_ms = max(seat.clock_ms or 0, 0)
        seat.clock_since = now


def vacation_end(membership, now: datetime.datetime) -> datetime.datetime | None:
    """When the member's running vacation ends (midnight after ``vacation_until``, in the
    site's time zone), or None when they are not on vacation at ``now``."""
    today = timezone.localdate(now)
    if membership is None or not on_vacation(membership=membership, today=today):
        return None
    after = datetime.datetime.combine(membership.vacation_until + timedelta(days=1), datetime.time.min)
    return timezone.make_aware(after, timezone.get_default_timezone())


def vacation_ends(match: Match, seats: Iterable[Seat], now: datetime.datetime) -> dict:
    """``{user_id: end of vacation}`` for the people of ``seats`` on vacation in the match's
    community at ``now`` (correspondence only; one query, none when there is nobody)."""
    users = {s.user_id for s in seats if s.user_id is not None}
    if match.time_control != CORRESPONDENCE or not users:
        return {}
    out = {}
    for membership in Membership.objects.filter(tenant_id=match.tenant_id, user_id__in=users,
                                                vacation_until__isnull=False).select_related("tenant"):
        end = vacation_end(membership, now)
        if end is not None:
            out[membership.user_id] = end
    return out


def clocks_public(match: Match, seats: list[Seat], to_act: Iterable[int]):
    """Every seat's time as the snapshot shows it (public: the same for every viewer, and the
    same for every snapshot of one version), or None for an unlimited match::

        {"time_control": "fischer", "turn_seconds": None, "bank_minutes": 10,
         "increment_seconds": 5, "days_per_move": None,
         "seats": [{"index": 0, "remaining_ms": 600000, "running": True,
                    "since": iso8601 | None, "deadline": iso8601 | None}]}

    ``running``: the seat's clock has started (it is to act); it counts down from
    ``remaining_ms`` at ``since`` to zero at ``deadline`` (``since`` in the future: a vacation
    pauses it until then, and ``deadline`` includes the pause). A still clock shows what it
    would start with: the bank, a whole turn's or a whole move's time.
    """
    control = {"time_control": match.time_control, "turn_seconds": match.turn_seconds,
               "bank_minutes": match.bank_minutes, "increment_seconds": match.increment_seconds,
               "days_per_move": match.days_per_move}
    active = match.status == Match.Status.ACTIVE
    acting = set(to_act) if active else set()
    rows = []
    if match.time_control == TURN:
        if not match.turn_seconds:
            return None
        full = match.turn_seconds * 1000
        for seat in seats:
            if seat.index in acting and match.deadline is not None:
                rows.append(_row(seat.index, full, match.deadline - timedelta(milliseconds=full), match.deadline))
            else:
                rows.append(_row(seat.index, full, None, None))
        return {**control, "seats": rows}
    for seat in seats:
        deadline = seat_deadline(seat) if active else None
        if deadline is not None:
            rows.append(_row(seat.index, max(seat.clock_ms, 0), seat.clock_since, deadline))
        elif match.time_control == CORRESPONDENCE:
            rows.append(_row(seat.index, match.days_per_move * DAY_MS, None, None))
        else:
            bank = seat.clock_ms if seat.clock_ms is not None else (match.bank_minutes or 0) * MINUTE_MS
            rows.append(_row(seat.index, max(bank, 0), None, None))
    return {**control, "seats": rows}


def _ms(delta: timedelta) -> int:
    return max(delta // timedelta(milliseconds=1), 0)


def _row(index, remaining, since, deadline) -> dict:
    return {"index": index, "remaining_ms": remaining, "running": since is not None,
            "since": since.isoformat() if since else None, "deadline": deadline.isoformat() if deadline else None}
