// Dice drawn in SVG (no font needed): a die in the board's dice tray, or a small inline one
// in the panels (battles). The roll animation is purely visual: the faces tumble for a
// moment over the result that is already drawn, and nothing waits for it.

import { el } from "../js/dom.js";
import { inkOn } from "../js/seats.js";

// Pip positions on a 3x3 grid (0..2) for faces 1-6.
const FACES = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};
const TUMBLE_MS = 520;
const TUMBLE_STEP_MS = 65;

/** Draws die face `n` (1-6) into `g` as a square of side `size` at (x, y), in `colour`. */
export function drawDie(g, n, { x = 0, y = 0, size = 30, colour = "#fff" } = {}) {
  const u = size / 30;
  const die = el("g", { class: "hx-die", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, g);
  // The body turns while tumbling (CSS transforms would replace the placing translate).
  const body = el("g", { class: "hx-die-body" }, die);
  el("rect", { x: 0, y: 0, width: size, height: size, rx: 5 * u, class: "hx-die-face", fill: colour }, body);
  const ink = inkOn(colour);
  const pips = el("g", { class: "hx-die-pips", fill: ink }, body);
  fillPips(pips, n, u);
  die.dataset.face = String(n);
  return die;
}

function fillPips(pips, n, u) {
  while (pips.firstChild) pips.removeChild(pips.firstChild);
  for (const [gx, gy] of FACES[n] || []) el("circle", { cx: (8 + gx * 7) * u, cy: (8 + gy * 7) * u, r: 2.6 * u }, pips);
}

/** A small standalone <svg> die for the HTML panels. */
export function dieSvg(n, colour = "#fff") {
  const svg = el("svg", { viewBox: "0 0 30 30", class: "hx-die-svg", role: "img", "aria-label": `a ${n}` });
  drawDie(svg, n, { colour });
  return svg;
}

/** True when the person asked the system for less motion. */
export function reducedMotion() {
  return Boolean(globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/**
 * Tumbles the dice groups `dice` (from drawDie) for a moment, then shows their real faces
 * again. Purely visual: the page has already drawn the result and goes on at once. Returns
 * false (nothing done) when reduced motion is asked or there is no die.
 */
export function tumble(dice) {
  if (!dice.length || reducedMotion()) return false;
  const real = dice.map((d) => Number(d.dataset.face));
  const started = performance.now();
  for (const d of dice) d.classList.add("hx-tumbling");
  const timer = setInterval(() => {
    const done = performance.now() - started >= TUMBLE_MS;
    dice.forEach((d, i) => {
      const pips = d.querySelector(".hx-die-pips");
      if (!pips || !d.isConnected) return;
      const u = Number(d.querySelector("rect")?.getAttribute("width") || 30) / 30;
      fillPips(pips, done ? real[i] : 1 + Math.floor(Math.random() * 6), u);
    });
    if (done) {
      clearInterval(timer);
      for (const d of dice) d.classList.remove("hx-tumbling");
    }
  }, TUMBLE_STEP_MS);
  return true;
}
