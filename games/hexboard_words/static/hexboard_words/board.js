// The HexBoard Words board: an SVG drawing of a seat's view (engine/view.py). A flat-topped
// hexagon holds the face-up tiles in its centre, sorted by letter in a honeycomb; the six
// word-cards sit along its sides (card 1 at the top, then clockwise), each letter an open
// cell showing the printed letter or the tile matched on it.
//
//   const board = new WordsBoard(svg, { onTile(tile), onPlace(slot, position), onHelp(text) });
//   board.render(view, { selected: Set(tile codes), composing: Map(tile -> n), places: [{slot, position, completes}],
//                        recent: Set(tile codes), interactive: bool });
// A click (or Enter / Space) on a tile calls onTile(tile); on an open card cell that is in
// `places`, onPlace(slot, position). Every tile and card has a hover text (<title>) and
// tells onHelp what it is when hovered, focused or tapped (the help line under the board).
// `board.choices()`: what may be clicked now (the page's board picker).

import { el, title } from "../js/dom.js";
import { POINTY, axialToPixel, hexPoints } from "../js/hexgrid.js";
import { gettext, ngettext } from "../js/i18n.js";
import { sortedTiles, tileCells } from "./logic.js";

const R = 200; // the board hexagon's circumradius (flat-topped)
const APOTHEM = (R * Math.sqrt(3)) / 2;
const CARD_W = 176;
const CARD_H = 64;
const CELL = 44;
const CELL_GAP = 5;
const TILE_AREA = 150; // centre tiles stay this close to the middle (the cards overlap the rim)
const TILE_MAX = 34; // the largest tile circumradius
export const VIEWBOX = "-315 -240 630 480";
// Card places, clockwise from the top: the outward normal of each side (degrees, y down).
const SIDE_ANGLES = [270, 330, 30, 90, 150, 210];

/** Centre [x, y] of word-card `slot`: just outside its side, overlapping the rim a little. */
export function cardCentre(slot) {
  const a = (SIDE_ANGLES[slot] * Math.PI) / 180;
  const nx = Math.cos(a);
  const ny = Math.sin(a);
  const support = (CARD_W / 2) * Math.abs(nx) + (CARD_H / 2) * Math.abs(ny);
  const d = APOTHEM + support - (Math.abs(nx) > 0.1 ? 16 : 6);
  return [d * nx, d * ny];
}

function letterText(letter) {
  return letter === "?" ? "?" : String(letter).toUpperCase();
}

function tileHelp(t) {
  if (t.letter === "?") return gettext("The blank: a face-up tile that stands for any letter. Choose it, then any open card letter; in a steal it is the one letter the board lacks.");
  return gettext("%(letter)s: a face-up letter-tile. Choose it, then an open %(letter)s on a word-card to match it, or add it to a steal.", { letter: letterText(t.letter) });
}

function cardHelp(card, slot) {
  const open = card.tiles.map((t, i) => (t ? null : card.word[i].toUpperCase())).filter(Boolean);
  const state = open.length === 3 ? gettext("nothing matched yet") : gettext("open: %(letters)s", { letters: open.join(", ") });
  return gettext("Word-card %(n)s: %(word)s (%(state)s). Match board tiles to its open letters; the last one completes it and you play again. Its suggested words stay hidden under the board.",
    { n: slot + 1, word: card.word.toUpperCase(), state });
}

