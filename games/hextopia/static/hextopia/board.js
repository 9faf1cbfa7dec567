// Hextopia board: an SVG renderer for the engine's view (docs/contracts.md, "Hextopia engine").
//
// Geometry (../shared/docs/interpretations/hextopia.md): one closed track of L spaces (72 or
// 108, L/6 per side) around a flat-topped hexagon; station s has its START at index s*L/6 in
// the middle of side s, its HEXTOPIA lane of 4 spaces running inwards from the space just
// behind START (progress L-1, where pieces leave the track) and its HOME of 4 hexagon slots
// (H-O-M-E) inside the board on the other side of START. Pieces move clockwise with rising
// index. The board is rotated so the viewer's station sits at the bottom.
//
// Help: every space, START, HOME slot, HEXTOPIA slot and piece carries a <title> (the hover
// text) and the same words in data-help; a click or tap on one that is not a move target or a
// selectable piece shows them in the help line under the board (#hx-help), for touch screens.
//
// Usage:
//   const board = new HextopiaBoard(svgElement, { onPiece(key), onTarget(targetId), helpLine });
//   board.render(view, { perspective: station, colourBlind, selectable: Set<key>, selected: key|null,
//                        targets: [{id, to: {where, index, seat?}, label}], names: [..] });
// A piece key is "seat:piece".

import { seatFill } from "../js/palette.js";
import { el, title } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { FLAT, POINTY, corner, hexPoints, points } from "../js/hexgrid.js";

const STATIONS = 6;
const LANE = 4;
const PIECES = 4;
const R = 400; // circumradius of the track hexagon, in viewBox units
export const VIEWBOX = "-430 -375 860 750";

// Station colours by name (the engine's COLOURS), chosen to differ in lightness too.
export const COLOUR_HEX = {
  red: "#d32f2f",
  blue: "#1e63c4",
  green: "#2e8b3a",
  yellow: "#e3b505",
  purple: "#7b3fa6",
  orange: "#ef6c00",
};
export const STATION_COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"];
const HOME_LETTERS = ["H", "O", "M", "E"];

export function colourHex(name) {
  return COLOUR_HEX[name] || name || "#888";
}

export function pieceKey(seat, piece) {
  return `${seat}:${piece}`;
}

/** Board geometry for a track of `length` spaces seen from station `perspective`. */
export class Geometry {
  constructor(length, perspective = 0) {
    this.length = length;
    this.perSide = length / STATIONS;
    this.step = R / this.perSide; // distance between neighbouring track spaces
    this.rot = perspective;
    // Vertex j sits between side j-1 and side j; side s faces angle 90 + 60 (s - rot) degrees
    // (SVG y grows downwards, so rising angle is clockwise on screen).
    this.vertices = [0, 1, 2, 3, 4, 5].map((j) => corner(0, 0, R, j + 1 - this.rot, FLAT));
  }

  /** Centre of track space `index`. */
  space(index) {
    const L = this.length;
    const n = this.perSide;
    const u = (((index + n / 2) % L) + L) % L;
    const s = Math.floor(u / n);
    const f = (u - s * n) / n;
    const [x0, y0] = this.vertices[s];
    const [x1, y1] = this.vertices[(s + 1) % 6];
    return [x0 + (x1 - x0) * f, y0 + (y1 - y0) * f];
  }

  /** Unit vector from side `station` towards the centre. */
  inward(station) {
    const a = ((90 + 60 * (station - this.rot)) * Math.PI) / 180;
    return [-Math.cos(a), -Math.sin(a)];
  }

  /** Unit vector along side `station` in the clockwise direction. */
  along(station) {
    const [x0, y0] = this.vertices[station];
    const [x1, y1] = this.vertices[(station + 1) % 6];
    const d = Math.hypot(x1 - x0, y1 - y0);
    return [(x1 - x0) / d, (y1 - y0) / d];
  }

  start(station) {
    return (station * this.length) / STATIONS;
  }

  /** Spacing used off the track (lane and HOME), a little roomier on the outer track. */
  get offStep() {
    return Math.max(this.step, 28);
  }

  /** Centre of HEXTOPIA lane slot `slot` (1-4) of `station`. */
  lane(station, slot) {
    const [bx, by] = this.space(this.start(station) - 1);
    const [ix, iy] = this.inward(station);
    const d = this.step * 0.35 + this.offStep * slot * 1.05;
    return [bx + ix * d, by + iy * d];
  }

