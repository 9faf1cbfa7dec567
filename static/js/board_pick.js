// The board picker (issue 26, point 9), the same for every game: on a narrow screen (the table
// stacked, tabs.js DOCKED not matching), while the board offers the player legal choices, each
// of them is at least PICK_MIN_PX (44) CSS px to tap and in view. The choices are the play
// module's `boardChoices(snapshot, page)` (docs/contracts.md "Game UI hooks"), by default the
// `[data-target]` elements of the board SVG, each named by its aria-label (else its <title>).
// - Already 44 px and in the frame: nothing changes.
// - Else, when zooming can do it: the board zooms (js/board_zoom.js, or the game's own
//   `boardZoom`) so that the choices' bounding box is in the middle of the frame and the
//   smallest choice is 44 px and a little more (COMFORT), up to what the frame holds; the
//   player may pan (scroll) the frame.
// - Else (too many, too far apart): a list in the board's frame, in place of the lower part of
//   its drawing (directly under the drawing, above the game's help line and anything else the
//   frame holds below it: the drawing gives up the room, nothing is covered), at most half of
//   the board slot, gives them as 44 px buttons in reading order, named in words (a tap clicks the
//   choice on the board; pointing at or focusing a button lights the choice up: `.pick-lit`).
// The board's zoom button (or the game's own camera tools) hands the board back to the player
// until the next choice. Wide screens keep the board as it is.
//
//   const picker = new BoardPicker({ choices, zoom });   picker.update(page);   // after each render
// Marks for tests and tools: the board's frame has data-pick="zoom" | "list" | "fit" while a
// choice is asked; in a list, choice k and its button both carry data-pick-choice=k.

import { boardSvg, boardZoom, boxOf } from "./board_zoom.js";
import { button, h } from "./dom.js";
import { gettext, ngettext, pgettext } from "./i18n.js";
import { DOCKED } from "./tabs.js";

export const PICK_MIN_PX = 44;
const COMFORT = 1.1; // past the least zoom that gives 44 px: a sure tap, as much of the board as can be in view
const MARGIN_PX = 6; // kept free round the choices in the frame
const SLACK_PX = 0.5; // sub-pixel rounding of the boxes
const ROW_PX = 24; // choices whose tops are this close read as one row
const LIST_SHARE = 0.5; // of the board slot's height, at most, for the list

/** The default choices: the `[data-target]` elements of the board SVG. */
export function defaultChoices() {
  const svg = boardSvg();
  return svg ? [...svg.querySelectorAll("[data-target]")] : [];
}

/** A choice's words: its aria-label, else its own <title>, else its text. */
export function choiceLabel(node) {
  const title = [...node.children].find((c) => c.tagName.toLowerCase() === "title");
  return (node.getAttribute("aria-label") || title?.textContent || node.textContent || "").replace(/\s+/g, " ").trim();
}

function shown(node) {
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && (!node.checkVisibility || node.checkVisibility({ visibilityProperty: true }));
}

function inside(r, room) {
  return r.left >= room.left - SLACK_PX && r.top >= room.top - SLACK_PX && r.right <= room.right + SLACK_PX && r.bottom <= room.bottom + SLACK_PX;
}

/** The items whose `key` (their label) another item has too. */
function alike(items, key = (it) => it.label) {
  const count = new Map();
  for (const it of items) count.set(key(it), (count.get(key(it)) || 0) + 1);
  return items.filter((it) => count.get(key(it)) > 1);
}

const REGIONS = [
  [pgettext("on the board", "top left"), pgettext("on the board", "top"), pgettext("on the board", "top right")],
  [pgettext("on the board", "left"), pgettext("on the board", "middle"), pgettext("on the board", "right")],
  [pgettext("on the board", "bottom left"), pgettext("on the board", "bottom"), pgettext("on the board", "bottom right")],
];

