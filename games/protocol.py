"""The engine protocol every Hexagora game implements (pure Python, no Django).

Shapes (see ../shared/docs/architecture.md, "The engine protocol"):

- ``Action``: a JSON-able dict with a ``"type"`` key, e.g. ``{"type": "play", "card": "QS", "piece": 2}``.
- ``Event``: a JSON-able dict with a ``"type"`` key; ``"visible_to": [seats]`` marks a private one.
- ``State``: engine-defined, opaque to the platform; it crosses the database only through
  ``encode``/``decode`` and reaches clients only through ``view``.

The platform, the bots, benchmarks and tests use nothing but this protocol. ``check_conformance``
is the random-playout test every engine must pass.
"""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, runtime_checkable

Action = dict
Event = dict
State = Any


class OptionsError(ValueError):
    """Lobby options rejected by ``Engine.validate_options``.

    ``field`` names the offending option ("" for the whole set); ``message`` is for people.
    """

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class IllegalAction(Exception):
    """An action the rules forbid, or a malformed one.

    ``code`` is a stable machine-readable slug (e.g. ``"not_your_turn"``, ``"must_play"``);
    ``message`` names the broken rule in words a player understands.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class Rule(NamedTuple):
    """A rule an action can break: ``code`` (machine slug) and ``message`` (player words).
    Engines keep them as module constants so tests assert the exact text."""

    code: str
    message: str

    def error(self) -> IllegalAction:
        """The ``IllegalAction`` to raise for this rule."""
        return IllegalAction(self.code, self.message)


@dataclass(frozen=True)
class SeatSpec:
    """One seat at setup. Seats with the same ``team`` (not None) win together."""

    team: int | None = None


@dataclass(frozen=True)
class Result:
    """The end of a game: per seat (index order) a rank (1 = best, ties share) and a score."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...] = field(default=())

    def to_json(self) -> dict:
        """JSON-able form stored on the match: ``{"ranks": [...], "scores": [...], "winners": [...]}``."""
        return {"ranks": list(self.ranks), "scores": list(self.scores), "winners": list(self.winners)}


@runtime_checkable
class Bot(Protocol):
    """A policy that decides from a seat's view only (never the state).

    ``choose(view, legal, rng)`` returns one element of ``legal`` (a template action may be
    filled in), or ``None`` to wait while other seats also act (an offering player waiting
    for answers): the platform then lets the next seat in ``to_act`` move, and the turn timer
    still runs. ``rng`` is the bot's own ``random.Random``; bots never touch the game RNG.
    """

    name: str

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action | None: ...


@runtime_checkable
class Engine(Protocol):
    """A game's rules. Every method is pure: inputs are never mutated."""

    slug: str
    name: str
    min_seats: int
    max_seats: int

    def options_schema(self) -> dict:
        """JSON schema (draft 2020-12 subset) of the lobby options, with defaults."""

    def validate_options(self, raw: Mapping) -> dict:
        """Options with defaults filled in; raises ``OptionsError`` naming the bad field."""

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        """Named team layouts for ``seats`` players: name -> team per seat index
        (``{"none": [None]*n}`` always present), e.g. ``{"2v2": [0, 1, 0, 1]}``."""

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        """Raises ``OptionsError`` when the seat count or team layout is not allowed."""

    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> State:
        """The initial state; all chance comes from an RNG seeded with ``seed`` kept in the state."""

    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats that may act now; ``()`` once the game is over."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (``[]`` if it may not act)."""

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The next state and its events; raises ``IllegalAction``. Never mutates ``state``."""

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). Never the seed, draw counter or
        anything hidden from that seat. Must contain ``"to_act"`` (list of seats)."""

    def timeout_action(self, state: State, seat: int) -> Action:
        """The legal action applied for ``seat`` when its time runs out."""

    def result(self, state: State) -> Result | None:
        """``None`` while the game runs, then the ranks and scores."""

    def encode(self, state: State) -> dict:
        """JSON-able dict with ``decode(encode(s)) == s``."""

    def decode(self, data: dict) -> State:
        """Inverse of ``encode``."""

    def bots(self) -> Mapping[str, Callable[[], Bot]]:
        """Bot factories by kind, at least ``"random"``, from the weakest to the strongest:
        the platform lists them in the lobby and lets the last (strongest) one play for an
        absent person and for a moderator's hand-over."""


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None``: spectator), without the ``visible_to`` key."""
    out = []
    for ev in events:
        vis = ev.get("visible_to")
        if vis is None:
            out.append(ev)
        elif seat is not None and seat in vis:
            out.append({k: v for k, v in ev.items() if k != "visible_to"})
    return out


class RandomBot:
    """Plays a uniformly random legal action. Works for every engine."""

    name = "random"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """One element of ``legal``, chosen uniformly; raises ``ValueError`` if it is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return rng.choice(legal)


