"""Writes for matches: the lobby, the start, and moderation; the turn itself (``submit_action``,
one transaction per action) is in turns.py and part of this module's API.

Every function is keyword-only and raises ``ServiceError(code, message, status, field)`` for
anything it refuses (400 malformed, 403 not allowed, 404 missing or another tenant's match,
409 stale version or wrong state); user input never raises anything else and a refusal never
changes anything. Services reached by a person take ``tenant`` and ``user`` and check the
membership (``tenants.services.membership_require``); tasks pass ids and are checked against
the match itself.

``Match.version`` counts every change a client could notice (turns.py).
"""
from __future__ import annotations

import logging
import secrets

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from gameplatform.core import events as domain
from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.matches import audit, clocks
from gameplatform.matches.inputs import (  # noqa: F401  (the texts tests and callers name)
    ACTION_INVALID,
    ACTION_TOO_LARGE,
    CLIENT_ACTION_ID_INVALID,
    VERSION_INVALID,
)
from gameplatform.matches.models import Match, RuleVariant, Seat, seed_commitment
from gameplatform.matches.selectors import parse_id, setup_events
from gameplatform.matches.turns import (  # noqa: F401  (the turn is part of the services API)
    ACTION_MALFORMED,
    ACTOR_INVALID,
    ACTORS,
    CLIENT_ACTION_ID_REUSED,
    GAME_UNKNOWN,
    MATCH_NOT_ACTIVE,
    NOT_BOT_SEAT,
    NOT_SEATED,
    NOT_YOUR_TURN,
    SEAT_INDEX_INVALID,
    SEAT_NOT_FOR_PEOPLE,
    SEAT_PLAYED_BY_BOT,
    STALE_VERSION,
    TAKEOVER_AFTER_TIMEOUTS,
    ActionOutcome,
    _arm,
    _bump_and_notify,
    _end,
    _engine,
    _lock,
    _member,
    _rearm_bot,
    _seat_index,
    _seats,
    submit_action,
    takeover_bot_kind,
)
from gameplatform.tenants.closing import tenant_check_open
from gameplatform.tenants.models import Invitation, Membership
from gameplatform.tenants.moderation import reason_clean
from gameplatform.tenants.services import membership_join_by_invite
from games.protocol import Engine, OptionsError, SeatSpec

log = logging.getLogger(__name__)

# Turn timer (issue 10), seconds per turn: None = unlimited, else live or asynchronous.
LIVE_TURN_SECONDS = (30, 600)
ASYNC_TURN_SECONDS = (3600, 604800)
MAX_TITLE_LENGTH = 80

