"""The analysis after a game (issue 30, point 3), in pure Python: what a decision was worth.

A decision is a state, the seat that decided and what it played. Its analysis asks the
game's strongest bot what it would have played from that seat's view (``choose``), then
estimates the value of both choices in the game's own terms: the chance to win, from
play-outs (``appraise``). Each play-out starts from a state the seat cannot tell from the
real one (``engine.redeal``: what it could not know dealt again, the RNG too), applies the
choice, and lets the game's play-out bot (``engine.playout_bot``) play every seat to the end.
The two choices are played out from the same redealt states with the same generators
(common random numbers), so their difference is measured far more precisely than either
value. Nothing here reads what the seat could not know: the real state is used only through
``redeal``, ``legal_actions`` and ``view`` of that seat.

A loss is the bot's value minus the player's, in points of chance to win (0 to 1). Marks:
``"blunder"`` from ``BLUNDER`` and ``"mistake"`` from ``MISTAKE``, each only when the loss is
also more than ``CONFIDENCE`` standard errors of the paired differences above zero, from at
least ``MARK_PAIRS`` pairs (play-outs are noisy; a mark must be clear).
"""
from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

MISTAKE = 0.10  # chance to win lost (0-1) from which a decision is a mistake
BLUNDER = 0.20  # ... a blunder
CONFIDENCE = 2.0  # standard errors a loss must exceed to be marked
MARK_PAIRS = 6  # paired play-outs a decision needs before it may be marked (two alike pairs show no spread)
MAX_PLAYOUT_ACTIONS = 20_000  # a play-out still going after this many actions counts as no win


def same_action(a: Any, b: Any) -> bool:
    """Are two actions the same (JSON equal, key order aside)?"""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def choose(engine: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """The strongest bot's choice for ``seat`` in ``state`` from that seat's view and legal
    actions only, as a bot seat decides; None when it has none."""
    factory = list(engine.bots().values())[-1]
    return factory().choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)


def playout(engine: Any, state: Any, factory: Any, rng: random.Random) -> Any:
    """Plays ``state`` to its end, a bot made by ``factory`` choosing for each seat from its
    view; returns the ``Result``, or None when it does not end within ``MAX_PLAYOUT_ACTIONS``."""
    bots: dict[int, Any] = {}
    for _ in range(MAX_PLAYOUT_ACTIONS):
        result = engine.result(state)
        if result is not None:
            return result
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            if not legal:
                continue
            if seat not in bots:
                bots[seat] = factory()
            action = bots[seat].choose(engine.view(state, seat), legal, rng)
            if action is None:
                continue
            state, _ = engine.apply(state, seat, action)
            break
        else:
            return None
    return None


def won(result: Any, seat: int) -> float:
    """1.0 when ``seat`` finished first (alone or with its team), 0.0 otherwise."""
    return 1.0 if result is not None and result.ranks[seat] == 1 else 0.0


@dataclass
class Estimate:
    """Paired play-out outcomes of the actions a decision compares: ``outcomes[i]`` the wins
    (1.0 or 0.0) of action ``i`` over the same redealt states, in the order they were drawn."""

    outcomes: list[list[float]] = field(default_factory=list)

    @property
    def playouts(self) -> int:
        """Play-outs per action so far."""
        return len(self.outcomes[0]) if self.outcomes else 0

    def value(self, i: int) -> float | None:
        """Action ``i``'s chance to win (0-1), None before any play-out."""
        runs = self.outcomes[i] if self.outcomes else []
        return sum(runs) / len(runs) if runs else None

    def loss(self) -> tuple[float, float]:
        """``(loss, standard error)`` of action 1 (the bot's) over action 0 (the player's):
        the mean of the paired differences and its standard error (0, inf) without pairs."""
        if len(self.outcomes) < 2 or not self.outcomes[0]:
            return 0.0, math.inf
        diffs = [b - p for p, b in zip(self.outcomes[0], self.outcomes[1], strict=True)]
        mean = sum(diffs) / len(diffs)
        if len(diffs) < 2:
            return mean, math.inf
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(var / len(diffs))


