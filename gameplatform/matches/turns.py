"""The turn: ``submit_action``, the one way a match moves on, and the bookkeeping every
service shares (locking the match row, seats, deadlines, the events of a change).

``Match.version`` is the version of what clients see: every change a client could notice (a
move, a seat taken, a takeover, the start, an abort) adds one, and publishes one
``core.events.MatchChanged`` (``MoveApplied``, ``MatchStarted``) with the facts that came with
it (``SeatHandedOver``, ``SeatHandedBack``, ``MatchEnded``, ``MatchAborted``) and the
``TurnChanged`` that follows (``_notify``). The turn flow calls no feature: realtime, alerts,
ratings, bots and the timers subscribe (docs/contracts.md, "Events"). A move's
``MoveRecord.seq`` is the version it produced, so a move costs the same queries on move 1
and move 1000. See ../shared/docs/architecture.md, "One action, end to end".
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from gameplatform.core import events as domain
from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.matches import audit, clocks, state_cache, statements
from gameplatform.matches.inputs import (  # noqa: F401  (the texts tests and callers name)
    ACTION_INVALID,
    ACTION_TOO_LARGE,
    CLIENT_ACTION_ID_INVALID,
    VERSION_INVALID,
    ActionInput,
    action_copy,
    parse_action_input,
)
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.matches.selectors import MATCH_NOT_FOUND, parse_id
from gameplatform.tenants.services import membership_require
from games import registry
from games.protocol import Engine, IllegalAction, bot_budget_seconds, visible_events

log = logging.getLogger(__name__)

# Issue 10: after this many time-outs in a row a bot plays the seat until its owner is back.
TAKEOVER_AFTER_TIMEOUTS = 3
# Issue 29, point 5: a bot level whose time budget is longer plays in the runners' slow lane.
SLOW_BOT_SECONDS = 0.25
HANDED_OVER, HANDED_BACK = "over", "back"
ACTORS = (MoveRecord.Actor.USER, MoveRecord.Actor.BOT, MoveRecord.Actor.TIMEOUT)
GAME_UNKNOWN = gettext_noop("There is no such game here.")
MATCH_NOT_ACTIVE = gettext_noop("The match is not in progress.")
NOT_SEATED = gettext_noop("You have no seat at this match.")
SEAT_INDEX_INVALID = gettext_noop("Seat must be the number of one of this match's seats.")
ACTION_MALFORMED = gettext_noop("That action is not understood.")
CLIENT_ACTION_ID_REUSED = gettext_noop("That client_action_id was already used for another seat's action.")
ACTOR_INVALID = gettext_noop("actor must be one of: user, bot, timeout.")
SEAT_NOT_FOR_PEOPLE = gettext_noop("A person always acts for their own seat: leave out seat.")
STALE_VERSION = gettext_noop("The game has moved on since you last looked: refresh and try again.")
NOT_YOUR_TURN = gettext_noop("It is not your turn.")
SEAT_PLAYED_BY_BOT = gettext_noop("A bot plays this seat now.")
NOT_BOT_SEAT = gettext_noop("No bot plays this seat.")


@dataclass(frozen=True)
class ActionOutcome:
    """What ``submit_action`` did: the match ``version`` the action produced, the acting
    ``seat``, the action's ``events`` that seat may see (``visible_to`` already applied) and
    ``duplicate`` (True when ``client_action_id`` had been applied before and this is the
    first answer again)."""

    version: int
    seat: int
    events: list = field(default_factory=list)
    duplicate: bool = False


def submit_action(
    *, match_id, action=None, expected_version=None, tenant=None, user=None, seat=None, client_action_id=None,
    actor="user", move: ActionInput | None = None, count_timeout: bool = True, membership=None,
) -> ActionOutcome:
    """Applies an action for a seat: the one way a match moves on.

    The action comes as ``move`` (an ``ActionInput`` from ``inputs.parse_action_input``,
    trusted as it is) or as ``action``, ``expected_version`` and ``client_action_id``, which
    go through that parser here. People pass ``tenant`` and ``user`` (their own seat acts);
    tasks pass ``seat`` and ``actor`` "bot" or "timeout" and no tenant. ``membership``: the
    person's, just required by the caller (a socket's recheck), not read again. In one transaction:
    lock the match row, check membership, seat, version and ``to_act``, ``engine.apply``,
    save state and ``version + 1``, append the ``MoveRecord`` (``seq`` = the new version),
    finish the match when ``engine.result`` says so, set the next deadline, and publish
    ``MoveApplied`` (with ``MatchEnded`` at the end, ``SeatHandedOver`` when time-outs hand the
    seat to a bot) and ``TurnChanged``: the subscribers rate a finished match in this
    transaction and, after commit, broadcast and schedule the timer and bot tasks. A ``client_action_id`` seen before returns
    the first outcome with ``duplicate=True`` and applies nothing.

    Simultaneous actions: when several seats act at once (``to_act`` holds them all since
    ``Match.to_act_since``), an action chosen at that version or later by one of them is taken
    even if the others' actions moved the version on, as long as this seat has not acted since
    and the engine still accepts it; else it is stale.

    A person's action clears their seat's takeover and time-out count; a time-out adds one (not
    ``count_timeout``: a later move of the same turn), and hands the seat to a bot at three.

    Raises 400 (the parser's codes, ``invalid_actor``, ``invalid_seat_index``, the engine's
    ``IllegalAction`` code with its message, field ``action``), 403 (``not_member``,
    ``not_seated``, ``seat_played_by_bot``), 404 (``match_not_found``), 409
    (``match_not_active``, ``stale_version``, ``not_your_turn``, ``not_bot_seat``,
    ``client_action_id_reused``). State is unchanged on every error.
    """
    mid = parse_id(match_id, "match_id")
    if move is None:
        move = _parsed(action, expected_version, client_action_id)
    if actor not in ACTORS:
        raise ServiceError("invalid_actor", ACTOR_INVALID, 400, "actor")
    if actor == MoveRecord.Actor.USER:
        if seat is not None:
            raise ServiceError("invalid_seat_index", SEAT_NOT_FOR_PEOPLE, 400, "seat")
        _member(user=user, tenant=tenant, checked=membership)
    elif isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ServiceError("invalid_seat_index", SEAT_INDEX_INVALID, 400, "seat")

    with transaction.atomic():
        match = _lock(mid, tenant)
        seats = _seats(match, users=True)  # with users: the broadcast shows their names
        if actor == MoveRecord.Actor.USER:
            mine = next((s for s in seats if s.user_id == user.pk), None)
            if mine is None:
                raise ServiceError("not_seated", NOT_SEATED, 403)
            if mine.is_bot:
                raise ServiceError("seat_played_by_bot", SEAT_PLAYED_BY_BOT, 403)
        else:
            mine = seats[_seat_index(seat, len(seats), field_name="seat")]
            if actor == MoveRecord.Actor.BOT and not mine.bot_plays:
                raise ServiceError("not_bot_seat", NOT_BOT_SEAT, 409)
        cid = move.client_action_id
        repeated = _repeated(mid, cid, mine.index)
        if repeated is not None:
            return repeated
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("match_not_active", MATCH_NOT_ACTIVE, 409)
        engine = _engine(match.game)
        if move.expected_version != match.version and not _parallel_ok(match, engine, mine.index, move.expected_version):
            raise ServiceError("stale_version", STALE_VERSION, 409, "expected_version")
        state = _decoded(match, engine)
        if mine.index not in engine.to_act(state):
            raise ServiceError("not_your_turn", NOT_YOUR_TURN, 409)
        outcome = _apply(match, seats, mine, engine, state, move.action, actor, cid, count_timeout)
    return outcome


def _decoded(match: Match, engine: Engine):
    """The decoded state of the locked ``match``: the one this process committed at that very
    version (``state_cache``), else ``engine.decode`` of the row's."""
    cached = state_cache.get(match.pk, match.version)
    return cached.state if cached is not None and cached.game == match.game else engine.decode(match.state)


