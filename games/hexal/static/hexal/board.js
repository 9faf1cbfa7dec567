// The open Hexal table as an SVG hex grid that grows as cards are played, with pan (drag), zoom
// (wheel, pinch, the + and - buttons) and "Fit" (the whole table; it also follows the table as
// it grows until the player pans or zooms by hand).
//
// Geometry: the engine's axial cells (q, r) (engine/board.py), drawn as pointy hexes
// (js/hexgrid.js axialToPixel); a stack is drawn as its top card with the cards below peeking
// out and its height in a badge. What is drawn on top of the cards:
// - the target (a thick ring; a buried target is named in the help line), the cards placed
//   this turn (a bright edge), the cards of the last scored turn (a dotted edge);
// - free sides of the target (dashed outlines), or, for the selected hand card, every place it
//   fits with the points it would score there ("+5"), the best one marked;
// - while naming a target: the legal targets (a ring), with the selected card's best points;
// - a hint (js/hints.js): the hinted place, or the stack of the hinted target, ringed in red.
//
//   const board = new HexalBoard(svg, {onAct(act), onHelp(text, choices)});
//   board.render(view, {palette, targets, places, selected, recent, interactive, hint});
// onAct gets {type: "target", cards: [codes]} | {type: "place", place} | {type: "take_back", card}.

import { el, title } from "../js/dom.js";
import { axialToPixel, hexPoints } from "../js/hexgrid.js";
import { Camera } from "./camera.js";
import { gettext } from "../js/i18n.js";
import { cardName, sharedWords } from "./cards.js";
import { drawCard } from "./draw.js";
import { TableModel, key } from "./rules.js";

export const SIZE = 40; // a cell's circumradius, in SVG user units
const CARD = SIZE * 0.93; // a card's: a thin gap between cells
const PEEK = 3.4; // how far each card under the top shows below it
const DRAG_PX = 6; // a pointer that moves less than this clicks
const WHEEL_STEP = 0.0018;
const BUTTON_STEP = 1.3;
export const TOOLS_PX = 40; // the buttons over the table's top edge: a fitted table starts below them
export const INFO_PX = 26; // the deck line over its bottom corner

export function cellXY(q, r) {
  return axialToPixel(q, r, SIZE);
}

export function levelWords(level) {
  return level === 0 ? gettext("on the table") : gettext("level %(n)s", { n: level });
}

function stackWords(stack) {
  if (stack.length < 2) return "";
  return ` ${gettext("Stack of %(n)s, bottom to top: %(cards)s. A card may go on top of the top card only; any card of the stack can be named as a target.", { n: stack.length, cards: stack.map(cardName).join(", ") })}`;
}

function touchWords(card, touchers) {
  return touchers.map((t) => `${cardName(t)} (${sharedWords(card, t)})`).join(", ");
}

/** A stack drawn as its top card with the cards below peeking out, and its height in a badge. */
function drawStack(g, stack, x, y, palette) {
  for (let i = 0; i < stack.length - 1; i++) {
    const dy = (stack.length - 1 - i) * PEEK;
    drawCard(g, stack[i], x, y + dy, CARD, { palette, cls: "hl-under", letter: false });
  }
  drawCard(g, stack[stack.length - 1], x, y, CARD, { palette });
  if (stack.length > 1) {
    const bx = x + CARD * 0.62;
    const by = y - CARD * 0.55;
    el("circle", { cx: bx, cy: by, r: CARD * 0.25, class: "hl-badge" }, g);
    const t = el("text", { x: bx, y: by, class: "hl-badge-text", "font-size": (CARD * 0.3).toFixed(1) }, g);
    t.textContent = String(stack.length);
  }
}

/** A stack holding legal targets while a target is named: {act, help, pts, label} (label: its
 * name as a choice, js/board_pick.js lists it by it). A click names the card of the stack the
 * selected hand card fits (a choice when several do). */
