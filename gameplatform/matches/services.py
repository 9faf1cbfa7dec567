"""Writes for matches: the lobby, the start, and the turn flow (one transaction per action).

Every function is keyword-only and raises ``ServiceError(code, message, status, field)`` for
anything it refuses (400 malformed, 403 not allowed, 404 missing or another tenant's match,
409 stale version or wrong state); user input never raises anything else and a refusal never
changes anything. Services reached by a person take ``tenant`` and ``user`` and check the
membership (``tenants.services.membership_require``); tasks pass ids and are checked against
the match itself.

``Match.version`` is the version of what clients see: every change a client could notice (a
move, a seat taken, a takeover, the start, an abort) adds one, and the change is broadcast
after commit with ``realtime.broadcast.match_changed(match_id, version, events)``. A move's
``MoveRecord.seq`` is the version it produced, so a move costs the same queries on move 1
and move 1000. See ../shared/docs/architecture.md, "One action, end to end".
"""
from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from gameplatform.matches import scheduling
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.inputs import (  # noqa: F401  (the texts tests and callers name)
    ACTION_INVALID,
    ACTION_TOO_LARGE,
    CLIENT_ACTION_ID_INVALID,
    VERSION_INVALID,
    ActionInput,
    action_copy,
    parse_action_input,
)
from gameplatform.matches.models import Match, MoveRecord, RuleVariant, Seat, seed_commitment
from gameplatform.matches.selectors import MATCH_NOT_FOUND, SnapshotTable, parse_id, setup_events
from games import registry
from games.protocol import Engine, IllegalAction, OptionsError, SeatSpec, visible_events

log = logging.getLogger(__name__)

# Turn timer (issue 10), seconds per turn: None = unlimited, else live or asynchronous.
LIVE_TURN_SECONDS = (30, 600)
ASYNC_TURN_SECONDS = (3600, 604800)
# Issue 10: after this many time-outs in a row a bot plays the seat until its owner is back.
TAKEOVER_AFTER_TIMEOUTS = 3
MAX_TITLE_LENGTH = 80
ACTORS = (MoveRecord.Actor.USER, MoveRecord.Actor.BOT, MoveRecord.Actor.TIMEOUT)
# Timer tasks further away than this are left to the sweeper: Redis redelivers unacked
# messages after its visibility timeout (1 h), so a 7-day ETA would be delivered again and
# again, and an asynchronous turn does not mind a few seconds of sweeper latency.
TIMER_TASK_HORIZON = timedelta(minutes=15)

GAME_UNKNOWN = "There is no such game here."
SEATS_INVALID = "{game} is played by {low} to {high} players."
TEAM_LAYOUT_INVALID = "That team layout does not exist for this number of players."
OPTIONS_NOT_OBJECT = "Options must be a JSON object."
OPTIONS_INVALID = "These options are not valid for this game."
VARIANT_UNKNOWN = "That rule variant does not exist for this game in this community."
TURN_SECONDS_INVALID = (
    "Turn time must be unlimited, 30 to 600 seconds (live) or 3600 to 604800 seconds (asynchronous)."
)
TITLE_INVALID = f"The title must be text of at most {MAX_TITLE_LENGTH} characters."
INVITE_CODE_INVALID = "No invitation of this community has that code."
MATCH_NOT_OPEN = "The match has already started."
MATCH_NOT_ACTIVE = "The match is not in progress."
MATCH_OVER = "The match is already over."
MATCH_FULL = "Every seat is taken."
ALREADY_SEATED = "You already have a seat at this match."
NOT_SEATED = "You have no seat at this match."
NOT_CREATOR = "Only the player who created the match may do that."
SEAT_INDEX_INVALID = "Seat must be the number of one of this match's seats."
SEAT_TAKEN = "Another player sits there."
BOT_KIND_UNKNOWN = "This game has no bot of that kind."
SEATS_NOT_FILLED = "Every seat needs a player or a bot before the match can start."
ACTION_MALFORMED = "That action is not understood."
CLIENT_ACTION_ID_REUSED = "That client_action_id was already used for another seat's action."
ACTOR_INVALID = "actor must be one of: user, bot, timeout."
SEAT_NOT_FOR_PEOPLE = "A person always acts for their own seat: leave out seat."
STALE_VERSION = "The game has moved on since you last looked: refresh and try again."
NOT_YOUR_TURN = "It is not your turn."
SEAT_PLAYED_BY_BOT = "A bot plays this seat now."
NOT_BOT_SEAT = "No bot plays this seat."


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


