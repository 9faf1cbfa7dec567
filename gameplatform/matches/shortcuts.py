"""The lobby's shortcuts (issue 8, "Lobby flow"), built on the services: play against bots at
once, fill the empty seats with bots, and a rematch with the seats rotated.

Keyword-only and refusing with ``ServiceError`` like every service; each is one transaction
(the services they call join it) and notifies after commit through them.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError
from gameplatform.matches import services
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import parse_id
from gameplatform.matches.turns import _bump_and_notify, _engine, _lock, _member, _seats

NOT_FINISHED = gettext_noop("A rematch can be asked for once the match is over.")
NOT_A_PLAYER = gettext_noop("Only the players of a match may ask for its rematch.")
NO_FREE_SEAT = gettext_noop("Every seat is taken already.")


def match_play_bots_now(*, tenant, user, game, seats=None, kind=None) -> Match:
    """A match of ``game`` against bots, started at once: ``user`` at seat 0 and bots of
    ``kind`` (default: the game's strongest) in the other ``seats - 1`` seats (default: the
    game's smallest table), with the game's quick-start options (``quick_start_options``: its
    shortest variant, a first try). Raises what ``match_create`` and ``match_start`` raise,
    and 400 ``unknown_bot_kind``."""
    engine = _engine(game)
    seats = engine.min_seats if seats is None else seats
    with transaction.atomic():
        # Against bots only: unrated, with hints on offer (issue 30, point 4).
        match = services.match_create(tenant=tenant, user=user, game=game, seats=seats,
                                      options=engine.quick_start_options(), rated=False, hints=True)
        seats_fill_with_bots(tenant=tenant, user=user, match_id=match.pk, kind=kind)
        return services.match_start(tenant=tenant, user=user, match_id=match.pk)


def seats_fill_with_bots(*, tenant, user, match_id, kind=None) -> int:
    """Every empty seat of an open match gets a bot of ``kind`` (default: the strongest);
    only its creator may. Returns the number of seats filled (0 changes nothing). Raises
    400 ``unknown_bot_kind``, 403 ``not_member`` / ``not_creator``, 404 ``match_not_found``,
    409 ``match_not_open``."""
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        match = _lock(mid, tenant)
        if match.created_by_id != user.pk:
            raise ServiceError("not_creator", services.NOT_CREATOR, 403)
        if match.status != Match.Status.OPEN:
            raise ServiceError("match_not_open", services.MATCH_NOT_OPEN, 409)
        engine = _engine(match.game)
        kind = services.takeover_bot_kind(engine) if kind is None else kind
        if not isinstance(kind, str) or kind not in engine.bots():
            raise ServiceError("unknown_bot_kind", services.BOT_KIND_UNKNOWN, 400, "kind")
        empty = [s.pk for s in _seats(match) if s.user_id is None and not s.bot_kind]
        if empty:
            Seat.objects.filter(pk__in=empty).update(bot_kind=kind)
            _bump_and_notify(match)
    return len(empty)


def match_rematch(*, tenant, user, match_id) -> Match:
    """The rematch of a finished match, asked for by one of its players: the same game,
    options, rule variant, time, teams and rated choice, each player and bot one seat further round the
    table (seat i's occupant sits at i + 1). The first to ask creates it (open, with the bots
    seated and the asker in their seat; the other people's seats wait for them); the others
    who ask get the same match and their seat if it is still free. Raises 403 ``not_member``
    / ``not_a_player``, 404 ``match_not_found``, 409 ``match_not_finished`` / ``match_full``."""
    mid = parse_id(match_id, "match_id")
    _member(user=user, tenant=tenant)
    with transaction.atomic():
        old = _lock(mid, tenant)
        if old.status != Match.Status.FINISHED:
            raise ServiceError("match_not_finished", NOT_FINISHED, 409)
        seats = _seats(old)
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is None:
            raise ServiceError("not_a_player", NOT_A_PLAYER, 403)
        n = len(seats)
        target = (mine.index + 1) % n
        new = Match.unscoped.filter(rematch_of=old).first()
        if new is None:
            layout = _layout_name(old, seats)
            new = services.match_create(tenant=tenant, user=user, game=old.game, seats=n, team_layout=layout,
                                        options=old.options, turn_seconds=old.turn_seconds, title=old.title,
                                        rated=old.rated, time_control=old.time_control,
                                        bank_minutes=old.bank_minutes,
                                        increment_seconds=old.increment_seconds,
                                        days_per_move=old.days_per_move, hints=old.hints)
            new.variant = old.variant
            new.rematch_of = old
            new.save(update_fields=["variant", "rematch_of"])
            new_seats = _seats(new)
            new_seats[0].user = None
            new_seats[0].save(update_fields=["user"])
            for s in seats:
                if s.bot_kind and s.user_id is None:
                    Seat.objects.filter(pk=new_seats[(s.index + 1) % n].pk).update(bot_kind=s.bot_kind)
        seat = Seat.objects.select_for_update().get(match=new, index=target)
        if seat.user_id != user.pk:
            if seat.user_id is not None or seat.bot_kind:
                raise ServiceError("match_full", NO_FREE_SEAT, 409)
            seat.user = user
            seat.save(update_fields=["user"])
        _bump_and_notify(_lock(new.pk, tenant))
    return new


def _layout_name(match: Match, seats: list[Seat]) -> str:
    """The team layout name of ``match``'s seats (rotating seats keeps the layout)."""
    teams = [s.team for s in seats]
    for name, layout in _engine(match.game).team_layouts(len(seats)).items():
        if list(layout) == teams:
            return name
    return "none"