def appraise(engine: Any, state: Any, seat: int, actions: Sequence[Any], estimate: Estimate,
             seeds: Sequence[int]) -> Estimate:
    """Adds one paired play-out per seed in ``seeds`` to ``estimate``: for each seed one
    redealt state (``engine.redeal`` of ``seat``) and, for each of ``actions`` (one or two,
    each legal for ``seat`` in ``state``), that action applied then the play-out bots to the
    end with a generator from the same seed. Returns ``estimate``. Raises ``ValueError`` when
    the game offers no ``redeal``."""
    kind = engine.playout_bot()
    factory = engine.bots()[kind]
    if not estimate.outcomes:
        estimate.outcomes = [[] for _ in actions]
    for seed in seeds:
        imagined = engine.redeal(state, seat, random.Random(seed))
        if imagined is None:
            raise ValueError(f"{engine.slug} offers no redeal, so no analysis")
        for i, action in enumerate(actions):
            after, _ = engine.apply(imagined, seat, action)
            estimate.outcomes[i].append(won(playout(engine, after, factory, random.Random(seed + 1)), seat))
    return estimate


def mark(loss: float, error: float) -> str | None:
    """``"blunder"``, ``"mistake"`` or None for a decision that lost ``loss`` (chance to
    win, 0-1) with standard error ``error`` (module docstring's thresholds)."""
    if loss < MISTAKE or loss <= CONFIDENCE * error:
        return None
    return "blunder" if loss >= BLUNDER else "mistake"


FIRST_PASS_SHARE = 0.7  # of the budget: every decision once; the rest sharpens the likely marks
FIRST_PAIRS = 8  # paired play-outs a decision gets at most in the first pass
MORE_PAIRS = 4  # ... added to one decision at a time in the second pass
MAX_PAIRS = 64  # ... a decision gets at most in all


@dataclass
class Decision:
    """One decision of the analysed seat: ``step`` (replay step its move made, from 1),
    ``state`` before it, what was ``played`` among ``choices`` legal actions, and the work
    done on it so far: ``asked`` (the bot was asked), its choice ``bot`` (None: it had
    none), the actions ``compared`` (``[played]`` when the bot agrees, else ``[played,
    bot]``) and their ``estimate``. ``work()`` / ``resume()`` carry the work between the
    slices of a background task as JSON."""

    step: int
    state: Any
    played: Any
    choices: int
    asked: bool = False
    bot: Any = None
    compared: list[Any] = field(default_factory=list)
    estimate: Estimate = field(default_factory=Estimate)

    def work(self) -> dict:
        """``{"bot", "compared": 1 | 2, "outcomes": [[...], ...]}`` once asked, else {}."""
        if not self.asked:
            return {}
        return {"bot": self.bot, "compared": len(self.compared), "outcomes": self.estimate.outcomes}

    def resume(self, work: dict) -> None:
        """Takes back what ``work()`` gave (nothing for {})."""
        if work:
            self.asked, self.bot = True, work["bot"]
            self.compared = [self.played, self.bot][:work["compared"]]
            self.estimate = Estimate([list(runs) for runs in work["outcomes"]])


def decisions_of(engine: Any, state: Any, records: Sequence[tuple[int, Any, bool]], seat: int) -> list[Decision]:
    """The decisions of ``seat`` along ``records`` (``(seat, action, by_the_person)`` in
    order, from the setup ``state``): its moves made by its person with more than one legal
    action to choose from. Raises ``IllegalAction`` when a record does not apply."""
    out = []
    for step, (by, action, person) in enumerate(records, start=1):
        if by == seat and person:
            choices = len(engine.legal_actions(state, seat))
            if choices > 1:
                out.append(Decision(step=step, state=state, played=action, choices=choices))
        state, _ = engine.apply(state, by, action)
    return out


def _seed(seed: int, step: int, what: object) -> int:
    """A seed of its own for each bot choice and each pair of play-outs (reproducible)."""
    return random.Random(f"{seed}:{step}:{what}").getrandbits(62)