SEATS_INVALID = _("{game} is played by {low} to {high} players.")
TEAM_LAYOUT_INVALID = gettext_noop("That team layout does not exist for this number of players.")
OPTIONS_NOT_OBJECT = gettext_noop("Options must be a JSON object.")
OPTIONS_INVALID = gettext_noop("These options are not valid for this game.")
VARIANT_UNKNOWN = gettext_noop("That rule variant does not exist for this game in this community.")
TURN_SECONDS_INVALID = (
    "Turn time must be unlimited, 30 to 600 seconds (live) or 3600 to 604800 seconds (asynchronous)."
)
TITLE_INVALID = f"The title must be text of at most {MAX_TITLE_LENGTH} characters."
INVITE_CODE_INVALID = gettext_noop("No invitation of this community has that code.")
MATCH_NOT_OPEN = gettext_noop("The match has already started.")
MATCH_OVER = gettext_noop("The match is already over.")
MATCH_FULL = gettext_noop("Every seat is taken.")
ALREADY_SEATED = gettext_noop("You already have a seat at this match.")
NOT_CREATOR = gettext_noop("Only the player who created the match may do that.")
SEAT_TAKEN = gettext_noop("Another player sits there.")
BOT_KIND_UNKNOWN = gettext_noop("This game has no bot of that kind.")
SEATS_NOT_FILLED = gettext_noop("Every seat needs a player or a bot before the match can start.")
GAME_NOT_OFFERED = gettext_noop("This community does not offer that game: choose one of its games.")
RATED_INVALID = gettext_noop("rated must be true, false or null (null: rated unless a bot plays).")
HINTS_INVALID = gettext_noop("hints must be true or false.")
HINTS_NEED_UNRATED = gettext_noop("Hints are offered only in unrated matches: choose Unrated to offer them.")


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
    rated=None,
    time_control=None,
    bank_minutes=None,
    increment_seconds=None,
    days_per_move=None,
    hints=False,
) -> Match:
    """Opens a match of ``game`` with ``seats`` seats; the creator takes seat 0.

    ``team_layout``: a name from ``engine.team_layouts(seats)``. ``options`` are merged over
    the preset of ``variant_id`` (a RuleVariant of this game, global or of this tenant) and
    validated by the engine. ``turn_seconds``: None (unlimited), 30-600 (live) or
    3600-604800 (asynchronous); a game whose rules set the time (``engine.clock_seconds``)
    takes its own. The time control (issue 13, ``clocks.time_control_check``):
    ``time_control`` "turn" (None: the default, with ``turn_seconds``), "fischer"
    (``bank_minutes`` 1-180, default 10, and ``increment_seconds`` 0-120, default 5) or
    "correspondence" (``days_per_move`` 1-30, default 3). ``rated`` (issue 13): None (the default) rates the match when no bot sits
    at the table at the start; True rates it, counting only the people; False never. ``hints``
    (issue 30, point 4): True offers hints to its players (whoever joins agrees); only with
    ``rated`` False. Raises
    ``ServiceError`` 403 ``not_member`` and 400 naming the field: ``unknown_game``,
    ``game_not_offered`` (a game the community does not offer, ``tenant.games``),
    ``invalid_seats``, ``invalid_team_layout``, ``invalid_options`` (field
    ``options.<name>``), ``unknown_variant``, ``invalid_turn_seconds``, ``invalid_title``,
    ``invalid_rated``, ``invalid_hints``, ``hints_need_unrated``, ``invalid_time_control``, ``invalid_bank_minutes``,
    ``invalid_increment_seconds``, ``invalid_days_per_move``.
    """
    _member(user=user, tenant=tenant)
    tenant_check_open(tenant)  # issue 27, point 4: none during a closing's notice or after
    engine = _engine(game)
    if tenant.games and game not in tenant.games:  # issue 27: the community's own choice of games
        raise ServiceError("game_not_offered", GAME_NOT_OFFERED, 400, "game")
    n = seats
    teams = _teams(engine, seats, team_layout)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("invalid_options", OPTIONS_NOT_OBJECT, 400, "options")
    variant = _variant(tenant=tenant, game=game, variant_id=variant_id)
    raw = {**(variant.options if variant and isinstance(variant.options, dict) else {}), **options}
    validated = _validated_options(engine, raw, [SeatSpec(team=t) for t in teams])
    _check_turn_seconds(turn_seconds)
    # The game's own rules may set the time (an hourglass option): then only time per turn.
    timing = clocks.time_control_check(
        time_control=time_control, turn_seconds=turn_seconds, bank_minutes=bank_minutes,
        increment_seconds=increment_seconds, days_per_move=days_per_move,
        own_clock=engine.clock_seconds(validated),
    )
    if title is None:
        title = ""
    if not isinstance(title, str) or len(title.strip()) > MAX_TITLE_LENGTH or "\x00" in title:
        raise ServiceError("invalid_title", TITLE_INVALID, 400, "title")
    if rated is not None and not isinstance(rated, bool):
        raise ServiceError("invalid_rated", RATED_INVALID, 400, "rated")
    if not isinstance(hints, bool):
        raise ServiceError("invalid_hints", HINTS_INVALID, 400, "hints")
    if hints and rated is not False:
        raise ServiceError("hints_need_unrated", HINTS_NEED_UNRATED, 400, "hints")
    with transaction.atomic():
        match = Match.unscoped.create(
            tenant=tenant, game=game, title=title.strip(), options=validated, variant=variant,
            created_by=user, rated=rated, hints=hints, **timing,
        )
        Seat.objects.bulk_create(
            [Seat(match=match, index=i, team=teams[i], user=user if i == 0 else None) for i in range(n)]
        )
    return match


