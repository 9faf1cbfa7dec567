// The zoom of a game's board, the same for every game: its SVG (`#board`, or the first SVG of
// the `.board-wrap`) is drawn `factor` times its fitted size (the viewBox scales: nothing is
// drawn again, so a chosen card or piece stays chosen) and the frame, the `.board-wrap`, keeps
// its size on the page and scrolls over it. Two things zoom the board:
// - the board's zoom button (`#zoom-board`, `wireZoom`): its smallest targets at least 34 px;
// - the board picker (js/board_pick.js): on narrow screens, the legal choices of the board at
//   least 44 px, all in view.
//
//   const zoom = boardZoom();           // null without a board SVG
//   zoom.reset();                       // the board fitted to its frame again
//   zoom.room();                        // {left, top, right, bottom}: where the frame shows the board (client px)
//   zoom.show(box, factor);             // `factor` times the fitted size, `box` (client px, measured fitted) in the middle of the room
//   zoom.zoomed();  zoom.maxFactor;     zoom.onUser = () => {};  // the player pressed the zoom button
//
// A game with a camera of its own (Hexal's table) offers the same four methods to the picker
// instead (its play module's `boardZoom`, docs/contracts.md "Game UI hooks").

import { boardTargets, byId } from "./dom.js";

export const MAX_FACTOR = 12;

/** The union {left, top, right, bottom} of the boxes of `nodes` (client px), or null. */
export function boxOf(nodes) {
  let box = null;
  for (const n of nodes) {
    const r = n.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    box = box
      ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top), right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) }
      : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }
  return box;
}

/** The part of `box` ({left, top, right, bottom}, client px) the page shows: inside the
 * viewport and the visible part of the board slot holding `node`. */
export function inView(box, node) {
  const out = { ...box };
  for (const r of [node.closest(".board-slot")?.getBoundingClientRect(), { left: 0, top: 0, right: innerWidth, bottom: innerHeight }]) {
    if (!r) continue;
    out.left = Math.max(out.left, r.left);
    out.top = Math.max(out.top, r.top);
    out.right = Math.min(out.right, r.right);
    out.bottom = Math.min(out.bottom, r.bottom);
  }
  return out;
}

/** The board's SVG on this page: `#board` inside a `.board-wrap`, else the wrap's first SVG. */
export function boardSvg() {
  const svg = byId("board");
  if (svg?.tagName.toLowerCase() === "svg" && svg.closest(".board-wrap")) return svg;
  const wrap = document.querySelector(".board-wrap");
  return wrap && ([...wrap.children].find((c) => c.tagName.toLowerCase() === "svg") || wrap.querySelector("svg"));
}

/** The SvgZoom of this page's board, or null (no board SVG in a `.board-wrap`). */
export function boardZoom() {
  const svg = boardSvg();
  const wrap = svg?.closest(".board-wrap");
  return wrap ? new SvgZoom(wrap, svg) : null;
}

export class SvgZoom {
  constructor(wrap, svg, { maxFactor = MAX_FACTOR } = {}) {
    this.wrap = wrap;
    this.svg = svg;
    this.maxFactor = maxFactor;
    this.factor = 0;
    this.by = null; // who zoomed: "hand" (the button) or "pick" (the picker)
    this.onUser = null;
  }

  zoomed() {
    return this.wrap.classList.contains("zoomed");
  }

  /** The board fitted to its frame. */
  reset() {
    const { wrap, svg } = this;
    svg.style.width = svg.style.height = "";
    wrap.style.height = wrap.style.flex = "";
    wrap.classList.remove("zoomed");
    this.factor = 0;
    this.by = null;
  }

  /** Where the frame shows the board (client px): the wrap's inside below what stands above
   * the SVG (bars, the zoom button: they stay at the top while it scrolls), within the
   * viewport and the board slot's visible part. */
  room() {
    const { wrap, svg } = this;
    const w = wrap.getBoundingClientRect();
    const left = w.left + wrap.clientLeft;
    const top = w.top + wrap.clientTop;
    const above = svg.getBoundingClientRect().top + wrap.scrollTop - top;
    return inView({ left, top: top + Math.max(0, above), right: left + wrap.clientWidth, bottom: top + wrap.clientHeight }, wrap);
  }

  /** The frame keeps its size on the page whatever the game's CSS, and no more than the
   * board slot and the window show of it (a frame taller than its slot is first scrolled to
   * the slot's top). */
  holdFrame() {
    const { wrap } = this;
    const slot = wrap.closest(".board-slot");
    let w = wrap.getBoundingClientRect();
    let bottom = innerHeight;
    if (slot) {
      const s = slot.getBoundingClientRect();
      if (w.top < s.top || w.bottom > s.bottom) {
        slot.scrollTop += w.top - s.top;
        w = wrap.getBoundingClientRect();
      }
      bottom = Math.min(bottom, s.bottom);
    }
    wrap.style.height = `${Math.max(0, Math.min(w.height, bottom - w.top))}px`;
    wrap.style.flex = "none";
  }

