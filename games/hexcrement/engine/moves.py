"""Where a beetle may go, and every legal action of the seat to act.

Rules, "Movement rule": "move your beetle the number of spaces shown on the die in the
direction indicated by your direction piece ... without going backwards or skipping spaces";
"You may not return to the space where you started, nor stay in the same column as your
starting position". TUNNEL: "Once two or more tunnel openings are turned over, players can
travel between them in any direction. Going from one tunnel opening to another counts as a
single move."
"""
from __future__ import annotations

from games.hexcrement.engine.board import COLUMN, DEPTH, FORWARD, N_CELLS, REACH, STARTS, perpendicular_ends
from games.hexcrement.engine.cards import COLOURS, KIND, goal_met
from games.hexcrement.engine.state import CHOICE_PHASES, MOVE, OVER, PERPENDICULAR_MODE, ROLL, State

ROLL_ACTION = {"type": "roll"}
_reach_cache: dict = {}


def open_tunnels(st: State) -> tuple[int, ...]:
    """Cells of face-up TUNNEL cards, sorted; they connect only when there are two or more."""
    cards = st.cards
    return tuple(sorted(c for c in st.up if (code := cards[c]) is not None and KIND[code] == "TUNNEL"))


def forward_ends(cell: int, direction: int, steps: int, tunnels: tuple[int, ...]) -> tuple[int, ...]:
    """End cells exactly ``steps`` steps on from ``cell`` in ``direction``, never ``cell``
    itself nor its column; with two or more open ``tunnels`` a step may also hop from one
    opening to any other (then the move goes on in the direction of play)."""
    if len(tunnels) < 2:
        return REACH[direction][cell][steps]
    key = (cell, direction, steps, tunnels)
    hit = _reach_cache.get(key)
    if hit is not None:
        return hit
    fwd = FORWARD[direction]
    tset = frozenset(tunnels)
    frontier = {cell}
    for _ in range(steps):
        nxt: set[int] = set()
        for c in frontier:
            nxt.update(fwd[c])
            if c in tset:
                nxt.update(tset)
                nxt.discard(c)
        frontier = nxt
    col = COLUMN[cell]
    out = tuple(sorted(c for c in frontier if c != cell and COLUMN[c] != col))
    if len(_reach_cache) > 50_000:
        _reach_cache.clear()
    _reach_cache[key] = out
    return out


def end_cells(st: State, seat: int, steps: int, mode: str) -> tuple[int, ...]:
    """The cells ``seat``'s beetle may end on with ``steps`` steps of ``mode``; its START too
    when it carries the dung it needs and the move passes START ("any space within the range
    of your die roll": home is reached, RULES.md "Coming home")."""
    cell = st.pos[seat]
    if steps <= 0:
        return ()
    home = STARTS[st.mats[seat]]
    homing = goal_met(st.quick, COLOURS[st.mats[seat]], st.dung[seat])
    if mode == PERPENDICULAR_MODE:
        ends = perpendicular_ends(cell, steps)
        if homing and home not in ends and COLUMN[home] == COLUMN[cell] and 0 < DEPTH[cell] <= steps:
            ends = tuple(sorted(ends + (home,)))
        return ends
    tunnels = open_tunnels(st)
    ends = forward_ends(cell, st.dirs[seat], steps, tunnels)
    if homing and home not in ends:
        for j in range(1, steps):
            if home in forward_ends(cell, st.dirs[seat], j, tunnels):
                return tuple(sorted(ends + (home,)))
    return ends


def nearest_cards(st: State, cell: int, direction: int) -> tuple[int, ...]:
    """ODOUR: the cells holding a Hex card at the fewest steps (at least one) from ``cell`` in
    ``direction`` (tunnel hops count as one step); ``()`` if no other card is on the board."""
    cards = st.cards
    if not any(cards[c] is not None for c in range(N_CELLS) if c != cell):
        return ()
    fwd = FORWARD[direction]
    tunnels = open_tunnels(st)
    tset = frozenset(tunnels) if len(tunnels) >= 2 else frozenset()
    frontier, seen = {cell}, {cell}
    while frontier:
        nxt: set[int] = set()
        for c in frontier:
            nxt.update(fwd[c])
            if c in tset:
                nxt.update(tset)
        nxt -= seen
        found = tuple(sorted(c for c in nxt if cards[c] is not None))
        if found:
            return found
        seen |= nxt
        frontier = nxt
    return ()


def legal_actions(st: State, seat: int) -> list[dict]:
    """Every legal action of ``seat`` now (``[]`` when it is not to act):
    ``{"type": "roll"}``; ``{"type": "move", "cell": c}`` per end cell; in a choice phase the
    listed choices (``target``/``swipe`` with ``seat``, ``give``/``take`` with ``seat`` and
    ``card``, ``mud`` with ``card``, ``morph``/``peek``/``odour`` with ``cell``, ``fight``)."""
    if st.phase == OVER or seat != st.seat:
        return []
    phase = st.phase
    if phase == ROLL:
        return [{"type": "roll"}]
    if phase == MOVE:
        return [{"type": "move", "cell": c} for c in st.reach]
    if phase in CHOICE_PHASES:
        ctx = st.ctx
        assert ctx is not None  # a choice phase always has its ctx
        return [dict(a) for a in ctx["actions"]]
    return []
