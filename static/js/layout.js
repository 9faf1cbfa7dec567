// The width of the table's columns (site.css, "The table"), for every game: beside the board
// (wide screens) the board's column is as wide as its SVG drawn at the full height, and the
// side column (banner, hand, tabs) takes the rest, between MIN_SIDE_PX and MAX_SIDE_SHARE of
// the table. Without this (or without an SVG directly in the board's .board-wrap) the CSS
// default applies. Then the hand's panels: side by side only where each holds its content
// (fitHand). Then the rows (fitRows): where what the side column shows whole (the banner, the
// notes, the pinned players, the tab bar) and the least of the rest add up to more than the
// table's height, the moves give way, then the board's column, then the pinned players.
//
//   const fit = fitTable(byId("table"));   fit();   // after a render: the board may have changed

import { DOCKED } from "./tabs.js";

export const MIN_SIDE_PX = 352;
export const MAX_SIDE_SHARE = 0.5;
const CHANGE_PX = 6; // smaller changes are left alone, so the columns never hunt

/** The hand slot's panels (`.hand-flow`, site.css): a wide slot puts them in two columns,
 * each at least as wide as its panels' content needs; where the two do not fit side by side
 * (the grid, or a panel, wider than its box) they stack in one column (class hand-stacked). */
export function fitHand(flow) {
  if (!flow) return;
  flow.classList.remove("hand-stacked");
  if (getComputedStyle(flow).gridTemplateColumns.trim().split(/\s+/).length < 2) return;
  const wider = (node) => node.scrollWidth > node.clientWidth + 1;
  if (wider(flow) || [...flow.children].some((panel) => !panel.hidden && wider(panel))) flow.classList.add("hand-stacked");
}

/** True when the table's rows need more height than it has: a part runs past its box (by more
 * than sub-pixel rounding). */
const overflows = (table) => Math.max(...[...table.children].map((part) => part.getBoundingClientRect().bottom))
  > table.getBoundingClientRect().bottom + 0.5;

/** The side column's rows, beside the board: the banner, the notes (a finished table's "What
 * next?" and its whole ranking) and the pinned players are shown whole and the hand gives way
 * (site.css). Where that and the tabs' panels' least height (a few moves) still need more than
 * the table's height (four long names and a ranking in French on a laptop), the first of
 * these that fits is taken, each giving up more: the tabs' panels give way down to nothing,
 * scrolling (class `info-squeezed`); the side column takes its widest share of the table
 * (MAX_SIDE_SHARE), so its lines wrap less; the players, whom the ranking lists too, go back
 * under their tab (class `players-tabbed`, js/tabs.js). */
export function fitRows(table, docked = true) {
  if (!docked) {
    fitStack(table);
    return;
  }
  const side = table.style.getPropertyValue("--side-w");
  const widest = `${Math.round(table.getBoundingClientRect().width * MAX_SIDE_SHARE)}px`;
  const ways = [[false, false, false], [true, false, false], [false, true, false], [true, true, false],
                [false, true, true], [true, true, true]];
  table.classList.remove("notes-whole", "board-squeezed");
  for (const [i, [squeezed, wide, tabbed]] of ways.entries()) {
    table.classList.toggle("info-squeezed", squeezed);
    table.classList.toggle("players-tabbed", tabbed);
    if (wide) table.style.setProperty("--side-w", widest);
    else if (side) table.style.setProperty("--side-w", side);
    else table.style.removeProperty("--side-w");
    if (i === ways.length - 1 || !overflows(table)) return;
  }
}

/** Stacked (small screens), the parts shown whole (the banner, the notes up to a share of the
 * height: 40%, 60% once the match is over; the replay's controls; the tab bar) leave the board
 * a share of the height (site.css). Where the notes need more than theirs (a ranking of four
 * long names) they take it, the board giving way entirely, as long as the table then holds
 * its parts (class `notes-whole`); where the parts do not leave the board its share, it gives
 * way entirely (class `board-squeezed`: it scrolls in its slot). */
export function fitStack(table) {
  table.classList.remove("notes-whole", "board-squeezed");
  const notes = table.querySelector(":scope > .table-notes");
  if (notes && notes.scrollHeight > notes.clientHeight + 1) {
    table.classList.add("notes-whole");
    if (overflows(table)) table.classList.remove("notes-whole");
  }
  if (overflows(table)) table.classList.add("board-squeezed");
}

export function fitTable(table) {
  if (!table) return () => {};
  const docked = matchMedia(DOCKED);

  function fitColumns() {
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

  function fit() {
    fitColumns();
    fitHand(table.querySelector(".hand-slot > .hand-flow"));
    fitRows(table, docked.matches);
  }

  if (globalThis.ResizeObserver) new ResizeObserver(() => fit()).observe(table);
  docked.addEventListener("change", fit);
  return fit;
}