function targetChoice(stack, cellTargets, { targets, selected, model }) {
  const fitting = selected ? cellTargets.filter((c) => targets.get(c) !== null && targets.get(c) !== undefined) : [];
  const offered = fitting.length ? fitting : cellTargets;
  const act = { type: "target", cards: offered, choices: offered.map((c) => ({ card: c, level: model.where(c).level, points: targets.get(c) ?? null })) };
  const pts = fitting.length ? Math.max(...fitting.map((c) => targets.get(c))) : null;
  const what = selected
    ? ` ${pts === null ? gettext("The %(card)s fits none of its places.", { card: cardName(selected) }) : gettext("The %(card)s scores up to +%(points)s around it.", { card: cardName(selected), points: pts })}`
    : "";
  const help = cellTargets.length > 1
    ? `${gettext("Several cards of this stack can be your target: %(cards)s. Choose one.", { cards: cellTargets.map((c) => `${cardName(c)} (${levelWords(model.where(c).level)})`).join(", ") })}${what}`
    : `${gettext("%(card)s, %(where)s: name it as your target.", { card: cardName(cellTargets[0]), where: levelWords(model.where(cellTargets[0]).level) })}${what}${stackWords(stack)}`;
  const name = offered.length > 1
    ? gettext("Target one of %(cards)s", { cards: offered.map((c) => cardName(c)).join(", ") })
    : gettext("Target the %(card)s, %(where)s", { card: cardName(offered[0]), where: levelWords(model.where(offered[0]).level) });
  return { act, help, pts, label: pts === null ? name : gettext("%(name)s: up to +%(points)s", { name, points: pts }) };
}

/** The box "Fit" shows round the centres drawn (every card, the places or free sides). */
function contentBox(centres) {
  if (!centres.length) centres.push([0, 0]);
  const xs = centres.map((b) => b[0]);
  const ys = centres.map((b) => b[1]);
  const m = SIZE * 1.05;
  return [Math.min(...xs) - m, Math.min(...ys) - m, Math.max(...xs) + m, Math.max(...ys) + m + PEEK * 2];
}

export class HexalBoard {
  /**
   * @param {SVGSVGElement} svg
   * @param {{onAct?: Function, onHelp?: Function, tools?: HTMLElement}} o  tools: the bar whose
   *   [data-zoom] buttons ("in", "out", "fit") drive the camera
   */
  constructor(svg, { onAct = () => {}, onHelp = () => {}, tools = null } = {}) {
    this.svg = svg;
    this.onAct = onAct;
    this.onHelp = onHelp;
    this.camera = new Camera();
    this.follow = true; // fit the table after each change until the player moves the camera
    this.world = el("g", { class: "hl-world" }, svg);
    this.actions = [];
    this.helps = [];
    this.content = [-SIZE, -SIZE, SIZE, SIZE];
    this.pointers = new Map();
    this.dragged = false;
    this.onCamera = null; // the player moved the camera (pickzoom.js)
    this.wire(tools);
  }

  // ------------------------------------------------------------------ camera
  measure() {
    const r = this.svg.getBoundingClientRect();
    this.camera.setSize(r.width || 1, r.height || 1);
  }

  apply() {
    this.svg.setAttribute("viewBox", this.camera.viewBox());
    this.drawLabels();
  }

  fit() {
    this.follow = true;
    this.measure();
    this.camera.fit(this.content, { top: TOOLS_PX, bottom: INFO_PX });
    this.apply();
  }

  /** Where the buttons zoom: the named target while it is in view, else the middle. */
  focusPoint() {
    const c = this.camera;
    if (this.focus) {
      const [vx, vy, vw, vh] = c.box();
      const [fx, fy] = this.focus;
      if (fx >= vx && fx <= vx + vw && fy >= vy && fy <= vy + vh) return [(fx - vx) * c.scale, (fy - vy) * c.scale];
    }
    return [c.w / 2, c.h / 2];
  }

  zoom(factor, px, py) {
    this.follow = false;
    this.onCamera?.();
    this.camera.zoomAt(factor, px, py);
    this.apply();
  }

