// The width of the table's columns (site.css, "The table"), for every game: beside the board
// (wide screens) the board's column is as wide as its SVG drawn at the full height, and the
// side column (banner, hand, tabs) takes the rest, between MIN_SIDE_PX and MAX_SIDE_SHARE of
// the table. Without this (or without an SVG directly in the board's .board-wrap) the CSS
// default applies.
//
//   const fit = fitTable(byId("table"));   fit();   // after a render: the board may have changed

import { DOCKED } from "./tabs.js";

export const MIN_SIDE_PX = 352;
export const MAX_SIDE_SHARE = 0.5;
const CHANGE_PX = 6; // smaller changes are left alone, so the columns never hunt

export function fitTable(table) {
  if (!table) return () => {};
  const docked = matchMedia(DOCKED);

  function fit() {
    const wrap = table.querySelector(".board-slot > .board-wrap");
    const svg = wrap && [...wrap.children].find((c) => c.tagName.toLowerCase() === "svg");
    const vb = svg?.viewBox?.baseVal;
    if (wrap?.classList.contains("zoomed")) return; // the zoom keeps the columns as they were
    if (!docked.matches || !svg || !vb || !vb.width || !vb.height) {
      table.style.removeProperty("--side-w");
      return;
    }
    const t = table.getBoundingClientRect();
    const w = wrap.getBoundingClientRect();
    const s = svg.getBoundingClientRect();
    const gap = parseFloat(getComputedStyle(table).columnGap) || 0;
    // The wrap's height is the table's; the bars above the SVG and the padding stay as they are.
    const chrome = w.height - s.height;
    const boardWidth = Math.max(0, t.height - chrome) * (vb.width / vb.height) + (w.width - s.width);
    const side = Math.round(Math.min(t.width * MAX_SIDE_SHARE, Math.max(MIN_SIDE_PX, t.width - gap - boardWidth)));
    const now = parseFloat(table.style.getPropertyValue("--side-w")) || 0;
    if (Math.abs(side - now) >= CHANGE_PX) table.style.setProperty("--side-w", `${side}px`);
  }

  if (globalThis.ResizeObserver) new ResizeObserver(() => fit()).observe(table);
  docked.addEventListener("change", fit);
  return fit;
}
