"""Invariants of every Hexal state, and an independent recount of the scores from the events
(issue 10, point 7), checked after every action of the playouts and the conformance run."""
from __future__ import annotations

from games.hexal.engine.board import all_spots, touching_pairs
from games.hexal.engine.cards import SHARE
from games.hexal.engine.state import HexalState

NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def check_state(engine, st: HexalState) -> None:
    """216 cards, each once (deck + hands + stacks + table + discards); every touching pair on
    the table shares an attribute; the derived indexes match a full rebuild."""
    cards = [*st.deck, *st.discards]
    for h in st.hands:
        cards += h
    for s in st.stacks:
        cards += s
    for stack in st.table.values():
        cards += stack
    assert len(cards) == 216 and set(cards) == set(range(216)), "the 216 cards are conserved"
    for a, b in touching_pairs(st.table):
        assert SHARE[a][b] > 0, "every touching pair shares an attribute"
    assert st.spots == all_spots(st.table), "the spot index matches the table"
    assert st.where == {c: (k, lvl) for k, stack in st.table.items() for lvl, c in enumerate(stack)}
    assert all(len(h) <= 6 for h in st.hands)
    assert all(set(s) <= set(h) for s, h in zip(st.shown, st.hands, strict=True)), "shown cards are in the hand"
    if not st.ended:
        assert engine.to_act(st) == (st.current,)


def share(a: str, b: str) -> int:
    """Attributes two card codes share (colour letter, shape letter, number)."""
    return sum(x == y for x, y in zip(a, b, strict=True))


class ScoreBook:
    """Replays the public events: the table by (q, r, level) and each seat's total, scoring
    every turn from the geometry alone (rule 10: touching pairs with a card of this turn,
    each once)."""

    def __init__(self, n: int, setup_events: list[dict]):
        self.totals = [0] * n
        self.cells: dict[tuple[int, int, int], str] = {}
        self.turn: dict[str, tuple[int, int, int]] = {}
        for ev in setup_events:
            if ev["type"] == "initial_target":
                self.cells[(ev["q"], ev["r"], 0)] = ev["card"]

    def feed(self, events: list[dict]) -> None:
        """Apply one action's events; asserts each ``turn_scored`` against the recount."""
        for ev in events:
            kind = ev["type"]
            if kind == "placed":
                at = (ev["q"], ev["r"], ev["level"])
                assert at not in self.cells
                self.cells[at] = ev["card"]
                self.turn[ev["card"]] = at
            elif kind == "taken_back":
                at = self.turn.pop(ev["card"])
                assert self.cells.pop(at) == ev["card"]
            elif kind == "turn_scored":
                points = self.recount()
                assert ev["points"] == points, f"turn scored {ev['points']}, recount {points}"
                assert sorted(ev["cards"]) == sorted(self.turn)
                self.totals[ev["seat"]] += points
                assert ev["total"] == self.totals[ev["seat"]]
                self.turn = {}
            elif kind in ("discarded", "passed"):
                assert not self.turn

    def recount(self) -> int:
        pairs = set()
        for card, (q, r, lvl) in self.turn.items():
            around = [(q, r, lvl - 1), (q, r, lvl + 1)] + [(q + dq, r + dr, lvl) for dq, dr in NEIGHBOURS]
            for at in around:
                other = self.cells.get(at)
                if other is not None:
                    pairs.add(frozenset((card, other)))
        return sum(share(*sorted(p)) for p in pairs)
