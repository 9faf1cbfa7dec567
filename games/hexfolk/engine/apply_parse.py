"""Parsing the fields of an action and paying for it (apply.py's helpers).
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.rules import (
    N_RESOURCES,
    RESOURCE_INDEX,
)
from games.hexfolk.engine.state import (
    MAIN,
    PRE_ROLL,
    HexfolkState,
)


# ------------------------------------------------------------------ parsing
def _int(value) -> bool:
    return type(value) is int


def _node(st: HexfolkState, value) -> int:
    if not _int(value) or not 0 <= value < st.board.topo.n_nodes:
        raise E.BAD_NODE.error()
    return value


def _edge(st: HexfolkState, value) -> int:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise E.BAD_EDGE.error()
    a, b = value
    if type(a) is not int or type(b) is not int:  # _int
        raise E.BAD_EDGE.error()
    e = st.board.topo.edge_index.get((a, b) if a < b else (b, a))
    if e is None:
        raise E.BAD_EDGE.error()
    return e


def _resource(value) -> int:
    r = RESOURCE_INDEX.get(value) if isinstance(value, str) else None
    if r is None:
        raise E.BAD_RESOURCE.error()
    return r


def _cards(value) -> list[int]:
    """A ``{"ore": 2}`` dict as a 5-count list."""
    if not isinstance(value, dict):
        raise E.BAD_CARDS.error()
    out = [0] * N_RESOURCES
    for name, count in value.items():
        r = _resource(name)
        if not _int(count) or count < 0:
            raise E.BAD_CARDS.error()
        out[r] = count
    return out


def _hand(st: HexfolkState, seat: int) -> list:
    """``seat``'s hand, made this state's own before it changes: ``apply`` gives the new state
    its own ``hands`` list and ``bank`` but shares each hand with the input (state.clone)."""
    hand = st.hands[seat] = st.hands[seat][:]
    return hand


def _pay(st: HexfolkState, seat: int, cost) -> None:
    hand = _hand(st, seat)
    bank = st.bank
    for r in range(N_RESOURCES):
        c = cost[r]
        if c:
            hand[r] -= c
            bank[r] += c


def _resume_phase(st: HexfolkState) -> str:
    """Where the turn goes on after a robber move or free roads: before or after the roll."""
    return MAIN if st.rolled else PRE_ROLL
