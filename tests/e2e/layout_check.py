"""The table page's layout checker (issue 26, point 1 and "What must be true": "layout checks in
the browser tests that find any panel overflowing horizontally or clipped"), evaluated in the
page by the browser tests of every game (tests/e2e/test_table_layout.py, test_table_end.py).

``layout_faults(page)`` returns what is wrong with the table as drawn, one sentence a fault
(empty: nothing), naming the elements. It looks at the table's head and ``#table`` (banner,
notes, board slot, hand slot, information tabs) and finds:

- **sideways overflow**: the page wider than the window; a box that clips or scrolls (overflow
  other than visible) whose content is wider than it (``scrollWidth > clientWidth``: a player
  sees it cut, or scrolled sideways with its left part gone), unless it is meant to scroll
  sideways (``.scroll-x``, a wide table; the zoomed board) or cuts its text on purpose with an
  ellipsis; the elements that stick out are named;
- **clipped text**: a box with ``overflow: hidden`` (or ``clip``) whose content is taller than
  it, unless it clamps its lines on purpose (``-webkit-line-clamp``);
- **sticking out**: an element whose box reaches past its panel (``.panel``, ``.board-wrap``,
  the banner, the slots, the tabs...) sideways, or past the bottom of a panel that does not
  scroll, or past the window;
- **covered**: a control or a piece of text, in full view of its scrolling boxes, that another
  element lies over (the browser's hit test at its centre and both ends finds the other);
- **cut rows**: a row of the players list or of the result table, while it shows, that is not
  in full view (a scrolling box cuts it, the tab bar lies over it): the players and the
  ranking are meant to be seen whole;
- **the board**: parts of the table (``#table``'s children) or of the board slot overlapping,
  a part that does not scroll drawing more than its box, the board's content overflowing its
  ``.board-wrap`` (unless zoomed: the zoomed board scrolls in its frame), the board giving way to a summary below it (docs/contracts.md: it keeps its
  own height or 70% of the slot, 18rem at least), and an empty strip of more than 24 px under
  the board's drawing (the board takes the height it is given).
"""
from __future__ import annotations

BOARD_SHARE = 0.7  # of the slot, as static/css/table.css gives it under a .board-summary
BOARD_MIN_PX = 18 * 16
SLACK_PX = 1  # sub-pixel rounding of the boxes
EMPTY_PX = 24  # the most the board may leave empty under its drawing

