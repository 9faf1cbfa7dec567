"""The Hexfolk state: flat lists of small ints, cheap to copy, exact JSON round-trip.

``apply`` copies a state with ``clone`` and changes the copy; the copy shares every list with
its input until a handler replaces one (copy-on-write: no list is ever changed in place once
another state may hold it), so the input is never touched. Resources, terrains and development cards are indexes into the tuples of
rules.py; ``-1`` means "nobody" for owners and holders. The board's geometry is not stored: it
comes from the map slug and the layout (``hex_terrain``, ``hex_number``, ``harbor_kind``) through
the cached ``board.board``.

All chance comes from ``draw``: a SplitMix64 hash of the seed and the draw counter, so a state
alone decides every future roll, steal and development card (secret: never in a view).
"""
from __future__ import annotations

from typing import Any

from games.hexfolk.engine.board import Board, board

ENCODING_VERSION = 1
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

# Phases (``state.phase``).
SETUP_SETTLEMENT = "setup_settlement"  # the setup player places a settlement
SETUP_ROAD = "setup_road"  # ... then a road touching it
PRE_ROLL = "pre_roll"  # turn start: roll, or play a development card first
DISCARD = "discard"  # after a 7: every seat owing cards discards (in parallel)
ROBBER = "robber"  # the active player moves the robber (after a 7 or a knight)
MAIN = "main"  # trade, build, buy, play a card, end the turn
TRADE = "trade"  # an offer is open: the addressed seats answer, the active player decides
ROAD_BUILDING = "road_building"  # placing the free roads of a road building card
SPECIAL_BUILD = "special_build"  # 5+ players: another seat may build after the turn
OVER = "over"
TURN_PHASES = frozenset({PRE_ROLL, DISCARD, ROBBER, MAIN, TRADE, ROAD_BUILDING})

# How a game ended (``state.ended``).
ENDED_VICTORY = "victory"
ENDED_TURN_LIMIT = "turn_limit"
ENDED_NO_SCORE = "no_score"  # nobody can gain another point (endgame.py)

# Answers to a trade offer (``state.trade["answers"][seat]``).
PENDING, ACCEPTED, DECLINED, COUNTERED = "pending", "accepted", "declined", "countered"

# Fields in encoding order; the lists among them are copied by ``clone``.
FIELDS = (
    "n", "options", "map", "hex_terrain", "hex_number", "harbor_kind", "seed", "draws",
    "phase", "turn", "turn_number", "setup_step", "last_node", "rolled", "dice",
    "hands", "bank", "dev_left", "dev_hands", "dev_new", "dev_played", "knights",
    "node_owner", "node_city", "edge_owner", "roads_left", "settlements_left", "cities_left",
    "road_length", "longest_holder", "army_holder", "robber", "discard_owed", "free_roads",
    "trade", "sb_seat", "winner", "ended", "dice_counts", "produced", "trades_made",
)
_FLAT_LISTS = ("bank", "dev_left", "dev_new", "knights", "node_owner", "node_city", "edge_owner",
               "roads_left", "settlements_left", "cities_left", "road_length", "discard_owed",
               "dice_counts")
_NESTED_LISTS = ("hands", "dev_hands", "produced")
_TUPLES = ("hex_terrain", "hex_number", "harbor_kind")