# --- lobby ------------------------------------------------------------------------------------


def match_create(
    *,
    tenant,
    user,
    game,
    seats,
    team_layout="none",
    options=None,
    variant_id=None,
    turn_seconds=None,
    title="",
) -> Match:
    """Opens a match of ``game`` with ``seats`` seats; the creator takes seat 0.

    ``team_layout``: a name from ``engine.team_layouts(seats)``. ``options`` are merged over
    the preset of ``variant_id`` (a RuleVariant of this game, global or of this tenant) and
    validated by the engine. ``turn_seconds``: None (unlimited), 30-600 (live) or
    3600-604800 (asynchronous). Raises ``ServiceError`` 403 ``not_member`` and 400 naming the
    field: ``unknown_game``, ``invalid_seats``, ``invalid_team_layout``, ``invalid_options``
    (field ``options.<name>``), ``unknown_variant``, ``invalid_turn_seconds``,
    ``invalid_title``.
    """
    _member(user=user, tenant=tenant)
    engine = _engine(game)
    n = seats
    if isinstance(n, bool) or not isinstance(n, int) or not engine.min_seats <= n <= engine.max_seats:
        raise ServiceError(
            "invalid_seats",
            SEATS_INVALID.format(game=engine.name, low=engine.min_seats, high=engine.max_seats),
            400, "seats",
        )
    layouts = engine.team_layouts(n)
    if not isinstance(team_layout, str) or team_layout not in layouts:
        raise ServiceError("invalid_team_layout", TEAM_LAYOUT_INVALID, 400, "team_layout")
    teams = list(layouts[team_layout])
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("invalid_options", OPTIONS_NOT_OBJECT, 400, "options")
    variant = None
    if variant_id is not None:
        vid = parse_id(variant_id, "variant_id")
        variant = (
            RuleVariant.objects.filter(pk=vid, game=game, is_active=True)
            .filter(Q(tenant__isnull=True) | Q(tenant=tenant))
            .first()
        )
        if variant is None:
            raise ServiceError("unknown_variant", VARIANT_UNKNOWN, 400, "variant_id")
    raw = {**(variant.options if variant and isinstance(variant.options, dict) else {}), **options}
    validated = _validated_options(engine, raw, [SeatSpec(team=t) for t in teams])
    _check_turn_seconds(turn_seconds)
    if title is None:
        title = ""
    if not isinstance(title, str) or len(title.strip()) > MAX_TITLE_LENGTH or "\x00" in title:
        raise ServiceError("invalid_title", TITLE_INVALID, 400, "title")
    with transaction.atomic():
        match = Match.unscoped.create(
            tenant=tenant, game=game, title=title.strip(), options=validated, variant=variant,
            created_by=user, turn_seconds=turn_seconds,
        )
        Seat.objects.bulk_create(
            [Seat(match=match, index=i, team=teams[i], user=user if i == 0 else None) for i in range(n)]
        )
    return match


def match_join(*, tenant, user, match_id, invite_code=None) -> Seat:
    """Takes the first free seat of an open match for ``user``.

    ``invite_code``: an invitation of this (invite-only) tenant, for a person who is not a
    member yet; it makes them one (``tenants.services.membership_join_by_invite``).
    Raises 400 ``invalid_match_id``, 403 ``not_member``, 404 ``match_not_found`` /
    ``invite_not_found``, 409 ``match_not_open``, ``already_seated``, ``match_full``.
    """
    mid = parse_id(match_id, "match_id")
    if invite_code is not None:
        _join_tenant_by_invite(user=user, tenant=tenant, code=invite_code)
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        seats = _seats(match)
        if any(s.user_id == user.pk for s in seats):
            raise ServiceError("already_seated", ALREADY_SEATED, 409)
        free = next((s for s in seats if s.user_id is None and not s.bot_kind), None)
        if free is None:
            raise ServiceError("match_full", MATCH_FULL, 409)
        free.user = user
        free.save(update_fields=["user"])
        _bump_and_notify(match)
    return free


