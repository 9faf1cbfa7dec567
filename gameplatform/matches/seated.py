"""Matches whose seats are given rather than taken in the lobby: a tournament's tables (issue 28,
point 3: "the worker ... creates the matches, seats the players").

``table_settings_check`` validates a table's settings once (when a tournament is created), in
the lobby's words and fields; ``match_start_seated`` then opens and starts one table with those
settings and its players, in one transaction, through the same start as the lobby's
(``services.start_locked``: seed, clocks, the ``MatchStarted`` event, timers and bots).
"""
from __future__ import annotations

from typing import Any

from django.db import transaction

from gameplatform.core.errors import ServiceError
from gameplatform.matches import clocks
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.services import (
    GAME_NOT_OFFERED,
    OPTIONS_NOT_OBJECT,
    _check_turn_seconds,
    _engine,
    _teams,
    _validated_options,
    _variant,
    start_locked,
)
from games.protocol import SeatSpec

# The Match fields ``table_settings_check`` returns and ``match_start_seated`` sets.
TABLE_FIELDS = ("options", "variant_id", "time_control", "turn_seconds", "bank_minutes", "increment_seconds",
                "days_per_move")


def table_settings_check(*, tenant, game: str, seats: int, options: Any = None, variant_id: Any = None,
                         time_control: Any = None, turn_seconds: Any = None, bank_minutes: Any = None,
                         increment_seconds: Any = None, days_per_move: Any = None) -> dict[str, Any]:
    """The settings of a ``seats``-seat table of ``game`` in ``tenant``, checked as the lobby
    checks a match (``services.match_create``): ``{"options": validated, "variant_id",
    "time_control", "turn_seconds", "bank_minutes", "increment_seconds", "days_per_move"}``.
    Raises ``ServiceError`` 400 ``unknown_game``, ``game_not_offered`` (field ``game``),
    ``invalid_seats`` (field ``seats``), ``invalid_options`` (field ``options.<name>``), ``unknown_variant``,
    ``invalid_turn_seconds``, ``invalid_time_control`` and the clocks' ``invalid_<field>``."""
    engine = _engine(game)
    if tenant.games and game not in tenant.games:
        raise ServiceError("game_not_offered", GAME_NOT_OFFERED, 400, "game")
    teams = _teams(engine, seats, "none")  # tournament tables play every seat for itself
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServiceError("invalid_options", OPTIONS_NOT_OBJECT, 400, "options")
    variant = _variant(tenant=tenant, game=game, variant_id=variant_id)
    raw = {**(variant.options if variant and isinstance(variant.options, dict) else {}), **options}
    validated = _validated_options(engine, raw, [SeatSpec(team=t) for t in teams])
    _check_turn_seconds(turn_seconds)
    timing = clocks.time_control_check(
        time_control=time_control, turn_seconds=turn_seconds, bank_minutes=bank_minutes,
        increment_seconds=increment_seconds, days_per_move=days_per_move,
        own_clock=engine.clock_seconds(validated),
    )
    return {"options": validated, "variant_id": variant.pk if variant else None, **timing}


def match_start_seated(*, tenant, game: str, users: list, settings: dict[str, Any], rated: bool, title: str,
                       created_by=None) -> Match:
    """Opens and starts a match of ``game`` in ``tenant`` with ``users`` in seat order (seat i
    is ``users[i]``), with ``settings`` from ``table_settings_check`` and ``rated`` (True:
    rated, counting the people; False: unrated). Must run where a failure may undo the caller's
    work too (it joins the caller's transaction). Raises 400 ``invalid_options`` when the
    options no longer fit (a game's rules changed since the check)."""
    fields = {k: settings.get(k) for k in TABLE_FIELDS}
    with transaction.atomic():
        match = Match.unscoped.create(tenant=tenant, game=game, title=title[:80], created_by=created_by,
                                      rated=bool(rated), **fields)
        teams = _teams(_engine(game), len(users), "none")
        Seat.objects.bulk_create([Seat(match=match, index=i, user=user, team=teams[i]) for i, user in enumerate(users)])
        start_locked(match, list(Seat.objects.filter(match=match).order_by("index")))
    return match