def _parsed(action, expected_version, client_action_id) -> ActionInput:
    """``inputs.parse_action_input`` of the loose arguments (400 naming the field)."""
    raw = {"action": action, "expected_version": expected_version}
    if client_action_id is not None:
        raw["client_action_id"] = client_action_id
    return parse_action_input(raw)


def _repeated(match_id: int, client_action_id, index: int) -> ActionOutcome | None:
    """The first outcome of ``client_action_id`` in this match (marked ``duplicate``), None
    when it is new; 409 ``client_action_id_reused`` when another seat used it."""
    if client_action_id is None:
        return None
    first = (
        MoveRecord.objects.filter(match_id=match_id, client_action_id=client_action_id)
        .only("seq", "seat", "events")
        .order_by("seq")  # not the model's ordering, which joins the match
        .first()
    )
    if first is None:
        return None
    if first.seat != index:
        raise ServiceError("client_action_id_reused", CLIENT_ACTION_ID_REUSED, 409, "client_action_id")
    return ActionOutcome(first.seq, first.seat, visible_events(first.events, first.seat), True)


def _parallel_ok(match: Match, engine: Engine, index: int, expected: int) -> bool:
    """May seat ``index``'s action chosen at version ``expected`` still be taken although the
    match is at a later one? Only in a game with simultaneous actions, when the seats now
    acting have acted together since ``expected`` or before, and this seat has not acted
    since (``to_act`` itself is checked by the caller; the engine has the last word)."""
    if not engine.simultaneous or not match.to_act_since <= expected < match.version:
        return False
    return not MoveRecord.objects.filter(match_id=match.pk, seat=index, seq__gt=expected).exists()