def match_leave(*, tenant, user, match_id) -> None:
    """Gives up ``user``'s seat in an open match. When the creator leaves, the match is
    called off (status aborted): nobody else may start it.

    Raises 403 ``not_member``, 404 ``match_not_found``, 409 ``match_not_open``, ``not_seated``.
    """
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        mine = next((s for s in _seats(match) if s.user_id == user.pk), None)
        if mine is None and match.created_by_id != user.pk:
            raise ServiceError("not_seated", NOT_SEATED, 409)
        if mine is not None:
            mine.user = None
            mine.save(update_fields=["user"])
        if match.created_by_id == user.pk:
            _end(match, Match.Status.ABORTED)
        _bump_and_notify(match)


def seat_assign_bot(*, tenant, user, match_id, seat_index, kind) -> Seat:
    """Puts a bot of ``kind`` (one of ``engine.bots()``) in seat ``seat_index`` of an open
    match; only its creator may, and only in a free seat, a bot's seat or their own.
    ``kind`` "" empties a bot's seat again.

    Raises 400 ``invalid_seat_index`` / ``unknown_bot_kind``, 403 ``not_member`` /
    ``not_creator``, 404 ``match_not_found``, 409 ``match_not_open`` / ``seat_taken``.
    """
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", NOT_CREATOR, 403)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        seats = _seats(match)
        seat = seats[_seat_index(seat_index, len(seats))]
        engine = _engine(match.game)
        if not isinstance(kind, str) or (kind and kind not in engine.bots()):
            raise ServiceError("unknown_bot_kind", BOT_KIND_UNKNOWN, 400, "kind")
        if seat.user_id is not None and seat.user_id != user.pk:
            raise ServiceError("seat_taken", SEAT_TAKEN, 409)
        if not kind and seat.user_id is not None:
            return seat  # clearing a person's seat is match_leave's job
        seat.user = None
        seat.bot_kind = kind
        seat.save(update_fields=["user", "bot_kind"])
        _bump_and_notify(match)
    return seat


def match_start(*, tenant, user, match_id) -> Match:
    """Starts an open match whose seats are all filled; only its creator may.

    Draws the seed with ``secrets``, publishes ``seed_commitment(seed)``, runs
    ``engine.setup``, sets the first deadline and, after commit, broadcasts the start (with
    the engine's ``setup_events`` when it has them) and schedules the timer and bot tasks.
    Raises 403 ``not_member`` / ``not_creator``, 404 ``match_not_found``, 409
    ``match_not_open`` / ``seats_not_filled``, 400 ``invalid_options``.
    """
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", NOT_CREATOR, 403)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        seats = _seats(match)
        if any(s.user_id is None and not s.bot_kind for s in seats):
            raise ServiceError("seats_not_filled", SEATS_NOT_FILLED, 409)
        engine = _engine(match.game)
        specs = [SeatSpec(team=s.team) for s in seats]
        options = _validated_options(engine, match.options or {}, specs)
        seed = secrets.randbits(63)  # BigIntegerField is signed 64-bit
        state = engine.setup(options, specs, seed)
        now = timezone.now()
        match.options = options
        match.seed = seed
        match.seed_commitment = seed_commitment(seed)
        match.state = engine.encode(state)
        match.status = Match.Status.ACTIVE
        match.started_at = now
        result = engine.result(state)
        if result is not None:  # a game over before the first move is odd, but legal
            match.result = result.to_json()
            _end(match, Match.Status.FINISHED, now)
        else:
            _arm(match, engine.to_act(state), seats, now)
        match.to_act_since = match.version + 1  # the version this start produces
        _bump_and_notify(match, setup_events(engine, state))
    return match


# --- the turn ---------------------------------------------------------------------------------