  /** Centre of HOME slot `slot` (0-3) of `station`: a row inside the track just past START,
   * H-O-M-E reading left to right for the player at that station. */
  home(station, slot) {
    const [sx, sy] = this.space(this.start(station));
    const [ix, iy] = this.inward(station);
    const [ax, ay] = this.along(station);
    const o = this.offStep;
    const a = o * (1.3 + (3 - slot) * 1.08);
    const d = this.step * 0.35 + o * 1.25;
    return [sx + ax * a + ix * d, sy + ay * a + iy * d];
  }

  /** Where a station's name goes: further inside, between lane and HOME. */
  label(station) {
    const [sx, sy] = this.space(this.start(station));
    const [ix, iy] = this.inward(station);
    const [ax, ay] = this.along(station);
    const a = this.offStep * 2.9;
    const d = this.step * 0.35 + this.offStep * 2.75;
    return [sx + ax * a + ix * d, sy + ay * a + iy * d];
  }

  /** Centre of a location from the view: {where: "track"|"hextopia"|"home", index}. */
  locate(where, index, station, piece) {
    if (where === "track") return this.space(index);
    if (where === "hextopia") return this.lane(station, index);
    return this.home(station, piece ?? 0);
  }
}

function cardName(card) {
  if (!card) return "";
  if (card[0] === "X") return "JOKER";
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" }[card[1]] || "";
  return rank + suit;
}

function whereText(where, index) {
  if (where === "track") return gettext("space %(n)s", { n: index });
  if (where === "hextopia") return gettext("HEXTOPIA %(n)s", { n: index });
  return gettext("HOME");
}

const COLOUR_WORDS = {
  red: gettext("red"), blue: gettext("blue"), green: gettext("green"),
  yellow: gettext("yellow"), purple: gettext("purple"), orange: gettext("orange"),
};

/** A station colour's name in the page's language ("red" -> "rouge"); other words unchanged. */
export function colourWord(name) {
  return COLOUR_WORDS[name] || name;
}

/** Gives `node` its help: the <title> shown on hover and data-help for the tap line. */
function help(node, text) {
  title(node, text);
  node.setAttribute("data-help", text);
  return node;
}

/** What a track space is (START spaces: `station` is the colour index, else undefined). */
export function spaceHelp(index, station, colour) {
  if (station !== undefined) {
    return gettext("START of %(colour)s (space %(n)s): %(colour)s's pieces come out of HOME onto it with an ACE, a KING, or a TWO while %(colour)s has no piece IN-PLAY. It is an ordinary space too: a piece landing on it sends the one there HOME. %(colour)s's HEXTOPIA lane begins at the space just behind it.", { colour: colourWord(colour), n: index });
  }
  return gettext("Space %(n)s of the track. Pieces IN-PLAY move clockwise (a THREE moves back 3) and jump over other pieces; one landing here sends the piece already here to its HOME.", { n: index });
}

/** What a HOME slot is. */
export function homeHelp(colour, atHome) {
  const text = gettext("HOME of %(colour)s (H-O-M-E): %(colour)s's pieces start here and come back here when landed on. An ACE or a KING (a TWO only while %(colour)s has no piece IN-PLAY) brings one to %(colour)s's START.", { colour: colourWord(colour) });
  return `${text} ${gettext("%(n)s of 4 at HOME now.", { n: atHome })}`;
}

/** What a HEXTOPIA slot is. */
export function laneHelp(colour, slot) {
  return gettext("HEXTOPIA %(n)s of %(colour)s: the safe lane. A %(colour)s piece enters it from the track with the exact count (it never passes its own START); inside, only an ACE (1) or a TWO (2) moves it, and no piece jumps or lands on another. Nothing can touch a piece here. All four %(colour)s pieces here win.", { n: slot, colour: colourWord(colour) });
}

/** What a piece is and where it stands; `L` the track length. */
export function pieceHelp(p, colour, name, L) {
  const who = gettext("%(colour)s piece %(n)s (%(name)s)", { colour: colourWord(colour), n: p.piece + 1, name });
  if (p.where === "home") return gettext("%(who)s: at HOME; an ACE or a KING brings it to START.", { who });
  if (p.where === "hextopia") {
    return p.index < 4
      ? gettext("%(who)s: in HEXTOPIA %(n)s, safe for good; an ACE or a TWO moves it deeper if the slots are free.", { who, n: p.index })
      : gettext("%(who)s: in HEXTOPIA %(n)s, safe for good.", { who, n: p.index });
  }
  const progress = p.progress ?? 0;
  const place = progress === 0 ? gettext("on its START (space %(n)s)", { n: p.index }) : gettext("on space %(n)s, %(past)s past its START", { n: p.index, past: progress });
  return gettext("%(who)s: %(place)s; %(left)s to go to HEXTOPIA 1. A piece landing on it sends it HOME; a JACK may swap it.", { who, place, left: L - progress });
}