def _apply(match: Match, seats: list[Seat], mine: Seat, engine: Engine, state, action: dict, actor: str,
           client_action_id, count_timeout: bool = True) -> ActionOutcome:
    """The move itself, inside the caller's transaction with the match row locked and every
    check but the engine's done: ``engine.apply``, save the state with ``version + 1``, the
    ``MoveRecord``, the end or the next deadline, and after commit the broadcast and tasks.
    ``seats``: the match's seats in index order, with users. Raises 400 for a refused action
    (nothing written yet)."""
    try:
        new_state, events = engine.apply(state, mine.index, action)
    except IllegalAction as exc:
        raise ServiceError(exc.code, engine_text(exc.message), 400, "action")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # An engine must raise IllegalAction for nonsense; if it trips instead, the
        # player still gets a 400 and the log gets the stack.
        log.exception("engine %s crashed on action %r of seat %s in match %s", match.game, action, mine.index,
                      match.pk)
        raise ServiceError("malformed_action", ACTION_MALFORMED, 400, "action")
    events = list(events)
    now = timezone.now()
    recorded = recorded_actor(mine, actor)
    if recorded == MoveRecord.Actor.HINT:  # the hint asked for is spent by this move
        mine.hint_pending = False
        mine.save(update_fields=["hint_pending"])
    hands = _count_timeouts(mine, actor) if count_timeout else None
    before = engine.to_act(state)
    match.state = engine.encode(new_state)
    match.version += 1
    result = engine.result(new_state)
    if result is not None:
        match.result = result.to_json()
        _arm(match, (), seats, now)  # the banks stop as they are
        _end(match, Match.Status.FINISHED, now)  # rated in this transaction, by the MatchEnded subscriber
    else:
        to_act = engine.to_act(new_state)
        # The seats acting together go on doing so while this action only took its own seat
        # out of them (a discard, an answer); any other change starts a new set.
        if not (len(before) > 1 and set(to_act) in (set(before), set(before) - {mine.index})):
            match.to_act_since = match.version
        restart = engine.clock_restarts(state, new_state, mine.index, events) or set(to_act) != set(before)
        _arm(match, to_act, seats, now, restart_clock=restart, actor=mine.index)
    # Two statements built once (statements.MOVE_FIELDS), as match.save(update_fields=...) and
    # MoveRecord.objects.create would write them, without compiling them per move.
    statements.match_save_move(match)
    statements.record_insert(MoveRecord(
        match=match, seq=match.version, seat=mine.index, action=action, events=events,
        actor=recorded, client_action_id=client_action_id,
    ))
    facts = []
    if hands == HANDED_OVER:
        facts.append((domain.SeatHandedOver, {"seat": mine.index, "bot_kind": takeover_bot_kind(engine)}))
        # The site's takeover after time-outs is a seat handed to a bot too (issue 27, point 3).
        audit.record_seat(match=match, seat_index=mine.index, person=mine.user, by=None, handed=True,
                          bot_kind=takeover_bot_kind(engine))
    elif hands == HANDED_BACK:
        facts.append((domain.SeatHandedBack, {"seat": mine.index}))
        audit.record_seat(match=match, seat_index=mine.index, person=mine.user, by=mine.user, handed=False)
    _notify(match, events, seats=seats, state=new_state, actor=recorded, change=domain.MoveApplied,
            change_fields={"seat": mine.index, "actor": recorded}, facts=facts)
    return ActionOutcome(match.version, mine.index, visible_events(events, mine.index), False)


def _member(*, user, tenant, checked=None) -> None:
    """``membership_require``, unless ``checked`` is the membership of ``user`` in ``tenant``
    that the caller has just required."""
    if (checked is not None and user is not None and tenant is not None
            and checked.user_id == getattr(user, "pk", None) and checked.tenant_id == getattr(tenant, "pk", tenant)):
        return
    membership_require(user=user, tenant=tenant)


