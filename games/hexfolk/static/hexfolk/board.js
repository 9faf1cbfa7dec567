// Hexfolk island: an SVG renderer for the engine's view (games/hexfolk/engine/view.py).
//
// Geometry (engine/board.py): pointy-topped hexes in axial (q, r); node i of the view sits at
// board.nodes[i] in lattice units (js/hexgrid.js: a hex's centre is (2q + r, 3r), its
// corners LATTICE_CORNERS.pointy from there; one X unit is R·√3/2, one Y unit R/2 on screen,
// R being a hex's circumradius). Seat colours come from the view envelope (view.seats).
//
// Usage:
//   const board = new HexfolkBoard(svgElement, { onPick(target) });
//   board.render(view, { colourBlind, targets: [{kind: "node" | "edge" | "hex", node?, edge?, hex?, label, key}],
//                        names: ["alice", ...], recent: {nodes: Set, edges: Set} });
// A click (or Enter/Space) on a target calls onPick(target). Every hex, number token, harbor,
// building, road and the robber carries a <title> (the hover text) and the same words in
// data-help; a click or tap on one that is not a target shows them in the help line under
// the island (#hf-help), for touch screens.

import { seatDash, seatFill } from "../js/palette.js";
import { el, title } from "../js/dom.js";
import { POINTY, SIDE_DIRECTIONS, axialToPixel, corners, latticeCentre, latticeCorners, latticeToPixel, points } from "../js/hexgrid.js";
import { gettext, ngettext, pgettext } from "../js/i18n.js";
import { RESOURCE_LABEL, TERRAIN_LABEL, buildingHelp, harborHelp, hexHelp, numberHelp, roadHelp, robberHelp } from "./words.js";

const R = 60; // hex circumradius in viewBox units
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const MARGIN = R * 1.35;

export const TERRAIN_FILL = {
  forest: "#3d7a3a",
  hills: "#c4612f",
  pasture: "#9fcf5f",
  fields: "#e9c24a",
  mountains: "#8b8f96",
  desert: "#e4d3a4",
};
export const RESOURCE_FILL = {
  lumber: "#3d7a3a",
  brick: "#c4612f",
  wool: "#9fcf5f",
  grain: "#e9c24a",
  ore: "#8b8f96",
  generic: "#ffffff",
};
/** The CSS colour of `seat` from the view envelope (grey when unknown). */
export function seatColour(view, seat) {
  return view?.seats?.[seat]?.colour || "#888";
}

// Corner 0 at the top of a pointy hex, clockwise (js/hexgrid.js); side i joins corners i, i + 1.
const CORNER_WORDS = [() => gettext("top corner"), () => gettext("upper right corner"), () => gettext("lower right corner"),
  () => gettext("bottom corner"), () => gettext("lower left corner"), () => gettext("upper left corner")];
const SIDE_WORDS = [() => gettext("upper right side"), () => gettext("right side"), () => gettext("lower right side"),
  () => gettext("lower left side"), () => gettext("left side"), () => gettext("upper left side")];

function px(X, Y) {
  return latticeToPixel(X, Y, R, POINTY);
}

/** Hex and node lookups of one board (cached per view.board object). */
export class Layout {
  constructor(board) {
    this.board = board;
    this.nodeAt = new Map(board.nodes.map(([X, Y], i) => [`${X},${Y}`, i]));
    this.nodeXY = board.nodes.map(([X, Y]) => px(X, Y));
    this.hexCentre = board.hexes.map((h) => px(...latticeCentre(h.q, h.r, POINTY)));
    this.hexNodes = board.hexes.map((h) => latticeCorners(h.q, h.r, POINTY).map(([X, Y]) => this.nodeAt.get(`${X},${Y}`)));
    this.harborAt = new Map(); // node -> the harbor its pier touches
    for (const hb of board.harbors || []) for (const n of hb.nodes) this.harborAt.set(n, hb);
    this.nodeHexes = board.nodes.map(() => []);
    this.hexNodes.forEach((ring, h) => ring.forEach((n) => n !== undefined && this.nodeHexes[n].push(h)));
    const xs = this.nodeXY.map((p) => p[0]);
    const ys = this.nodeXY.map((p) => p[1]);
    this.box = [Math.min(...xs) - MARGIN, Math.min(...ys) - MARGIN, Math.max(...xs) - Math.min(...xs) + 2 * MARGIN, Math.max(...ys) - Math.min(...ys) + 2 * MARGIN];
  }