/** Where box `r` is on the board's box `board`, in words ("top left"). */
function region(r, board) {
  const third = (v, lo, size) => Math.max(0, Math.min(2, Math.floor((3 * (v - lo)) / (size || 1))));
  return REGIONS[third((r.top + r.bottom) / 2, board.top, board.height)][third((r.left + r.right) / 2, board.left, board.width)];
}

export class BoardPicker {
  /** `choices()`: the game's hook (or null: `defaultChoices`); `zoom`: the game's zoom (or
   * null: the board's SvgZoom, shared with the zoom button). */
  constructor({ choices = null, zoom = null } = {}) {
    this.choices = choices || defaultChoices;
    this.zoom = zoom || boardZoom();
    this.docked = matchMedia(DOCKED);
    this.frame = this.zoom?.wrap || boardSvg()?.closest(".board-wrap") || null;
    this.key = null; // the choices shown: the version and their words
    this.mode = null; // "fit" | "zoom" | "list" | "dismissed" | null
    this.nodes = [];
    this.list = null;
    if (this.zoom) this.zoom.onUser = () => this.dismiss();
  }

  /** Wires the page: the choices are measured again when the window or the board slot changes size. */
  watch(page) {
    let queued = false;
    const again = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        this.update(page, true);
      });
    };
    addEventListener("resize", again);
    const slot = this.frame?.closest(".board-slot");
    if (slot && globalThis.ResizeObserver) new ResizeObserver(again).observe(slot);
    return this;
  }

  /** After each render: the choices of `page` (a MatchPage), zoomed to or listed; `force`
   * measures again choices already shown (the layout changed). */
  update(page, force = false) {
    const nodes = this.docked.matches || !this.frame ? [] : this.choices(page.snapshot, page).filter(shown);
    if (!nodes.length) {
      this.clear();
      return;
    }
    const key = `${page.snapshot?.version}|${nodes.map(choiceLabel).join("\n")}`;
    const same = key === this.key;
    this.key = key;
    this.nodes = nodes;
    if (same && this.mode === "dismissed") return;
    if (same && this.mode === "list") {
      this.place();
      this.fillList(nodes); // the game drew its board again: the buttons click the new nodes
      return;
    }
    if (same && !force && this.mode === "zoom" && this.zoom.zoomed()) return; // the player may have panned
    this.pick(nodes);
  }

  pick(nodes) {
    const zoom = this.zoom;
    zoom?.reset();
    this.hideList();
    const box = boxOf(nodes);
    const smallest = Math.min(...nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return Math.min(r.width, r.height);
    }));
    const need = PICK_MIN_PX / smallest;
    const room = zoom ? zoom.room() : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    if (need <= 1 && nodes.every((n) => inside(n.getBoundingClientRect(), room))) {
      this.setMode("fit");
      return;
    }
    if (zoom && box) {
      const fit = Math.min((room.right - room.left - 2 * MARGIN_PX) / (box.right - box.left),
                           (room.bottom - room.top - 2 * MARGIN_PX) / (box.bottom - box.top));
      const factor = Math.min(fit, zoom.maxFactor, Math.max(need, 1) * COMFORT);
      if (factor >= need) {
        zoom.show(box, factor);
        if (this.reachable(nodes)) {
          this.setMode("zoom");
          return;
        }
        zoom.reset();
      }
    }
    this.showList(nodes);
  }

  /** Every node at least PICK_MIN_PX both ways and inside the zoom's room. */
  reachable(nodes) {
    const room = this.zoom.room();
    return nodes.every((n) => {
      const r = n.getBoundingClientRect();
      return r.width >= PICK_MIN_PX - SLACK_PX && r.height >= PICK_MIN_PX - SLACK_PX && inside(r, room);
    });
  }

  setMode(mode) {
    this.mode = mode;
    if (!this.frame) return;
    if (mode && mode !== "dismissed") this.frame.dataset.pick = mode;
    else delete this.frame.dataset.pick;
  }

  /** No choice asked: the board fitted again (unless the player zoomed it by hand). */
  clear() {
    if (this.zoom?.by === "pick") this.zoom.reset();
    this.hideList();
    this.key = null;
    this.nodes = [];
    this.setMode(null);
  }

  /** The player took the board in hand (the zoom button, the camera's tools): no zoom and no
   * list until the next choice. */
  dismiss() {
    if (!this.mode) return;
    this.hideList();
    this.setMode("dismissed");
  }

  hideList() {
    if (this.list) this.list.hidden = true;
    for (const n of this.nodes) {
      delete n.dataset.pickChoice;
      n.classList.remove("pick-lit");
    }
  }

  showList(nodes) {
    if (!this.list) this.list = this.makeList();
    this.fillList(nodes);
    this.list.hidden = false;
    this.list.scrollTop = 0;
    this.place();
    this.setMode("list");
  }

  makeList() {
    const list = h("div", { class: "board-picks", role: "group" },
      h("p", { class: "board-picks-head" }), h("div", { class: "board-picks-list" }));
    list.addEventListener("click", (e) => {
      const node = this.nodeOf(e.target.closest("button[data-pick-choice]"));
      node?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
    });
    for (const [on, lit] of [["pointerover", true], ["pointerout", false], ["focusin", true], ["focusout", false]]) {
      list.addEventListener(on, (e) => this.nodeOf(e.target.closest("button[data-pick-choice]"))?.classList.toggle("pick-lit", lit));
    }
    // In the frame's flow, directly under the drawing (read after the board, above its help line).
    let under = boardSvg();
    while (under && under.parentElement !== this.frame) under = under.parentElement;
    if (under) under.after(list);
    else this.frame.append(list);
    return list;
  }

  /** The list's height: at most half of the board slot (the drawing keeps the rest), two rows
   * of buttons at least; it scrolls past that. */
  place() {
    if (!this.list || this.list.hidden) return;
    const slot = this.frame.closest(".board-slot") || this.frame;
    this.list.style.maxHeight = `${Math.max(3 * PICK_MIN_PX, slot.clientHeight * LIST_SHARE)}px`;
  }

  nodeOf(btn) {
    return btn ? this.nodes.find((n) => n.dataset.pickChoice === btn.dataset.pickChoice) || null : null;
  }

  /** The list's buttons for `nodes`, in reading order on the board; alike words told apart
   * by where they are on the board ("top left"), then numbered. */
  fillList(nodes) {
    const items = nodes.map((node) => ({ node, label: choiceLabel(node), r: node.getBoundingClientRect() }));
    items.sort((a, b) => Math.round(a.r.top / ROW_PX) - Math.round(b.r.top / ROW_PX) || a.r.left - b.r.left);
    const board = boardSvg()?.getBoundingClientRect();
    for (const it of alike(items)) it.where = board ? region(it.r, board) : "";
    const seen = new Map();
    for (const it of alike(items, (x) => `${x.label}\n${x.where}`)) {
      const key = `${it.label}\n${it.where}`;
      seen.set(key, (seen.get(key) || 0) + 1);
      it.number = seen.get(key);
    }
    for (const it of items) {
      if (it.where && it.number) it.label = gettext("%(choice)s (%(where)s, %(n)s)", { choice: it.label, where: it.where, n: it.number });
      else if (it.where) it.label = gettext("%(choice)s (%(where)s)", { choice: it.label, where: it.where });
      else if (it.number) it.label = `${it.label} (${it.number})`;
    }
    items.forEach((it, k) => (it.node.dataset.pickChoice = String(k)));
    const box = this.list.lastChild;
    const words = items.map((it) => it.label);
    // The same words: the buttons stay (with the focus, and the list where it was scrolled to).
    if (words.join("\n") === [...box.children].map((b) => b.textContent).join("\n")) return;
    box.replaceChildren(...words.map((label, k) => button(label, { class: "btn btn-secondary board-pick", "data-pick-choice": k })));
    const head = ngettext("Too small to tap on the board: choose here (%(n)s option).", "Too small to tap on the board: choose here (%(n)s options).", items.length);
    this.list.firstChild.textContent = head;
    this.list.setAttribute("aria-label", head);
  }
}
