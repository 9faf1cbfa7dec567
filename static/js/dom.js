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
