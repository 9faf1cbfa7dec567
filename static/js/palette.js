// The player's colour-blind setting (Settings, issue 13; issue 26, point 2) and how the tables
// draw a seat's colour with it: every game reads the one setting through the shared page
// (`page.colourBlind` live, `ctx.colourBlind` in a replay; docs/contracts.md, "Game UI hooks").
//
//   colourBlindSetting(config)             the match page's config `colour_blind`, else <body class="colour-blind">
//   seatFill(svg, seat, colour, on)        an SVG fill: the colour, or (on) a pattern of it with the seat's mark
//   paintSwatch(node, seat, colour, on)    an HTML swatch in the colour, with the same mark when on
//   seatDash(seat, on)                     a stroke-dasharray per seat for lines (roads), "" when off
//   saveColourBlind(on, {csrfToken})       a game's own switch (Hexal's box) changes the one setting
//
// Colour is then never the only cue: seat 1's things are striped one way, seat 2's dotted...,
// the same marks in the seat list as on the board.

/** A text colour that reads on `background` (a #rgb or #rrggbb colour): dark on light ones. */
export function inkOn(background) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background || "");
  if (!m) return "#fff";
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? "#222" : "#fff";
}

export const SEAT_MARKS = ["stripes", "dots", "bars", "cross", "columns", "checks", "backslash", "rings"];
const DASHES = ["", "8 5", "3 4", "10 4 3 4", "5 5", "14 4", "3 3 8 3", "2 6"];

/** The player's colour-blind setting: the match page's config (`colour_blind`) when it says,
 * else the page's `<body class="colour-blind">` (every page has it, the replay's too). */
export function colourBlindSetting(config = null, doc = globalThis.document) {
  if (typeof config?.colour_blind === "boolean") return config.colour_blind;
  return Boolean(doc?.body?.classList?.contains("colour-blind"));
}

/** Saves the player's colour-blind setting (`PATCH /api/v1/settings/`, the session's own
 * account): a game's own switch, Hexal's "Colour-blind colours" box, is a shortcut to the one
 * setting, so every table and the next visit follow it. Resolves true once saved. */
export async function saveColourBlind(on, { csrfToken = "", doc = globalThis.document } = {}) {
  const token = csrfToken || /(?:^|;\s*)csrftoken=([^;]+)/.exec(doc?.cookie || "")?.[1] || "";
  try {
    const response = await fetch("/api/v1/settings/", {
      method: "PATCH", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": token },
      body: JSON.stringify({ colour_blind: Boolean(on) }),
    });
    if (response.ok) doc?.body?.classList?.toggle("colour-blind", Boolean(on));
    return response.ok;
  } catch {
    return false; // offline: this page follows the box all the same
  }
}

/** The mark of seat `seat` (0-based): one of SEAT_MARKS, in turn. */
export function seatMark(seat) {
  return SEAT_MARKS[((seat % SEAT_MARKS.length) + SEAT_MARKS.length) % SEAT_MARKS.length];
}

const SVG_NS = "http://www.w3.org/2000/svg";

