"""The contract between a Hexagora game and the platform (pure Python, no Django).

A game is one package ``games/<package>/`` registered by one line in ``games/registry.py``. Its
engine (``games/<package>/engine/``, ``ENGINE``) is an instance of a subclass of ``EngineBase``:
it sets the metadata, implements the abstract methods and overrides only the hooks it needs;
every hook has a documented default here. The platform, the bots, benches and tests use
nothing else (see docs/contracts.md and docs/adding-a-game.md).

Shapes:

- ``Action``: a JSON-able dict with a ``"type"`` key, e.g. ``{"type": "play", "card": "QS", "piece": 2}``.
- ``Event``: a JSON-able dict with a ``"type"`` key; ``"visible_to": [seats]`` marks a private one.
- ``State``: engine-defined, opaque to the platform; it crosses the database only through
  ``encode``/``decode`` and reaches clients only through ``view``.
- A view is a JSON-able dict with the common envelope (``ViewEnvelope``) at its top level and
  the game's own fields beside it.

``games.conformance.check_engine`` is the random-playout check every registered engine passes.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypedDict, runtime_checkable

from games.options import OptionsError as OptionsError  # defined beside the schema checks
from games.options import options_from_schema, shortest_options
from games.texts import Plural as Plural  # noqa: F401  (engines' view texts: games/texts.py)
from games.texts import gettext_noop as gettext_noop  # noqa: F401

Action = dict[str, Any]
Event = dict[str, Any]
State = Any
View = dict[str, Any]  # what ``Engine.view`` returns: the envelope and the game's own fields


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

    def to_json(self) -> dict[str, Any]:
        """JSON-able form stored on the match: ``{"ranks": [...], "scores": [...], "winners": [...]}``."""
        return {"ranks": list(self.ranks), "scores": list(self.scores), "winners": list(self.winners)}


SCORE_POINTS = "Points"  # ScoreColumn's default label


@dataclass(frozen=True)
class ScoreColumn:
    """What a game's ``Result.scores`` count, for the result table's score column
    (``EngineBase.score_column``): ``label`` names it ("Victory points", "Dung cards
    carried"), ``higher_is_better`` says which way the ranks follow it once the winners are
    placed first, and ``note`` (optional) how the winners are found when the score alone does
    not say ("The first beetle home with its dung wins"). English engine texts: put them in the
    game's ``engine/texts.py`` (the platform translates them where it shows them)."""

    label: str = SCORE_POINTS
    higher_is_better: bool = True
    note: str = ""


# --- the view envelope ------------------------------------------------------------------------


class SeatEnvelope(TypedDict):
    """One seat as the shared match page shows it (the person's name comes from the platform's
    seat list, matched by ``seat``). Games add their own keys beside these."""

    seat: int            # the seat index, 0-based
    colour: str          # a CSS colour for the seat's swatch, e.g. "#c0392b"
    colour_name: str     # the same in words, e.g. "red" ("" when colours mean nothing)
    score: float | int | None   # the running score the game ranks by (None: not meaningful yet)
    summary: str         # a short public line, e.g. "4 cards · 2 pieces home"


class ViewEnvelope(TypedDict):
    """The top-level fields every ``Engine.view`` carries, whatever the game:

    - ``game``: the engine's slug; ``viewer``: the seat looking (None: spectator);
    - ``to_act``: seats that may act now (``[]`` once over);
    - ``turn``: the turn number, 0 for the first turn (setup steps count as turns if the game
      says so); ``phase``: a short slug of the game's phase; ``phase_text``: it in words;
    - ``seats``: one ``SeatEnvelope`` per seat, in index order;
    - ``result``: None while the game runs, then ``Result.to_json()``.
    """

    game: str
    viewer: int | None
    to_act: list[int]
    turn: int
    phase: str
    phase_text: str
    seats: list[SeatEnvelope]
    result: dict[str, Any] | None


ENVELOPE_KEYS = tuple(ViewEnvelope.__annotations__)
SEAT_ENVELOPE_KEYS = tuple(SeatEnvelope.__annotations__)


def seat_envelope(seat: int, *, colour: str, colour_name: str = "", score: float | None = None,
                  summary: str = "") -> dict[str, Any]:
    """One ``SeatEnvelope`` as a dict (games extend it with their own keys)."""
    return {"seat": seat, "colour": colour, "colour_name": colour_name, "score": score, "summary": summary}


# --- the game's UI, as the platform finds it ---------------------------------------------------


@dataclass(frozen=True)
class GameUI:
    """Where the platform finds a game's own web UI (paths under the game's Django app).

    Every field is optional; None means the platform's generic part:

    - ``board_template``: the table, included by the match and replay pages with ``mode``
      "play" or "replay" (default: none, the generic page shows the legal actions only);
    - ``hand_template``: the seated player's panels (default
      ``matches/actions_generic.html``: the legal actions as buttons);
    - ``play_module``: the ES module of the live table. It exports
      ``render(snapshot, page)`` and ``describe(events, ctx) -> string`` (the log line of a
      move; ``ctx`` = ``{names, view, mySeat, record}``); default: ``js/generic_play.js``;
    - ``replay_module``: the ES module of the replay page; it exports
      ``renderStep(view, step, ctx)`` and ``describe(events, ctx)``; default
      ``js/generic_replay.js``;
    - ``stylesheet``: a CSS file loaded by both pages (default none);
    - ``rules_template``: the rules page for players, included in the site's page at
      ``/games/<slug>/rules/`` (default: a page built from the metadata: seats, options,
      bots);
    - ``keys_template``: the game's own keys, a fragment of ``<dt>``/``<dd>`` pairs in the page
      "Playing without a mouse or a screen" (``/games/keyboard/``; default: the shared keys
      only).

    A Django system check (``gameplatform.matches.checks``) fails at start-up when a declared
    file does not exist.
    """

    board_template: str | None = None
    hand_template: str | None = None
    play_module: str | None = None
    replay_module: str | None = None
    stylesheet: str | None = None
    rules_template: str | None = None
    keys_template: str | None = None


# --- bots --------------------------------------------------------------------------------------


@runtime_checkable
class Bot(Protocol):
    """A policy that decides from a seat's view only (never the state).

    ``choose(view, legal, rng)`` returns one element of ``legal`` (a template action may be
    filled in), or ``None`` to wait while other seats also act (an offering player waiting
    for answers): the platform then lets the next seat in ``to_act`` move, and the turn timer
    still runs. ``rng`` is the bot's own ``random.Random``; bots never touch the game RNG.

    A bot class may say ``budget_seconds``, the most it thinks for one decision (default
    ``DEFAULT_BOT_BUDGET_SECONDS``, see ``bot_budget_seconds``): the lobby states it, and a
    level above the platform's limit for quick bots plays where it holds up no other match
    (the bot runners' slow lane, issue 29 point 5).
    """

    name: str

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action | None: ...


# A bot level that says nothing thinks at most this long for one decision (seconds).
DEFAULT_BOT_BUDGET_SECONDS = 0.1


def bot_budget_seconds(factory: object) -> float:
    """The time budget of one decision of the bot ``factory`` makes (a bot class, or None
    for a kind an engine no longer offers, played by ``RandomBot``), seconds: its
    ``budget_seconds`` if a positive number, else ``DEFAULT_BOT_BUDGET_SECONDS``."""
    budget = getattr(factory, "budget_seconds", None)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or budget <= 0:
        return DEFAULT_BOT_BUDGET_SECONDS
    return float(budget)


class RandomBot:
    """Plays a uniformly random legal action. Works for every engine."""

    name = "random"
    description = "Plays any legal move at random."

    def choose(self, view: View, legal: list[Action], rng: random.Random) -> Action:
        """One element of ``legal``, chosen uniformly; raises ``ValueError`` if it is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return rng.choice(legal)


# --- the engine --------------------------------------------------------------------------------


class EngineBase:
    """Base class of every engine: the metadata, the abstract rules and the optional hooks.

    Every method is pure: inputs are never mutated. Subclasses set the metadata (class
    attributes) and implement the methods marked abstract; the others are hooks with the
    default documented on each.
    """

    # --- metadata
    slug: str = ""                 # URL-safe id, e.g. "hexboard-words"
    name: str = ""                 # shown to people, e.g. "HexBoard Words"
    min_seats: int = 2
    max_seats: int = 2
    simultaneous: bool = False     # may several seats be in ``to_act`` at once?
    hidden_information: bool = True  # does a seat see less than the state holds?
    ui: GameUI = GameUI()

    # --- lobby
    def options_schema(self) -> dict[str, Any]:
        """JSON schema (draft 2020-12 subset: boolean, integer with minimum/maximum, string
        with enum) of the lobby options, with ``default``, ``title`` and ``description``.
        Default: no options."""
        return {"type": "object", "properties": {}, "additionalProperties": False}

    def validate_options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; raises ``OptionsError`` naming the bad field.
        Default: checked against ``options_schema`` (``games.options.options_from_schema``)."""
        return options_from_schema(self.options_schema(), raw)

    def quick_start_options(self) -> dict[str, Any]:
        """The options of a first try, the lobby's "Play against bots now": the game's
        shortest variant (the others keep their defaults). Default: every option the schema
        marks with ``"shortest"`` at that value (``games.options.shortest_options``)."""
        return shortest_options(self.options_schema())

    def option_value_labels(self) -> dict[str, dict[str, str]]:
        """Words for enum option values in the lobby, ``{option: {value: label}}``. Default {}."""
        return {}

    def team_layouts(self, seats: int) -> dict[str, list[int | None]]:
        """Named team layouts for ``seats`` players: name -> team per seat index;
        ``"none"`` (no teams) is always present. Default: only ``"none"``."""
        return {"none": [None] * seats}

    def team_layout_labels(self) -> dict[str, str]:
        """Words for the layout names of ``team_layouts``, e.g. ``{"2v2": "2 v 2: partners
        face each other"}``. Default: {} (the lobby describes a layout by its teams)."""
        return {}

    def validate_seats(self, options: Mapping[str, Any], seats: Sequence[SeatSpec]) -> None:
        """Raises ``OptionsError("seats", ...)`` when the seat count is outside
        ``min_seats``-``max_seats`` or the teams are not one of ``team_layouts``. Games with
        option-dependent limits (a map's player range) extend it."""
        try:
            n = len(seats)
        except TypeError:
            raise OptionsError("seats", SEATS_COUNT, {"name": self.name, "lo": self.min_seats, "hi": self.max_seats})
        if not self.min_seats <= n <= self.max_seats:
            raise OptionsError("seats", SEATS_COUNT, {"name": self.name, "lo": self.min_seats, "hi": self.max_seats})
        if not all(isinstance(s, SeatSpec) for s in seats):
            raise OptionsError("seats", SEATS_NOT_SPEC)
        if [s.team for s in seats] not in self.team_layouts(n).values():
            raise OptionsError("seats", TEAMS_LAYOUT)

    # --- play (abstract)
    def setup(self, options: Mapping[str, Any], seats: Sequence[SeatSpec], seed: int) -> State:
        """The initial state; all chance comes from an RNG seeded with ``seed`` kept in the
        state. Abstract."""
        raise NotImplementedError

    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats that may act now; ``()`` once the game is over. Abstract."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (``[]`` if it may not act); for an open-ended
        choice (a word, a discard of several cards) a template the UI fills in. Abstract."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The next state and its events; raises ``IllegalAction``. Never mutates ``state``.
        Abstract."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator): the ``ViewEnvelope`` fields and the
        game's own. Never the seed, draw counter or anything hidden from that seat. Abstract."""
        raise NotImplementedError

    def view_texts(self, state: State, seat: int | None) -> dict[str, dict[str, Any]]:
        """Where the player texts of ``view(state, seat)`` are and what they are made of,
        ``{dotted path: spec}`` (``games.texts``), so the platform can show them in the
        reader's language; each path's string in the view is ``games.texts.render(spec)``.
        Called by the platform only (bots and the engine's own view never pay for it).
        Default ``{}``: the texts stay English."""
        return {}

    def result(self, state: State) -> Result | None:
        """``None`` while the game runs, then the ranks and scores. Abstract."""
        raise NotImplementedError

    def encode(self, state: State) -> dict[str, Any]:
        """JSON-able dict with ``decode(encode(s)) == s``. Abstract."""
        raise NotImplementedError

    def decode(self, data: dict[str, Any]) -> State:
        """Inverse of ``encode``. Abstract."""
        raise NotImplementedError

    # --- hooks with defaults
    def score_column(self, options: Mapping[str, Any]) -> ScoreColumn:
        """What ``result(...).scores`` count in a match with ``options``, and which way the
        ranks follow them (the result table's column). Default: ``ScoreColumn()``, "Points",
        higher is better."""
        return ScoreColumn()

    def client_legal_actions(self, state: State, seat: int) -> list[Action]:
        """What a person's client is shown of ``seat``'s legal actions (the snapshot's and the
        API's ``legal_actions``): a game whose list would hand over the answers (every steal
        of a word game) shows templates instead; bots and the engine still use
        ``legal_actions``. Default: ``legal_actions``."""
        return self.legal_actions(state, seat)

    def clock_seconds(self, options: Mapping[str, Any]) -> int | None:
        """The seconds per turn the game's own rules set from its ``options`` (an hourglass
        option), which then replace the lobby's time per turn; None: the lobby decides.
        Default: None."""
        return None

    def timeout_action(self, state: State, seat: int) -> Action:
        """The legal action applied for ``seat`` when its time runs out. Default: the first
        of ``legal_actions`` (raises ``IllegalAction`` when there is none)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("not_your_turn", "It is not your turn.")
        return legal[0]

    def setup_events(self, state: State) -> list[Event]:
        """Events of the setup (a deal, a first-player draw), recorded by the platform as the
        seq-0 history entry; may be private (``visible_to``). Default: none."""
        return []

    def action_is_public(self, action: Action) -> bool:
        """May other seats see this action as submitted (in the history)? A game whose
        actions name hidden things (a discarded card) says no; its public events then tell
        what others may know. Default: True."""
        return True

    def clock_restarts(self, before: State, after: State, seat: int, events: Sequence[Event]) -> bool:
        """Does the turn clock start again after ``seat``'s action took ``before`` to
        ``after``? When False the running deadline stays (an hourglass that only turns on a
        scoring move). Default: True (every action restarts the clock of whoever must act)."""
        return True

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """Concrete values hidden from ``seat`` (None: spectator) in ``state``, for the
        conformance suite to look for in what that seat receives: strings and integers
        (another seat's card codes, face-down card identities) and tuples (a hand's counts,
        the deck order), each a value that never appears in that seat's view unless leaked.
        The setup seed is always checked as well. Default: none."""
        return []

    def static_data(self) -> dict[str, Any]:
        """Fixed public data the game's web UI draws from and no view repeats (a board's
        geometry read from the engine's own data file), embedded once in the match and replay
        pages as the JSON script ``game-data``. Default: {} (nothing embedded)."""
        return {}

    def warm_up(self) -> None:
        """Prepares what the engine would otherwise build on its first use in a process (data
        files, indexes), once per server process at its start: Daphne's ASGI module and a
        Celery worker's main process before it forks its pool call it (``games.registry
        .warm_up_engines``), so no player's move waits for it. Default: nothing to prepare."""
        return None

    def redeal(self, state: State, seat: int, rng: random.Random) -> State | None:
        """A state ``seat`` cannot tell from ``state``: everything it may not know (other
        seats' hidden cards, the deck's order, face-down cards, the RNG seed and so every
        future die) dealt again from ``rng``, consistently with what it sees, so that
        ``view(redeal(state, seat, rng), seat) == view(state, seat)`` and its legal actions
        are the same; ``state`` itself is not changed. The analysis after a game plays out
        from such states (``games.analysis``), so no value it shows depends on what the seat
        could not know then. Default: None (the game offers no analysis)."""
        return None

    def same_move(self, state: State, seat: int, a: Action, b: Action) -> bool:
        """Are actions ``a`` and ``b`` of ``seat`` in ``state`` the same move for a player
        (the analysis after a game then compares nothing)? A game whose pieces are
        interchangeable says so for two actions that differ only in which one moves. Default:
        the same JSON, key order aside."""
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)

    def playout_bot(self) -> str:
        """The bot kind (a key of ``bots()``) that plays every seat in the analysis's
        play-outs: hundreds of whole games per analysis, so a kind that decides in
        milliseconds. Default: the strongest (the last of ``bots()``)."""
        return list(self.bots())[-1]

    def bots(self) -> Mapping[str, Callable[[], Bot]]:
        """Bot factories by kind, from the weakest to the strongest: the platform lists them
        in the lobby (with each bot's ``description``) and lets the last (strongest) one play
        for an absent person and for a moderator's hand-over. Default: ``{"random": RandomBot}``."""
        return {"random": RandomBot}


# Messages of EngineBase.validate_seats.
SEATS_COUNT = "{name} is played by {lo} to {hi} players."
SEATS_NOT_SPEC = "Each seat must be a SeatSpec."
TEAMS_LAYOUT = "That team layout is not offered for this number of players."

# ``Engine`` is what the platform types against: an ``EngineBase``.
Engine = EngineBase


def visible_events(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None``: spectator), without the ``visible_to`` key."""
    out: list[Event] = []
    for ev in events:
        vis = ev.get("visible_to")
        if vis is None:
            out.append(ev)
        elif seat is not None and seat in vis:
            out.append({k: v for k, v in ev.items() if k != "visible_to"})
    return out