def _engine(slug) -> Engine:
    if not isinstance(slug, str):
        raise ServiceError("unknown_game", GAME_UNKNOWN, 400, "game")
    try:
        return registry.get_engine(slug)
    except registry.UnknownGame:
        raise ServiceError("unknown_game", GAME_UNKNOWN, 400, "game")


def _seat_index(value, count: int, *, field_name: str = "seat_index") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise ServiceError("invalid_seat_index", SEAT_INDEX_INVALID, 400, field_name)
    return value


def _lock(match_id: int, tenant) -> Match:
    """The match row, locked for this transaction; 404 if missing or of another tenant.

    No join in this query: PostgreSQL refuses FOR UPDATE on the nullable side of one. The
    statement is built once (``statements.match_lock``), not compiled per move."""
    match = statements.match_lock(match_id)
    if match is None or (tenant is not None and match.tenant_id != getattr(tenant, "pk", tenant)):
        raise ServiceError("match_not_found", MATCH_NOT_FOUND, 404)
    return match


def _seats(match: Match, *, users: bool = False) -> list[Seat]:
    """The seats of ``match`` in index order; with ``users``, their users too, through the
    statement built once (``statements.seats_with_users``: every move reads them)."""
    if users:
        return statements.seats_with_users(match)
    return list(Seat.objects.filter(match_id=match.pk).order_by("index"))


def recorded_actor(seat: Seat, actor: str) -> str:
    """Who the record says made a bot's move: a bot seat ("bot"), a bot playing for the absent
    person after time-outs ("takeover") or after a moderator's hand-over ("handover"); and a
    person's move after a hint they asked for ("hint", issue 30 point 4)."""
    if actor == MoveRecord.Actor.USER and seat.hint_pending:
        return MoveRecord.Actor.HINT
    if actor != MoveRecord.Actor.BOT or seat.user_id is None:
        return actor
    return MoveRecord.Actor.TAKEOVER if seat.bot_takeover and not seat.is_bot else MoveRecord.Actor.HANDOVER


def _count_timeouts(seat: Seat, actor: str) -> str | None:
    """Issue 10: a person's action clears the takeover; a time-out of a person's seat
    counts, and the third in a row hands the seat to a bot. Saves only on change. Returns
    ``HANDED_OVER`` or ``HANDED_BACK`` when the seat changed hands, else None."""
    if actor == MoveRecord.Actor.USER:
        if seat.bot_takeover or seat.timeouts_in_row:
            back = HANDED_BACK if seat.bot_takeover else None
            seat.bot_takeover = False
            seat.timeouts_in_row = 0
            seat.save(update_fields=["bot_takeover", "timeouts_in_row"])
            return back
    elif actor == MoveRecord.Actor.TIMEOUT and seat.user_id is not None and not seat.is_bot:
        seat.timeouts_in_row = min(seat.timeouts_in_row + 1, 32767)
        over = None
        if seat.timeouts_in_row >= TAKEOVER_AFTER_TIMEOUTS:
            over = None if seat.bot_takeover else HANDED_OVER
            seat.bot_takeover = True
        seat.save(update_fields=["bot_takeover", "timeouts_in_row"])
        return over
    return None


def _arm(match: Match, to_act, seats: list[Seat], now: datetime, *, restart_clock: bool = True,
         actor: int | None = None) -> None:
    """Sets the next turn deadline and ``bot_due_at`` when a bot plays a seat in ``to_act``.
    The clock starts again unless ``restart_clock`` is False (the engine's
    ``clock_restarts`` said the running turn keeps its deadline, and the same seats act).
    With per-seat clocks (``clocks.uses_seat_clocks``) the seats' clocks move on
    (``clocks.clocks_advance``, after ``actor``'s action; saved here) and the deadline is the
    earliest of theirs."""
    if clocks.uses_seat_clocks(match):
        changed = clocks.clocks_advance(match, seats, to_act=to_act, now=now, actor=actor, restart=restart_clock)
        if not to_act:
            changed += clocks.clocks_stop_all(match, seats, now)
        if changed:
            Seat.objects.bulk_update(changed, ["clock_ms", "clock_since"])
        match.deadline = clocks.earliest_deadline(seats)
    elif not to_act:
        match.deadline = None
    elif restart_clock or match.deadline is None:
        match.deadline = now + timedelta(seconds=match.turn_seconds) if match.turn_seconds else None
    _bot_due(match, to_act, seats, now)