class HexfolkState:
    """One moment of a game. Treat as immutable outside ``apply``.

    Fields (lists unless said): ``n`` seats; ``options`` (validated dict, shared, never
    changed); ``map`` slug; layout tuples ``hex_terrain`` (terrain index per hex), ``hex_number``
    (token per hex, 0 on deserts), ``harbor_kind`` (per harbor place: resource index or
    ``GENERIC_HARBOR``); ``seed``, ``draws`` (secret RNG); ``phase``; ``turn`` (active seat;
    during setup the placing seat); ``turn_number`` (1-based once play starts, 0 in setup);
    ``setup_step`` (index into the snake order); ``last_node`` (setup settlement awaiting its
    road, else -1); ``rolled`` (bool); ``dice`` ([d1, d2] of the last roll or None); ``hands``
    (per seat, 5 resource counts); ``bank`` (5 counts); ``dev_left`` (undrawn development cards
    by kind; secret); ``dev_hands`` (per seat, counts by kind, including cards bought this turn);
    ``dev_new`` (cards the active seat bought this turn, by kind); ``dev_played`` (a card was
    played this turn); ``knights`` (played, per seat); ``node_owner`` (seat or -1 per node);
    ``node_city`` (1 where the building is a city); ``edge_owner`` (seat or -1 per edge);
    ``roads_left``/``settlements_left``/``cities_left`` (supply per seat); ``road_length``
    (longest road per seat); ``longest_holder``/``army_holder`` (seat or -1); ``robber`` (hex);
    ``discard_owed`` (per seat, in DISCARD); ``free_roads`` (left to place in ROAD_BUILDING);
    ``trade`` (open offer or None: ``{"give": [5], "get": [5], "to": [seats], "answers": {seat
    str: answer}, "counters": {seat str: [[give 5], [get 5]]}}``, give/get from the active
    player's side); ``sb_seat`` (seat building in SPECIAL_BUILD, else -1); ``winner`` (seat or
    -1); ``ended`` ("" while running, then ``ENDED_VICTORY``, ``ENDED_TURN_LIMIT`` or ``ENDED_NO_SCORE``);
    statistics ``dice_counts`` (rolls of 2..12), ``produced`` (per seat, resources received
    from rolls), ``trades_made``.
    """

    # Caches, never encoded or compared: the board, and ``_memo`` (shared with every clone):
    # results derived from lists that are replaced, never changed in place, when they change,
    # each kept with the lists it was computed from (derived.py).
    __slots__ = FIELDS + ("_board", "_memo")

    # The fields' types, for the checker (annotations only: the slots hold the values).
    n: int
    options: dict[str, Any]
    map: str
    hex_terrain: tuple[int, ...]
    hex_number: tuple[int, ...]
    harbor_kind: tuple[int, ...]
    seed: int
    draws: int
    phase: str
    turn: int
    turn_number: int
    setup_step: int
    last_node: int
    rolled: bool
    dice: list[int] | None
    hands: list[list[int]]
    bank: list[int]
    dev_left: list[int]
    dev_hands: list[list[int]]
    dev_new: list[int]
    dev_played: bool
    knights: list[int]
    node_owner: list[int]
    node_city: list[int]
    edge_owner: list[int]
    roads_left: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    road_length: list[int]
    longest_holder: int
    army_holder: int
    robber: int
    discard_owed: list[int]
    free_roads: int
    trade: dict[str, Any] | None
    sb_seat: int
    winner: int
    ended: str
    dice_counts: list[int]
    produced: list[list[int]]
    trades_made: int
    _board: Board | None
    _memo: dict[str, Any]

    def __init__(self, **fields: Any):
        for name in FIELDS:
            setattr(self, name, fields[name])
        self._board = None
        self._memo = {}

    @property
    def board(self) -> Board:
        """The cached ``Board`` of this state's map and layout."""
        b = self._board
        if b is None:
            b = self._board = board(self.map, self.hex_terrain, self.hex_number, self.harbor_kind)
        return b

    def clone(self, hands: bool | None = True) -> HexfolkState:
        """A copy to change: ``hands`` (each hand too) and ``bank`` are fresh lists; every
        other list is shared, and a handler replaces it with a copy before changing it.
        ``apply`` passes ``hands=None`` for an action that moves cards (the ``hands`` list
        and ``bank`` are fresh, each hand shared: the handler copies a hand before changing
        it) and ``False`` for one that moves none (all shared)."""
        new = HexfolkState.__new__(HexfolkState)
        new.n = self.n
        new.options = self.options
        new.map = self.map
        new.hex_terrain = self.hex_terrain
        new.hex_number = self.hex_number
        new.harbor_kind = self.harbor_kind
        new.seed = self.seed
        new.draws = self.draws
        new.phase = self.phase
        new.turn = self.turn
        new.turn_number = self.turn_number
        new.setup_step = self.setup_step
        new.last_node = self.last_node
        new.rolled = self.rolled
        new.dice = self.dice  # replaced, never changed in place
        # Only the hands and the bank change in most actions; every other list is replaced
        # (copy-on-write) by the handler that changes it.
        if hands:
            new.hands = [h[:] for h in self.hands]
            new.bank = self.bank[:]
        elif hands is None:
            new.hands = self.hands[:]
            new.bank = self.bank[:]
        else:
            new.hands = self.hands
            new.bank = self.bank
        new.dev_left = self.dev_left
        new.dev_hands = self.dev_hands
        new.dev_new = self.dev_new
        new.dev_played = self.dev_played
        new.knights = self.knights
        new.node_owner = self.node_owner
        new.node_city = self.node_city
        new.edge_owner = self.edge_owner
        new.roads_left = self.roads_left
        new.settlements_left = self.settlements_left
        new.cities_left = self.cities_left
        new.road_length = self.road_length
        new.longest_holder = self.longest_holder
        new.army_holder = self.army_holder
        new.robber = self.robber
        new.discard_owed = self.discard_owed
        new.free_roads = self.free_roads
        new.trade = self.trade
        new.sb_seat = self.sb_seat
        new.winner = self.winner
        new.ended = self.ended
        new.dice_counts = self.dice_counts
        new.produced = self.produced
        new.trades_made = self.trades_made
        new._board = self._board
        new._memo = self._memo
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexfolkState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable, the documented way; typeshed wants a method

    def __repr__(self) -> str:
        return (f"HexfolkState(map={self.map!r}, n={self.n}, phase={self.phase!r}, "
                f"turn={self.turn}, turn_number={self.turn_number})")