  wire(tools) {
    const svg = this.svg;
    tools?.addEventListener("click", (e) => this.zoomButton(e.target.closest("button[data-zoom]")));
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.measure();
      const r = svg.getBoundingClientRect();
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      this.zoom(Math.exp(-dy * WHEEL_STEP), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    this.wirePointers();
    svg.addEventListener("click", (e) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      this.activate(e.target.closest?.("[data-i]"), e);
    });
    svg.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const node = e.target.closest?.("[data-i]");
      if (!node) return;
      e.preventDefault();
      this.activate(node, e);
    });
    svg.addEventListener("pointerover", (e) => this.hover(e.target.closest?.("[data-i]")));
    svg.addEventListener("focusin", (e) => this.hover(e.target.closest?.("[data-i]")));
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver(() => {
        this.measure();
        if (this.follow) this.camera.fit(this.content, { top: TOOLS_PX, bottom: INFO_PX });
        this.apply();
      }).observe(svg);
    }
  }

  /** A [data-zoom] button of the tools: "in", "out" (around the focus point) or "fit". */
  zoomButton(b) {
    if (!b) return;
    this.measure();
    this.onCamera?.();
    if (b.dataset.zoom === "fit") this.fit();
    else this.zoom(b.dataset.zoom === "in" ? BUTTON_STEP : 1 / BUTTON_STEP, ...this.focusPoint());
  }

  /** Drag to pan (past DRAG_PX: a shorter move is a click), two fingers to pinch. */
  wirePointers() {
    const svg = this.svg;
    svg.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      this.measure();
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
      if (this.pointers.size === 1) this.dragged = false;
    });
    svg.addEventListener("pointermove", (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      if (this.pointers.size >= 2) this.pinch(p, e);
      else this.drag(p, e);
    });
    const end = (e) => {
      this.pointers.delete(e.pointerId);
      if (!this.pointers.size) svg.classList.remove("hl-dragging");
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
  }

  /** Pinch: zoom by the change of the two fingers' distance, around their midpoint. */
  pinch(p, e) {
    const r = this.svg.getBoundingClientRect();
    const [a, b] = [...this.pointers.values()];
    const before = Math.hypot(a.x - b.x, a.y - b.y);
    const mid0 = [(a.x + b.x) / 2, (a.y + b.y) / 2];
    p.x = e.clientX;
    p.y = e.clientY;
    const after = Math.hypot(a.x - b.x, a.y - b.y);
    const mid1 = [(a.x + b.x) / 2, (a.y + b.y) / 2];
    this.dragged = true;
    this.follow = false;
    this.onCamera?.();
    if (before > 0) this.camera.zoomAt(after / before, mid1[0] - r.left, mid1[1] - r.top);
    this.camera.panBy(mid1[0] - mid0[0], mid1[1] - mid0[1]);
    this.apply();
  }

  /** One pointer: pans the table once it has moved DRAG_PX from where it went down. */
  drag(p, e) {
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!this.dragged && Math.hypot(e.clientX - p.x0, e.clientY - p.y0) < DRAG_PX) return;
    if (!this.dragged) {
      this.dragged = true;
      this.onCamera?.();
      this.svg.setPointerCapture?.(e.pointerId);
      this.svg.classList.add("hl-dragging");
    }
    p.x = e.clientX;
    p.y = e.clientY;
    this.follow = false;
    this.camera.panBy(dx, dy);
    this.apply();
  }

  activate(node) {
    if (!node) return;
    const i = Number(node.dataset.i);
    const act = this.actions[i];
    this.onHelp(this.helps[i] || "", act?.type === "target" && act.cards.length > 1 ? act.choices : null);
    if (act && !(act.type === "target" && act.cards.length > 1)) this.onAct(act);
  }

  hover(node) {
    if (!node) return;
    const text = this.helps[Number(node.dataset.i)];
    if (text) this.onHelp(text, null, { hover: true });
  }

  /** Registers an item's action and help text; returns the data-i attributes for its node. */
  item(act, help, label = help) {
    this.actions.push(act);
    this.helps.push(help);
    const attrs = { "data-i": this.actions.length - 1 };
    if (act) Object.assign(attrs, { tabindex: 0, role: "button", "aria-label": label, class: "hl-act" });
    return attrs;
  }

  // ------------------------------------------------------------------ drawing
  /**
   * @param {object} view  a Hexal view (engine/view.py)
   * @param {object} o
   * @param {string} [o.palette]        "standard" | "colourblind"
   * @param {Map<string, number|null>} [o.targets]  legal targets -> the selected card's best points there (null: none)
   * @param {Array} [o.places]          places of the selected card [{q, r, level, top, points, touchers}]
   * @param {string|null} [o.selected]  the selected hand card
   * @param {Set<string>} [o.recent]    cards of the last scored turn
   * @param {boolean} [o.interactive]   the viewer may act (take back placed cards)
   * @param {object|null} [o.hint]      a hinted "place" or "target" action (js/hints.js): ringed
   */
  render(view, { palette = "standard", targets = null, places = null, selected = null, recent = new Set(), interactive = false, hint = null } = {}) {
    const model = new TableModel(view.table || []);
    this.model = model;
    this.actions = [];
    this.helps = [];
    this.labels = [];
    const world = this.world;
    world.replaceChildren();
    const layers = {
      cards: el("g", { class: "hl-layer-cards" }, world),
      marks: el("g", { class: "hl-layer-marks" }, world),
      places: el("g", { class: "hl-layer-places" }, world),
      hint: el("g", { class: "hl-layer-hint" }, world),
      labels: el("g", { class: "hl-layer-labels" }, world),
    };
    // Naming a target: with a hand card chosen, the targets it fits get a ring and its best
    // points there; cards that cannot be named at all (no free side or top for any hand card) are dimmed.
    const hinted = selected && targets ? [...targets.values()].filter((v) => v !== null) : [];
    const ctx = {
      model, layers, palette, targets, places, selected, recent, interactive,
      target: view.target || null,
      placed: new Set((view.placed || []).map((p) => p.card)),
      placeAt: new Map((places || []).map((p) => [key(p.q, p.r), p])),
      best: places?.length ? Math.max(...places.map((p) => p.points)) : null,
      bestTarget: hinted.length ? Math.max(...hinted) : null,
    };
    const box = []; // the centres "Fit" shows
    const cells = [...model.cells.entries()].map(([k, stack]) => [k.split(",").map(Number), stack]);
    cells.sort(([[aq, ar]], [[bq, br]]) => ar - br || aq - bq);
    for (const [[q, r], stack] of cells) box.push(this.drawCell(q, r, stack, ctx));
    this.focus = ctx.target ? cellXY(ctx.target.q, ctx.target.r) : null;
    if (ctx.target) this.drawTarget(ctx, box);
    for (const p of places || []) box.push(this.drawPlace(p, ctx));
    this.drawHint(hint, ctx);
    this.labelLayer = layers.labels;
    this.content = contentBox(box);
    this.measure();
    if (this.follow) this.camera.fit(this.content, { top: TOOLS_PX, bottom: INFO_PX });
    this.apply();
  }

  /** Draws the stack on cell (q, r) with what it offers (an action, its help, its marks);
   * returns its centre. */
  drawCell(q, r, stack, ctx) {
    const [x, y] = cellXY(q, r);
    const top = stack[stack.length - 1];
    const { act, help, classes, pts, place, label } = this.cellRole(q, r, stack, ctx);
    if (ctx.recent.has(top) && !ctx.placed.has(top)) classes.push("hl-recent");
    const data = { "data-q": q, "data-r": r };
    if (place) Object.assign(data, { "data-place": place.points, "data-best": place.points === ctx.best ? "" : null });
    if (pts !== null) Object.assign(data, { "data-target-points": pts, "data-best": pts === ctx.bestTarget ? "" : null });
    const g = el("g", { ...this.item(act, help, label || help), class: `${classes.join(" ")}${act ? " hl-act" : ""}`, ...data }, ctx.layers.cards);
    if (!act) title(g, help);
    drawStack(g, stack, x, y, ctx.palette);
    const marks = ctx.layers.marks;
    if (classes.includes("hl-placed")) el("polygon", { points: hexPoints(x, y, CARD), class: "hl-placed-edge" }, marks);
    if (classes.includes("hl-recent")) el("polygon", { points: hexPoints(x, y, CARD), class: "hl-recent-edge" }, marks);
    if (pts !== null) {
      const best = pts === ctx.bestTarget ? " hl-best" : "";
      el("polygon", { points: hexPoints(x, y, SIZE * 0.99), class: `hl-target-option${best}` }, marks);
      this.labels.push({ x: x + SIZE * 0.45, y: y + SIZE * 0.6, text: `+${pts}`, cls: `hl-pill-target${best}` });
    }
    return [x, y];
  }

  /** What the stack on (q, r) is for the viewer: {act, help, classes, pts (its target hint),
   * place (the selected card's place there)}. */
  cellRole(q, r, stack, ctx) {
    const { target, targets, placed, selected } = ctx;
    const top = stack[stack.length - 1];
    const level = stack.length - 1;
    const cellTargets = targets ? stack.filter((c) => targets.has(c)) : [];
    const place = ctx.placeAt.get(key(q, r));
    const classes = ["hl-cell"];
    const out = { act: null, help: `${gettext("%(card)s, %(where)s.", { card: cardName(top), where: levelWords(level) })}${stackWords(stack)}`, classes, pts: null, place };
    if (target && target.q === q && target.r === r) {
      classes.push("hl-target-cell");
      out.help = target.level === level
        ? `${gettext("The target: %(card)s, %(where)s. Every card placed this turn touches it.", { card: cardName(target.card), where: levelWords(level) })}${stackWords(stack)}`
        : `${gettext("The target is the buried %(card)s (level %(level)s) under %(top)s: cards go on its free sides at level %(level)s.", { card: cardName(target.card), level: target.level, top: cardName(top) })}${stackWords(stack)}`;
    }
    if (place) {
      out.act = { type: "place", place };
      out.help = this.placeHelp(selected, place);
    } else if (placed.has(top)) {
      classes.push("hl-placed");
      if (ctx.interactive) {
        out.act = { type: "take_back", card: top };
        out.help = gettext("%(card)s, placed this turn: take it back into your hand.", { card: cardName(top) });
      } else {
        out.help = `${gettext("%(card)s, placed this turn.", { card: cardName(top) })}${stackWords(stack)}`;
      }
    } else if (cellTargets.length) {
      Object.assign(out, targetChoice(stack, cellTargets, ctx));
    } else if (targets) {
      classes.push("hl-dead");
      out.help = `${gettext("%(card)s, %(where)s: none of your cards has a place around it.", { card: cardName(top), where: levelWords(level) })}${stackWords(stack)}`;
    }
    return out;
  }

  /** The ring round the target and, before a card is chosen, its free sides (for everyone). */
  drawTarget(ctx, box) {
    const { target, model, layers } = ctx;
    const [x, y] = cellXY(target.q, target.r);
    el("polygon", { points: hexPoints(x, y, SIZE * 1.02), class: "hl-target-ring" }, layers.marks);
    if (target.level < model.height(target.q, target.r) - 1) this.labels.push({ x, y: y - SIZE * 1.22, text: gettext("target: level %(level)s", { level: target.level }), cls: "hl-pill-note" });
    if (ctx.places) return; // the chosen card's places instead of the free sides
    for (const p of model.placesAround(target)) {
      const [px, py] = cellXY(p.q, p.r);
      box.push([px, py]);
      const help = p.top
        ? gettext("On top of the target: one card may go here, sharing colour, shape or number with the target below it and with the cards at level %(level)s around it.", { level: p.level })
        : gettext("A free side of the target (%(where)s): a card placed here must share colour, shape or number with every card it touches.", { where: levelWords(p.level) });
      const g = el("g", { ...this.item(null, help), class: "hl-free" }, layers.places);
      title(g, help);
      el("polygon", { points: hexPoints(px, py, p.top ? CARD * 0.55 : CARD * 0.92), class: p.top ? "hl-free-top" : "hl-free-side" }, g);
    }
  }

  /** A place of the selected card with its points (a button on an empty cell, a ring on a
   * stack, whose own button places it); returns its centre. */
  drawPlace(p, { model, layers, selected, best }) {
    const [x, y] = cellXY(p.q, p.r);
    const isBest = p.points === best;
    const onStack = model.height(p.q, p.r) > 0;
    const q = { card: cardName(selected), points: p.points };
    const label = p.top ? gettext("Place the %(card)s on top of the target: +%(points)s", q) : gettext("Place the %(card)s here: +%(points)s", q);
    if (!onStack) {
      const g = el("g", { ...this.item({ type: "place", place: p }, this.placeHelp(selected, p), label), class: `hl-place hl-act${isBest ? " hl-best" : ""}`, "data-q": p.q, "data-r": p.r, "data-place": p.points, "data-best": isBest ? "" : null }, layers.places);
      el("polygon", { points: hexPoints(x, y, CARD * 0.92), class: "hl-place-shape" }, g);
    } else {
      el("polygon", { points: hexPoints(x, y, p.top ? CARD * 0.6 : CARD * 0.92), class: `hl-place-ring${isBest ? " hl-best" : ""}` }, layers.marks);
    }
    const [lx, ly] = onStack ? [x + SIZE * 0.45, y + SIZE * 0.6] : [x, y];
    this.labels.push({ x: lx, y: ly, text: `+${p.points}${p.top ? " top" : ""}`, cls: `hl-pill-place${isBest ? " hl-best" : ""}` });
    return [x, y];
  }

  /** The ring of a hinted move (js/hints.js): round its place, or the stack of its target. */
  drawHint(hint, { model, layers }) {
    const at = hint?.type === "place" ? hint : hint?.type === "target" ? model.where(hint.card) : null;
    if (!at) return;
    const [x, y] = cellXY(at.q, at.r);
    el("polygon", { points: hexPoints(x, y, SIZE * 1.1), class: "hl-hint-ring", "data-hint": hint.type, "data-q": at.q, "data-r": at.r }, layers.hint);
  }

  placeHelp(card, p) {
    const q = { card: cardName(card), points: p.points, where: levelWords(p.level), touches: touchWords(card, p.touchers) };
    return p.top ? gettext("Place the %(card)s on top of the target: +%(points)s. It touches %(touches)s.", q)
      : gettext("Place the %(card)s here (%(where)s): +%(points)s. It touches %(touches)s.", q);
  }

  /** Redraws the point labels at a size that reads on screen whatever the zoom (about 13 px). */
  drawLabels() {
    const layer = this.labelLayer;
    if (!layer) return;
    layer.replaceChildren();
    const px = Math.min(15, Math.max(10, 14 * this.camera.scale)); // smaller when zoomed far out
    const k = px / this.camera.scale / 14; // world units per label unit
    for (const { x, y, text, cls } of this.labels || []) {
      const g = el("g", { class: `hl-pill ${cls}`, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${k.toFixed(3)})` }, layer);
      const w = 10 + text.length * 8.4;
      el("rect", { x: -w / 2, y: -11, width: w, height: 22, rx: 11 }, g);
      const t = el("text", { x: 0, y: 0.5 }, g);
      t.textContent = text;
    }
  }
}

/** The selected card's points on each legal target (its best place there; null where it fits
 * nowhere), from the public table: the hint shown before a target is named. */
export function targetHints(view, codes, card) {
  const model = new TableModel(view.table || []);
  const out = new Map();
  for (const code of codes || []) {
    const at = model.where(code);
    if (!at) continue;
    if (!card) {
      out.set(code, null);
      continue;
    }
    const fits = model.placesFor(card, at);
    out.set(code, fits.length ? Math.max(...fits.map((p) => p.points)) : null);
  }
  return out;
}
