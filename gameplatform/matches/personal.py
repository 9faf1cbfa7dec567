"""The matches' part of a person's own data (issue 27, point 5).

"Download my data": every match they sat in, with their own moves (the history as their seat
sees it, ``selectors.match_history``) and their seat's view (``engine.view(state, seat)``):
never another seat's hidden information, and the seed only once the match is over
(``selectors.revealed_seed``).

"Delete my account" (``core.events.AccountDeleted``, in the deletion's transaction): in a
match in progress their seat goes to the game's takeover bot (the seat keeps the account as
the record of who sat there, shown as "deleted player"); in an open match their seat is
freed, and an open match they created is called off; finished matches keep their seats.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

from gameplatform.core import events
from gameplatform.core.errors import ServiceError
from games import registry

from . import selectors, services
from .models import Match, Seat


def _iso(value):
    return value.isoformat() if value is not None else None


def _match_entry(seat: Seat) -> dict:
    match = seat.match
    entry: dict[str, Any] = {
        "match": match.pk, "community": match.tenant.slug, "game": match.game, "title": match.title,
        "status": match.status, "rated": match.rated, "created_at": _iso(match.created_at),
        "started_at": _iso(match.started_at), "finished_at": _iso(match.finished_at),
        "seat": seat.index, "result": match.result if match.status == Match.Status.FINISHED else None,
        "seed": selectors.revealed_seed(match), "seed_commitment": match.seed_commitment or None,
        "seats": [selectors.seat_public(seat=s) for s in match.seats.select_related("user").order_by("index")],
        "moves": [], "view": None,
    }
    try:
        engine = registry.get_engine(match.game)
    except registry.UnknownGame:
        return entry  # a game no longer installed: the record without moves or view
    history = selectors.match_history(match=match, seat=seat.index)
    entry["moves"] = [h for h in history if h["seat"] == seat.index]
    if match.state:
        entry["view"] = engine.view(engine.decode(match.state), seat.index)
    # One JSON round trip: the engine's tuples and dates as the file will hold them.
    return json.loads(json.dumps(entry, cls=DjangoJSONEncoder))


def matches_section(user) -> list[dict]:
    """``[{"match", "community", "game", "title", "status", "rated", "created_at",
    "started_at", "finished_at", "seat", "result", "seed", "seed_commitment", "seats",
    "moves", "view"}]`` for every seat ``user`` holds, oldest match first."""
    seats = Seat.objects.filter(user=user).select_related("match", "match__tenant").order_by("match_id", "index")
    return [_match_entry(seat) for seat in seats]


def account_deleted(event: events.AccountDeleted, context: Mapping[str, Any]) -> None:
    """Hands over or frees the person's seats in matches not over (module docstring)."""
    live = (Seat.objects.filter(user_id=event.user_id, match__status__in=[Match.Status.OPEN, Match.Status.ACTIVE])
            .values_list("match_id", "index", "match__status"))
    for match_id, index, status in list(live):
        try:
            if status == Match.Status.ACTIVE:
                services.seat_hand_to_bot(match_id=match_id, seat_index=index)
            else:
                services.seat_release(match_id=match_id, user_id=event.user_id)
        except ServiceError:
            continue  # it ended meanwhile
    created_open = Match.unscoped.filter(created_by_id=event.user_id, status=Match.Status.OPEN)
    for match_id in list(created_open.values_list("pk", flat=True)):
        try:
            services.match_abort(match_id=match_id, by=None)
        except ServiceError:
            continue