LAYOUT_JS = r"""([share, minPx, slack, emptyPx]) => {
  const vw = innerWidth, vh = innerHeight;
  const out = [];
  const css = (e) => getComputedStyle(e);
  const box = (e) => e.getBoundingClientRect();
  const PANELS = ".panel, .board-wrap, .table-banner, .table-info, .info-panel, .table-notes, .hand-slot, .board-slot, .table, .table-head";
  const SIDEWAYS = ".scroll-x, .board-wrap.zoomed";
  const words = (e) => (e.getAttribute("aria-label") || e.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
  const name = (e) => {
    const id = e.id ? `#${e.id}` : [...e.classList].slice(0, 2).map((c) => `.${c}`).join("");
    const said = words(e);
    return `${e.tagName.toLowerCase()}${id}${said ? ` "${said}"` : ""}`;
  };
  const px = (n) => `${Math.round(n)} px`;
  const shown = (e) => {
    if (!e.checkVisibility({visibilityProperty: true})) return false;
    const r = box(e);
    return r.width > 0 && r.height > 0;
  };
  // Screen-reader-only text (.visually-hidden, .spoken-text, a clip rect or clip path): not
  // drawn, not checked.
  const unseen = (e) => Boolean(e.closest(".visually-hidden, .spoken-text")) || css(e).clip !== "auto";
  const clips = (s) => s !== "visible";
  // The part of the window where `e` can be seen: the window cut by every box above it that
  // clips or scrolls (its padding box).
  function view(e) {
    let [l, t, r, b] = [0, 0, vw, vh];
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = css(a);
      if (!clips(s.overflowX) && !clips(s.overflowY)) continue;
      const q = box(a);
      const x0 = q.left + a.clientLeft, y0 = q.top + a.clientTop;
      if (clips(s.overflowX)) { l = Math.max(l, x0); r = Math.min(r, x0 + a.clientWidth); }
      if (clips(s.overflowY)) { t = Math.max(t, y0); b = Math.min(b, y0 + a.clientHeight); }
    }
    return {l, t, r, b};
  }
  // What holds `e`: its nearest panel, or a nearer box that clips or scrolls.
  const holder = (e) => {
    for (let a = e.parentElement; a; a = a.parentElement) {
      const s = css(a);
      if (a.matches(PANELS) || clips(s.overflowX) || clips(s.overflowY)) return a;
    }
    return null;
  };
  const inView = (r, v) => r.left >= v.l - slack && r.right <= v.r + slack && r.top >= v.t - slack && r.bottom <= v.b + slack;
  const related = (a, b) => Boolean(b) && (a === b || a.contains(b) || b.contains(a));

  const roots = [document.querySelector(".table-head"), document.getElementById("table")].filter(Boolean);
  const all = roots.flatMap((r) => [r, ...r.querySelectorAll("*")]).filter((e) => !e.ownerSVGElement && shown(e) && !unseen(e));
  const seen = new Set(all);

  if (document.documentElement.scrollWidth > vw + slack)
    out.push(`the page is ${px(document.documentElement.scrollWidth)} wide in a window of ${px(vw)}: it scrolls sideways`);

  // The elements inside `e` that reach past its right (or left) edge, the innermost ones.
  function culprits(e) {
    const q = box(e);
    const l = q.left + e.clientLeft, r = l + e.clientWidth;
    const past = (c) => { const p = box(c); return p.right > r + slack || p.left < l - slack; };
    const found = [];
    (function walk(n) {
      for (const c of n.children) {
        if (!seen.has(c) || !past(c)) continue;
        const before = found.length;
        walk(c);
        if (found.length === before) found.push(c);
      }
    })(e);
    return found.slice(0, 3).map((c) => `${name(c)} reaches ${px(Math.max(box(c).right - r, l - box(c).left))} past it`);
  }

  for (const e of all) {
    if (e.tagName.toLowerCase() === "svg") continue;
    const s = css(e);
    const sideways = e.closest(SIDEWAYS);
    // Sideways overflow of a box that clips or scrolls.
    if (clips(s.overflowX) && !sideways && s.textOverflow !== "ellipsis" && e.scrollWidth > e.clientWidth + slack) {
      const moved = e.scrollLeft ? `, scrolled ${px(e.scrollLeft)} sideways` : "";
      out.push(`${name(e)} holds ${px(e.scrollWidth)} of width in ${px(e.clientWidth)}${moved}: ${culprits(e).join("; ") || "its text is cut"}`);
    }
    // Text cut by overflow: hidden.
    if ((s.overflowY === "hidden" || s.overflowY === "clip") && s.webkitLineClamp === "none" && e.scrollHeight > e.clientHeight + slack)
      out.push(`${name(e)} cuts off ${px(e.scrollHeight - e.clientHeight)} of its content (overflow: ${s.overflowY})`);
    // Sticking out of its panel (sideways; downwards from a panel that does not scroll).
    const panel = holder(e);
    if (panel && seen.has(panel) && !(sideways && panel.contains(sideways)) && css(panel).textOverflow !== "ellipsis") {
      const r = box(e), p = box(panel);
      const outOf = (n, q) => {
        const w = box(n);
        const side = w.left < q.left - slack || w.right > q.right + slack;
        const down = !clips(css(panel).overflowY) && (w.bottom > q.bottom + slack || w.top < q.top - slack);
        return side || down;
      };
      const parentOut = e.parentElement !== panel && seen.has(e.parentElement) && outOf(e.parentElement, p);
      if (outOf(e, p) && !parentOut)
        out.push(`${name(e)} sticks out of ${name(panel).split(" ")[0]}: [${px(r.left)}, ${px(r.right)}] x [${px(r.top)}, ${px(r.bottom)}] in [${px(p.left)}, ${px(p.right)}] x [${px(p.top)}, ${px(p.bottom)}]`);
    }
    // Past the window, where no scrolling box hides it.
    const r = box(e), v = view(e);
    const cut = v.l > 0 || v.t > 0 || v.r < vw || v.b < vh;
    const pastWindow = (n) => { const w = box(n); return w.left < -slack || w.right > vw + slack || w.bottom > vh + slack; };
    if (!cut && pastWindow(e) && !(seen.has(e.parentElement) && pastWindow(e.parentElement)))
      out.push(`${name(e)} reaches past the window: [${px(r.left)}, ${px(r.right)}] x [${px(r.top)}, ${px(r.bottom)}] in ${px(vw)} x ${px(vh)}`);
  }

  // Controls and text in full view of their scrolling boxes: nothing lies over them.
  const CONTROLS = "a[href], button, input, select, textarea, summary, label";
  const texty = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  for (const e of all) {
    if (!(e.matches(CONTROLS) || texty(e)) || css(e).pointerEvents === "none") continue;
    const r = box(e);
    if (!inView(r, view(e))) continue;
    const y = r.top + r.height / 2;
    for (const x of [r.left + r.width / 2, r.left + Math.min(4, r.width / 2), r.right - Math.min(4, r.width / 2)]) {
      const at = document.elementFromPoint(x, y);
      if (at && !related(e, at)) {
        out.push(`${name(e)} lies under ${name(at)} at (${px(x)}, ${px(y)})`);
        break;
      }
    }
  }

  // The players list and the result, while they show: every row whole.
  for (const li of document.querySelectorAll("#seat-list > li, #result-body > tr")) {
    if (!shown(li)) continue;
    const r = box(li), v = view(li);
    const top = Math.max(r.top, v.t), bottom = Math.min(r.bottom, v.b);
    if (bottom - top < r.height - slack) {
      const y = Math.min(vh - 1, Math.max(0, bottom < r.bottom ? (bottom + r.bottom) / 2 : (r.top + top) / 2));
      const at = document.elementFromPoint(r.left + r.width / 2, y);
      out.push(`the row ${name(li)} shows ${px(Math.max(0, bottom - top))} of ${px(r.height)}${at && !related(li, at) ? `, the rest under ${name(at)}` : ""}`);
    }
  }

  // The board and the parts of the table.
  const short = (e) => e.id ? `#${e.id}` : `.${[...e.classList].join(".")}`;
  const overlap = (a, b) => {
    const p = box(a), q = box(b);
    return Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
  };
  const slot = document.getElementById("board-slot");
  for (const parent of [document.getElementById("table"), slot]) {
    if (!parent) continue;
    const parts = [...parent.children].filter(shown);
    for (let i = 0; i < parts.length; i++)
      for (let j = i + 1; j < parts.length; j++)
        if (overlap(parts[i], parts[j])) out.push(`${short(parts[i])} and ${short(parts[j])} overlap`);
    for (const part of parts)
      if (css(part).overflowY === "visible" && part.scrollHeight > part.clientHeight + slack)
        out.push(`${short(part)} draws ${part.scrollHeight} px in a box of ${part.clientHeight} px`);
  }
  const wrap = slot?.querySelector(":scope > .board-wrap");
  if (wrap && shown(wrap)) {
    if (!wrap.matches(SIDEWAYS) && wrap.scrollHeight > wrap.clientHeight + slack) // the zoomed board scrolls in its frame
      out.push(`the board's content (${wrap.scrollHeight} px) overflows its box (${wrap.clientHeight} px)`);
    const summary = slot.querySelector(":scope > .board-summary:not([hidden])");
    const need = Math.min(slot.clientHeight, Math.max(share * slot.clientHeight, minPx));
    if (summary && box(wrap).height < need - slack)
      out.push(`the board is ${Math.round(box(wrap).height)} px high under the summary, not ${Math.round(need)}`);
    const drawn = [...wrap.querySelectorAll("*")].filter((e) => !e.ownerSVGElement && shown(e) && css(e).position !== "absolute").map((e) => box(e).bottom);
    const empty = box(wrap).bottom - wrap.clientTop - parseFloat(css(wrap).paddingBottom) - Math.max(...drawn);
    if (drawn.length && empty > emptyPx) out.push(`the board leaves ${Math.round(empty)} px empty under its drawing`);
  }
  return out;
}"""


def layout_faults(page) -> list[str]:
    """What is wrong with the layout of the table ``page`` shows (the module docstring): one
    sentence a fault; empty when nothing is."""
    return page.evaluate(LAYOUT_JS, [BOARD_SHARE, BOARD_MIN_PX, SLACK_PX, EMPTY_PX])


def assert_layout(page, what: str) -> None:
    """Fails with every fault ``layout_faults`` finds, ``what`` saying which table and size."""
    faults = layout_faults(page)
    assert not faults, f"{what}: the layout is wrong:\n  " + "\n  ".join(faults)