function svgNode(name, attrs, parent) {
  const node = parent.ownerDocument.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

// Each mark drawn in a tile of 1 x 1 (the pattern tile, a quarter of the shape's box).
const DRAW = {
  stripes: (g) => svgNode("path", { d: "M-0.25,0.25 L0.25,-0.25 M0,1 L1,0 M0.75,1.25 L1.25,0.75" }, g),
  dots: (g) => svgNode("circle", { cx: 0.5, cy: 0.5, r: 0.22, class: "fill" }, g),
  bars: (g) => svgNode("path", { d: "M0,0.5 L1,0.5" }, g),
  cross: (g) => svgNode("path", { d: "M0,0 L1,1 M1,0 L0,1" }, g),
  columns: (g) => svgNode("path", { d: "M0.5,0 L0.5,1" }, g),
  checks: (g) => svgNode("path", { d: "M0,0 H0.5 V0.5 H0 Z M0.5,0.5 H1 V1 H0.5 Z", class: "fill" }, g),
  backslash: (g) => svgNode("path", { d: "M-0.25,0.75 L0.25,1.25 M0,0 L1,1 M0.75,-0.25 L1.25,0.25" }, g),
  rings: (g) => svgNode("circle", { cx: 0.5, cy: 0.5, r: 0.28, class: "ring" }, g),
};

/** The fill of seat `seat`'s things drawn in `colour` on `svg`: the colour itself, or with
 * `on` a pattern of it with the seat's mark (a <pattern> in the SVG's <defs>, made once). */
export function seatFill(svg, seat, colour, on) {
  if (!on || !svg) return colour;
  const mark = seatMark(seat);
  const id = `seat-pattern-${mark}-${String(colour).replace(/[^0-9a-z]/gi, "")}`;
  if (!svg.querySelector(`#${id}`)) {
    let defs = [...svg.children].find((c) => c.tagName.toLowerCase() === "defs");
    if (!defs) {
      defs = svg.ownerDocument.createElementNS(SVG_NS, "defs");
      svg.prepend(defs);
    }
    const pattern = svgNode("pattern", { id, class: "seat-pattern", "data-mark": mark, patternUnits: "objectBoundingBox",
                                         patternContentUnits: "objectBoundingBox", width: 0.25, height: 0.25 }, defs);
    svgNode("rect", { width: 0.25, height: 0.25, fill: colour }, pattern);
    const ink = inkOn(colour);
    const g = svgNode("g", { transform: "scale(0.25)", stroke: ink, "stroke-width": 0.16, fill: "none", "stroke-opacity": 0.75 }, pattern);
    DRAW[mark](g);
    for (const n of g.querySelectorAll(".fill")) n.setAttribute("fill", ink);
    for (const n of g.querySelectorAll(".fill")) n.setAttribute("fill-opacity", "0.7");
    for (const n of g.querySelectorAll(".fill")) n.setAttribute("stroke", "none");
  }
  return `url(#${id})`;
}

// The same marks in CSS, for HTML swatches (`%s`: the ink).
const CSS_MARKS = {
  stripes: "repeating-linear-gradient(45deg, %s 0 2px, #0000 2px 5px)",
  dots: "radial-gradient(circle, %s 1.5px, #0000 1.8px) 0 0 / 5px 5px",
  bars: "repeating-linear-gradient(0deg, %s 0 2px, #0000 2px 5px)",
  cross: "repeating-linear-gradient(45deg, %s 0 1.5px, #0000 1.5px 5px), repeating-linear-gradient(-45deg, %s 0 1.5px, #0000 1.5px 5px)",
  columns: "repeating-linear-gradient(90deg, %s 0 2px, #0000 2px 5px)",
  checks: "conic-gradient(%s 25%, #0000 0 50%, %s 0 75%, #0000 0) 0 0 / 8px 8px",
  backslash: "repeating-linear-gradient(-45deg, %s 0 2px, #0000 2px 5px)",
  rings: "repeating-radial-gradient(circle, #0000 0 2px, %s 2px 3.5px)",
};

/** Paints an HTML swatch (the seat list's, a game's panel's) in `colour`, with the seat's mark
 * over it when `on` (`data-pattern` names it); the text on it stays readable. */
export function paintSwatch(node, seat, colour, on) {
  if (!node) return;
  node.style.background = colour;
  node.style.color = inkOn(colour);
  if (!on) {
    delete node.dataset.pattern;
    return;
  }
  const mark = seatMark(seat);
  const ink = inkOn(colour) === "#fff" ? "rgba(255,255,255,.55)" : "rgba(0,0,0,.45)";
  node.dataset.pattern = mark;
  node.style.background = `${CSS_MARKS[mark].replaceAll("%s", ink)}, ${colour}`;
  node.style.textShadow = `0 0 2px ${colour}, 0 0 2px ${colour}`;
}

/** A stroke-dasharray for seat `seat`'s lines (roads) when `on`, else "" (solid). */
export function seatDash(seat, on) {
  return on ? DASHES[((seat % DASHES.length) + DASHES.length) % DASHES.length] : "";
}
