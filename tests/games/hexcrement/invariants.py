"""Invariants of every Hexcrement state (issue 12, "Tests"): the 48 cards are all somewhere
(mats + pool + carried + held SWIPEs), no beetle is off the board, the statuses are sane."""
from __future__ import annotations

from collections import Counter

from games.hexcrement.engine.board import N_CELLS
from games.hexcrement.engine.cards import ALL_CARDS, DUNG, KIND
from games.hexcrement.engine.state import CHOICE_PHASES, OVER, State


def all_cards(st: State) -> Counter:
    """Every card code in the state, counted: on the mats, in the pool, carried, held."""
    found = Counter(c for c in st.cards if c is not None)
    found.update(st.pool)
    for s in range(st.n):
        found.update(st.dung[s])
        found.update(st.swipes[s])
    return found


def check_state(engine, st: State) -> None:
    """Raise ``AssertionError`` when an invariant breaks."""
    assert all_cards(st) == Counter(ALL_CARDS), "the 48 cards are not all there exactly once"
    assert sum(1 for c in st.cards if c is not None) + len(st.pool) + sum(map(len, st.dung)) \
        + sum(map(len, st.swipes)) == 48
    for s in range(st.n):
        assert 0 <= st.pos[s] < N_CELLS, "a beetle is off the board"
        assert all(KIND[c] == DUNG for c in st.dung[s])
        assert all(KIND[c] == "SWIPE" for c in st.swipes[s])
        assert st.dirs[s] in (1, -1)
    assert all(KIND[c] != DUNG for c in st.pool), "dung never goes to the pool"
    assert st.up <= {c for c in range(N_CELLS) if st.cards[c] is not None}, "a face-up cell has no card"
    assert (st.ctx is not None) == (st.phase in CHOICE_PHASES)
    if st.phase == OVER:
        assert engine.result(st) is not None
