"""Bot turns: a bot chooses from its seat's view and legal actions, then submits like anyone.

Bots never see the state: only ``engine.view(state, seat)`` and ``engine.legal_actions``.
Each choice gets its own ``random.Random`` (never the game's RNG, never derived from the
match seed, which must stay secret until the end). Used by the ``play_bot_turn`` task, the
sweep (``bots_sweep``), and ``match_play_out`` (seed_demo and tests).
"""
from __future__ import annotations

import logging
import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from gameplatform.bots import claims, scheduling
from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import is_outage
from gameplatform.matches import state_cache
from gameplatform.matches.inputs import ActionInput, action_copy
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.services import submit_action
from gameplatform.matches.turns import seat_bot_kind
from games import registry
from games.protocol import Engine, RandomBot

log = logging.getLogger(__name__)
# Times a bot chooses again when another move came first.
STALE_RETRIES = 3
# The sweep leaves a bot turn this long past its due time to its bot task. With the sweep's
# interval (5 s) this bounds how long a lost bot task stalls a match: a killed worker's held
# tasks, or the tasks a Redis restart forgot, are played within about 10 s (issue 24, point 1).
BOT_GRACE = timedelta(seconds=5)
# Matches handled per sweep, oldest first; the next sweep takes the rest.
SWEEP_BATCH = 200
# Matches a bot runner claims at once: small, so that several runners share a busy moment.
RUNNER_BATCH = 10


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
            state_cache.forget(match_id)  # the next look reads the database
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
    not at ``version`` (when given) or no bot acts. At a ``version`` this process committed
    itself the state and seats come from ``matches.state_cache`` (``submit_action`` checks
    everything again under the row's lock); when by that entry no bot acts, the entry is
    dropped and the database read, which has the last word."""
    cached = state_cache.get(match_id, version) if version is not None else None
    if cached is not None:
        # What this process committed at exactly that version (issue 29): no read, no decode.
        pick = _pick(registry.get_engine(cached.game), cached.state, cached.seats, version)
        if pick is not None:
            return pick
        state_cache.forget(match_id)
    match = Match.unscoped.filter(pk=match_id).only("game", "status", "version", "state").first()
    if match is None or match.status != Match.Status.ACTIVE or (version is not None and match.version != version):
        return None
    seats = tuple(Seat.objects.filter(match_id=match_id).order_by("index"))
    engine = registry.get_engine(match.game)
    return _pick(engine, engine.decode(match.state), seats, match.version)


def _pick(engine: Engine, state, seats, version: int):
    """``_choose``'s choice from ``state`` and ``seats`` at ``version``, or None."""
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
            return index, version, view, legal, rng, action, seats[index].bot_kind
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
    kind = seat_bot_kind(engine, seat)
    factory = engine.bots().get(kind)
    return factory() if factory is not None else RandomBot()


def bots_sweep(*, now=None) -> int:
    """The bots' part of the periodic sweep (``core.sweeps``, registered as "bot-turns"):
    ``bot_take_turn`` for active matches whose bot turn is more than ``BOT_GRACE`` overdue
    (its task was lost, or its runner died), oldest first, ``SWEEP_BATCH`` at most, each
    claimed first (``claims.claim_due``) so that no runner plays it meanwhile. Returns the
    actions applied. One broken match is logged and skipped; an outage stops the sweep."""
    now = now or timezone.now()
    return _play_claim(claims.claim_due(now=now, due_before=now - BOT_GRACE, batch=SWEEP_BATCH), now)


def bots_run_due(*, now=None, batch: int = RUNNER_BATCH, slow: bool | None = None) -> tuple[int, float | None]:
    """One pass of a bot runner (``bots.runner``): claims the matches whose bot turn is due
    (``claims.claim_due``; of the slow lane or the quick one with ``slow`` True or False,
    of both with None) and plays them one after another; the slow lane's turns it hands to
    the worker's pool instead (``_hand_to_pool``), so that a bot thinking for a second uses
    another process's CPU, not the runner's. Returns ``(applied, wait)``:
    the actions applied and the seconds until the next bot turn known at the claim (0 when
    the batch was full: more may be due; None: no bot turn is pending at all). An outage
    raises (the runner waits and tries again); one broken match is logged."""
    now = now or timezone.now()
    claim = claims.claim_due(now=now, due_before=now, batch=batch, slow=slow)
    if not claim.turns:
        applied = 0
    elif slow:
        applied = _hand_to_pool(claim, now)
    else:
        applied = _play_claim(claim, now)
    if len(claim.turns) == batch:
        return applied, 0.0
    # The matches just played have their next bot turn BOT_DELAY_SECONDS after their move at
    # the latest; the others' next one the claim said.
    waits = [settings.BOT_DELAY_SECONDS] if applied else []
    if claim.next_due is not None:
        waits.append((claim.next_due - timezone.now()).total_seconds())
    return applied, max(min(waits), 0.0) if waits else None


def _play_claim(claim: claims.Claim, now) -> int:
    """Plays the claim's turns, puts off those not played, gives the claim back; returns the
    actions applied."""
    unplayed = []
    try:
        for pk, version in claim.turns:
            try:
                played = bot_take_turn(match_id=pk, version=version)
            except Exception as exc:
                if is_outage(exc):
                    raise
                log.exception("bot turn of match %s failed", pk)
                played = False
            if not played:
                unplayed.append((pk, version))
        if unplayed:
            claims.claim_put_off(unplayed, now=now)
    finally:
        claims.claim_release(claim)
    return len(claim.turns) - len(unplayed)


def _hand_to_pool(claim: claims.Claim, now) -> int:
    """The slow lane (issue 29, point 5): each claimed turn is put off by
    ``BOT_LEASE_SECONDS`` and sent as a ``play_bot_turn`` task, which a process of the
    worker's pool plays at once: a runner's threads share one process (one core, Python's
    lock), so a slow bot thinking in one of them would slow the quick bots of the others. The
    move sets the next due time; a task lost with its worker is claimed again when the put-off
    ends. Returns the turns handed over."""
    try:
        claims.claim_put_off(claim.turns, now=now)
        for pk, version in claim.turns:
            scheduling.bot_turn_after(pk, version, 0)
    finally:
        claims.claim_release(claim)
    return len(claim.turns)
