"""People's writes on tournaments (issue 28, points 3 and 5): create, register, withdraw, and the
moderators' pause, resume, cancel, remove a player, pair a round again, adjudicate a table.

Every function is keyword-only, takes the acting ``user`` and the request's ``tenant`` (a
tournament of another community is 404, as a match is) and raises ``ServiceError(code,
message, status, field)`` for what it refuses; a refusal changes nothing. Moderators' actions
land in the community's audit trail (``tenants.audit``). What the worker does is ``lifecycle``;
each write here asks it to do what became due (``lifecycle.advance``) after commit.
"""
from __future__ import annotations

import datetime
import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError
from gameplatform.core.taskqueue import task_send
from gameplatform.matches.models import Match
from gameplatform.matches.seated import table_settings_check
from gameplatform.matches.selectors import parse_id
from gameplatform.matches.services import match_abort
from gameplatform.tenants.audit import audit_record
from gameplatform.tenants.closing import tenant_check_open
from gameplatform.tenants.models import AuditEntry
from gameplatform.tenants.moderation import check_moderator, reason_clean
from gameplatform.tenants.selectors import user_can_moderate
from gameplatform.tenants.services import membership_require
from gameplatform.tournaments import lifecycle, live, pairing
from gameplatform.tournaments.models import Entry, Tournament, TournamentRound, TournamentTable

ADVANCE_TASK = "gameplatform.tournaments.tasks.tournament_advance"

NOT_FOUND = N_("No tournament of this community has that id.")
NOT_ALLOWED = N_("Only the community's moderators may create tournaments here.")
NAME_INVALID = N_("Field 'name' must be text of 1 to 80 characters.")
FORMAT_INVALID = N_("Field 'format' must be one of: swiss, round_robin, knockout.")
ROUNDS_INVALID = N_("Field 'rounds' must be a whole number from 1 to 20.")
ROUND_ROBIN_SIZE = N_("A round robin needs tables of 2 players or more; its rounds follow from the field.")
ADVANCE_INVALID = N_("Field 'advance' must be a whole number from 1 to the table size minus one.")
MAX_PLAYERS_INVALID = N_("Field 'max_players' must be a whole number from 2 to 512.")
POINTS_INVALID = N_("Field 'place_points' must be a list of one number per place, best first.")
BYE_INVALID = N_("Field 'bye_points' must be a number from 0 to 10.")
ROUND_HOURS_INVALID = N_("Field 'round_hours' must be a whole number of hours from 1 to 2160.")
START_INVALID = N_("Give 'starts_at' (a time in the future) or 'start_when_full' (or both).")
FLAG_INVALID = N_("Field '{field}' must be true or false.")
NOT_REGISTRATION = N_("Registration for this tournament is closed.")
FULL = N_("The tournament is full.")
ALREADY = N_("You are already registered.")
NOT_REGISTERED = N_("You are not registered in this tournament.")
OVER = N_("The tournament is over.")
NOT_RUNNING = N_("Only a running tournament can be paused.")
NOT_PAUSED = N_("Only a paused tournament can be resumed.")
NOT_PENDING = N_("Only a round paired and not yet started can be paired again (pause the tournament first).")
TABLE_UNKNOWN = N_("No table of this tournament's current round has that index.")
PLACES_INVALID = N_("Field 'places' must give each player of the table a place from 1 to the table's size.")

MAX_PLAYERS, MAX_ROUNDS, MAX_ROUND_HOURS = 512, 20, 2160


def _fail(code: str, message: str, status: int = 400, name: str | None = None, **params) -> ServiceError:
    return ServiceError(code, _(message).format(**params), status, name)


def _get(tenant, tournament_id, *, lock: bool = False) -> Tournament:
    tid = parse_id(tournament_id, "tournament_id")
    qs = Tournament.objects.for_tenant(tenant)
    if lock:
        qs = qs.select_for_update()
    tournament = qs.filter(pk=tid).first() if tenant is not None else None
    if tournament is None:
        raise _fail("tournament_not_found", NOT_FOUND, 404)
    return tournament


def _advance_later(tournament_id: int) -> None:
    """After commit: the worker's ``advance`` (what became due) and the pages' update."""
    live.changed_later(tournament_id)

    def send() -> None:
        try:
            task_send(ADVANCE_TASK, (tournament_id,))
        except Exception:  # the broker away: the sweep advances it
            pass
    transaction.on_commit(send)