def submit_action(
    *,
    match_id,
    action=None,
    expected_version=None,
    tenant=None,
    user=None,
    seat=None,
    client_action_id=None,
    actor="user",
    move: ActionInput | None = None,
) -> ActionOutcome:
    """Applies an action for a seat: the one way a match moves on.

    The action comes as ``move`` (an ``ActionInput`` from ``inputs.parse_action_input``,
    trusted as it is) or as ``action``, ``expected_version`` and ``client_action_id``, which
    go through that parser here. People pass ``tenant`` and ``user`` (their own seat acts);
    tasks pass ``seat`` and ``actor`` "bot" or "timeout" and no tenant. In one transaction:
    lock the match row, check membership, seat, version and ``to_act``, ``engine.apply``,
    save state and ``version + 1``, append the ``MoveRecord`` (``seq`` = the new version),
    finish the match when ``engine.result`` says so, set the next deadline; after commit,
    broadcast and schedule the timer and bot tasks. A ``client_action_id`` seen before returns
    the first outcome with ``duplicate=True`` and applies nothing.

    Simultaneous actions: when several seats act at once (``to_act`` holds them all since
    ``Match.to_act_since``), an action chosen at that version or later by one of them is taken
    even if the others' actions moved the version on, as long as this seat has not acted since
    and the engine still accepts it; else it is stale.

    A person's action clears their seat's takeover and time-out count; a time-out adds one
    to it and hands the seat to a bot at ``TAKEOVER_AFTER_TIMEOUTS``.

    Raises 400 (the parser's codes, ``invalid_actor``, ``invalid_seat_index``, the engine's
    ``IllegalAction`` code with its message, field ``action``), 403 (``not_member``,
    ``not_seated``, ``seat_played_by_bot``), 404 (``match_not_found``), 409
    (``match_not_active``, ``stale_version``, ``not_your_turn``, ``not_bot_seat``,
    ``client_action_id_reused``). State is unchanged on every error.
    """
    mid = parse_id(match_id, "match_id")
    if move is None:
        raw = {"action": action, "expected_version": expected_version}
        if client_action_id is not None:
            raw["client_action_id"] = client_action_id
        move = parse_action_input(raw)
    if actor not in ACTORS:
        raise ServiceError("invalid_actor", ACTOR_INVALID, 400, "actor")
    if actor == MoveRecord.Actor.USER:
        if seat is not None:
            raise ServiceError("invalid_seat_index", SEAT_NOT_FOR_PEOPLE, 400, "seat")
        _member(user=user, tenant=tenant)
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
        if cid is not None:
            first = (
                MoveRecord.objects.filter(match_id=mid, client_action_id=cid)
                .only("seq", "seat", "events")
                .order_by("seq")  # not the model's ordering, which joins the match
                .first()
            )
            if first is not None:
                if first.seat != mine.index:
                    raise ServiceError("client_action_id_reused", CLIENT_ACTION_ID_REUSED, 409, "client_action_id")
                return ActionOutcome(first.seq, first.seat, visible_events(first.events, first.seat), True)
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("match_not_active", MATCH_NOT_ACTIVE, 409)
        engine = _engine(match.game)
        if move.expected_version != match.version and not _parallel_ok(match, engine, mine.index, move.expected_version):
            raise ServiceError("stale_version", STALE_VERSION, 409, "expected_version")
        state = engine.decode(match.state)
        if mine.index not in engine.to_act(state):
            raise ServiceError("not_your_turn", NOT_YOUR_TURN, 409)
        outcome = _apply(match, seats, mine, engine, state, move.action, actor, cid)
    return outcome


def _parallel_ok(match: Match, engine: Engine, index: int, expected: int) -> bool:
    """May seat ``index``'s action chosen at version ``expected`` still be taken although the
    match is at a later one? Only in a game with simultaneous actions, when the seats now
    acting have acted together since ``expected`` or before, and this seat has not acted
    since (``to_act`` itself is checked by the caller; the engine has the last word)."""
    if not engine.simultaneous or not match.to_act_since <= expected < match.version:
        return False
    return not MoveRecord.objects.filter(match_id=match.pk, seat=index, seq__gt=expected).exists()


