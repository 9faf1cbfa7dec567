"""The open hex table: cells, stacks, spots and who touches whom (pure functions on dicts).

Cells use axial coordinates ``(q, r)`` packed into one int ``key = q * SPAN + r`` (a table of
216 cards never reaches ``|r| >= SPAN / 2``). A table is ``{key: (card, ...)}``, each stack
bottom to top; a card at index ``level`` of its stack sits at that level (0 on the table).

Source: interpretation, "Table: an unbounded hex grid of stacks. A card in play sits at a cell
and a level (0 on the table, 1 on top of a level-0 card, ...). It touches the card directly
below it and the cards at the same level in the six neighbouring cells."

A *spot* is where the next card of a cell would go: level ``height(cell)``. Every legal place
is a spot, since a card is always supported (rule 8 and the interpretation: "a free side of it
(a neighbouring cell at the target's level that is supported: level 0, or a stack exactly as
high as the target's level) or on top of it"). A spot's *touchers* are the card below it and
the same-level cards of the neighbouring cells; it is open when it has at least one, and each
toucher is a target the spot may be played on.
"""
from __future__ import annotations

from games.hexal.engine.cards import COMPAT, FULL_MASK

SPAN = 512
HALF = SPAN // 2
# The six directions in ring order: consecutive sides of a cell touch each other.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DELTAS = tuple(dq * SPAN + dr for dq, dr in DIRECTIONS)
ORIGIN = 0


def key_of(q: int, r: int) -> int:
    """The packed cell key of axial ``(q, r)``."""
    return q * SPAN + r


def qr_of(key: int) -> tuple[int, int]:
    """Axial ``(q, r)`` of a packed key."""
    q, r = divmod(key + HALF, SPAN)
    return q, r - HALF


def in_range(q: int, r: int) -> bool:
    """Can ``(q, r)`` be packed (both within +-255)? Larger coordinates are never on a table."""
    return -HALF < q < HALF and -HALF < r < HALF


def touchers(table: dict, key: int, level: int) -> list[int]:
    """The cards a card at ``(key, level)`` would touch: the one below, then the same-level
    cards of the neighbouring cells in ring order."""
    out = []
    if level:
        out.append(table[key][level - 1])
    get = table.get
    for d in DELTAS:
        stack = get(key + d)
        if stack is not None and len(stack) > level:
            out.append(stack[level])
    return out


def spot_entry(table: dict, key: int) -> tuple[int, int, tuple[int, ...]] | None:
    """``(level, mask, touchers)`` of the spot of ``key`` (mask: the cards sharing an attribute
    with every toucher), or None when nothing would touch it."""
    stack = table.get(key)
    level = len(stack) if stack else 0
    found = touchers(table, key, level)
    if not found:
        return None
    mask = FULL_MASK
    for t in found:
        mask &= COMPAT[t]
    return level, mask, tuple(found)


def all_spots(table: dict) -> dict:
    """``{key: spot_entry}`` for every open spot of ``table`` (a full scan; apply keeps it up
    to date with ``refresh_spots``)."""
    keys = set(table)
    for key in table:
        for d in DELTAS:
            keys.add(key + d)
    out = {}
    for key in keys:
        entry = spot_entry(table, key)
        if entry is not None:
            out[key] = entry
    return out


def refresh_spots(spots: dict, table: dict, key: int) -> None:
    """Update ``spots`` in place after the stack at ``key`` changed: its own spot and its
    neighbours' (nothing else can see the change)."""
    for k in (key, *(key + d for d in DELTAS)):
        entry = spot_entry(table, k)
        if entry is None:
            spots.pop(k, None)
        else:
            spots[k] = entry


def places_around(table: dict, spots: dict, key: int, level: int) -> list[int]:
    """The spot keys where a card may go for the target at ``(key, level)``: on top (only when
    the target is the top of its stack) first, then the free supported sides in ring order.

    Source: rule 8, "Cards with a matching attribute may be played on any of the target
    card's six sides and one card may be played on top."
    """
    out = []
    if len(table[key]) == level + 1:
        out.append(key)
    for d in DELTAS:
        k = key + d
        entry = spots.get(k)
        if entry is not None and entry[0] == level:
            out.append(k)
    return out


def touching_pairs(table: dict):
    """Every touching pair on the table, once each: yields ``(a, b)`` card ids."""
    for key, stack in table.items():
        for level, card in enumerate(stack):
            if level:
                yield stack[level - 1], card
            for d in DELTAS[:3]:  # half the directions: each same-level pair once
                other = table.get(key + d)
                if other is not None and len(other) > level:
                    yield card, other[level]