def _int(value: Any, low: int, high: int, code: str, message: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(code, message, 400, field)
    return value


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"invalid_{field}", FLAG_INVALID, 400, field, field=field)
    return value


def _points(value: Any, table_size: int) -> list[float]:
    if value is None:
        return []
    ok = isinstance(value, list) and len(value) == table_size and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100 for v in value)
    if not ok:
        raise _fail("invalid_place_points", POINTS_INVALID, 400, "place_points")
    return [float(v) for v in value]


def tournament_create(*, tenant, user, name: Any, game: Any, format: Any = "swiss", rounds: Any = 3,
                      table_size: Any = 2, double_round_robin: Any = False, advance: Any = 1,
                      place_points: Any = None, bye_points: Any = 1, options: Any = None, variant_id: Any = None,
                      time_control: Any = None, turn_seconds: Any = None, bank_minutes: Any = None,
                      increment_seconds: Any = None, days_per_move: Any = None, round_hours: Any = 24,
                      rated: Any = False, starts_at: Any = None, start_when_full: Any = False,
                      max_players: Any = 16) -> Tournament:
    """Creates a tournament open for registration (point 3). Who: the community's moderators,
    or any member when ``tenant.tournaments_by_members``. ``starts_at`` (an aware datetime in
    the future) and/or ``start_when_full`` say when the worker starts it. The tables' settings
    are a lobby match's (``matches.seated.table_settings_check``). Raises 403 ``not_member`` /
    ``not_allowed``, 400 naming the field: ``invalid_name``, ``invalid_format``,
    ``invalid_rounds``, ``invalid_seats`` (``table_size``), ``invalid_advance``,
    ``invalid_place_points``, ``invalid_bye_points``, ``invalid_round_hours``,
    ``invalid_max_players``, ``invalid_start``, ``invalid_<flag>`` and the lobby's codes."""
    membership_require(user=user, tenant=tenant)
    tenant_check_open(tenant)
    if not tenant.tournaments_by_members and not user_can_moderate(user=user, tenant=tenant):
        raise _fail("not_allowed", NOT_ALLOWED, 403)
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 80:
        raise _fail("invalid_name", NAME_INVALID, 400, "name")
    if format not in Tournament.Format.values:
        raise _fail("invalid_format", FORMAT_INVALID, 400, "format")
    rounds = _int(rounds, 1, MAX_ROUNDS, "invalid_rounds", ROUNDS_INVALID, "rounds")
    settings = table_settings_check(
        tenant=tenant, game=game, seats=table_size, options=options, variant_id=variant_id,
        time_control=time_control, turn_seconds=turn_seconds, bank_minutes=bank_minutes,
        increment_seconds=increment_seconds, days_per_move=days_per_move)
    if format == Tournament.Format.KNOCKOUT:
        advance = _int(advance, 1, table_size - 1, "invalid_advance", ADVANCE_INVALID, "advance")
    else:
        advance = 1
    points = _points(place_points, table_size)
    if isinstance(bye_points, bool) or not isinstance(bye_points, (int, float)) or not 0 <= bye_points <= 10:
        raise _fail("invalid_bye_points", BYE_INVALID, 400, "bye_points")
    round_hours = _int(round_hours, 1, MAX_ROUND_HOURS, "invalid_round_hours", ROUND_HOURS_INVALID, "round_hours")
    max_players = _int(max_players, 2, MAX_PLAYERS, "invalid_max_players", MAX_PLAYERS_INVALID, "max_players")
    start_when_full = _flag(start_when_full, "start_when_full")
    rated = _flag(rated, "rated")
    double = _flag(double_round_robin, "double_round_robin")
    if starts_at is not None and (not isinstance(starts_at, datetime.datetime) or timezone.is_naive(starts_at)
                                  or starts_at <= timezone.now()):
        raise _fail("invalid_start", START_INVALID, 400, "starts_at")
    if starts_at is None and not start_when_full:
        raise _fail("invalid_start", START_INVALID, 400, "starts_at")
    with transaction.atomic():
        tournament = Tournament.objects.for_tenant(tenant).create(
            tenant=tenant, name=name.strip(), game=game, format=format, rounds=rounds, table_size=table_size,
            double_round_robin=double, advance=advance, place_points=points, bye_points=float(bye_points),
            round_hours=round_hours, rated=rated, starts_at=starts_at, start_when_full=start_when_full,
            max_players=max_players, seed=secrets.randbits(62), created_by=user, **settings)
        audit_record(tenant=tenant, actor=user, action=AuditEntry.Action.TOURNAMENT_CREATE,
                     subject=f"tournament:{tournament.pk}", details={"name": tournament.name, "game": game})
    return tournament


