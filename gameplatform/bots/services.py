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
from gameplatform.matches.inputs import ActionInput, action_copy
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.services import submit_action, takeover_bot_kind
from games import registry
from games.protocol import Engine, RandomBot

log = logging.getLogger(__name__)
# Times a bot chooses again when another move came first.
STALE_RETRIES = 3


def bot_take_turn(*, match_id, version) -> bool:
    """If ``version`` is still the match's and a bot plays a seat in ``to_act`` (a bot seat or
    a takeover), that bot chooses one action and submits it with ``actor="bot"``; a bot that
    waits (``choose`` returns None while other seats act) yields to the next one. Returns
    True when an action was applied; False for a stale version, a finished match, no bot to
    act, or a refusal (logged). A bot whose choice the engine refuses is replaced by the
    random bot for that move, so a buggy bot cannot stall a match.

    The bot thinks outside any lock: it reads the match, chooses from its seat's view, then
    submits like anyone else (``submit_action(seat=..., actor="bot")``), so a searching bot
    never holds up a person's move. When the match moved on meanwhile (stale), it reads again
    and chooses again, up to ``STALE_RETRIES`` times.
    """
    if isinstance(match_id, bool) or not isinstance(match_id, int):
        return False
    if isinstance(version, bool) or not isinstance(version, int):
        return False
    for attempt in range(STALE_RETRIES + 1):
        pick = _choose(match_id, version if attempt == 0 else None)
        if pick is None:
            return False
        seat, at, view, legal, rng, action, kind = pick
        try:
            _submit(match_id, seat, at, action)
            return True
        except ServiceError as err:
            if err.code == "stale_version":
                continue  # someone moved first: look again
            log.error("bot %s of match %s chose a refused action %r: %s", kind or "takeover", match_id, action,
                      err.message)
            try:
                _submit(match_id, seat, at, RandomBot().choose(view, legal, rng))
                return True
            except ServiceError:
                return False
    return False


def _choose(match_id: int, version: int | None):
    """Read the match (no lock) and let the first bot in ``to_act`` that does not wait choose:
    ``(seat, version, view, legal, rng, action, kind)``, or None when the match is not active,
    not at ``version`` (when given) or no bot acts."""
    match = Match.unscoped.filter(pk=match_id).only("game", "status", "version", "state").first()
    if match is None or match.status != Match.Status.ACTIVE or (version is not None and match.version != version):
        return None
    seats = list(Seat.objects.filter(match_id=match_id).order_by("index"))
    engine = registry.get_engine(match.game)
    state = engine.decode(match.state)
    for index in engine.to_act(state):
        if not 0 <= index < len(seats) or not seats[index].bot_plays:
            continue
        legal = engine.legal_actions(state, index)
        if not legal:
            continue
        view = engine.view(state, index)
        rng = random.Random(secrets.randbits(64))
        action = _bot(engine, seats[index]).choose(view, legal, rng)
        if action is not None:
            return index, match.version, view, legal, rng, action, seats[index].bot_kind
    return None


def _submit(match_id: int, seat: int, version: int, action) -> None:
    submit_action(match_id=match_id, seat=seat, actor="bot",
                  move=ActionInput(action=action_copy(action), expected_version=version))


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
