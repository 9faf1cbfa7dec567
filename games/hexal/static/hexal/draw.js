// Drawing one Hexal card as SVG: a pointy hexagon in the card's colour with its shape and its
// number always drawn (so a card reads without colour), and with the colour-blind palette the
// colour's letter too. Used by the table (board.js), the hand (play.js), the summary and the
// rules page pictures.
//
//   drawCard(parentG, "GT4", x, y, size, {palette, cls})  -> <g class="hl-card ...">
//   cardIcon("GT4", {palette, px: 56})                   -> a standalone <svg> of one card

import { el } from "../js/dom.js";
import { hexPoints } from "../js/hexgrid.js";
import { fillOf, inkOf, parseCard, shapePath } from "./cards.js";

/** Appends the card `code` centred at (x, y), circumradius `size`, to `parent`; returns its <g>. */
export function drawCard(parent, code, x, y, size, { palette = "standard", cls = "", letter = palette === "colourblind" } = {}) {
  const card = parseCard(code);
  const g = el("g", { class: `hl-card${cls ? ` ${cls}` : ""}`, "data-card": code }, parent);
  if (!card) return g;
  const fill = fillOf(card.colour, palette);
  const ink = inkOf(card.colour, palette);
  el("polygon", { points: hexPoints(x, y, size), fill, class: "hl-card-face" }, g);
  el("polygon", { points: hexPoints(x, y, size * 0.84), class: "hl-card-rim", stroke: ink }, g);
  el("path", { d: shapePath(card.shape, x, y - size * 0.16, size * 0.33), fill: ink, class: "hl-card-shape" }, g);
  const n = el("text", { x, y: y + size * 0.6, fill: ink, "font-size": (size * 0.42).toFixed(1), class: "hl-card-number" }, g);
  n.textContent = String(card.number);
  if (letter) {
    const t = el("text", { x, y: y - size * 0.6, fill: ink, "font-size": (size * 0.24).toFixed(1), class: "hl-card-letter" }, g);
    t.textContent = code[0];
  }
  return g;
}

/** A standalone <svg> of one card, `px` pixels wide (for the hand, chips and pictures). */
export function cardIcon(code, { palette = "standard", px = 56, cls = "" } = {}) {
  const size = 30;
  const w = size * Math.sqrt(3);
  const svg = el("svg", {
    viewBox: `${(-w / 2 - 1).toFixed(2)} ${-size - 1} ${(w + 2).toFixed(2)} ${2 * size + 2}`,
    width: px, height: Math.round((px * (2 * size + 2)) / (w + 2)), class: `hl-icon${cls ? ` ${cls}` : ""}`,
    "aria-hidden": "true", focusable: "false",
  });
  drawCard(svg, code, 0, 0, size, { palette });
  return svg;
}