def _teams(engine, seats, team_layout) -> list:
    """The team of each seat for ``seats`` seats in ``team_layout``; raises 400
    ``invalid_seats`` or ``invalid_team_layout``."""
    if isinstance(seats, bool) or not isinstance(seats, int) or not engine.min_seats <= seats <= engine.max_seats:
        raise ServiceError(
            "invalid_seats",
            SEATS_INVALID.format(game=engine.name, low=engine.min_seats, high=engine.max_seats),
            400, "seats",
        )
    layouts = engine.team_layouts(seats)
    if not isinstance(team_layout, str) or team_layout not in layouts:
        raise ServiceError("invalid_team_layout", TEAM_LAYOUT_INVALID, 400, "team_layout")
    return list(layouts[team_layout])


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
    tenant_check_open(tenant)
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

    Draws the seed with ``secrets``, publishes ``seed_commitment(seed)``, decides
    ``Match.rated`` when the lobby left it to the default (rated unless a bot plays), runs
    ``engine.setup``, sets the first deadline and, after commit, broadcasts the start (with
    the engine's ``setup_events`` when it has them) and schedules the timer and bot tasks.
    Raises 403 ``not_member`` / ``not_creator``, 404 ``match_not_found``, 409
    ``match_not_open`` / ``seats_not_filled``, 400 ``invalid_options``.
    """
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    tenant_check_open(tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", NOT_CREATOR, 403)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        seats = _seats(match)
        if any(s.user_id is None and not s.bot_kind for s in seats):
            raise ServiceError("seats_not_filled", SEATS_NOT_FILLED, 409)
        start_locked(match, seats)
    return match


def start_locked(match: Match, seats: list[Seat]) -> None:
    """The start itself, in the caller's transaction on the locked open ``match`` whose
    ``seats`` (index order) are all filled: what ``match_start`` describes after its checks.
    Also used by ``matches.seated`` (a tournament's tables). Raises 400 ``invalid_options``."""
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
    if match.rated is None:  # the lobby's default: rated unless a bot sits at the table
        match.rated = not any(s.bot_kind for s in seats)
    result = engine.result(state)
    if result is not None:  # a game over before the first move is odd, but legal
        match.result = result.to_json()
        _end(match, Match.Status.FINISHED, now)
    else:
        if clocks.uses_seat_clocks(match):
            clocks.clocks_init(match, seats)
            Seat.objects.bulk_update(seats, ["clock_ms", "clock_since"])
        _arm(match, engine.to_act(state), seats, now)
    match.to_act_since = match.version + 1  # the version this start produces
    _bump_and_notify(match, setup_events(engine, state), change=domain.MatchStarted)


def seat_resume(*, tenant, user, match_id) -> Seat:
    """The owner is back: clears their seat's ``bot_takeover`` and time-out count, and takes
    the seat back from the bot a moderator handed it to (issue 8: "a moderator's hand-over
    can be taken back by the player"); a no-op when there is none. Raises 403 ``not_member``
    / ``not_seated``, 404 ``match_not_found``, 409 ``match_not_active``."""
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        seats = _seats(match)
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is None:
            raise ServiceError("not_seated", NOT_SEATED, 403)
        if match.status != Match.Status.ACTIVE:
            raise ServiceError("match_not_active", MATCH_NOT_ACTIVE, 409)
        if mine.bot_takeover or mine.timeouts_in_row or mine.is_bot:
            if mine.bot_takeover or mine.is_bot:  # a seat handed back, not a mere count reset
                audit.record_seat(match=match, seat_index=mine.index, person=user, by=user, handed=False)
            mine.bot_takeover = False
            mine.timeouts_in_row = 0
            mine.bot_kind = ""
            mine.save(update_fields=["bot_takeover", "timeouts_in_row", "bot_kind"])
            _rearm_bot(match, seats)
            _bump_and_notify(match, facts=[(domain.SeatHandedBack, {"seat": mine.index})])
    return mine


def match_abort(*, match_id, by, reason: object = "") -> Match:
    """Calls off an open or active match (moderators, from the admin, which checks who may).
    ``by``: the user doing it (None: the site), recorded with ``reason`` in the community's
    audit trail (``match_abort``, subject ``match:<id>``; issue 27, point 3). Raises 404
    ``match_not_found``, 409 ``match_over`` for a finished or aborted match, 400
    ``invalid_reason`` for a reason over 200 characters."""
    mid = parse_id(match_id, "match_id")
    reason = reason_clean(reason)
    with transaction.atomic():
        match = _lock(mid, None)
        if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise ServiceError("match_over", MATCH_OVER, 409)
        _end(match, Match.Status.ABORTED)
        _bump_and_notify(match)
        audit.record_abort(match=match, by=by, reason=reason)
    log.info("match %s aborted by %s", mid, getattr(by, "pk", by))
    return match


def seat_release(*, match_id, user_id: int) -> None:
    """Frees the seat of person ``user_id`` in an open match, without a membership check (an
    account being deleted, issue 27 point 5); an open match they created is called off, as
    when its creator leaves. Raises 404 ``match_not_found``, 409 ``match_not_open``."""
    mid = parse_id(match_id, "match_id")
    with transaction.atomic():
        match = _lock(mid, None)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", MATCH_NOT_OPEN, 409)
        Seat.objects.filter(match_id=mid, user_id=user_id).update(user=None)
        if match.created_by_id == user_id:
            _end(match, Match.Status.ABORTED)
        _bump_and_notify(match)


def seat_hand_to_bot(*, match_id, seat_index, kind=None, by=None, reason: object = "") -> Seat:
    """Gives a seat to a bot of ``kind`` (moderators, from the admin); None means the game's
    strongest bot (``takeover_bot_kind``). Recorded in the audit trail (``seat_to_bot``, by
    ``by``, target the person who sat there, ``reason``; issue 27, point 3). In an active match the seat keeps its ``user`` as
    the record of who sat there; that person can no longer act for it until they take it
    back with ``seat_resume`` ("I'm back").
    Raises 400 ``invalid_seat_index`` / ``unknown_bot_kind``, 404 ``match_not_found``, 409
    ``match_over``."""
    mid = parse_id(match_id, "match_id")
    reason = reason_clean(reason)
    with transaction.atomic():
        match = _lock(mid, None)
        if match.status in (Match.Status.FINISHED, Match.Status.ABORTED):
            raise ServiceError("match_over", MATCH_OVER, 409)
        seats = _seats(match)
        seat = seats[_seat_index(seat_index, len(seats))]
        person = seat.user
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
        facts = []
        if match.status == Match.Status.ACTIVE:
            _rearm_bot(match, seats)
            facts.append((domain.SeatHandedOver, {"seat": seat.index, "bot_kind": kind}))
        _bump_and_notify(match, facts=facts)
        audit.record_seat(match=match, seat_index=seat.index, person=person, by=by, handed=True, bot_kind=kind,
                          reason=reason)
    return seat


# --- helpers ----------------------------------------------------------------------------------


def _join_tenant_by_invite(*, user, tenant, code) -> None:
    if not isinstance(code, str) or not code.strip() or tenant is None:
        raise ServiceError("invite_not_found", INVITE_CODE_INVALID, 404, "invite_code")
    if user is not None and getattr(user, "is_authenticated", False):
        if Membership.objects.filter(user=user, tenant=tenant).exists():
            return  # already in: keep the code for someone else
    if not Invitation.objects.filter(code=code.strip(), tenant=tenant).exists():
        raise ServiceError("invite_not_found", INVITE_CODE_INVALID, 404, "invite_code")
    membership_join_by_invite(user=user, code=code)


def _variant(*, tenant, game: str, variant_id) -> RuleVariant | None:
    """The active rule variant ``variant_id`` of ``game`` offered in ``tenant`` (or site-wide),
    None without one; 400 ``unknown_variant`` (field ``variant_id``) for any other id."""
    if variant_id is None:
        return None
    vid = parse_id(variant_id, "variant_id")
    variant = (
        RuleVariant.objects.filter(pk=vid, game=game, is_active=True)
        .filter(Q(tenant__isnull=True) | Q(tenant=tenant))
        .first()
    )
    if variant is None:
        raise ServiceError("unknown_variant", VARIANT_UNKNOWN, 400, "variant_id")
    return variant


def _validated_options(engine: Engine, raw: dict, specs: list[SeatSpec]) -> dict:
    try:
        validated = engine.validate_options(raw)
        engine.validate_seats(validated, specs)
    except OptionsError as exc:
        name = f"options.{exc.field}" if exc.field and exc.field != "seats" else (exc.field or "options")
        raise ServiceError("invalid_options", engine_text(exc.template, exc.params), 400, name)
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

