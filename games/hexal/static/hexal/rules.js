// The table of a Hexal view as the client reads it, without the DOM: where each card is, what a
// place would touch, and what a hand card would score there. The engine (engine/board.py,
// legal.py) decides; this module only draws hints from the public table (the free sides of
// any target, the best place of a hand card on a target before it is named) and the words of
// the help line.
//
//   const t = new TableModel(view.table)     // [{q, r, cards: [bottom, ..., top]}]
//   t.where("GT4")        -> {q, r, level} | null
//   t.placesAround({q, r, level})  -> [{q, r, level, top, touchers}] (top first, then the sides)
//   t.placesFor("BX2", target)     -> [{q, r, level, top, touchers, points}] where the card fits
//
// Source: RULES.md ("Where a card goes", "Matching", "Scoring"): a card goes on a free side of
// the target (a neighbouring cell at the target's level, supported: level 0 or a stack exactly
// as high) or on top of it while nothing is on it; it must share an attribute with every card
// it touches (the same-level cards around it and the card below), and scores the attributes
// it shares with each.

import { shared } from "./cards.js";

// The six directions in ring order (engine/board.py DIRECTIONS).
export const DIRECTIONS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

export const key = (q, r) => `${q},${r}`;

export class TableModel {
  /** @param {Array<{q: number, r: number, cards: string[]}>} table  the view's table */
  constructor(table) {
    this.cells = new Map();
    this.positions = new Map();
    for (const cell of table || []) {
      this.cells.set(key(cell.q, cell.r), cell.cards);
      cell.cards.forEach((code, level) => this.positions.set(code, { q: cell.q, r: cell.r, level }));
    }
  }

  /** The stack at (q, r), bottom first ([] for an empty cell). */
  stack(q, r) {
    return this.cells.get(key(q, r)) || [];
  }

  height(q, r) {
    return this.stack(q, r).length;
  }

  where(code) {
    return this.positions.get(code) || null;
  }

  /** The cards a card at (q, r, level) would touch: the one below, then the same-level cards
   * of the neighbouring cells in ring order. */
  touchers(q, r, level) {
    const out = [];
    if (level > 0) out.push(this.stack(q, r)[level - 1]);
    for (const [dq, dr] of DIRECTIONS) {
      const s = this.stack(q + dq, r + dr);
      if (s.length > level) out.push(s[level]);
    }
    return out;
  }

  /** The places around a target card at (q, r, level): on top while it is the top of its
   * stack, then each neighbouring cell whose stack is exactly as high as the target's level. */
  placesAround({ q, r, level }) {
    const out = [];
    if (this.height(q, r) === level + 1) out.push({ q, r, level: level + 1, top: true, touchers: this.touchers(q, r, level + 1) });
    for (const [dq, dr] of DIRECTIONS) {
      const [nq, nr] = [q + dq, r + dr];
      if (this.height(nq, nr) === level) out.push({ q: nq, r: nr, level, top: false, touchers: this.touchers(nq, nr, level) });
    }
    return out;
  }

  /** The places around `target` where `card` fits (sharing an attribute with every card it
   * would touch), each with the points it would score there. */
  placesFor(card, target) {
    const out = [];
    for (const p of this.placesAround(target)) {
      if (p.touchers.every((t) => shared(card, t) > 0)) out.push({ ...p, points: p.touchers.reduce((a, t) => a + shared(card, t), 0) });
    }
    return out;
  }

  /** The bounding box of the table's cells and the cells around them, in axial cells. */
  cellsAndRing() {
    const out = new Map();
    for (const k of this.cells.keys()) {
      const [q, r] = k.split(",").map(Number);
      out.set(k, [q, r]);
      for (const [dq, dr] of DIRECTIONS) out.set(key(q + dq, r + dr), [q + dq, r + dr]);
    }
    return [...out.values()];
  }
}
