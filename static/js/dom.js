// DOM and SVG element helpers shared by the platform's pages and every game's modules.
//
//   h("button", {class: "btn", type: "button", text: "Roll"}, child, ...)   an HTML element
//   el("circle", {cx: 0, cy: 0, r: 5}, parentSvgNode)                       an SVG element
//   title(svgNode, "words")                       the hover text of an SVG node (<title>)
//   button("Roll", {"data-act": "roll"})          a type=button .btn.btn-small
//   byId("board"), readJsonScript("match-snapshot")

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * An HTML element. Attributes: `text` sets the text, `class` the class name, `true` gives an
 * empty attribute (`checked: true`), null/undefined/false leave it out; anything else is set
 * as a string. Children (nodes or strings) are appended; null/undefined/false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (v === true) node.setAttribute(k, "");
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** An SVG element with `attrs` (null/undefined values left out), appended to `parent` if given. */
export function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** Appends a <title> (the hover text and accessible name) with `text` to an SVG node. */
export function title(parent, text) {
  const t = el("title", {}, parent);
  t.textContent = text;
  return t;
}

/** A `<button type="button" class="btn btn-small">` with `text`; `attrs` as for `h`. */
export function button(text, attrs = {}) {
  return h("button", { type: "button", class: "btn btn-small", ...attrs, text });
}

/** `document.getElementById(id)`. */
export function byId(id) {
  return document.getElementById(id);
}

/** The JSON of a `<script type="application/json" id=...>` (Django's json_script), or null. */
export function readJsonScript(id) {
  const node = byId(id);
  if (!node) return null;
  try {
    return JSON.parse(node.textContent);
  } catch {
    return null;
  }
}

/** The elements of a board SVG that a person clicks or asks about: a button role, a place in
 * the tab order, a pointer cursor (the outermost element that has it: its parts inherit it),
 * or (unless `clickable`) a <title> of their own (hover or tap help). The SVG itself is not
 * one. */
export function boardTargets(svg, { clickable = false } = {}) {
  const out = [];
  if (!svg) return out;
  const pointer = (n) => n && n !== svg && getComputedStyle(n).cursor === "pointer";
  for (const node of svg.querySelectorAll("*")) {
    if (node.tagName === "title") continue;
    const own = !clickable && [...node.children].some((c) => c.tagName === "title");
    const clicks = pointer(node) && !pointer(node.parentElement);
    if (node.matches("[role=button], [tabindex], [data-target]") || own || clicks) out.push(node);
  }
  return out;
}

function boxOf(nodes) {
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

/**
 * Makes the `#zoom-board` button (if any) toggle its `.board-wrap` between the board fitted to
 * its frame and a zoom in which the smallest target of the board (`boardTargets`) is at least
 * `minTarget` CSS px (twice the fitted size at least, `maxFactor` times at most), inside the
 * frame's scrolling. The board is not drawn again: a chosen card or piece stays chosen, and the
 * frame scrolls to the board's clickable targets (else its middle). Returns {zoomed(), toggle()}.
 */
export function wireZoom({ minTarget = 34, maxFactor = 12 } = {}) {
  const btn = byId("zoom-board");
  if (!btn) return null;
  const wrap = btn.closest(".board-wrap") || document.querySelector(".board-wrap");
  const svg = wrap && ([...wrap.children].find((c) => c.tagName.toLowerCase() === "svg") || wrap.querySelector("svg"));
  if (!wrap || !svg) return null;
  let factor = 0;

  function fitted() {
    svg.style.width = svg.style.height = "";
    wrap.classList.remove("zoomed");
  }

  function apply(keepFactor) {
    fitted();
    const r = svg.getBoundingClientRect();
    const vb = svg.viewBox?.baseVal;
    const vw = vb && vb.width ? vb.width : r.width;
    const vh = vb && vb.height ? vb.height : r.height;
    const scale = Math.min(r.width / vw, r.height / vh) || 1;
    if (!keepFactor) {
      let smallest = Infinity;
      for (const t of boardTargets(svg)) {
        const b = t.getBoundingClientRect();
        if (b.width > 0 && b.height > 0) smallest = Math.min(smallest, b.width, b.height);
      }
      factor = Math.min(maxFactor, Math.max(2, Number.isFinite(smallest) ? minTarget / smallest : 2));
    }
    wrap.classList.add("zoomed");
    svg.style.width = `${Math.round(vw * scale * factor)}px`;
    svg.style.height = `${Math.round(vh * scale * factor)}px`;
  }

  // The board's clickable targets in view: all of them when they fit in the frame, else the
  // first destination (a ring, a highlighted place), else the first of them; none: the middle.
  function centre() {
    const frame = wrap.getBoundingClientRect();
    const targets = boardTargets(svg, { clickable: true });
    let box = boxOf(targets);
    if (box && (box.right - box.left > frame.width || box.bottom - box.top > frame.height)) {
      box = boxOf([targets.find((t) => t.matches("[data-target]")) || targets[0]]);
    }
    if (box) {
      wrap.scrollLeft += (box.left + box.right) / 2 - (frame.left + frame.width / 2);
      wrap.scrollTop += (box.top + box.bottom) / 2 - (frame.top + frame.height / 2);
    } else {
      wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
      wrap.scrollTop = (wrap.scrollHeight - wrap.clientHeight) / 2;
    }
  }

  function toggle() {
    const on = !wrap.classList.contains("zoomed");
    if (on) {
      apply(false);
      centre();
    } else {
      fitted();
    }
    btn.setAttribute("aria-pressed", String(on));
  }

  btn.addEventListener("click", toggle);
  addEventListener("resize", () => {
    if (wrap.classList.contains("zoomed")) apply(true);
  });
  return { zoomed: () => wrap.classList.contains("zoomed"), toggle };
}
