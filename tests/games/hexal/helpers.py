"""Build Hexal positions for rule tests: a fresh deal with chosen table, hands and turn.

Cards are given as codes; every card named is taken from wherever the deal put it, and the
cards it displaces go to the bottom of the deck, so the 216 cards stay conserved.
"""
from __future__ import annotations

import pytest

from games.hexal.engine import ENGINE
from games.hexal.engine.board import key_of
from games.hexal.engine.cards import ID_OF
from games.hexal.engine.state import PLAY, TARGET, HexalState, encode
from games.protocol import IllegalAction, SeatSpec

__all__ = ["ENGINE", "position", "seats", "refused", "act", "ids"]


def seats(n: int) -> list[SeatSpec]:
    """``n`` seats without teams."""
    return [SeatSpec()] * n


def ids(codes) -> tuple[int, ...]:
    """Card ids of ``codes``."""
    return tuple(ID_OF[c] for c in codes)


def position(n: int = 2, *, table: dict | None = None, hands: dict | None = None,
             stacks: dict | None = None, current: int = 0, target: str | None = None,
             placed: tuple = (), deck: list | None = None, totals: tuple | None = None,
             target_score: int = 100, personal: bool = False, seed: int = 7) -> HexalState:
    """A game of ``n`` players after the deal, changed as asked:

    - ``table``: ``{(q, r): [codes bottom to top]}`` replaces the table (default: the deal's);
    - ``hands`` / ``stacks``: ``{seat: [codes]}`` replace those seats' hands / stacks;
    - ``deck``: the exact deck (top first); other free cards then go to the discards;
    - ``target`` names the target (phase "play"), ``placed`` the cards placed this turn
      (they must be on the table); ``current`` is the seat to act.
    """
    st = ENGINE.setup({"target_score": target_score, "personal_stack": personal}, seats(n), seed).copy()
    named: set[int] = set()
    new_table = None
    if table is not None:
        new_table = {key_of(q, r): ids(codes) for (q, r), codes in table.items()}
        named.update(c for stack in new_table.values() for c in stack)
    new_hands = {s: tuple(sorted(ids(h))) for s, h in (hands or {}).items()}
    new_stacks = {s: ids(h) for s, h in (stacks or {}).items()}
    for group in (new_hands, new_stacks):
        for cards in group.values():
            named.update(cards)
    assert len(named) == sum(len(s) for s in (new_table or {}).values()) + sum(
        len(c) for g in (new_hands, new_stacks) for c in g.values()), "a card is named twice"
    hands_out = tuple(new_hands.get(s, tuple(c for c in st.hands[s] if c not in named)) for s in range(n))
    stacks_out = tuple(new_stacks.get(s, tuple(c for c in st.stacks[s] if c not in named)) for s in range(n))
    table_out = new_table if new_table is not None else {
        k: tuple(c for c in stack if c not in named) for k, stack in st.table.items()}
    table_out = {k: v for k, v in table_out.items() if v}
    used = set(named) | {c for h in hands_out for c in h} | {c for s in stacks_out for c in s} | {
        c for v in table_out.values() for c in v}
    if deck is not None:
        deck_out = ids(deck)
        assert not used & set(deck_out), "a deck card is also named elsewhere"
        discards = tuple(c for c in range(216) if c not in used and c not in deck_out)
    else:
        deck_out = tuple(c for c in (*st.deck, *range(216)) if c not in used)
        deck_out = tuple(dict.fromkeys(deck_out))
        discards = ()
    st.table, st.hands, st.stacks, st.deck, st.discards = table_out, hands_out, stacks_out, deck_out, discards
    st.current = current
    st.placed = ids(placed)
    st.phase, st.target = TARGET, -1
    if target is not None:
        st.phase, st.target = PLAY, ID_OF[target]
    if totals is not None:
        st.totals = tuple(totals)
    st.reindex()
    return st


def refused(st: HexalState, seat: int, action) -> IllegalAction:
    """The ``IllegalAction`` ``action`` raises; asserts the state did not change."""
    before = encode(st)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    assert encode(st) == before, "a refused action changed the state"
    return info.value


def act(st: HexalState, *actions, seat: int | None = None):
    """Apply ``actions`` in order for the seat to act (or ``seat``); returns (state, events)."""
    events = []
    for a in actions:
        st, ev = ENGINE.apply(st, st.current if seat is None else seat, a)
        events += ev
    return st, events
