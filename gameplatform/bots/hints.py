"""Hints in casual play (issue 30, point 4): the strongest bot's choice from the asking
player's own view, on their turn, in a match that offers hints (``selectors.hints_allowed``:
unrated, and every person agreed in the lobby). The bot sees what the seat sees and nothing
else (``engine.view`` and ``engine.legal_actions`` of that seat, as a bot seat would); the hint
changes no state of the game, and the seat's next move is recorded with the actor "hint", so
the log shows every player that a hint was used (``turns.recorded_actor``).
"""
from __future__ import annotations

import random
import secrets

from django.core.cache import cache
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import hints_allowed, match_get, seat_of
from gameplatform.matches.turns import MATCH_NOT_ACTIVE, NOT_SEATED, NOT_YOUR_TURN, SEAT_PLAYED_BY_BOT
from gameplatform.tenants.services import membership_require
from games import registry

HINTS_OFF = gettext_noop(
    "Hints are off in this match: only unrated matches whose players agreed to hints in the lobby offer them.")
HINT_NONE = gettext_noop("The bot has nothing to suggest now: the other players act first.")
HINT_TOO_SOON = gettext_noop("One hint at a time: wait a moment before asking again.")
# Seconds between two hints of one person in one match: a strong bot may think a second or
# more, and every route (page, API, socket) asks through here.
HINT_SPACING = 2


def hint_ask(*, tenant, user, match_id) -> dict:
    """The hint for ``user``'s seat in match ``match_id`` of ``tenant``:
    ``{"match": id, "version": int, "seat": int, "bot": kind, "action": {...}}``, an action
    the engine takes from that seat now (one of its ``legal_actions``, or a template of them
    filled in). Marks the seat's next move as made after a hint.
    Raises ``ServiceError``:
    403 ``not_member``; 404 ``match_not_found``; 403 ``hints_off`` (field ``hints``), also
    for a rated or tournament match; 403 ``not_seated``; 409 ``match_not_active``,
    ``not_your_turn``, ``seat_played_by_bot``, ``no_hint`` (the bot waits for others); 429
    ``hint_too_soon`` (within ``HINT_SPACING`` s of the last)."""
    membership_require(user=user, tenant=tenant)
    match = match_get(tenant=tenant, match_id=match_id)
    if not hints_allowed(match):
        raise ServiceError("hints_off", HINTS_OFF, 403, "hints")
    seat = seat_of(match=match, user=user)
    if seat is None:
        raise ServiceError("not_seated", NOT_SEATED, 403)
    if match.status != Match.Status.ACTIVE:
        raise ServiceError("match_not_active", MATCH_NOT_ACTIVE, 409)
    if seat.bot_plays:
        raise ServiceError("seat_played_by_bot", SEAT_PLAYED_BY_BOT, 409)
    engine = registry.get_engine(match.game)
    state = engine.decode(match.state)
    if seat.index not in engine.to_act(state):
        raise ServiceError("not_your_turn", NOT_YOUR_TURN, 409)
    if not cache.add(f"hexagora:hint:{match.pk}:{seat.index}", 1, HINT_SPACING):
        raise ServiceError("hint_too_soon", HINT_TOO_SOON, 429)
    legal = engine.legal_actions(state, seat.index)
    kind = list(engine.bots())[-1]  # the strongest: the protocol lists them weakest first
    # Its own randomness, never the game's (the bot module's rule for every choice).
    action = engine.bots()[kind]().choose(engine.view(state, seat.index), legal, random.Random(secrets.randbits(64)))
    if action is None or not _playable(engine, state, seat.index, action):
        raise ServiceError("no_hint", HINT_NONE, 409)
    Seat.objects.filter(pk=seat.pk).update(hint_pending=True)
    return {"match": match.pk, "version": match.version, "seat": seat.index, "bot": kind, "action": action}


def _playable(engine, state, seat: int, action) -> bool:
    """Would the engine take ``action`` of ``seat`` now? Asked of ``engine.apply`` on the
    decoded state, whose result is dropped: a legal list may hold a template that the bot
    fills in (Hexfolk's trade offers and discards name the cards), so membership is no test."""
    try:
        engine.apply(state, seat, action)
    except Exception:  # an engine refusing nonsense may raise more than IllegalAction
        return False
    return True