def _apply(match: Match, seats: list[Seat], mine: Seat, engine: Engine, state, action: dict, actor: str,
           client_action_id) -> ActionOutcome:
    """The move itself, inside the caller's transaction with the match row locked and every
    check but the engine's done: ``engine.apply``, save the state with ``version + 1``, the
    ``MoveRecord``, the end or the next deadline, and after commit the broadcast and tasks.
    ``seats``: the match's seats in index order, with users. Raises 400 for a refused action
    (nothing written yet)."""
    try:
        new_state, events = engine.apply(state, mine.index, action)
    except IllegalAction as exc:
        raise ServiceError(exc.code, exc.message, 400, "action")
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        # An engine must raise IllegalAction for nonsense; if it trips instead, the
        # player still gets a 400 and the log gets the stack.
        log.exception("engine %s crashed on action %r of seat %s in match %s", match.game, action, mine.index,
                      match.pk)
        raise ServiceError("malformed_action", ACTION_MALFORMED, 400, "action")
    events = list(events)
    now = timezone.now()
    _count_timeouts(mine, actor)
    before = engine.to_act(state)
    match.state = engine.encode(new_state)
    match.version += 1
    result = engine.result(new_state)
    if result is not None:
        match.result = result.to_json()
        _end(match, Match.Status.FINISHED, now)
    else:
        to_act = engine.to_act(new_state)
        if not (len(before) > 1 and set(to_act) <= set(before)):
            match.to_act_since = match.version  # a new set of seats to act
        restart = engine.clock_restarts(state, new_state, mine.index, events) or set(to_act) != set(before)
        _arm(match, to_act, seats, now, restart_clock=restart)
    match.save(update_fields=["state", "version", "result", "status", "finished_at", "deadline", "bot_due_at",
                              "to_act_since"])
    MoveRecord.objects.create(
        match=match, seq=match.version, seat=mine.index, action=action, events=events,
        actor=actor, client_action_id=client_action_id,
    )
    _notify(match, events, seats=seats, state=new_state)
    return ActionOutcome(match.version, mine.index, visible_events(events, mine.index), False)


def seat_resume(*, tenant, user, match_id) -> Seat:
    """The owner is back: clears their seat's ``bot_takeover`` and time-out count (a no-op
    when there is none). Raises 403 ``not_member`` / ``not_seated``, 404
    ``match_not_found``, 409 ``match_not_active``."""
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        seats = _seats(match)
        mine = next((s for s in seats if s.user_id == user.pk and not s.is_bot), None)
        if mine is None:
            raise ServiceError("not_seated", NOT_SEATED, 403)
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("match_not_active", MATCH_NOT_ACTIVE, 409)
        if mine.bot_takeover or mine.timeouts_in_row:
            mine.bot_takeover = False
            mine.timeouts_in_row = 0
            mine.save(update_fields=["bot_takeover", "timeouts_in_row"])
            _rearm_bot(match, seats)
            _bump_and_notify(match)
    return mine


def match_abort(*, match_id, by) -> Match:
    """Calls off an open or active match (moderators, from the admin, which checks who may).
    ``by``: the user doing it, for the log. Raises 404 ``match_not_found``, 409
    ``match_over`` for a finished or aborted match."""
    mid = parse_id(match_id, "match_id")
    with transaction.atomic():
        match = _lock(mid, None)
        if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise ServiceError("match_over", MATCH_OVER, 409)
        _end(match, Match.Status.ABORTED)
        _bump_and_notify(match)
    log.info("match %s aborted by %s", mid, getattr(by, "pk", by))
    return match


