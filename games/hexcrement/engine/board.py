"""The Hexcrement board: six mats of 37 cells round the dice tray, a ring of 42 columns.

``board.json`` (beside this file) is the one data file; ``BOARD`` is it loaded once at import.
``build_board()`` is the compact description it was generated from (a test checks that the two
agree; regenerate with ``python -m games.hexcrement.engine.board``).

Cells are numbered 0-221: ``mat * 37 + offset``, where the offset runs column by column (column
0 first), from the periphery (depth 0) inwards. A mat's columns have 4, 5, 6, 7, 6, 5, 4 cells
(interpretation, "Board"); global column ``g = mat * 7 + column`` runs 0-41 round the ring
clockwise, so a clockwise step goes from column g to g + 1 (mod 42).

Per cell the file gives ``mat``, ``column`` (0-6), ``depth`` (0 = outer edge), ``ring_column``,
axial ``q``/``r`` in the mat's own frame (flat-top hexes), pixel ``x``/``y`` (hex size 1, y
down, the dice tray at the origin), ``forward`` (cells one step on, ``{"cw": [...], "ccw":
[...]}``), ``perpendicular`` (cells one step along the column; only in the five central
columns 1-5), ``card`` (true on the mat's 7 coloured card cells) and ``start`` (true on the
mat's START, the outer cell of its centre column).

Forward steps inside a mat follow the hex grid: from a shorter column into a longer one depth
d leads to d and d + 1, from a longer into a shorter one to d - 1 and d. Between two mats
(column 6 of one, column 0 of the next, both 4 cells) depth d leads to depth d: a beetle
crosses the seam straight (our decision, RULES.md "Board").
"""
from __future__ import annotations

import json
import math
import os
from typing import Any

MATS = 6
COLUMN_LENGTHS = (4, 5, 6, 7, 6, 5, 4)
CELLS_PER_MAT = sum(COLUMN_LENGTHS)  # 37
COLUMNS_PER_MAT = len(COLUMN_LENGTHS)  # 7
RING_COLUMNS = MATS * COLUMNS_PER_MAT  # 42
N_CELLS = MATS * CELLS_PER_MAT  # 222
CENTRAL_COLUMNS = (1, 2, 3, 4, 5)  # the "five central columns" (interpretation: columns 2-6)
START_COLUMN = 3  # START is the outer cell (depth 0) of the centre column
# Depth of the coloured card cell in each column (one per column, never START).
CARD_DEPTHS = (1, 3, 1, 3, 1, 3, 1)
MAT_DISTANCE = 12.5  # from the tray's centre to a mat's centre, in hex sizes
CW, CCW = 1, -1  # direction of play: +1 clockwise, -1 anticlockwise
DIRECTION_NAMES = {CW: "cw", CCW: "ccw"}
PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "board.json")

_COL_OFFSET = tuple(sum(COLUMN_LENGTHS[:c]) for c in range(COLUMNS_PER_MAT))


def cell_id(mat: int, column: int, depth: int) -> int:
    """The cell number of ``(mat, column, depth)``; raises ``ValueError`` off the mat."""
    if not (0 <= mat < MATS and 0 <= column < COLUMNS_PER_MAT and 0 <= depth < COLUMN_LENGTHS[column]):
        raise ValueError(f"no cell at mat {mat}, column {column}, depth {depth}")
    return mat * CELLS_PER_MAT + _COL_OFFSET[column] + depth


def _forward_cw(mat: int, column: int, depth: int) -> list[int]:
    if column == COLUMNS_PER_MAT - 1:  # the seam: straight on into the next mat
        return [cell_id((mat + 1) % MATS, 0, depth)]
    here, there = COLUMN_LENGTHS[column], COLUMN_LENGTHS[column + 1]
    ds = (depth, depth + 1) if there > here else (depth - 1, depth)
    return [cell_id(mat, column + 1, d) for d in ds if 0 <= d < there]