def tournament_register(*, tenant, user, tournament_id) -> Entry:
    """Registers ``user`` (a member) until the start; again after a withdrawal. Raises 404,
    409 ``registration_closed`` / ``tournament_full`` / ``already_registered``."""
    membership_require(user=user, tenant=tenant)
    with transaction.atomic():
        tournament = _get(tenant, tournament_id, lock=True)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise _fail("registration_closed", NOT_REGISTRATION, 409)
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None and entry.active:
            raise _fail("already_registered", ALREADY, 409)
        if Entry.objects.filter(tournament=tournament, withdrawn_at__isnull=True).count() >= tournament.max_players:
            raise _fail("tournament_full", FULL, 409)
        if entry is None:
            entry = Entry.objects.create(tournament=tournament, user=user)
        else:
            entry.withdrawn_at, entry.removed = None, False
            entry.save(update_fields=["withdrawn_at", "removed"])
        _advance_later(tournament.pk)  # full and "start when full": it starts
    return entry


def _forfeit_open_tables(tournament: Tournament, user_id: int, reason: str) -> None:
    """The player's tables still playing in the current round: their match is aborted (by the
    site) and the table decided by forfeit at the next advance."""
    tables = TournamentTable.objects.filter(round__tournament=tournament, places__isnull=True,
                                            match__status=Match.Status.ACTIVE)
    for table in (t for t in tables if user_id in t.players):  # JSON "contains" is PostgreSQL's only
        match_abort(match_id=table.match_id, by=None, reason=reason)


def tournament_withdraw(*, tenant, user, tournament_id) -> Entry:
    """``user`` leaves: before the start the entry is simply withdrawn; once running they
    forfeit their remaining games and are never paired again (point 3). Raises 404, 409
    ``not_registered`` / ``tournament_over``."""
    with transaction.atomic():
        tournament = _get(tenant, tournament_id, lock=True)
        return _withdraw(tournament, user.pk, removed=False, reason="The player withdrew from the tournament.")


def _withdraw(tournament: Tournament, user_id: int, *, removed: bool, reason: str) -> Entry:
    if tournament.is_over:
        raise _fail("tournament_over", OVER, 409)
    entry = Entry.objects.filter(tournament=tournament, user_id=user_id, withdrawn_at__isnull=True).first()
    if entry is None:
        raise _fail("not_registered", NOT_REGISTERED, 409)
    entry.withdrawn_at, entry.removed = timezone.now(), removed
    entry.save(update_fields=["withdrawn_at", "removed"])
    if tournament.status != Tournament.Status.REGISTRATION:
        _forfeit_open_tables(tournament, user_id, reason)
        _advance_later(tournament.pk)
    return entry


# --- moderation (point 5) --------------------------------------------------------------------


def _moderated(tenant, user, tournament_id) -> Tournament:
    check_moderator(by=user, tenant=tenant)
    tournament = _get(tenant, tournament_id, lock=True)
    if tournament.is_over:
        raise _fail("tournament_over", OVER, 409)
    return tournament


def _audit(tournament: Tournament, user, action: str, reason: str, target=None, **details) -> None:
    audit_record(tenant=tournament.tenant, actor=user, action=action, subject=f"tournament:{tournament.pk}",
                 reason=reason, details=details, target=target)