def check_conformance(
    engine: Engine,
    *,
    seat_layouts: Sequence[Sequence[SeatSpec]],
    options: Sequence[Mapping] = ({},),
    games: int = 3,
    max_actions: int = 5000,
    seed: int = 1,
    secret_keys: Sequence[str] = ("seed", "rng", "draws", "deck"),
    invariant: Callable[[Engine, State], None] | None = None,
) -> int:
    """Random playouts that check the protocol's contract; returns the actions applied.

    For each options set, seat layout and game: encode/decode round-trips, ``apply`` never
    mutates its input, every seat in ``to_act`` has legal actions and every legal action it
    is given applies, ``timeout_action`` is legal, views are JSON-able and hold no key named
    in ``secret_keys``, garbage actions raise ``IllegalAction`` and leave the state unchanged,
    events are JSON-able, and the game ends within ``max_actions`` with a ``Result`` ranking
    every seat. ``invariant(engine, state)`` is called after every action. Raises
    ``AssertionError`` on the first breach.
    """
    rng = random.Random(seed)
    applied = 0
    for opts in options:
        validated = engine.validate_options(opts)
        for layout in seat_layouts:
            engine.validate_seats(validated, layout)
            for _ in range(games):
                state = engine.setup(validated, layout, rng.randrange(2**62))
                for _step in range(max_actions):
                    enc = engine.encode(state)
                    assert engine.decode(json.loads(json.dumps(enc))) == state, "encode/decode"
                    for s in [None, *range(len(layout))]:
                        v = engine.view(state, s)
                        _assert_no_secret(json.loads(json.dumps(v)), secret_keys)
                        assert "to_act" in v
                    acting = engine.to_act(state)
                    if not acting:
                        break
                    seat = rng.choice(acting)
                    legal = engine.legal_actions(state, seat)
                    assert legal, f"seat {seat} must act but has no legal action"
                    for bad in ({}, {"type": "no-such-action"}, {"type": legal[0]["type"], "x": [1]}):
                        before = engine.encode(state)
                        try:
                            engine.apply(state, seat, bad)
                        except IllegalAction:
                            pass
                        else:
                            if bad not in legal:
                                raise AssertionError(f"garbage action accepted: {bad}")
                        assert engine.encode(state) == before, "a rejected action changed the state"
                    to = engine.timeout_action(state, seat)
                    assert to in legal, f"timeout action {to} is not legal"
                    action = rng.choice(legal)
                    snapshot = copy.deepcopy(enc)
                    state2, events = engine.apply(state, seat, action)
                    assert engine.encode(state) == snapshot, "apply mutated its input"
                    json.dumps(events)
                    state = state2
                    applied += 1
                    if invariant:
                        invariant(engine, state)
                else:
                    raise AssertionError(f"game did not end within {max_actions} actions")
                res = engine.result(state)
                assert res is not None and len(res.ranks) == len(layout), "result must rank every seat"
    return applied


def _assert_no_secret(obj: Any, keys: Sequence[str], path: str = "view") -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            assert k not in keys, f"{path}.{k} must not reach a client"
            _assert_no_secret(v, keys, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _assert_no_secret(v, keys, f"{path}[{i}]")
