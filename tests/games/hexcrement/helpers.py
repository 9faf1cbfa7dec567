"""Building Hexcrement positions for rule tests. Cards are moved, never made or lost (the 48
stay conserved), and the dice are fixed by choosing the draw counter that rolls them."""
from __future__ import annotations

import pytest

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import CARD_CELLS, FORWARD, N_CELLS
from games.hexcrement.engine.cards import DUNG, KIND
from games.hexcrement.engine.state import ROLL, State, roll_die
from games.protocol import IllegalAction, SeatSpec

SEED = 7


def new_game(n: int = 2, seed: int = SEED, length: str = "long") -> State:
    """A fresh game."""
    return ENGINE.setup({"length": length}, [SeatSpec()] * n, seed)


def edit(st: State, **fields) -> State:
    """A copy of ``st`` with ``fields`` replaced."""
    new = st.copy()
    for name, value in fields.items():
        setattr(new, name, value)
    return new


def _set(tup: tuple, i: int, value) -> tuple:
    out = list(tup)
    out[i] = value
    return tuple(out)


def _take_out(st: State, code: str) -> State:
    """``st`` with ``code`` removed from wherever it is (the caller puts it somewhere)."""
    st = st.copy()
    if code in st.cards:
        st.cards = _set(st.cards, st.cards.index(code), None)
    elif code in st.pool:
        st.pool = tuple(c for c in st.pool if c != code)
    else:
        for s in range(st.n):
            st.dung = _set(st.dung, s, tuple(c for c in st.dung[s] if c != code))
            st.swipes = _set(st.swipes, s, tuple(c for c in st.swipes[s] if c != code))
    return st


def empty_board(st: State) -> State:
    """Every card on the board moved to the pool (so a test lands only on what it places)."""
    st = st.copy()
    st.pool = st.pool + tuple(c for c in st.cards if c is not None)
    st.cards = (None,) * N_CELLS
    st.known = frozenset()
    st.up = frozenset()
    return st


def place(st: State, cell: int, code: str, known: bool = False) -> State:
    """``code`` face down on ``cell``; the card that was there goes to the pool."""
    old = st.cards[cell]
    st = _take_out(st, code)
    if old is not None and old != code:
        st.pool = st.pool + (old,)
    st.cards = _set(st.cards, cell, code)
    st.known = st.known | {cell} if known else st.known - {cell}
    return st


def carry(st: State, seat: int, code: str) -> State:
    """``seat``'s beetle carries (a dung card) or holds (a SWIPE) ``code``."""
    st = _take_out(st, code)
    if KIND[code] == DUNG:
        st.dung = _set(st.dung, seat, st.dung[seat] + (code,))
    else:
        st.swipes = _set(st.swipes, seat, st.swipes[seat] + (code,))
    return st


def at(st: State, seat: int, cell: int) -> State:
    """``seat``'s beetle on ``cell`` (the move starts there if it is that seat's turn)."""
    st = edit(st, pos=_set(st.pos, seat, cell))
    if st.seat == seat:
        st.from_cell = cell
    return st


def turn_of(st: State, seat: int, active: int = 0, dash: bool = False) -> State:
    """``seat`` to roll, with ``active`` effects in force."""
    return edit(st, seat=seat, phase=ROLL, active=active, dash=dash, ctx=None, reach=(), dice=(),
                steps=0, from_cell=st.pos[seat], extra=False, chain=0)


def dice(st: State, *values: int) -> State:
    """``st`` with the draw counter set so that the next dice rolled are ``values``."""
    for start in range(st.draws, st.draws + 200_000):
        probe = edit(st, draws=start)
        if all(roll_die(probe) == v for v in values):
            return edit(st, draws=start)
    raise AssertionError(f"no draw counter rolls {values}")


def act(st: State, seat: int, action: dict) -> tuple[State, list[dict]]:
    """``ENGINE.apply``, short."""
    return ENGINE.apply(st, seat, action)


def roll(st: State, *values: int) -> tuple[State, list[dict]]:
    """The seat to act rolls ``values``."""
    return act(dice(st, *values), st.seat, {"type": "roll"})


def refused(st: State, seat, action, rule) -> None:
    """``action`` is refused with ``rule``'s exact code and message, and ``st`` is unchanged."""
    before = ENGINE.encode(st)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(st, seat, action)
    assert (err.value.code, err.value.message) == (rule.code, rule.message)
    assert ENGINE.encode(st) == before


def events_of(events: list[dict], kind: str) -> list[dict]:
    """The events of type ``kind``."""
    return [e for e in events if e["type"] == kind]


def step_from(cell: int, direction: int, k: int) -> int:
    """A cell exactly ``k`` forward steps on (the first neighbour each time)."""
    for _ in range(k):
        cell = FORWARD[direction][cell][0]
    return cell


CARD_CELL = CARD_CELLS[9]  # a card cell of mat 1, column 2
