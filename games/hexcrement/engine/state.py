"""The Hexcrement state: tuples, frozensets and scalars, cheap to copy, exact JSON round-trip.

``apply`` works on ``copy()`` (about thirty references copied) and replaces the fields it
changes; nothing is changed in place, so a state once built is never touched again.

All chance comes from ``draw``: a SplitMix64 hash of the seed and the draw counter, both in the
state (secret: never in a view), so the state alone decides every die and every card drawn.
"""
from __future__ import annotations

from typing import Any

from games.hexcrement.engine.board import N_CELLS

ENCODING_VERSION = 1
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# Phases (``State.phase``): what the seat to act decides now.
ROLL = "roll"      # roll the die (dice)
MOVE = "move"      # choose the end cell among ``reach``
TARGET = "target"  # BLOCK, MEAN, PUSH, SWAP: choose a player
GIVE = "give"      # GIVE: a card and the player who gets it
MORPH = "morph"    # MORPH: the face-down card to swap with
PEEK = "peek"      # PEEK: the face-down card to show
MUD = "mud"        # MUD: the card to drop
ODOUR = "odour"    # ODOUR: which of the nearest cards
BATTLE = "battle"  # the challenger holds a SWIPE: spend it or roll
TAKE = "take"      # a won battle: which dung card from whom
OVER = "over"
CHOICE_PHASES = frozenset({TARGET, GIVE, MORPH, PEEK, MUD, ODOUR, BATTLE, TAKE})

FORWARD_MODE, PERPENDICULAR_MODE = "forward", "perpendicular"

FIELDS = (
    "n", "quick", "mats", "seed", "draws", "cards", "known", "up", "reminders", "seen", "pool",
    "pos", "dirs", "dung", "swipes", "status", "active", "seat", "turn_number", "phase",
    "dice", "steps", "mode", "from_cell", "dash", "extra", "reach", "ctx", "after_card",
    "chain", "winner", "ended", "who_starts",
)
_SETS = ("known", "up", "seen")
_NESTED = ("dung", "swipes", "who_starts", "reminders")
_TUPLES = ("mats", "pool", "pos", "dirs", "status", "dice", "reach")


class State:
    """One moment of a game. Treat as immutable: ``apply`` changes only a fresh ``copy()``.

    Fields: ``n`` (seats); ``quick`` (the quick game, else the long one); ``mats`` (mat of each
    seat); ``seed``, ``draws`` (the RNG, secret); ``cards`` (card code or None per cell);
    ``known`` (cells whose face-down card every player has seen: landed on, PEEK, dropped by
    MUD); ``up`` (face-up cells: open TUNNELs and one-turn reminders); ``reminders`` ((cell,
    seat, turn_number) of each reminder card, turned down after that seat's next turn);
    ``seen`` (codes every player has seen; the pool's others are secret); ``pool`` (codes in
    the dice tray); ``pos``, ``dirs`` (+1 clockwise, -1 anticlockwise), ``dung`` and
    ``swipes`` (codes carried), ``status`` (bits of cards.py: pending effects and SHIELD) per
    seat; ``active`` (the effects in force this turn); ``seat`` (whose turn); ``turn_number``
    (regular turns begun, 0-based); ``phase``; ``dice`` (the last roll); ``steps`` and
    ``mode`` (the move after the roll); ``from_cell`` (where the move began); ``dash`` (this
    is a DASH extra turn); ``extra`` (a DASH extra turn is owed); ``reach`` (end cells after
    the roll); ``ctx`` (the open choice: ``{"card", "cell", "actions": [...], ...}`` or
    None); ``after_card`` (cell whose card resolves once a battle choice is made, else -1);
    ``chain`` (cards resolved this move); ``winner`` (-1 while none); ``ended`` ("", "goal"
    or "limit"); ``who_starts`` (the rounds of first-player rolls, per seat).
    """

    __slots__ = FIELDS

    # The fields' types, for the checker (annotations only: the slots hold the values).
    n: int
    quick: bool
    mats: tuple[int, ...]
    seed: int
    draws: int
    cards: tuple[str | None, ...]
    known: frozenset[int]
    up: frozenset[int]
    reminders: tuple[tuple[int, int, int], ...]
    seen: frozenset[str]
    pool: tuple[str, ...]
    pos: tuple[int, ...]
    dirs: tuple[int, ...]
    dung: tuple[tuple[str, ...], ...]
    swipes: tuple[tuple[str, ...], ...]
    status: tuple[int, ...]
    active: int
    seat: int
    turn_number: int
    phase: str
    dice: tuple[int, ...]
    steps: int
    mode: str
    from_cell: int
    dash: bool
    extra: bool
    reach: tuple[int, ...]
    ctx: dict[str, Any] | None
    after_card: int
    chain: int
    winner: int
    ended: str
    who_starts: tuple[tuple[int, ...], ...]

    def __init__(self, **fields: Any):
        for name in FIELDS:
            setattr(self, name, fields[name])

    def copy(self) -> State:
        """A shallow copy; every field is immutable, so ``apply`` replaces what it changes."""
        new = object.__new__(State)
        for name in FIELDS:
            setattr(new, name, getattr(self, name))
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable, the documented way; typeshed wants a method

    def __repr__(self) -> str:
        return f"State(n={self.n}, seat={self.seat}, phase={self.phase!r}, turn={self.turn_number})"


def draw(st: State, bound: int) -> int:
    """A number in ``range(bound)`` from the game RNG; advances ``st.draws`` (``st`` must be
    the copy ``apply`` is building)."""
    st.draws += 1
    z = (st.seed + st.draws * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % bound


def roll_die(st: State) -> int:
    """One six-sided die, 1-6."""
    return draw(st, 6) + 1


def encode(st: State) -> dict:
    """JSON-able dict of every field; ``decode(encode(st)) == st``."""
    out: dict[str, Any] = {"v": ENCODING_VERSION}
    for name in FIELDS:
        value = getattr(st, name)
        if name in _SETS:
            value = sorted(value)
        elif name in _NESTED:
            value = [list(x) for x in value]
        elif name in _TUPLES:
            value = list(value)
        elif name == "ctx" and value is not None:
            value = _copy_ctx(value)
        elif name == "cards":  # only the cells that hold a card: {"cell": code}
            value = {str(c): code for c, code in enumerate(value) if code is not None}
        out[name] = value
    return out


def decode(data: dict) -> State:
    """Inverse of ``encode``; raises ``KeyError``/``TypeError``/``ValueError`` on a bad dict."""
    if data.get("v") != ENCODING_VERSION:
        raise ValueError("unknown Hexcrement state encoding")
    fields: dict[str, Any] = {}
    for name in FIELDS:
        value = data[name]
        if name in _SETS:
            value = frozenset(value)
        elif name in _NESTED:
            value = tuple(tuple(x) for x in value)
        elif name in _TUPLES:
            value = tuple(value)
        elif name == "ctx" and value is not None:
            value = _copy_ctx(value)
        elif name == "cards":
            cards = [None] * N_CELLS
            for c, code in value.items():
                cards[int(c)] = code
            value = tuple(cards)
        fields[name] = value
    return State(**fields)


def _copy_ctx(ctx: dict) -> dict:
    out = dict(ctx)
    out["actions"] = [dict(a) for a in ctx["actions"]]
    return out