def seat_hand_to_bot(*, match_id, seat_index, kind=None) -> Seat:
    """Gives a seat to a bot of ``kind`` for good (moderators, from the admin); None means the
    game's strongest bot (``takeover_bot_kind``). In an active match the seat keeps its
    ``user`` as the record of who sat there, but that person can no longer act for it.
    Raises 400 ``invalid_seat_index`` / ``unknown_bot_kind``, 404 ``match_not_found``, 409
    ``match_over``."""
    mid = parse_id(match_id, "match_id")
    with transaction.atomic():
        match = _lock(mid, None)
        if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise ServiceError("match_over", MATCH_OVER, 409)
        seats = _seats(match)
        seat = seats[_seat_index(seat_index, len(seats))]
        engine = _engine(match.game)
        bots = engine.bots()
        if kind is None:
            kind = takeover_bot_kind(engine)
        if not isinstance(kind, str) or kind not in bots:
            raise ServiceError("unknown_bot_kind", BOT_KIND_UNKNOWN, 400, "kind")
        seat.bot_kind = kind
        seat.bot_takeover = False
        seat.timeouts_in_row = 0
        if match.status == Match.Status.OPEN:
            seat.user = None
        seat.save(update_fields=["bot_kind", "bot_takeover", "timeouts_in_row", "user"])
        if match.status == Match.Status.ACTIVE:
            _rearm_bot(match, seats)
        _bump_and_notify(match)
    return seat


def takeover_bot_kind(engine: Engine) -> str:
    """The bot kind that plays for an absent person: the strongest, i.e. the last kind that
    ``engine.bots()`` lists (the protocol orders them weakest first)."""
    return list(engine.bots())[-1]


# --- helpers ----------------------------------------------------------------------------------


def _member(*, user, tenant) -> None:
    from gameplatform.tenants.services import membership_require

    membership_require(user=user, tenant=tenant)


def _join_tenant_by_invite(*, user, tenant, code) -> None:
    from gameplatform.tenants.models import Invitation, Membership
    from gameplatform.tenants.services import membership_join_by_invite

    if not isinstance(code, str) or not code.strip() or tenant is None:
        raise ServiceError("invite_not_found", INVITE_CODE_INVALID, 404, "invite_code")
    if user is not None and getattr(user, "is_authenticated", False):
        if Membership.objects.filter(user=user, tenant=tenant).exists():
            return  # already in: keep the code for someone else
    if not Invitation.objects.filter(code=code.strip(), tenant=tenant).exists():
        raise ServiceError("invite_not_found", INVITE_CODE_INVALID, 404, "invite_code")
    membership_join_by_invite(user=user, code=code)


def _engine(slug) -> Engine:
    if not isinstance(slug, str):
        raise ServiceError("unknown_game", GAME_UNKNOWN, 400, "game")
    try:
        return registry.get_engine(slug)
    except registry.UnknownGame:
        raise ServiceError("unknown_game", GAME_UNKNOWN, 400, "game")


def _validated_options(engine: Engine, raw: dict, specs: list[SeatSpec]) -> dict:
    try:
        validated = engine.validate_options(raw)
        engine.validate_seats(validated, specs)
    except OptionsError as exc:
        name = f"options.{exc.field}" if exc.field and exc.field != "seats" else (exc.field or "options")
        raise ServiceError("invalid_options", exc.message, 400, name)
    except (TypeError, ValueError, KeyError, AttributeError):
        log.exception("engine %s crashed validating options %r", engine.slug, raw)
        raise ServiceError("invalid_options", OPTIONS_INVALID, 400, "options")
    return validated


def _check_turn_seconds(value) -> None:
    if value is None:
        return
    ok = (
        not isinstance(value, bool) and isinstance(value, int)
        and (LIVE_TURN_SECONDS[0] <= value <= LIVE_TURN_SECONDS[1]
             or ASYNC_TURN_SECONDS[0] <= value <= ASYNC_TURN_SECONDS[1])
    )
    if not ok:
        raise ServiceError("invalid_turn_seconds", TURN_SECONDS_INVALID, 400, "turn_seconds")


def _seat_index(value, count: int, *, field_name: str = "seat_index") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise ServiceError("invalid_seat_index", SEAT_INDEX_INVALID, 400, field_name)
    return value


def _lock(match_id: int, tenant) -> Match:
    """The match row, locked for this transaction; 404 if missing or of another tenant.

    No join in this query: PostgreSQL refuses FOR UPDATE on the nullable side of one."""
    match = Match.unscoped.select_for_update().filter(pk=match_id).first()
    if match is None or (tenant is not None and match.tenant_id != getattr(tenant, "pk", tenant)):
        raise ServiceError("match_not_found", MATCH_NOT_FOUND, 404)
    return match