export class WordsBoard {
  constructor(svg, { onTile = () => {}, onPlace = () => {}, onHelp = () => {} } = {}) {
    this.svg = svg;
    this.onTile = onTile;
    this.onPlace = onPlace;
    this.onHelp = onHelp;
    svg?.setAttribute("viewBox", VIEWBOX);
    svg?.addEventListener("click", (e) => this.click(e));
    svg?.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      if (!e.target.closest?.("[data-tile], [data-place]")) return;
      e.preventDefault();
      this.click(e);
    });
    const help = (e) => {
      const node = e.target.closest?.("[data-help]");
      if (node) this.onHelp(node.dataset.help);
    };
    svg?.addEventListener("pointerover", help);
    svg?.addEventListener("focusin", help);
  }

  click(e) {
    const node = e.target.closest?.("[data-tile], [data-place], [data-help]");
    if (!node) return;
    if (node.dataset.help) this.onHelp(node.dataset.help);
    if (node.dataset.tile) this.onTile(node.dataset.tile);
    else if (node.dataset.place) {
      const [slot, position] = node.dataset.place.split(":").map(Number);
      this.onPlace(slot, position);
    }
  }

  /** The choices the board offers now (the board picker, js/board_pick.js): the highlighted
   * card letters for the selected tile, else the tiles one may click. */
  choices() {
    const places = [...(this.svg?.querySelectorAll("[data-place]") || [])];
    return places.length ? places : [...(this.svg?.querySelectorAll("[data-tile][role=button]") || [])];
  }

  render(view, { selected = new Set(), composing = new Map(), places = [], recent = new Set(), interactive = false } = {}) {
    const svg = this.svg;
    if (!svg) return;
    svg.replaceChildren();
    title(svg, gettext("HexBoard Words board"));
    const defs = el("defs", {}, svg);
    const shadow = el("filter", { id: "hw-shadow", x: "-20%", y: "-20%", width: "140%", height: "150%" }, defs);
    el("feDropShadow", { dx: 0, dy: 1.5, stdDeviation: 1.2, "flood-opacity": 0.35 }, shadow);
    el("polygon", { class: "hw-rim", points: hexPoints(0, 0, R + 8, "flat") }, svg);
    el("polygon", { class: "hw-felt", points: hexPoints(0, 0, R, "flat") }, svg);
    el("polygon", { class: "hw-inner", points: hexPoints(0, 0, R - 26, "flat") }, svg);
    this.drawTiles(svg, view, { selected, composing, recent, interactive });
    const placeSet = new Map(places.map((p) => [`${p.slot}:${p.position}`, p]));
    (view.slots || []).forEach((card, slot) => this.drawCard(svg, card, slot, placeSet, recent));
  }

  drawTiles(svg, view, { selected, composing, recent, interactive }) {
    const tiles = sortedTiles(view.board);
    const g = el("g", { class: "hw-tiles", role: "group", "aria-label": ngettext("%(n)s face-up tile", "%(n)s face-up tiles", tiles.length) }, svg);
    if (!tiles.length) {
      const t = el("text", { class: "hw-empty", x: 0, y: 6, "text-anchor": "middle" }, g);
      t.textContent = gettext("No tiles face up");
      return;
    }
    const cells = tileCells(tiles.length);
    const k = Math.max(...cells.map(({ q, r }) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r))));
    const size = Math.min(TILE_MAX, TILE_AREA / (k * Math.sqrt(3) + 1));
    tiles.forEach((t, i) => {
      const [x, y] = axialToPixel(cells[i].q, cells[i].r, size, POINTY);
      const cls = ["hw-tile"];
      if (t.letter === "?") cls.push("hw-blank");
      if (selected.has(t.tile)) cls.push("hw-selected");
      if (composing.has(t.tile)) cls.push("hw-composing");
      if (recent.has(t.tile)) cls.push("hw-recent");
      if (interactive) cls.push("hw-clickable");
      const help = tileHelp(t);
      const node = el("g", {
        class: cls.join(" "), "data-tile": t.tile, "data-help": help, transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
        role: interactive ? "button" : "img", tabindex: interactive ? 0 : null,
        "aria-label": [t.letter === "?" ? gettext("Blank tile") : gettext("Tile %(letter)s", { letter: letterText(t.letter) }),
          ...(selected.has(t.tile) ? [gettext("selected")] : []), ...(composing.has(t.tile) ? [gettext("in your steal")] : [])].join(", "),
        "aria-pressed": interactive ? String(selected.has(t.tile) || composing.has(t.tile)) : null,
      }, g);
      title(node, help);
      el("polygon", { class: "hw-tile-face", points: hexPoints(0, 0, size * 0.93, POINTY), filter: "url(#hw-shadow)" }, node);
      const label = el("text", { class: "hw-tile-letter", x: 0, y: size * 0.36, "text-anchor": "middle", "font-size": (size * 1.02).toFixed(1) }, node);
      label.textContent = letterText(t.letter);
      const n = composing.get(t.tile);
      if (n) {
        el("circle", { class: "hw-order-dot", cx: size * 0.62, cy: -size * 0.5, r: size * 0.3 }, node);
        const o = el("text", { class: "hw-order", x: size * 0.62, y: -size * 0.5 + size * 0.12, "text-anchor": "middle", "font-size": (size * 0.38).toFixed(1) }, node);
        o.textContent = String(n);
      }
    });
  }

  drawCard(svg, card, slot, placeSet, recent) {
    const [cx, cy] = cardCentre(slot);
    const g = el("g", { class: "hw-card", "data-slot": slot, transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})` }, svg);
    const x0 = -CARD_W / 2;
    const y0 = -CARD_H / 2;
    if (!card) {
      const help = gettext("Place %(n)s: the deck is empty, no word-card here any more.", { n: slot + 1 });
      g.dataset.help = help;
      title(g, help);
      el("rect", { class: "hw-card-empty", x: x0, y: y0, width: CARD_W, height: CARD_H, rx: 8 }, g);
      const t = el("text", { class: "hw-card-none", x: 0, y: 5, "text-anchor": "middle" }, g);
      t.textContent = gettext("no card");
      return;
    }
    const help = cardHelp(card, slot);
    g.dataset.help = help;
    g.setAttribute("role", "group");
    g.setAttribute("aria-label", help);
    title(g, help);
    el("rect", { class: "hw-card-face", x: x0, y: y0, width: CARD_W, height: CARD_H, rx: 8, filter: "url(#hw-shadow)" }, g);
    el("circle", { class: "hw-card-badge", cx: x0 + 15, cy: 0, r: 11 }, g);
    const num = el("text", { class: "hw-card-num", x: x0 + 15, y: 4.5, "text-anchor": "middle" }, g);
    num.textContent = String(slot + 1);
    const left = x0 + 32;
    card.tiles.forEach((tile, p) => {
      const x = left + p * (CELL + CELL_GAP);
      const y = -CELL / 2;
      const place = placeSet.get(`${slot}:${p}`);
      const printed = card.word[p];
      const cls = ["hw-cell", tile ? "hw-matched" : "hw-open"];
      if (place) cls.push("hw-target", place.completes ? "hw-completes" : "hw-plain");
      if (tile && recent.has(tile.tile)) cls.push("hw-recent");
      const q = { letter: printed.toUpperCase(), word: card.word.toUpperCase() };
      let cellHelp = !tile ? gettext("%(letter)s of %(word)s: open.", q)
        : tile.tile === "BLANK" ? gettext("%(letter)s of %(word)s: matched with the blank.", q) : gettext("%(letter)s of %(word)s: matched.", q);
      if (place) cellHelp += ` ${place.completes ? gettext("Put the selected tile here to complete the card (you play again).") : gettext("Put the selected tile here (a match that completes nothing ends your turn).")}`;
      const c = el("g", {
        class: cls.join(" "), "data-help": cellHelp, "data-place": place ? `${slot}:${p}` : null,
        role: place ? "button" : null, tabindex: place ? 0 : null,
        "aria-label": place ? (place.completes ? gettext("Card %(n)s, %(letter)s: match and complete", { n: slot + 1, letter: printed.toUpperCase() })
          : gettext("Card %(n)s, %(letter)s: match", { n: slot + 1, letter: printed.toUpperCase() })) : null,
      }, g);
      title(c, cellHelp);
      el("rect", { class: "hw-cell-box", x, y, width: CELL, height: CELL, rx: 6 }, c);
      const t = el("text", { class: tile ? "hw-cell-tile" : "hw-cell-print", x: x + CELL / 2, y: y + CELL / 2 + 10, "text-anchor": "middle" }, c);
      t.textContent = (tile ? tile.letter : printed).toUpperCase();
      if (tile?.tile === "BLANK") {
        const b = el("text", { class: "hw-cell-blank", x: x + CELL - 6, y: y + 12, "text-anchor": "end" }, c);
        b.textContent = "?";
      }
    });
  }
}