def draw(st: HexfolkState, bound: int) -> int:
    """A number in ``range(bound)`` from the game RNG; advances ``st.draws`` (``st`` must be a
    copy being built by ``apply``)."""
    st.draws += 1
    z = (st.seed + st.draws * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % bound


def draw2(st: HexfolkState, bound: int) -> tuple[int, int]:
    """Two draws in ``range(bound)``, as ``(draw(st, bound), draw(st, bound))`` (the dice)."""
    k = st.draws + 1
    st.draws = k + 1
    seed = st.seed
    z = (seed + k * _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    y = (seed + (k + 1) * _GOLDEN) & _MASK
    y = ((y ^ (y >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    y = ((y ^ (y >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % bound, (y ^ (y >> 31)) % bound


def encode(state: HexfolkState) -> dict:
    """JSON-able dict of every field; ``decode(encode(state)) == state``."""
    out: dict[str, Any] = {"v": ENCODING_VERSION}
    for name in FIELDS:
        value = getattr(state, name)
        if name in _TUPLES:
            value = list(value)
        elif name in _NESTED_LISTS:
            value = [list(x) for x in value]
        elif name in _FLAT_LISTS or name == "dice":
            value = list(value) if value is not None else None
        elif name == "options":
            value = dict(value)
        elif name == "trade" and value is not None:
            value = _copy_trade(value)
        out[name] = value
    return out


def decode(data: dict) -> HexfolkState:
    """Inverse of ``encode``; raises ``KeyError``/``TypeError``/``ValueError`` on a bad dict."""
    if data.get("v") != ENCODING_VERSION:
        raise ValueError("unknown Hexfolk state encoding")
    fields: dict[str, Any] = {}
    for name in FIELDS:
        value = data[name]
        if name in _TUPLES:
            value = tuple(value)
        elif name in _NESTED_LISTS:
            value = [list(x) for x in value]
        elif name in _FLAT_LISTS or name == "dice":
            value = list(value) if value is not None else None
        elif name == "options":
            value = dict(value)
        elif name == "trade" and value is not None:
            value = _copy_trade(value)
        fields[name] = value
    return HexfolkState(**fields)


def _copy_trade(trade: dict) -> dict:
    return {
        "give": list(trade["give"]),
        "get": list(trade["get"]),
        "to": list(trade["to"]),
        "answers": dict(trade["answers"]),
        "counters": {k: [list(v[0]), list(v[1])] for k, v in trade["counters"].items()},
    }
