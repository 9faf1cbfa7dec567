// The Hexcrement board: an SVG of the six mats round the dice tray, drawn from the engine's
// board data (engine/board.json, embedded once per page as the JSON script "game-data" by
// EngineBase.static_data) and a view (engine/view.py).
//
// Geometry: every cell has pixel x, y in hex sizes (flat-topped hexes, y down, the tray at
// 0, 0); mat m sits 60·m degrees clockwise from the bottom. The board is turned so that the
// viewer's mat is at the bottom. A clockwise beetle moves along the tangent (-y, x).
//
// Usage:
//   const board = new HexcrementBoard(svg, data, { onPick(action), onHelp(text) });
//   board.render(view, { perspective: mat, names, mySeat, colourBlind, targets: Map(cell -> {action, label, kind}),
//                        beetleTargets: Map(seat -> {action, label}), lastMove: {seat, from, to} | null,
//                        roll: {seat, dice} | null, told: Set(cell) });
// `told`: cells whose card was just resolved, peeked at or dropped on (ringed, like the story).
// A click (or Enter / Space) on a target calls onPick(action); on anything else, onHelp(text)
// with what it is (the same words as its hover title).

import { seatFill } from "../js/palette.js";
import { el, title } from "../js/dom.js";
import { FLAT, hexPoints } from "../js/hexgrid.js";
import { inkOn } from "../js/seats.js";
import { drawDie } from "./dice.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";
import { EFFECTS, EFFECT_ORDER, cardHelp, cardKind, cardName, cellWords, directionWords, dungColour, listWords, matColour } from "./words.js";

const S = 20; // a hex size (centre to corner) in viewBox units
const TRAY_R = 6.9 * S;
export const VIEWBOX = "-345 -380 690 760";
const DUNG_FILL = "#6b4423";
const BEETLE_SCALE = 1.35;