def _seats(match: Match, *, users: bool = False) -> list[Seat]:
    seats = Seat.objects.filter(match_id=match.pk).order_by("index")
    return list(seats.select_related("user") if users else seats)


def _count_timeouts(seat: Seat, actor: str) -> None:
    """Issue 10: a person's action clears the takeover; a time-out of a person's seat
    counts, and the third in a row hands the seat to a bot. Saves only on change."""
    if actor == MoveRecord.Actor.USER:
        if seat.bot_takeover or seat.timeouts_in_row:
            seat.bot_takeover = False
            seat.timeouts_in_row = 0
            seat.save(update_fields=["bot_takeover", "timeouts_in_row"])
    elif actor == MoveRecord.Actor.TIMEOUT and seat.user_id is not None and not seat.is_bot:
        seat.timeouts_in_row = min(seat.timeouts_in_row + 1, 32767)
        if seat.timeouts_in_row >= TAKEOVER_AFTER_TIMEOUTS:
            seat.bot_takeover = True
        seat.save(update_fields=["bot_takeover", "timeouts_in_row"])


def _arm(match: Match, to_act, seats: list[Seat], now: datetime, *, restart_clock: bool = True) -> None:
    """Sets the next turn deadline and ``bot_due_at`` when a bot plays a seat in ``to_act``.
    The clock starts again unless ``restart_clock`` is False (the engine's
    ``clock_restarts`` said the running turn keeps its deadline, and the same seats act)."""
    if not to_act:
        match.deadline = None
        match.bot_due_at = None
        return
    if restart_clock or match.deadline is None:
        match.deadline = now + timedelta(seconds=match.turn_seconds) if match.turn_seconds else None
    bot_due = any(seats[i].bot_plays for i in to_act if 0 <= i < len(seats))
    match.bot_due_at = now + timedelta(seconds=settings.BOT_DELAY_SECONDS) if bot_due else None


def _rearm_bot(match: Match, seats: list[Seat]) -> None:
    """Recomputes ``bot_due_at`` after a seat changed hands (deadline unchanged)."""
    engine = _engine(match.game)
    to_act = engine.to_act(engine.decode(match.state))
    bot_due = any(seats[i].bot_plays for i in to_act if 0 <= i < len(seats))
    match.bot_due_at = timezone.now() + timedelta(seconds=settings.BOT_DELAY_SECONDS) if bot_due else None


def _end(match: Match, status: str, now: datetime | None = None) -> None:
    match.status = status
    match.finished_at = now or timezone.now()
    match.deadline = None
    match.bot_due_at = None


def _bump_and_notify(match: Match, events: list | None = None) -> None:
    """Saves the match with ``version + 1`` (a change clients must see) and notifies."""
    match.version += 1
    match.save()
    _notify(match, events or [])


def _notify(match: Match, events: list, *, seats: list[Seat] | None = None, state=None) -> None:
    """After commit: broadcast the change; schedule the turn timer and the bot's turn for
    this version (tasks for an older version find it stale and do nothing).

    ``seats`` (in index order, with users) and the decoded ``state``: what this transaction
    committed, handed to the broadcast so that it need not read and decode them again. The
    objects are this call's own: nothing changes them after the commit."""
    match_id, version = match.pk, match.version
    deadline, bot_due = match.deadline, match.bot_due_at is not None

    def broadcast():
        from gameplatform.realtime.broadcast import match_changed

        if seats is None or state is None:
            match_changed(match_id, version, events)
            return
        match_changed(match_id, version, events, table=SnapshotTable(match, seats, state))

    transaction.on_commit(broadcast, robust=True)
    if deadline is not None and deadline - timezone.now() <= TIMER_TASK_HORIZON:
        transaction.on_commit(lambda: scheduling.expire_turn_at(match_id, version, deadline), robust=True)
    if bot_due:
        transaction.on_commit(lambda: scheduling.bot_turn_after(match_id, version, settings.BOT_DELAY_SECONDS),
                              robust=True)