def build_board() -> dict:
    """The board description (the content of board.json): ``{"mats", "column_lengths",
    "central_columns", "ring_columns", "mat_angles", "cells": [...], "starts": [...]}``."""
    cells: list[dict[str, Any]] = []
    root3 = math.sqrt(3)
    for mat in range(MATS):
        angle = math.radians(60 * mat)  # clockwise on screen (y down) from the bottom mat
        cos_a, sin_a = math.cos(angle), math.sin(angle)
        for column, length in enumerate(COLUMN_LENGTHS):
            q = 3 - column  # clockwise runs right to left across the bottom mat
            r_max = min(3, 3 - q)
            for depth in range(length):
                r = r_max - depth
                lx, ly = 1.5 * q, root3 * (r + q / 2) + MAT_DISTANCE
                x, y = lx * cos_a - ly * sin_a, lx * sin_a + ly * cos_a
                perp = []
                if column in CENTRAL_COLUMNS:
                    perp = [cell_id(mat, column, d) for d in (depth - 1, depth + 1) if 0 <= d < length]
                cells.append({
                    "cell": cell_id(mat, column, depth), "mat": mat, "column": column,
                    "depth": depth, "ring_column": mat * COLUMNS_PER_MAT + column,
                    "q": q, "r": r, "x": round(x, 3), "y": round(y, 3),
                    "forward": {"cw": _forward_cw(mat, column, depth), "ccw": []},
                    "perpendicular": perp,
                    "card": depth == CARD_DEPTHS[column],
                    "start": column == START_COLUMN and depth == 0,
                })
    for c in cells:  # anticlockwise is clockwise backwards
        for nxt in c["forward"]["cw"]:
            cells[nxt]["forward"]["ccw"].append(c["cell"])
    for c in cells:
        c["forward"]["ccw"].sort()
    return {
        "mats": MATS, "column_lengths": list(COLUMN_LENGTHS), "central_columns": list(CENTRAL_COLUMNS),
        "ring_columns": RING_COLUMNS, "hex_size": 1, "mat_angles": [60 * m for m in range(MATS)],
        "cells": cells, "starts": [cell_id(m, START_COLUMN, 0) for m in range(MATS)],
    }


def load_board(path: str = PATH) -> dict:
    """board.json as a dict; raises ``OSError``/``ValueError`` if missing or malformed."""
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


BOARD = load_board()
_CELLS = BOARD["cells"]
# Flat tables for the engine's hot paths (index = cell).
COLUMN = tuple(c["ring_column"] for c in _CELLS)
MAT_OF = tuple(c["mat"] for c in _CELLS)
LOCAL_COLUMN = tuple(c["column"] for c in _CELLS)
DEPTH = tuple(c["depth"] for c in _CELLS)
FORWARD = {CW: tuple(tuple(c["forward"]["cw"]) for c in _CELLS),
           CCW: tuple(tuple(c["forward"]["ccw"]) for c in _CELLS)}
PERPENDICULAR = tuple(tuple(c["perpendicular"]) for c in _CELLS)
CARD_CELLS = tuple(c["cell"] for c in _CELLS if c["card"])
STARTS = tuple(BOARD["starts"])  # START of each mat
# Cells of each ring column from the periphery inwards.
COLUMN_CELLS = tuple(tuple(c["cell"] for c in _CELLS if c["ring_column"] == g) for g in range(RING_COLUMNS))
MAX_STEPS = 14  # two dice (FRUIT) and SURGE: 6 + 6 + 2


def _reach_table(direction: int) -> tuple:
    """``table[cell][k]``: the cells exactly ``k`` forward steps from ``cell`` (no tunnels)."""
    fwd = FORWARD[direction]
    table = []
    for cell in range(N_CELLS):
        row: list[tuple[int, ...]] = [(cell,)]
        frontier = {cell}
        for _ in range(MAX_STEPS):
            frontier = {n for c in frontier for n in fwd[c]}
            row.append(tuple(sorted(frontier)))
        table.append(tuple(row))
    return tuple(table)


REACH = {CW: _reach_table(CW), CCW: _reach_table(CCW)}


def perpendicular_ends(cell: int, steps: int) -> tuple[int, ...]:
    """Cells exactly ``steps`` cells along ``cell``'s column (towards the centre or the outer
    edge, in a straight line); ``()`` outside the five central columns or when neither fits."""
    if LOCAL_COLUMN[cell] not in CENTRAL_COLUMNS or steps <= 0:
        return ()
    col = COLUMN_CELLS[COLUMN[cell]]
    d = DEPTH[cell]
    return tuple(col[e] for e in (d - steps, d + steps) if 0 <= e < len(col))


def columns_between(a: int, b: int, direction: int) -> int:
    """Ring columns from cell ``a`` forward to cell ``b`` in ``direction`` (0-41)."""
    return ((COLUMN[b] - COLUMN[a]) * direction) % RING_COLUMNS


if __name__ == "__main__":  # regenerate board.json
    with open(PATH, "w", encoding="utf-8") as out:
        json.dump(build_board(), out, separators=(",", ":"))
        out.write("\n")