export class HextopiaBoard {
  constructor(svg, { onPiece = null, onTarget = null, helpLine = null } = {}) {
    this.svg = svg;
    this.onPiece = onPiece;
    this.onTarget = onTarget;
    this.helpLine = helpLine || document.getElementById("hx-help");
    svg.setAttribute("viewBox", VIEWBOX);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", gettext("Hextopia board"));
    svg.addEventListener("click", (e) => this._click(e));
    svg.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        this._click(e);
      }
    });
  }

  _click(e) {
    const t = e.target.closest("[data-target]");
    if (t && this.onTarget) {
      this.onTarget(t.dataset.target);
      return;
    }
    const p = e.target.closest("[data-piece]");
    if (p && p.classList.contains("hx-selectable") && this.onPiece) {
      this.onPiece(p.dataset.piece);
      return;
    }
    this.showHelp(e.target.closest?.("[data-help]"));
  }

  /** Shows the help of `node` (an element with data-help) in the help line under the board. */
  showHelp(node) {
    if (!this.helpLine || !node) return;
    this.helpLine.textContent = node.dataset.help;
    this.helpLine.classList.add("hx-help-on");
  }

  /**
   * Draw `view`. opts: perspective (station at the bottom), selectable (Set of piece keys),
   * selected (piece key), targets ([{id, to, label}]), names (seat index -> display name).
   */
  render(view, opts = {}) {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    if (!view || !view.track_length) return;
    const g = new Geometry(view.track_length, opts.perspective ?? 0);
    const names = opts.names || [];
    el("polygon", { class: "hx-board-bg", points: points(g.vertices.map(([x, y]) => [x * 1.06, y * 1.06])) }, svg);
    this.drawTrack(g);
    this.drawStations(g, view, names);
    this.drawCentre(view, names);
    const pieceR = Math.min(Math.max(g.step * 0.47, 11), 16);
    this.drawPieces(g, view, pieceR, { ...opts, names });
    this.drawTargets(g, opts.targets || [], pieceR);
  }

  /** Track spaces; START spaces get a thick border in the station colour. */
  drawTrack(g) {
    const spaceR = g.step * 0.4;
    const track = el("g", { class: "hx-track" }, this.svg);
    const startOf = new Map();
    for (let s = 0; s < STATIONS; s++) startOf.set(g.start(s), s);
    for (let i = 0; i < g.length; i++) {
      const [x, y] = g.space(i);
      const st = startOf.get(i);
      const c = el("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: spaceR.toFixed(1), class: st === undefined ? "hx-space" : "hx-space hx-start" }, track);
      if (st !== undefined) c.style.stroke = colourHex(STATION_COLOURS[st]); // inline style: CSS beats the attribute
      help(c, spaceHelp(i, st, STATION_COLOURS[st]));
    }
  }

  /** Stations: HEXTOPIA lanes, HOME slots and the names of the seats (the unused ones faded). */
  drawStations(g, view, names) {
    const seatOfStation = new Map();
    for (const s of view.seats || []) seatOfStation.set(s.station, s);
    const offR = Math.min(g.offStep * 0.46, 15);
    for (let s = 0; s < STATIONS; s++) {
      const seat = seatOfStation.get(s);
      const colour = colourHex(seat ? seat.colour : STATION_COLOURS[s]);
      const grp = el("g", { class: "hx-station", opacity: seat ? 1 : 0.28 }, this.svg);
      for (let k = 1; k <= LANE; k++) {
        const [x, y] = g.lane(s, k);
        const c = el("rect", { x: (x - offR).toFixed(1), y: (y - offR).toFixed(1), width: (offR * 2).toFixed(1), height: (offR * 2).toFixed(1), rx: 4, fill: colour, "fill-opacity": 0.45, class: "hx-lane" }, grp);
        help(c, seat ? laneHelp(STATION_COLOURS[s], k) : gettext("HEXTOPIA %(n)s of %(colour)s: nobody plays %(colour)s at this table.", { n: k, colour: colourWord(STATION_COLOURS[s]) }));
      }
      for (let k = 0; k < PIECES; k++) {
        const [x, y] = g.home(s, k);
        const h = el("polygon", { points: hexPoints(x, y, offR * 1.08, POINTY), fill: colour, "fill-opacity": 0.3, class: "hx-home" }, grp);
        help(h, seat ? homeHelp(STATION_COLOURS[s], (seat.pieces || []).filter((p) => p.where === "home").length) : gettext("HOME of %(colour)s: nobody plays %(colour)s at this table.", { colour: colourWord(STATION_COLOURS[s]) }));
        const t = el("text", { x: x.toFixed(1), y: (y + offR * 0.95).toFixed(1), "text-anchor": "middle", class: "hx-home-letter" }, grp);
        t.textContent = HOME_LETTERS[k];
      }
      if (seat) stationName(grp, g.label(s), seat, names, colour);
    }
  }

  /** Centre: the deal and hand, and the last card played. */
  drawCentre(view, names) {
    const centre = el("g", { class: "hx-centre" }, this.svg);
    const ct = el("text", { x: 0, y: -8, "text-anchor": "middle", class: "hx-center-text" }, centre);
    ct.textContent = "HEXTOPIA";
    const sub = el("text", { x: 0, y: 12, "text-anchor": "middle", class: "hx-center-sub" }, centre);
    sub.textContent = view.hand_number ? gettext("Deal %(deal)s · Hand %(hand)s", { deal: view.deal ?? 1, hand: view.hand_number }) : "";
    if (view.last_card && view.last_card.card) {
      const lc = el("text", { x: 0, y: 30, "text-anchor": "middle", class: "hx-center-sub" }, centre);
      const who = names[view.last_card.seat] || gettext("Seat %(n)s", { n: view.last_card.seat + 1 });
      lc.textContent = gettext("Last card: %(card)s (%(name)s)", { card: cardName(view.last_card.card), name: who });
    }
  }

  /** Pieces: a coloured circle with its number, so colour is never the only cue; the
   * selectable ones are buttons with a ring. */
  drawPieces(g, view, pieceR, { names, selectable, selected, colourBlind = false }) {
    selectable ||= new Set();
    const piecesG = el("g", { class: "hx-pieces" }, this.svg);
    for (const seat of view.seats || []) {
      const colour = colourHex(seat.colour);
      const colourName = seat.colour_name || STATION_COLOURS[seat.station] || "";
      const name = names[seat.seat] || gettext("Seat %(n)s", { n: seat.seat + 1 });
      for (const p of seat.pieces || []) {
        const [x, y] = g.locate(p.where, p.index, seat.station, p.piece);
        const key = pieceKey(seat.seat, p.piece);
        const cls = ["hx-piece"];
        if (selectable.has(key)) cls.push("hx-selectable");
        if (selected === key) cls.push("hx-selected");
        const pg = el("g", { class: cls.join(" "), "data-piece": key, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, piecesG);
        if (selectable.has(key)) {
          pg.setAttribute("tabindex", "0");
          pg.setAttribute("role", "button");
          pg.setAttribute("aria-label", gettext("%(colour)s piece %(n)s of %(name)s, %(where)s: select", { colour: colourWord(colourName), n: p.piece + 1, name, where: whereText(p.where, p.index) }));
          el("circle", { r: (pieceR + 4).toFixed(1), class: "hx-piece-ring" }, pg);
        }
        // The player's colour-blind setting: the seat's mark over its colour (js/palette.js).
        el("circle", { r: pieceR.toFixed(1), fill: seatFill(this.svg, seat.seat, colour, colourBlind), class: "hx-piece-body" }, pg);
        const t = el("text", { "text-anchor": "middle", "dominant-baseline": "central", y: 0.5, style: `font-size:${(pieceR * 1.15).toFixed(1)}px` }, pg);
        t.textContent = String(p.piece + 1);
        help(pg, pieceHelp(p, colourName, name, g.length));
      }
    }
  }

  /** Move targets: clickable rings on the destination spaces. */
  drawTargets(g, targets, pieceR) {
    const targetsG = el("g", { class: "hx-targets" }, this.svg);
    for (const target of targets) {
      const to = target.to || {};
      const station = to.station ?? 0;
      const [x, y] = g.locate(to.where, to.index, station, to.piece);
      const tg = el("g", { class: "hx-target", "data-target": target.id, tabindex: 0, role: "button", "aria-label": target.spoken || target.label, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` }, targetsG);
      el("circle", { r: (pieceR + 6).toFixed(1) }, tg);
      title(tg, target.label);
    }
  }
}

/** A seat's name (shortened past 12 letters) and team letter beside its station. */
function stationName(grp, [lx, ly], seat, names, colour) {
  const t = el("text", { x: lx.toFixed(1), y: ly.toFixed(1), "text-anchor": "middle", "dominant-baseline": "middle", class: "hx-station-name", fill: colour }, grp);
  const name = names[seat.seat] || gettext("Seat %(n)s", { n: seat.seat + 1 });
  const team = seat.team === null || seat.team === undefined ? "" : ` · ${"ABCDEF"[seat.team]}`;
  t.textContent = (name.length > 12 ? `${name.slice(0, 11)}…` : name) + team;
}

export { cardName };