  /** "forest 5, fields 8, hills 4" for the hexes around a node; a corner on the coast (fewer
   * than three hexes, so the names alone may fit several corners) says which corner of the
   * first: "fields 2, top corner"; and a harbor's corner says so: "..., by a 2:1 grain harbor". */
  nodePlace(node) {
    const place = this.cornerPlace(node);
    const hb = this.harborAt.get(node);
    if (!hb) return place;
    return hb.kind === "generic" ? gettext("%(place)s, by a %(rate)s:1 harbor", { place, rate: hb.rate })
      : gettext("%(place)s, by a %(rate)s:1 %(resource)s harbor", { place, rate: hb.rate, resource: RESOURCE_LABEL[hb.kind] || hb.kind });
  }

  cornerPlace(node) {
    const hexes = this.nodeHexes[node];
    const names = hexes.map((h) => hexName(this.board.hexes[h])).join(", ");
    if (!hexes.length) return gettext("the coast");
    if (hexes.length > 2) return names;
    const corner = CORNER_WORDS[this.hexNodes[hexes[0]].indexOf(node)];
    return corner ? gettext("%(hexes)s, %(corner)s", { hexes: names, corner: corner() }) : names;
  }

  /** "forest 5 / fields 8" for the hexes on both sides of a path; a path on the coast says
   * which side of its hex: "fields 2, upper right side". */
  edgePlace([a, b]) {
    const shared = this.nodeHexes[a].filter((h) => this.nodeHexes[b].includes(h));
    const names = shared.map((h) => hexName(this.board.hexes[h])).join(" / ");
    if (!shared.length) return gettext("the coast");
    if (shared.length > 1) return names;
    const ring = this.hexNodes[shared[0]];
    const i = ring.indexOf(a);
    const side = ring[(i + 1) % 6] === b ? i : (i + 5) % 6; // side i joins corners i and i + 1
    return gettext("%(hexes)s, %(side)s", { hexes: names, side: SIDE_WORDS[side]() });
  }
}

const layouts = new WeakMap(); // board -> Layout, for the words of places (log, Describe, analysis)

/** The Layout of `board` (a view's `board`), worked out once per board object. */
export function layoutOf(board) {
  let L = layouts.get(board);
  if (!L) layouts.set(board, (L = new Layout(board)));
  return L;
}

/** What `events` built ({nodes, edges} of "a-b" keys), to stand out on the island (`recent`). */
export function recentBuilds(events) {
  const nodes = new Set();
  const edges = new Set();
  for (const ev of events || []) {
    if (ev.type !== "built") continue;
    if (ev.edge) edges.add(`${ev.edge[0]}-${ev.edge[1]}`);
    else nodes.add(ev.node);
  }
  return { nodes, edges };
}

/** "fields 8", "desert". */
export function hexName(hex) {
  return `${TERRAIN_LABEL[hex.terrain] || hex.terrain}${hex.number ? ` ${hex.number}` : ""}`;
}

/** Gives `node` its help: the <title> shown on hover and data-help for the tap line. */
function help(node, text) {
  title(node, text);
  node.setAttribute("data-help", text);
  return node;
}