  /** Draws the board `factor` times its fitted size (the fitted drawing, not the SVG's box,
   * which may be wider or taller than what it draws) and scrolls the frame so that `box`
   * (client px, measured on the fitted board; null: the middle) is in the middle of the room.
   * `by`: "pick" (the picker) or "hand" (the zoom button). */
  show(box, factor, by = "pick") {
    const { wrap, svg } = this;
    svg.style.width = svg.style.height = "";
    wrap.classList.remove("zoomed");
    // The box's middle from the fitted SVG's corner: holding the frame may scroll the slot.
    const r0 = svg.getBoundingClientRect();
    const mid = box ? [(box.left + box.right) / 2 - r0.left, (box.top + box.bottom) / 2 - r0.top] : null;
    if (!wrap.style.height) this.holdFrame();
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox?.baseVal;
    const vw = vb && vb.width ? vb.width : r.width;
    const vh = vb && vb.height ? vb.height : r.height;
    const scale = Math.min(r.width / vw, r.height / vh) || 1;
    // The drawing's top left corner (preserveAspectRatio xMidYMid meet, the default).
    const ox = r.left + (r.width - vw * scale) / 2;
    const oy = r.top + (r.height - vh * scale) / 2;
    const cx = mid ? r.left + mid[0] : ox + (vw * scale) / 2;
    const cy = mid ? r.top + mid[1] : oy + (vh * scale) / 2;
    this.factor = Math.min(this.maxFactor, Math.max(1, factor));
    this.by = by;
    wrap.classList.add("zoomed");
    svg.style.width = `${Math.round(vw * scale * this.factor)}px`;
    svg.style.height = `${Math.round(vh * scale * this.factor)}px`;
    wrap.scrollLeft = 0;
    wrap.scrollTop = 0;
    const s = svg.getBoundingClientRect();
    const room = this.room();
    wrap.scrollLeft = s.left + (cx - ox) * this.factor - (room.left + room.right) / 2;
    wrap.scrollTop = s.top + (cy - oy) * this.factor - (room.top + room.bottom) / 2;
  }
}

/**
 * Makes the `#zoom-board` button (if any) toggle the board between fitted to its frame and a
 * zoom in which the smallest target of the board (`boardTargets`) is at least `minTarget` CSS
 * px (twice the fitted size at least, `maxFactor` times at most), the frame scrolled to the
 * board's clickable targets (all of them when they fit, else the first destination, else the
 * first of them; none: the middle). Returns the SvgZoom (its `onUser` is called at each
 * press, before the toggle), or null.
 */
export function wireZoom({ minTarget = 34, maxFactor = MAX_FACTOR } = {}) {
  const btn = byId("zoom-board");
  if (!btn) return null;
  const svg = boardSvg();
  const wrap = btn.closest(".board-wrap") || svg?.closest(".board-wrap");
  if (!wrap || !svg) return null;
  const zoom = new SvgZoom(wrap, svg, { maxFactor });

  function zoomIn() {
    zoom.reset();
    let smallest = Infinity;
    for (const t of boardTargets(svg)) {
      const b = t.getBoundingClientRect();
      if (b.width > 0 && b.height > 0) smallest = Math.min(smallest, b.width, b.height);
    }
    const factor = Math.min(maxFactor, Math.max(2, Number.isFinite(smallest) ? minTarget / smallest : 2));
    const room = zoom.room();
    const targets = boardTargets(svg, { clickable: true });
    let box = boxOf(targets);
    if (box && ((box.right - box.left) * factor > room.right - room.left || (box.bottom - box.top) * factor > room.bottom - room.top)) {
      box = boxOf([targets.find((t) => t.matches("[data-target]")) || targets[0]]);
    }
    zoom.show(box, factor, "hand");
  }

  btn.addEventListener("click", () => {
    zoom.onUser?.();
    const on = !zoom.zoomed();
    if (on) zoomIn();
    else zoom.reset();
    btn.setAttribute("aria-pressed", String(on));
  });
  // The picker zooms too: the button says what the board shows.
  new MutationObserver(() => btn.setAttribute("aria-pressed", String(zoom.zoomed()))).observe(wrap, { attributes: true, attributeFilter: ["class"] });
  addEventListener("resize", () => {
    if (zoom.by === "hand") zoomIn();
  });
  return zoom;
}