def analyse(engine: Any, decisions: list[Decision], seat: int, *, budget: float, spent: float,
            seed: int, until: float, clock: Any = time.monotonic) -> tuple[float, bool]:
    """Works on ``decisions`` of ``seat`` until ``clock()`` reaches ``until`` (one slice of
    a background task) or ``spent`` reaches ``budget`` (seconds in all). The first pass asks
    the bot for each decision's choice and plays it out (one pair at least while the budget
    lasts, at most ``FIRST_PAIRS``, within ``FIRST_PASS_SHARE`` of the budget spread evenly;
    once the budget is spent the rest get the bot's choice only, without values); the second
    adds ``MORE_PAIRS`` at a time to the decision whose loss may be largest (its loss plus
    two standard errors, at most 1), up to ``MAX_PAIRS`` each. Returns ``(spent, done)``."""
    first = budget * FIRST_PASS_SHARE
    for i, d in enumerate(decisions):
        if d.asked:
            continue
        began = clock()
        d.bot = choose(engine, d.state, seat, random.Random(_seed(seed, d.step, "bot")))
        d.asked = True
        differs = d.bot is not None and not engine.same_move(d.state, seat, d.played, d.bot)
        d.compared = [d.played, d.bot] if differs else [d.played]
        share = max(0.0, first - spent) / (len(decisions) - i)
        for n in range(FIRST_PAIRS):
            if (n and clock() - began >= share) or spent + clock() - began >= budget:
                break  # past the whole budget a decision keeps the bot's choice, unvalued
            appraise(engine, d.state, seat, d.compared, d.estimate, [_seed(seed, d.step, n)])
        spent += clock() - began
        if clock() >= until:
            return spent, False
    while spent < budget and clock() < until:
        began = clock()
        open_ = [d for d in decisions if len(d.compared) == 2 and d.estimate.playouts < MAX_PAIRS]
        if not open_:
            break
        d = max(open_, key=lambda d: d.estimate.loss()[0] + 2 * min(d.estimate.loss()[1], 1.0))
        start = d.estimate.playouts
        appraise(engine, d.state, seat, d.compared, d.estimate,
                 [_seed(seed, d.step, n) for n in range(start, start + MORE_PAIRS)])
        spent += clock() - began
    return spent, spent >= budget or clock() < until


def progress(decisions: list[Decision], spent: float, budget: float) -> int:
    """How far an analysis is, 0-99: the larger of the first pass's share of the budget times
    the decisions looked at, and the budget spent."""
    if not decisions or budget <= 0:
        return 99
    looked = sum(d.asked for d in decisions) / len(decisions)
    return min(99, int(100 * max(FIRST_PASS_SHARE * looked, spent / budget)))


def report(decisions: list[Decision], *, seconds: float) -> dict:
    """The analysis as stored: ``{"decisions": [{"step", "choices", "played", "bot",
    "same", "value_played", "value_bot", "loss", "error", "playouts", "mark"}], "costliest":
    [step, ...] (at most 3 losses above 0, surest first: the loss less two standard errors, the
    decisions with too few pairs to be marked last), "playouts": int,
    "seconds": float, "thresholds": {"mistake", "blunder", "confidence", "pairs"}}``; values and
    losses are chances to win (0-1, 3 decimals), ``error`` the loss's standard error (None
    from fewer than two pairs), ``bot`` None when the bot had no choice; values None and loss
    0 for a decision the budget left unvalued (``playouts`` 0)."""
    rows = []
    for d in decisions:
        est, same = d.estimate, len(d.compared) == 1
        loss, error = (0.0, 0.0) if same or not est.playouts else est.loss()
        rows.append({
            "step": d.step, "choices": d.choices, "played": d.played, "bot": d.bot, "same": same,
            "value_played": _r(est.value(0)), "value_bot": _r(est.value(0 if same else 1)),
            "loss": _r(loss), "error": None if math.isinf(error) else _r(error),
            "playouts": est.playouts * len(d.compared),
            "mark": None if same or est.playouts < MARK_PAIRS else mark(loss, error),
        })
    # Ranked by what the play-outs make sure of (the loss less two standard errors; a decision
    # with too few pairs to be marked after every one that has enough), not by a lucky draw.
    costly = sorted((r for r in rows if (r["loss"] or 0) > 0), key=_sure_loss, reverse=True)[:3]
    return {"decisions": rows, "costliest": [r["step"] for r in costly],
            "playouts": sum(r["playouts"] for r in rows), "seconds": round(seconds, 1),
            "thresholds": {"mistake": MISTAKE, "blunder": BLUNDER, "confidence": CONFIDENCE, "pairs": MARK_PAIRS}}


def words_of(engine: Any, state: Any, seat: int, action: Any) -> dict | None:
    """The words of ``action`` as the seat's view offers them, as a view-text spec
    (``games.texts``) to render in the reader's language: where the view lists its choices
    as ``moves`` (``{"action", "label"}``, Hextopia's) and ``view_texts`` has the label's spec;
    else None (the page words the action from its fields)."""
    moves = engine.view(state, seat).get("moves")
    if not isinstance(moves, list):
        return None
    texts = engine.view_texts(state, seat)
    for i, move in enumerate(moves):
        if isinstance(move, dict) and same_action(move.get("action"), action):
            spec = texts.get(f"moves.{i}.label")
            return spec if isinstance(spec, dict) else None
    return None


def _sure_loss(row: dict) -> float:
    if row["playouts"] < 2 * MARK_PAIRS or row["error"] is None:
        return row["loss"] - 2.0  # below every decision measured well enough
    return row["loss"] - CONFIDENCE * row["error"]


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