/** Mixes colour `hex` with white: `t` = 0 gives the colour, 1 white. */
export function tint(hex, t) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex || "");
  if (!m) return "#ddd";
  const c = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  return `#${c.map((v) => Math.round(v + (255 - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

/** The CSS colour of a colour name from the game data ("red" -> "#c0392b"). */
export function colourCss(data, name) {
  return (data?.colours || []).find((c) => c.name === name)?.css || "#888";
}

/** Cell centres on screen for a perspective (the viewer's mat at the bottom). */
export class Layout {
  constructor(data, perspective = 0) {
    this.data = data;
    this.board = data.board;
    const a = (-60 * perspective * Math.PI) / 180;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    this.xy = this.board.cells.map((c) => [(c.x * cos - c.y * sin) * S, (c.x * sin + c.y * cos) * S]);
  }

  /** Unit vector of travel at `cell` for direction "cw" / "ccw". */
  tangent(cell, dir) {
    const [x, y] = this.xy[cell];
    const d = Math.hypot(x, y) || 1;
    return dir === "cw" ? [-y / d, x / d] : [y / d, -x / d];
  }
}

export class HexcrementBoard {
  constructor(svg, data, { onPick = null, onHelp = null } = {}) {
    this.svg = svg;
    this.data = data;
    this.onPick = onPick;
    this.onHelp = onHelp;
    this.layout = null;
    this.helps = new Map(); // help key -> words, rebuilt on each render
    svg.setAttribute("viewBox", VIEWBOX);
    svg.addEventListener("click", (e) => this._click(e));
    svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this._click(e);
      }
    });
  }

  layoutFor(perspective) {
    if (!this.layout || this.layout.perspective !== perspective) {
      this.layout = new Layout(this.data, perspective);
      this.layout.perspective = perspective;
    }
    return this.layout;
  }

  _click(e) {
    const t = e.target.closest?.("[data-target]");
    if (t && this.targets?.has(t.dataset.target)) {
      this.onPick?.(this.targets.get(t.dataset.target).action);
      return;
    }
    const h = e.target.closest?.("[data-help]");
    if (h && this.helps.has(h.dataset.help)) this.onHelp?.(this.helps.get(h.dataset.help));
  }

  _help(node, key, text) {
    node.dataset.help = key;
    this.helps.set(key, text);
    title(node, text);
  }

  /** Draws `view`; see the module comment for `opts`. */
  render(view, opts = {}) {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    this.helps.clear();
    this.targets = new Map();
    if (!view || !this.data?.board) return;
    const L = this.layoutFor(opts.perspective ?? 0);
    const ctx = { names: opts.names || [], mySeat: opts.mySeat ?? null, colourBlind: Boolean(opts.colourBlind) };
    this.ctx = ctx;
    this.view = view;
    const cardAt = new Map((view.cards || []).map((c) => [c.cell, c]));
    const beetlesAt = new Map();
    for (const s of view.seats || []) {
      if (!beetlesAt.has(s.cell)) beetlesAt.set(s.cell, []);
      beetlesAt.get(s.cell).push(s);
    }
    const usedMats = new Set((view.seats || []).map((s) => s.mat));
    this.drawTray(view, opts);
    this.drawCells(view, L, cardAt, beetlesAt, usedMats);
    this.drawCards(view, L, cardAt);
    this.drawTunnels(view, L, cardAt);
    this.drawMarks(view, L, opts);
    // Beetles first, the cells to click over them: a click on a lit cell always moves there.
    this.drawBeetles(view, L, beetlesAt, opts.beetleTargets || new Map());
    this.drawTargets(L, opts.targets || new Map(), beetlesAt, cardAt);
  }

  seatName(seat, capital = false) {
    const { mySeat, names } = this.ctx;
    if (seat === null || seat === undefined) return capital ? gettext("Somebody") : gettext("somebody");
    if (seat === mySeat) return capital ? gettext("You") : gettext("you");
    return names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  }

  colourOfMat(mat) {
    return this.data.colours?.[mat]?.css || "#888";
  }

  // ------------------------------------------------------------------ the dice tray
  drawTray(view, opts) {
    const g = el("g", { class: "hx-tray" }, this.svg);
    const tray = el("polygon", { points: hexPoints(0, 0, TRAY_R, "pointy"), class: "hx-tray-bg" }, g);
    const pool = view.pool ?? 0;
    this._help(tray, "tray", ngettext("The dice tray. Its pool holds %(n)s Hex card, face down: DUNG, SWIPE and replacements are drawn from it.", "The dice tray. Its pool holds %(n)s Hex cards, face down: DUNG, SWIPE and replacements are drawn from it.", pool));
    el("text", { x: 0, y: -78, class: "hx-tray-title" }, g).textContent = gettext("Dice tray");
    const roll = opts.roll;
    this.diceNodes = [];
    if (roll && roll.dice?.length) {
      const colour = view.seats?.[roll.seat]?.colour || "#fff";
      const size = 46;
      const gap = 10;
      const total = roll.dice.length * size + (roll.dice.length - 1) * gap;
      roll.dice.forEach((n, i) => {
        const d = drawDie(g, n, { x: -total / 2 + i * (size + gap), y: -48, size, colour });
        this.diceNodes.push(d);
      });
      const who = el("text", { x: 0, y: 20, class: "hx-tray-text" }, g);
      const steps = roll.steps ?? roll.dice.reduce((a, b) => a + b, 0);
      const how = roll.mode === "perpendicular" ? `${ngettext("%(n)s cell", "%(n)s cells", steps)} ⟂` : ngettext("%(n)s step", "%(n)s steps", steps);
      who.textContent = labelled(this.seatName(roll.seat, true), how);
    } else {
      el("text", { x: 0, y: -10, class: "hx-tray-text muted" }, g).textContent = gettext("No roll yet");
    }
    el("text", { x: 0, y: 50, class: "hx-tray-text" }, g).textContent = ngettext("Pool: %(n)s card", "Pool: %(n)s cards", pool);
    const len = view.options?.length === "quick" ? gettext("Quick game") : gettext("Long game");
    el("text", { x: 0, y: 74, class: "hx-tray-small" }, g).textContent = gettext("%(length)s · round %(round)s/%(limit)s", { length: len, round: view.round ?? 1, limit: view.round_limit ?? 100 });
  }

  // ------------------------------------------------------------------ cells
  drawCells(view, L, cardAt, beetlesAt, usedMats) {
    const g = el("g", { class: "hx-cells" }, this.svg);
    const central = new Set(this.data.board.central_columns || []);
    const startOwner = new Map((view.seats || []).map((s) => [s.start, s]));
    for (const c of this.data.board.cells) {
      const [x, y] = L.xy[c.cell];
      const colour = this.colourOfMat(c.mat);
      const used = usedMats.has(c.mat);
      const cls = ["hx-cell"];
      if (c.card) cls.push("hx-card-cell");
      if (c.start) cls.push("hx-start");
      if (!used) cls.push("hx-unused");
      const poly = el("polygon", { points: hexPoints(x, y, S * 0.96, FLAT), class: cls.join(" "), "data-cell": c.cell }, g);
      poly.style.fill = tint(colour, c.card ? 0.35 : used ? 0.8 : 0.88);
      if (c.start) {
        poly.style.stroke = colour;
        this.drawHome(g, x, y, colour);
      }
      const bits = [cellWords(this.data.board, this.data.colours, c.cell)];
      if (c.start) {
        const owner = startOwner.get(c.cell);
        bits.push(owner ? gettext("START and finish of %(name)s (%(colour)s)", { name: this.seatName(owner.seat), colour: owner.colour_name })
          : gettext("START of the %(mat)s mat (nobody plays it)", { mat: matColour(this.data.colours, c.mat) }));
      }
      if (c.card) bits.push(gettext("a card space"));
      if (central.has(c.column)) bits.push(gettext("perpendicular moves possible from here"));
      const card = cardAt.get(c.cell);
      if (card) bits.push(cardWords(card));
      const here = beetlesAt.get(c.cell) || [];
      if (here.length) bits.push(gettext("here: %(beetles)s", { beetles: listWords(here.map((s) => this.beetleShort(s))) }));
      this._help(poly, `cell:${c.cell}`, `${bits.join(" · ")}.`);
    }
  }

  drawHome(g, x, y, colour) {
    // A little house: START is also the finish.
    const s = 6.5;
    const home = el("path", {
      d: `M${x - s},${y + s * 0.9} V${y - s * 0.1} L${x},${y - s} L${x + s},${y - s * 0.1} V${y + s * 0.9} Z`,
      class: "hx-home", "aria-hidden": "true",
    }, g);
    home.style.stroke = colour;
  }

  // ------------------------------------------------------------------ cards
  drawCards(view, L, cardAt) {
    const g = el("g", { class: "hx-cards" }, this.svg);
    for (const card of cardAt.values()) {
      const [x, y] = L.xy[card.cell];
      const kind = cardKind(card.card);
      const state = card.up ? "up" : card.card ? "known" : "down";
      const cg = el("g", { class: `hx-card hx-card-${state}${kind ? ` hx-kind-${kind}` : ""}`, "data-cell": card.cell }, g);
      const shape = el("polygon", { points: hexPoints(x, y, S * 0.7, FLAT), class: "hx-card-shape" }, cg);
      if (kind === "DUNG") shape.style.fill = state === "up" ? DUNG_FILL : tint(DUNG_FILL, 0.45);
      if (!card.card) {
        el("text", { x, y: y + 4, class: "hx-card-q", "aria-hidden": "true" }, cg).textContent = "?";
      } else if (kind === "DUNG") {
        const dot = el("circle", { cx: x, cy: y - 3, r: 4.2, class: "hx-dung-dot" }, cg);
        dot.style.fill = colourCss(this.data, dungColour(card.card));
        el("text", { x, y: y + 8, class: "hx-card-label hx-on-dark" }, cg).textContent = "DUNG";
      } else {
        el("text", { x, y: y + 3, class: "hx-card-label" }, cg).textContent = kind;
      }
      this._help(cg, `card:${card.cell}`, `${labelled(cellWords(this.data.board, this.data.colours, card.cell), cardWords(card))}.`);
    }
  }

  drawTunnels(view, L, cardAt) {
    const open = [...cardAt.values()].filter((c) => c.up && cardKind(c.card) === "TUNNEL").map((c) => c.cell);
    if (open.length < 2) return;
    const g = el("g", { class: "hx-tunnels", "aria-hidden": "true" }, this.svg);
    for (let i = 0; i < open.length; i++) {
      for (let j = i + 1; j < open.length; j++) {
        const [x1, y1] = L.xy[open[i]];
        const [x2, y2] = L.xy[open[j]];
        el("line", { x1, y1, x2, y2, class: "hx-tunnel-link" }, g);
      }
    }
  }

  // ------------------------------------------------------------------ marks: the last move, where the move began
  drawMarks(view, L, opts) {
    const g = el("g", { class: "hx-marks", "aria-hidden": "true" }, this.svg);
    const last = opts.lastMove;
    if (last && last.from !== last.to && L.xy[last.from] && L.xy[last.to]) {
      const [x1, y1] = L.xy[last.from];
      const [x2, y2] = L.xy[last.to];
      const line = el("line", { x1, y1, x2, y2, class: "hx-last-move" }, g);
      line.style.stroke = view.seats?.[last.seat]?.colour || "#333";
      const from = el("polygon", { points: hexPoints(x1, y1, S * 0.8, FLAT), class: "hx-last-from" }, g);
      from.style.stroke = view.seats?.[last.seat]?.colour || "#333";
    }
    for (const cell of opts.told || []) {
      if (!L.xy[cell]) continue;
      const [x, y] = L.xy[cell];
      el("polygon", { points: hexPoints(x, y, S * 1.08, FLAT), class: "hx-told" }, g);
    }
    if ((view.phase === "move" || view.choice) && view.from_cell !== undefined && L.xy[view.from_cell] && view.to_act?.length) {
      const [x, y] = L.xy[view.from_cell];
      if (view.phase === "move") el("polygon", { points: hexPoints(x, y, S * 0.9, FLAT), class: "hx-from" }, g);
    }
  }

  // ------------------------------------------------------------------ targets
  drawTargets(L, targets, beetlesAt, cardAt) {
    const g = el("g", { class: "hx-targets" }, this.svg);
    for (const [cell, t] of targets) {
      if (!L.xy[cell]) continue;
      const [x, y] = L.xy[cell];
      const key = String(cell);
      const busy = beetlesAt.has(cell) ? " hx-occupied" : "";
      const tg = el("g", { class: `hx-target hx-target-${t.kind}${busy}`, "data-target": key, "data-cell": cell, tabindex: "0", role: "button", "aria-label": t.label }, g);
      el("polygon", { points: hexPoints(x, y, S * 0.96, FLAT), class: "hx-target-shape" }, tg);
      if (!cardAt.has(cell) && !beetlesAt.has(cell)) el("circle", { cx: x, cy: y, r: 3.2, class: "hx-target-dot" }, tg);
      title(tg, t.label);
      this.targets.set(key, t);
    }
  }

  /** Marks the target on `cell` (a button for it is pointed at), or none with null. */
  hover(cell) {
    for (const t of this.svg.querySelectorAll(".hx-target.hx-hover")) t.classList.remove("hx-hover");
    if (cell !== null && cell !== undefined) this.svg.querySelector(`.hx-target[data-target="${cell}"]`)?.classList.add("hx-hover");
  }

  // ------------------------------------------------------------------ beetles
  beetleShort(s) {
    const p = { name: this.seatName(s.seat), colour: s.colour_name, dung: listWords((s.dung || []).map(cardName)) };
    return s.dung?.length ? gettext("%(name)s (%(colour)s beetle, carrying %(dung)s)", p) : gettext("%(name)s (%(colour)s beetle)", p);
  }

  beetleWords(s) {
    const bits = [gettext("%(name)s: the %(colour)s beetle, moving %(direction)s", { name: this.seatName(s.seat, true), colour: s.colour_name, direction: directionWords(s.direction) })];
    bits.push(s.dung?.length ? gettext("carrying %(dung)s", { dung: listWords(s.dung.map(cardName)) }) : gettext("carrying no dung"));
    if (s.swipes?.length) bits.push(ngettext("holding %(n)s SWIPE card", "holding %(n)s SWIPE cards", s.swipes.length));
    const effects = effectsOf(s);
    if (effects.length) bits.push(effects.map((e) => EFFECTS[e].help).join("; "));
    if (s.goal) bits.push(gettext("has the dung to win: heading home"));
    return `${bits.join(" · ")}.`;
  }

  drawBeetles(view, L, beetlesAt, beetleTargets) {
    const g = el("g", { class: "hx-beetles" }, this.svg);
    for (const [cell, here] of beetlesAt) {
      if (!L.xy[cell]) continue;
      const [cx, cy] = L.xy[cell];
      here.forEach((s, k) => {
        const n = here.length;
        const off = n === 1 ? [0, 0] : [Math.cos((2 * Math.PI * k) / n - Math.PI / 2) * 9, Math.sin((2 * Math.PI * k) / n - Math.PI / 2) * 9];
        this.drawBeetle(g, view, L, s, cx + off[0], cy + off[1], beetleTargets.get(s.seat));
      });
    }
  }

  drawBeetle(g, view, L, s, x, y, target) {
    const [tx, ty] = L.tangent(s.cell, s.direction);
    const angle = (Math.atan2(ty, tx) * 180) / Math.PI;
    const acting = (view.to_act || []).includes(s.seat);
    const bg = el("g", { class: `hx-beetle${acting ? " hx-acting" : ""}${s.shield ? " hx-shielded" : ""}`, "data-seat": s.seat }, g);
    if (target) {
      bg.classList.add("hx-beetle-target");
      bg.setAttribute("data-target", `seat:${s.seat}`);
      bg.setAttribute("tabindex", "0");
      bg.setAttribute("role", "button");
      bg.setAttribute("aria-label", target.label);
      this.targets.set(`seat:${s.seat}`, target);
    }
    if (target) el("circle", { cx: x, cy: y, r: 20, class: "hx-target-ring" }, bg);
    if (s.shield) el("circle", { cx: x, cy: y, r: 19, class: "hx-shield-ring" }, bg);
    if (acting) el("circle", { cx: x, cy: y, r: 17, class: "hx-acting-ring" }, bg);
    const body = el("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${angle.toFixed(1)}) scale(${BEETLE_SCALE})` }, bg);
    // Dung balls behind the beetle (it pushes them with its hind legs), in the dung's colour.
    (s.dung || []).forEach((code, i) => {
      const ball = el("circle", { cx: -13 - i * 6.5, cy: 0, r: 3.6, class: "hx-dung-ball" }, body);
      ball.style.fill = colourCss(this.data, dungColour(code));
    });
    for (const ly of [-1, 1]) {
      for (const lx of [-3, 1, 5]) el("line", { x1: lx, y1: 0, x2: lx - 2.5, y2: ly * 8.5, class: "hx-leg" }, body);
    }
    const shell = el("ellipse", { cx: -1, cy: 0, rx: 8, ry: 6, class: "hx-shell" }, body);
    // The player's colour-blind setting: the seat's mark over its colour (js/palette.js).
    shell.style.fill = seatFill(this.svg, s.seat, s.colour, this.ctx.colourBlind);
    el("line", { x1: -8.5, y1: 0, x2: 4, y2: 0, class: "hx-split" }, body);
    el("circle", { cx: 8.5, cy: 0, r: 3.3, class: "hx-head" }, body);
    el("path", { d: "M13,-4.5 L18,0 L13,4.5", class: "hx-arrow" }, body);
    // Status badges above the beetle (not turned with it).
    const effects = effectsOf(s);
    effects.forEach((name, i) => {
      const e = EFFECTS[name];
      const bx = x - ((effects.length - 1) * 13) / 2 + i * 13;
      const by = y - 20;
      const badge = el("g", { class: `hx-badge hx-badge-${name}` }, bg);
      const c = el("circle", { cx: bx, cy: by, r: 6.4 }, badge);
      c.style.fill = e.colour;
      const t = el("text", { x: bx, y: by + 3, class: "hx-badge-text" }, badge);
      t.textContent = e.glyph;
      t.style.fill = inkOn(e.colour);
      this._help(badge, `badge:${s.seat}:${name}`, `${labelled(this.seatName(s.seat, true), e.help)}.`);
    });
    const words = this.beetleWords(s);
    if (target) title(bg, `${target.label}. ${words}`);
    else this._help(body, `beetle:${s.seat}`, words);
  }
}

/** The status effects of a seat in badge order, SHIELD included. */
export function effectsOf(seat) {
  const on = new Set(seat.effects || []);
  if (seat.shield) on.add("SHIELD");
  return EFFECT_ORDER.filter((e) => on.has(e));
}

/** A card on the board in words (a view's `cards` entry). */
export function cardWords(card) {
  if (!card.card) return gettext("a face-down Hex card nobody has seen");
  const name = cardName(card.card);
  const help = cardHelp(card.card);
  if (card.up) return gettext("%(name)s, face up. %(help)s", { name, help });
  return gettext("%(name)s, face down but known to all (it was seen here). %(help)s", { name, help });
}