def takeover_bot_kind(engine: Engine) -> str:
    """The bot kind that plays for an absent person: the strongest, i.e. the last kind that
    ``engine.bots()`` lists (the protocol orders them weakest first)."""
    return list(engine.bots())[-1]


def seat_bot_kind(engine: Engine, seat: Seat) -> str:
    """The kind of the bot that plays ``seat``: its own (a bot seat), else the takeover kind
    (a person's seat handed to a bot)."""
    return seat.bot_kind if seat.is_bot else takeover_bot_kind(engine)


def _bot_due(match: Match, to_act, seats: list[Seat], now: datetime) -> None:
    """Sets ``bot_due_at`` (``BOT_DELAY_SECONDS`` from ``now`` when a bot plays a seat in
    ``to_act``, else None) and ``bot_slow`` (one of those bots' levels may think longer than
    ``SLOW_BOT_SECONDS``: ``games.protocol.bot_budget_seconds``)."""
    playing = [seats[i] for i in to_act if 0 <= i < len(seats) and seats[i].bot_plays]
    match.bot_due_at = now + timedelta(seconds=settings.BOT_DELAY_SECONDS) if playing else None
    match.bot_slow = False
    if playing:
        engine = _engine(match.game)
        bots = engine.bots()
        match.bot_slow = any(bot_budget_seconds(bots.get(seat_bot_kind(engine, s))) > SLOW_BOT_SECONDS
                             for s in playing)


def _rearm_bot(match: Match, seats: list[Seat]) -> None:
    """Recomputes ``bot_due_at`` after a seat changed hands; with per-seat clocks also stops
    the clock of a seat a bot now plays and starts that of a seat its person took back (the
    deadline with time per turn is unchanged)."""
    engine = _engine(match.game)
    to_act = engine.to_act(engine.decode(match.state))
    now = timezone.now()
    if clocks.uses_seat_clocks(match):
        _arm(match, to_act, seats, now)
        return
    _bot_due(match, to_act, seats, now)


def _end(match: Match, status: str, now: datetime | None = None) -> None:
    """Ends ``match`` (``status`` finished or aborted) in the caller's transaction; the
    ending is published with the change that saves it (``_notify``: ``MatchEnded`` or
    ``MatchAborted``, whose subscribers rate it and tell its people)."""
    match.status = status
    match.finished_at = now or timezone.now()
    match.deadline = None
    match.bot_due_at = None
    match.ending = status


def _bump_and_notify(match: Match, events: list | None = None, *, change=domain.MatchChanged,
                     facts: list | None = None) -> None:
    """Saves the match with ``version + 1`` (a change clients must see) and publishes it
    (``_notify``)."""
    match.version += 1
    match.save()
    _notify(match, events or [], change=change, facts=facts)


def _notify(match: Match, events: list, *, seats: list[Seat] | None = None, state=None, actor=None,
            change=domain.MatchChanged, change_fields: dict | None = None, facts: list | None = None) -> None:
    """Publishes the version ``match`` was just saved at (``core.events``, in the caller's
    transaction): ``change`` (a ``MatchChanged`` class) with the engine's ``events`` and
    ``change_fields``; each of ``facts`` (``(event class, fields)``); the ending ``_end``
    marked; then ``TurnChanged`` (the deadline, whether a bot is due).

    The context handed to subscribers: the ``match`` row, its ``seats`` (in index order,
    with users) and the decoded ``state`` when the caller has them (what this transaction
    committed: the broadcast need not read and decode them again), and the move's
    ``actor``."""
    context = {"match": match, "seats": seats, "state": state, "actor": actor}
    base = {"match_id": match.pk, "tenant_id": match.tenant_id, "version": match.version}
    domain.publish(change(**base, events=tuple(events), **(change_fields or {})), context=context)
    for cls, fields in facts or ():
        domain.publish(cls(**base, **fields), context=context)
    ending = getattr(match, "ending", None)
    if ending is not None:
        match.ending = None
        ended = domain.MatchAborted if ending == Match.Status.ABORTED else domain.MatchEnded
        domain.publish(ended(**base, status=ending, result=match.result), context=context)
    deadline = match.deadline.isoformat() if match.deadline is not None else None
    domain.publish(domain.TurnChanged(**base, deadline=deadline, bot_due=match.bot_due_at is not None),
                   context=context)