export class HexfolkBoard {
  constructor(svg, { onPick = () => {}, helpLine = null } = {}) {
    this.svg = svg;
    this.onPick = onPick;
    this.helpLine = helpLine || document.getElementById("hf-help");
    this.layout = null;
    svg.addEventListener("click", (e) => this._activate(e));
    svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        if (this._activate(e)) e.preventDefault();
      }
    });
  }

  _activate(e) {
    const node = e.target.closest?.("[data-target]");
    const t = node && this.targets ? this.targets.get(node.dataset.target) : null;
    if (t) {
      this.onPick(t);
      return true;
    }
    if (e.type === "click") this.showHelp(e.target.closest?.("[data-help]"));
    return false;
  }

  /** Shows the help of `node` (an element with data-help) in the help line under the island. */
  showHelp(node) {
    if (!this.helpLine || !node) return;
    this.helpLine.textContent = node.dataset.help;
    this.helpLine.classList.add("hf-help-on");
  }

  layoutFor(view) {
    if (!this.layout || this.layout.board !== view.board) {
      // A new snapshot brings a new (equal) board object: reuse the layout while the map is the same.
      if (!this.layout || this.layout.board.nodes.length !== view.board.nodes.length || this.layoutSlug !== view.map?.slug) {
        this.layout = new Layout(view.board);
        this.layoutSlug = view.map?.slug;
      } else {
        this.layout.board = view.board;
      }
    }
    return this.layout;
  }

  render(view, { targets = [], names = [], recent = null, colourBlind = false } = {}) {
    this.colourBlind = colourBlind;
    const svg = this.svg;
    const L = this.layoutFor(view);
    svg.setAttribute("viewBox", L.box.map((v) => v.toFixed(0)).join(" "));
    svg.replaceChildren();
    title(svg, ngettext("%(map)s: %(n)s hex", "%(map)s: %(n)s hexes", view.board.hexes.length, { map: view.map?.name || gettext("Island") }));
    el("rect", { x: L.box[0], y: L.box[1], width: L.box[2], height: L.box[3], class: "hf-sea" }, svg);
    const rolled = view.dice && view.rolled ? view.dice[0] + view.dice[1] : null; // this turn's roll only
    this._hexes(svg, view, L, rolled);
    this._harbors(svg, view, L);
    this._tokens(svg, view, L, rolled);
    this._roads(svg, view, L, names, recent);
    this._buildings(svg, view, L, names, recent);
    this._robber(svg, view, L);
    this._targets(svg, L, targets);
  }

  _hexes(svg, view, L, rolled) {
    const g = el("g", { class: "hf-hexes", "aria-hidden": "true" }, svg);
    view.board.hexes.forEach((h, i) => {
      const [cx, cy] = L.hexCentre[i];
      const poly = el("polygon", {
        points: points(corners(cx, cy, R, POINTY)),
        class: `hf-hex hf-${h.terrain}${rolled && h.number === rolled && view.robber !== i ? " hf-producing" : ""}`,
        fill: TERRAIN_FILL[h.terrain] || "#ccc",
        "data-hex": i,
      }, g);
      help(poly, hexHelp(h, view.robber === i));
      el("text", { x: cx, y: cy - R * 0.55, class: "hf-terrain-name", "text-anchor": "middle" }, g).textContent = TERRAIN_LABEL[h.terrain] || h.terrain;
    });
  }

  _harbors(svg, view, L) {
    const g = el("g", { class: "hf-harbors", "aria-hidden": "true" }, svg);
    for (const hb of view.board.harbors) {
      const hex = view.board.hexes[hb.hex];
      if (!hex) continue;
      const [cx, cy] = L.hexCentre[hb.hex];
      const [ox, oy] = axialToPixel(...SIDE_DIRECTIONS.pointy[hb.side], R, POINTY);
      const hx = cx + ox * 0.86;
      const hy = cy + oy * 0.86;
      for (const n of hb.nodes) {
        const [nx, ny] = L.nodeXY[n];
        // The pier is a thin line: the harbor's disc carries the help (a target a finger can hit).
        el("line", { x1: nx, y1: ny, x2: hx, y2: hy, class: "hf-pier" }, g);
      }
      const grp = el("g", { class: `hf-harbor hf-harbor-${hb.kind}` }, g);
      help(grp, harborHelp(hb));
      el("circle", { cx: hx, cy: hy, r: 17, fill: RESOURCE_FILL[hb.kind] || "#fff", class: "hf-harbor-disc" }, grp);
      el("text", { x: hx, y: hy - 1, "text-anchor": "middle", class: "hf-harbor-rate" }, grp).textContent = `${hb.rate}:1`;
      el("text", { x: hx, y: hy + 9, "text-anchor": "middle", class: "hf-harbor-kind" }, grp).textContent = hb.kind === "generic" ? pgettext("Hexfolk harbor", "any") : RESOURCE_LABEL[hb.kind];
    }
  }

  _tokens(svg, view, L, rolled) {
    const g = el("g", { class: "hf-tokens", "aria-hidden": "true" }, svg);
    view.board.hexes.forEach((h, i) => {
      if (!h.number) return;
      const [cx, cy] = L.hexCentre[i];
      const red = h.number === 6 || h.number === 8;
      const grp = el("g", { class: `hf-token${red ? " hf-red" : ""}${rolled === h.number ? " hf-rolled" : ""}` }, g);
      help(grp, numberHelp(h));
      el("circle", { cx, cy, r: 18, class: "hf-token-disc" }, grp);
      el("text", { x: cx, y: cy + 4, "text-anchor": "middle", class: "hf-token-number" }, grp).textContent = String(h.number);
      const pips = PIPS[h.number] || 0;
      for (let k = 0; k < pips; k++) {
        el("circle", { cx: cx + (k - (pips - 1) / 2) * 4.4, cy: cy + 11, r: 1.6, class: "hf-pip" }, grp);
      }
    });
  }

  _roads(svg, view, L, names, recent) {
    const g = el("g", { class: "hf-roads", "aria-hidden": "true" }, svg);
    for (const road of view.roads) {
      const [a, b] = road.edge;
      const [x1, y1, x2, y2] = shorten(L.nodeXY[a], L.nodeXY[b], 9);
      const grp = el("g", { class: `hf-road${recent?.edges?.has(`${a}-${b}`) ? " hf-recent" : ""}`, "data-seat": road.seat }, g);
      const owner = view.players?.[road.seat];
      help(grp, roadHelp(names[road.seat] || gettext("Seat %(n)s", { n: road.seat + 1 }), owner?.road_length ?? "?", Boolean(owner?.longest_road)));
      el("line", { x1, y1, x2, y2, class: "hf-road-edge" }, grp);
      // The player's colour-blind setting: each seat's roads dashed its own way (js/palette.js).
      const dash = seatDash(road.seat, this.colourBlind);
      el("line", { x1, y1, x2, y2, class: `hf-road-body${dash ? " hf-road-dashed" : ""}`, stroke: seatColour(view, road.seat),
                   "stroke-dasharray": dash || null }, grp);
    }
  }

  _buildings(svg, view, L, names, recent) {
    const g = el("g", { class: "hf-buildings", "aria-hidden": "true" }, svg);
    for (const b of view.buildings) {
      const [x, y] = L.nodeXY[b.node];
      const grp = el("g", { class: `hf-building hf-${b.kind}${recent?.nodes?.has(b.node) ? " hf-recent" : ""}`, "data-seat": b.seat, "data-node": b.node }, g);
      help(grp, buildingHelp(b.kind, names[b.seat] || gettext("Seat %(n)s", { n: b.seat + 1 }), L.nodePlace(b.node)));
      const shape = b.kind === "city"
        ? [[-13, 10], [-13, -4], [-4, -4], [-4, -12], [4, -18], [12, -12], [12, 10]]
        : [[-9, 8], [-9, -3], [0, -12], [9, -3], [9, 8]];
      const k = 1.25;
      el("polygon", { points: points(shape.map(([dx, dy]) => [x + dx * k, y + dy * k])), fill: seatFill(svg, b.seat, seatColour(view, b.seat), this.colourBlind), class: "hf-building-body" }, grp);
    }
  }

  _robber(svg, view, L) {
    const h = view.robber;
    if (h === null || h === undefined || !L.hexCentre[h]) return;
    const [cx, cy] = L.hexCentre[h];
    const x = cx - 30;
    const y = cy + 6;
    const grp = el("g", { class: "hf-robber", "aria-hidden": "true" }, svg);
    help(grp, robberHelp(hexName(view.board.hexes[h])));
    el("path", { d: `M ${x - 9} ${y + 14} Q ${x - 9} ${y - 4} ${x} ${y - 6} Q ${x + 9} ${y - 4} ${x + 9} ${y + 14} Z`, class: "hf-robber-body" }, grp);
    el("circle", { cx: x, cy: y - 11, r: 6.5, class: "hf-robber-body" }, grp);
  }

  _targets(svg, L, targets) {
    this.targets = new Map();
    if (!targets.length) return;
    const g = el("g", { class: "hf-targets" }, svg);
    for (const t of targets) {
      const key = t.key;
      this.targets.set(key, t);
      const attrs = { class: `hf-target hf-target-${t.kind}`, "data-target": key, tabindex: 0, role: "button", "aria-label": t.label };
      const grp = el("g", attrs, g);
      title(grp, t.label);
      if (t.kind === "node") {
        const [x, y] = L.nodeXY[t.node];
        el("circle", { cx: x, cy: y, r: 13, class: "hf-target-shape" }, grp);
      } else if (t.kind === "edge") {
        const [x1, y1, x2, y2] = shorten(L.nodeXY[t.edge[0]], L.nodeXY[t.edge[1]], 10);
        // The hit area is a band around the edge (a line alone has an empty box when vertical).
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const nx = (-(y2 - y1) / len) * 11;
        const ny = ((x2 - x1) / len) * 11;
        el("polygon", { points: points([[x1 + nx, y1 + ny], [x2 + nx, y2 + ny], [x2 - nx, y2 - ny], [x1 - nx, y1 - ny]]), class: "hf-target-hit" }, grp);
        // As visible as a settlement target: a dark casing, the yellow road, a ring mid-way.
        el("line", { x1, y1, x2, y2, class: "hf-target-casing" }, grp);
        el("line", { x1, y1, x2, y2, class: "hf-target-shape" }, grp);
        el("circle", { cx: (x1 + x2) / 2, cy: (y1 + y2) / 2, r: 8, class: "hf-target-shape hf-target-mid" }, grp);
      } else if (t.kind === "hex") {
        const [cx, cy] = L.hexCentre[t.hex];
        el("polygon", { points: points(corners(cx, cy, R * 0.9, POINTY)), class: "hf-target-shape" }, grp);
      }
    }
  }
}

function shorten([x1, y1], [x2, y2], by) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  const k = by / len;
  return [x1 + dx * k, y1 + dy * k, x2 - dx * k, y2 - dy * k];
}
