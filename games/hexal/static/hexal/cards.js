// Hexal cards in words and pictures, without the DOM (engine/cards.py: a code is colour letter,
// shape letter, number: "RC1" is the red circle 1, "PX6" the purple star 6).
//
//   parseCard("GT4")  -> {colour: "green", shape: "triangle", number: 4, code: "GT4"} | null
//   cardName("GT4")   -> "green triangle 4"
//   shared("GT4", "GS4") -> 2 (attributes in common: colour, shape, number)
//   fillOf("green", palette), inkOf("green", palette): a card's face and the colour drawn on it
//   shapePath("star", cx, cy, r): the SVG path of a shape of radius r (one path per shape)
//
// Two palettes: "standard" and "colourblind" (Okabe & Ito's, told apart by people with every
// common colour-vision deficiency; the colour's letter is also drawn on each card).

import { gettext, pgettext } from "../js/i18n.js";

export const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];
export const COLOUR_LETTERS = "ROYGBP";
export const SHAPES = ["circle", "triangle", "square", "pentagon", "hexagon", "star"];
export const SHAPE_LETTERS = "CTSPHX";

export const PALETTES = {
  standard: { red: "#d32f2f", orange: "#f57c00", yellow: "#fdd835", green: "#2e7d32", blue: "#1565c0", purple: "#7b1fa2" },
  colourblind: { red: "#d55e00", orange: "#e69f00", yellow: "#f0e442", green: "#009e73", blue: "#0072b2", purple: "#cc79a7" },
};
// What is drawn on a card's face: dark on the light colours, white on the dark ones.
const INK = {
  standard: { red: "#fff", orange: "#1d2330", yellow: "#1d2330", green: "#fff", blue: "#fff", purple: "#fff" },
  colourblind: { red: "#fff", orange: "#1d2330", yellow: "#1d2330", green: "#fff", blue: "#fff", purple: "#1d2330" },
};

/** The card of a code, or null for anything that is not one of the 216 codes. */
export function parseCard(code) {
  if (typeof code !== "string" || code.length !== 3) return null;
  const c = COLOUR_LETTERS.indexOf(code[0]);
  const s = SHAPE_LETTERS.indexOf(code[1]);
  const n = Number(code[2]);
  if (c < 0 || s < 0 || !(n >= 1 && n <= 6)) return null;
  return { code, colour: COLOURS[c], shape: SHAPES[s], number: n };
}

/** "green triangle 4" (the code itself when it is not a card). */
export function cardName(code) {
  const c = parseCard(code);
  if (!c) return String(code);
  return gettext("%(colour)s %(shape)s %(number)s", { colour: colourWord(c.colour, c.shape), shape: shapeWord(c.shape), number: c.number });
}

/** A shape in the page's language. */
export function shapeWord(shape) {
  const words = { circle: pgettext("Hexal shape", "circle"), triangle: pgettext("Hexal shape", "triangle"),
    square: pgettext("Hexal shape", "square"), pentagon: pgettext("Hexal shape", "pentagon"),
    hexagon: pgettext("Hexal shape", "hexagon"), star: pgettext("Hexal shape", "star") };
  return words[shape] || shape;
}

/** A card's colour in the page's language; a star's own words (its noun's gender differs in French). */
export function colourWord(colour, shape = "") {
  const words = shape === "star"
    ? { red: pgettext("Hexal star colour", "red"), orange: pgettext("Hexal star colour", "orange"), yellow: pgettext("Hexal star colour", "yellow"),
      green: pgettext("Hexal star colour", "green"), blue: pgettext("Hexal star colour", "blue"), purple: pgettext("Hexal star colour", "purple") }
    : { red: pgettext("Hexal colour", "red"), orange: pgettext("Hexal colour", "orange"), yellow: pgettext("Hexal colour", "yellow"),
      green: pgettext("Hexal colour", "green"), blue: pgettext("Hexal colour", "blue"), purple: pgettext("Hexal colour", "purple") };
  return words[colour] || colour;
}

/** Attributes two cards share (0-3); rule 10 scores a touching pair this many points. */
export function shared(a, b) {
  return (a[0] === b[0]) + (a[1] === b[1]) + (a[2] === b[2]);
}

/** The words of what two cards share: "colour and number", "" for nothing. */
export function sharedWords(a, b) {
  const out = [];
  if (a[0] === b[0]) out.push(pgettext("Hexal", "colour"));
  if (a[1] === b[1]) out.push(pgettext("Hexal", "shape"));
  if (a[2] === b[2]) out.push(pgettext("Hexal", "number"));
  return out.length > 1 ? gettext("%(items)s and %(last)s", { items: out.slice(0, -1).join(", "), last: out[out.length - 1] }) : out.join("");
}

export function fillOf(colour, palette = "standard") {
  return (PALETTES[palette] || PALETTES.standard)[colour] || "#888";
}

export function inkOf(colour, palette = "standard") {
  return (INK[palette] || INK.standard)[colour] || "#fff";
}

function poly(cx, cy, r, n, start, inner = null) {
  const pts = [];
  const steps = inner === null ? n : 2 * n;
  for (let i = 0; i < steps; i++) {
    const a = ((start + (360 / steps) * i) * Math.PI) / 180;
    const rr = inner !== null && i % 2 ? inner : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join("L")}Z`;
}

/** The SVG path data of `shape` centred at (cx, cy), about `r` in radius. */
export function shapePath(shape, cx, cy, r) {
  switch (shape) {
    case "circle": {
      const k = r * 0.86;
      return `M${(cx - k).toFixed(2)},${cy.toFixed(2)}a${k.toFixed(2)},${k.toFixed(2)} 0 1,0 ${(2 * k).toFixed(2)},0a${k.toFixed(2)},${k.toFixed(2)} 0 1,0 ${(-2 * k).toFixed(2)},0Z`;
    }
    case "triangle":
      return poly(cx, cy + r * 0.14, r * 1.08, 3, -90);
    case "square":
      return poly(cx, cy, r * 1.02, 4, -45);
    case "pentagon":
      return poly(cx, cy + r * 0.05, r * 0.98, 5, -90);
    case "hexagon":
      return poly(cx, cy, r * 0.96, 6, 0); // flat-topped, unlike the pointy card around it
    case "star":
      return poly(cx, cy + r * 0.06, r * 1.1, 5, -90, r * 0.46);
    default:
      return "";
  }
}