def tournament_pause(*, tenant, user, tournament_id, reason: object = "") -> Tournament:
    """Pauses a running tournament: matches in play go on, the next round is paired but not
    started until ``tournament_resume``. Raises 403 ``not_moderator``, 404, 409."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        if tournament.status != Tournament.Status.RUNNING:
            raise _fail("tournament_not_running", NOT_RUNNING, 409)
        tournament.status = Tournament.Status.PAUSED
        tournament.save(update_fields=["status"])
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_PAUSE, reason)
        live.changed_later(tournament.pk)
    return tournament


def tournament_resume(*, tenant, user, tournament_id, reason: object = "") -> Tournament:
    """Resumes a paused tournament (a paired round starts now). Raises 403, 404, 409."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        if tournament.status != Tournament.Status.PAUSED:
            raise _fail("tournament_not_paused", NOT_PAUSED, 409)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_RESUME, reason)
        _advance_later(tournament.pk)
    return tournament


def tournament_cancel(*, tenant, user, tournament_id, reason: object = "") -> Tournament:
    """Cancels a tournament: its matches still in play are aborted; its pages stay readable.
    Raises 403, 404, 409 ``tournament_over``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        for table in TournamentTable.objects.filter(round__tournament=tournament, match__status=Match.Status.ACTIVE):
            match_abort(match_id=table.match_id, by=user, reason=reason or "The tournament was cancelled.")
        tournament.status = Tournament.Status.CANCELLED
        tournament.note = reason[:200]
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "note", "finished_at"])
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_CANCEL, reason)
        live.changed_later(tournament.pk)
    return tournament


def tournament_remove_player(*, tenant, user, tournament_id, user_id, reason: object = "") -> Entry:
    """Removes a player (as a withdrawal: forfeits, never paired again). Raises 403, 404, 409
    ``not_registered``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        uid = parse_id(user_id, "user_id")
        entry = _withdraw(tournament, uid, removed=True, reason=reason or "Removed by a moderator.")
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_REMOVE, reason, target=entry.user)
    return entry


def tournament_repair(*, tenant, user, tournament_id, reason: object = "") -> TournamentRound:
    """Pairs the current round again while it is paired and not started (a paused
    tournament), with another draw (the seed moves on). Raises 403, 404, 409
    ``round_not_pending``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        rnd = TournamentRound.objects.filter(tournament=tournament, number=tournament.current_round,
                                             started_at__isnull=True).first()
        if rnd is None or tournament.status != Tournament.Status.PAUSED:
            raise _fail("round_not_pending", NOT_PENDING, 409)
        before = [t.players for t in rnd.tables.order_by("index")]
        tournament.seed = (tournament.seed + 7919) % (1 << 62)
        tournament.save(update_fields=["seed"])
        drawn: pairing.Round = lifecycle.pair(tournament, rnd.number)
        rnd.tables.all().delete()
        rnd.byes = [int(p) for p in drawn.byes]
        rnd.save(update_fields=["byes"])
        TournamentTable.objects.bulk_create([TournamentTable(round=rnd, index=i, players=[int(p) for p in t])
                                             for i, t in enumerate(drawn.tables)])
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_REPAIR, reason, round=rnd.number,
               before=before, after=[[int(p) for p in t] for t in drawn.tables])
        live.changed_later(tournament.pk)
    return rnd


def tournament_adjudicate(*, tenant, user, tournament_id, table_index, places, reason: object = "") -> TournamentTable:
    """Decides a stuck table of the current round: ``places`` (one per seat, 1 = best, ties
    share); its match, if still in play, is aborted. Raises 403, 404, 409, 400
    ``invalid_table`` / ``invalid_places``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        tournament = _moderated(tenant, user, tournament_id)
        table = TournamentTable.objects.filter(round__tournament=tournament, round__number=tournament.current_round,
                                               index=table_index if isinstance(table_index, int) else -1).first()
        if table is None or isinstance(table_index, bool):
            raise _fail("invalid_table", TABLE_UNKNOWN, 400, "table_index")
        n = len(table.players)
        if not isinstance(places, list) or len(places) != n or not all(
                isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= n for p in places):
            raise _fail("invalid_places", PLACES_INVALID, 400, "places")
        if table.match_id and table.match.status == Match.Status.ACTIVE:
            match_abort(match_id=table.match_id, by=user, reason=reason or "Adjudicated by a moderator.")
        table.places, table.adjudicated = list(places), True
        table.save(update_fields=["places", "adjudicated"])
        _audit(tournament, user, AuditEntry.Action.TOURNAMENT_ADJUDICATE, reason, round=tournament.current_round,
               table=table.index, places=list(places))
        _advance_later(tournament.pk)
    return table
