"""Bot turns: a bot chooses from its seat's view and legal actions, then submits like anyone.

Bots never see the state: only ``engine.view(state, seat)`` and ``engine.legal_actions``.
Each choice gets its own ``random.Random`` (never the game's RNG, never derived from the
match seed, which must stay secret until the end). Used by the ``play_bot_turn`` task, the
sweeper, and ``match_play_out`` (seed_demo and tests).
"""
from __future__ import annotations

import logging
import random
import secrets

from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.services import bot_move, takeover_bot_kind
from games.protocol import Engine, RandomBot

log = logging.getLogger(__name__)


def bot_take_turn(*, match_id, version) -> bool:
    """If ``version`` is still the match's and a bot plays a seat in ``to_act`` (a bot seat or
    a takeover), that bot chooses one action and submits it with ``actor="bot"``; a bot that
    waits (``choose`` returns None while other seats act) yields to the next one. Returns
    True when an action was applied; False for a stale version, a finished match, no bot to
    act, or a refusal (logged). A bot whose choice the engine refuses is replaced by the
    random bot for that move, so a buggy bot cannot stall a match.

    The choice is made inside ``services.bot_move``'s transaction, with the match row
    locked: one read of the match and its seats serves both the choice and the move.
    """
    if isinstance(match_id, bool) or not isinstance(match_id, int):
        return False
    if isinstance(version, bool) or not isinstance(version, int):
        return False
    chosen: dict = {}

    def choose(engine: Engine, state, seat: Seat):
        legal = engine.legal_actions(state, seat.index)
        if not legal:
            return None
        view = engine.view(state, seat.index)
        rng = random.Random(secrets.randbits(64))
        action = _bot(engine, seat).choose(view, legal, rng)
        if action is not None:
            chosen.update(seat=seat.index, kind=seat.bot_kind, view=view, legal=legal, rng=rng, action=action)
        return action

    try:
        outcome = bot_move(match_id=match_id, version=version, choose=choose)
    except ServiceError as err:
        if "view" not in chosen:
            return False
        log.error("bot %s of match %s chose a refused action %r: %s", chosen["kind"] or "takeover",
                  match_id, chosen["action"], err.message)
        fallback = RandomBot().choose(chosen["view"], chosen["legal"], chosen["rng"])

        def replay(engine, state, seat):
            return fallback if seat.index == chosen["seat"] else None

        try:
            outcome = bot_move(match_id=match_id, version=version, choose=replay)
        except ServiceError:
            return False
    return outcome is not None


def match_play_out(*, match_id, max_actions) -> int:
    """Plays bot turns synchronously, one after another, until the match is over, a person
    must act, or ``max_actions`` were applied. Returns the number of actions applied."""
    applied = 0
    while applied < max_actions:
        row = Match.unscoped.filter(pk=match_id).values("status", "version").first()
        if row is None or row["status"] != Match.Status.ACTIVE:
            break
        if not bot_take_turn(match_id=match_id, version=row["version"]):
            break
        applied += 1
    return applied


def _bot(engine: Engine, seat: Seat):
    """The bot playing ``seat``: its own kind, or the takeover kind for a person's seat.
    A kind the engine no longer offers falls back to the random bot."""
    kind = seat.bot_kind if seat.is_bot else takeover_bot_kind(engine)
    factory = engine.bots().get(kind)
    return factory() if factory is not None else RandomBot()
