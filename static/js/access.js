// Playing without a mouse or without sight (issue 31; docs/contracts.md, "Keyboard and screen
// readers"), the same for every game, from the play module's optional hooks:
// - `Announcer`: each move, by anyone, said once in the log's own words through a polite live
//   region (`#announcer`, role "log"; the move log itself is not live, so nothing is said twice).
// - `DescribeDialog`: the "Describe" button (`#describe-btn`, key Alt+Shift+D) opens the game in
//   words: the banner and turn line, each seat's line, the game's own lines (`stateWords(view,
//   page)`: the hand, the board's essentials), the latest moves, and each legal action as a
//   button named by its sentence (`actionWords(action, view, page)`, else `actionLabel`);
//   choosing one plays it and closes the dialog; a template the game cannot send as listed
//   (`actionHelp(action)` gives words) is told as what to do instead.
// - `BoardKeys`: the board's legal targets (`boardChoices`, else the SVG's `[data-target]`s)
//   take one tab stop; the arrow keys move between them (the nearest in that direction, Home
//   and End the first and last in reading order), Enter or Space chooses (the game's own key
//   handler), Escape backs out of a half-made move (`cancel(page)`). When a new state redraws
//   the board under the keyboard's focus, the focus comes back to the same target, else the
//   first one, else the hand panel's first control.

import { choiceLabel, defaultChoices } from "./board_pick.js";
import { actionLabel, uniqueActions } from "./generic.js";
import { byId, h } from "./dom.js";
import { gettext, labelled } from "./i18n.js";

const KEPT_LINES = 3; // in the live region, for a screen reader that reads it late
const LATEST_MOVES = 5; // in the description

/** True for the Describe key: Alt+Shift+D (by its place on the keyboard: any layout). */
export function isDescribeKey(e) {
  return e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === "KeyD";
}

/** The polite live region: `say(text)` adds a line (the oldest go past KEPT_LINES). */
export class Announcer {
  constructor(node) {
    this.node = node;
  }

  say(text) {
    if (!this.node || !text) return;
    this.node.append(h("p", { text }));
    while (this.node.childElementCount > KEPT_LINES) this.node.firstElementChild.remove();
  }
}

/** `text` as a screen reader should hear it: the game's `spoken` hook (Hextopia: "A♥" as "Ace
 * of hearts"), else as it is. Never throws: a sentence never costs the player the move. */
export function spoken(game, text) {
  try {
    return game?.spoken ? game.spoken(text) : text;
  } catch {
    return text;
  }
}

/** The nodes that show `text` and say it as spoken: where `spoken` changes it, the shown text
 * hidden from screen readers beside the spoken one hidden from the eye (`.spoken-text`),
 * else the text itself. For text shown in a list or a live region (the move log, a hint). */
export function spokenNodes(game, text) {
  const said = spoken(game, text);
  if (said === text) return [text];
  return [h("span", { "aria-hidden": "true", text }), h("span", { class: "spoken-text", text: said })];
}

/** `action`'s sentence: the game's `actionWords`, else its generic words; as spoken. */
export function actionSentence(game, action, snapshot, page) {
  let words = null;
  try {
    words = game.actionWords ? game.actionWords(action, snapshot?.view, page) : null;
  } catch {
    words = null; // a sentence never costs the player the action
  }
  return spoken(game, words || actionLabel(action));
}

/** The legal actions of `snapshot` as `[{action, sentence}]`, each once; alike sentences get
 * "(1)", "(2)"... so that each names one action. */
export function actionSentences(game, snapshot, page) {
  const items = uniqueActions(snapshot?.legal_actions || []).map((action) => ({ action, sentence: actionSentence(game, action, snapshot, page) }));
  const count = new Map();
  for (const it of items) count.set(it.sentence, (count.get(it.sentence) || 0) + 1);
  const seen = new Map();
  for (const it of items) {
    if (count.get(it.sentence) < 2) continue;
    const n = (seen.get(it.sentence) || 0) + 1;
    seen.set(it.sentence, n);
    it.sentence = gettext("%(move)s (%(n)s)", { move: it.sentence, n });
  }
  return items;
}

/** What a screen reader reads of `node`: its text less the parts hidden from it (the move
 * log shows "A♥" `aria-hidden` beside its spoken words: `spokenNodes`). */
function text(node) {
  const parts = [];
  const walk = (n) => {
    for (const c of n.childNodes) {
      if (c.nodeType === Node.TEXT_NODE) parts.push(c.data);
      else if (c.nodeType === Node.ELEMENT_NODE && c.getAttribute("aria-hidden") !== "true") walk(c);
    }
  };
  if (node) walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The "Describe" button and dialog (`#describe-btn`, `#describe-dialog`). */
export class DescribeDialog {
  constructor(page, game) {
    this.page = page;
    this.game = game;
    this.dialog = byId("describe-dialog");
    this.body = byId("describe-body");
    byId("describe-btn")?.addEventListener("click", () => this.open());
    byId("describe-close")?.addEventListener("click", () => this.close());
    document.addEventListener("keydown", (e) => {
      if (!isDescribeKey(e)) return;
      e.preventDefault();
      if (this.dialog?.open) this.close();
      else this.open();
    });
    this.dialog?.addEventListener("keydown", (e) => this.listKey(e));
  }

  get isOpen() {
    return Boolean(this.dialog?.open);
  }

  open() {
    if (!this.dialog || !this.body) return;
    this.fill();
    if (!this.dialog.open) this.dialog.showModal();
    this.firstFocus().focus();
  }

  /** The first move, or the heading where the list holds help (Words): a first Enter that
   * ends the turn would cost the player their move. */
  firstFocus() {
    const first = this.body.querySelector(".describe-help") ? null : this.body.querySelector("[data-action]");
    return first || byId("describe-h");
  }

  close() {
    if (this.dialog?.open) this.dialog.close();
    byId("describe-btn")?.focus();
  }

  /** A new state while it is open: the words again, the focus on the same move if it is still
   * offered (found by its words: the list's order may have changed, and Enter must never play
   * another move than the one the player heard), else on the list's heading. */
  update() {
    if (!this.isOpen) return;
    const focused = document.activeElement;
    const inList = Boolean(focused?.dataset?.action !== undefined && this.body.contains(focused));
    const words = inList ? focused.textContent : null;
    this.fill();
    if (!inList) {
      if (!this.dialog.contains(document.activeElement)) this.firstFocus()?.focus();
      return;
    }
    const again = [...this.body.querySelectorAll("[data-action]")].find((b) => b.textContent === words);
    (again || byId("describe-actions-h") || this.firstFocus())?.focus();
  }

  /** Up and Down move between the actions (Tab does too). */
  listKey(e) {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const buttons = [...this.body.querySelectorAll("[data-action]")];
    const i = buttons.indexOf(document.activeElement);
    if (i < 0) return;
    e.preventDefault();
    buttons[(i + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length].focus();
  }

  fill() {
    const page = this.page;
    const snap = page.snapshot || {};
    const parts = [];
    const status = [text(byId("status-banner")), text(byId("turn-text"))].filter(Boolean).join(" ");
    parts.push(h("p", { id: "describe-status", text: status }));
    const seats = [...document.querySelectorAll("#seat-list > li")].map((li) => {
      const name = text(li.querySelector(".seat-name"));
      const extra = text(li.querySelector(".seat-extra"));
      return h("li", { text: extra ? labelled(name, extra) : name });
    });
    if (seats.length) parts.push(h("h3", { text: gettext("Players") }), h("ul", {}, ...seats));
    let own = [];
    try {
      own = this.game.stateWords ? this.game.stateWords(snap.view || {}, page) || [] : [];
    } catch {
      own = [];
    }
    if (own.length) parts.push(h("h3", { text: gettext("The table") }), h("ul", {}, ...own.map((line) => h("li", { text: spoken(this.game, line) }))));
    const moves = [...document.querySelectorAll("#move-log > li")].slice(-LATEST_MOVES).map(text).filter(Boolean);
    if (moves.length) parts.push(h("h3", { text: gettext("Latest moves") }), h("ol", {}, ...moves.map((m) => h("li", { text: m }))));
    parts.push(h("h3", { id: "describe-actions-h", tabindex: "-1", text: gettext("What you may do now") }));
    const all = page.myTurn ? actionSentences(this.game, snap, page) : [];
    // A template (its fields left open: `actionHelp` says how to fill it in) is told, not offered.
    const helps = all.map((it) => this.game.actionHelp?.(it.action) || null);
    const items = all.map((it, i) => ({ ...it, i })).filter((it) => !helps[it.i]);
    for (const help of helps.filter(Boolean)) parts.push(h("p", { class: "describe-help", text: help }));
    if (items.length) {
      const list = h("ul", { class: "describe-actions", "aria-labelledby": "describe-actions-h" });
      // data-action: the action's place among the unique legal actions (generic.js uniqueActions).
      items.forEach((it) => {
        const b = h("button", { type: "button", class: "btn btn-small btn-secondary", "data-action": String(it.i), text: it.sentence });
        b.addEventListener("click", () => {
          this.close();
          page.submit(it.action);
        });
        list.append(h("li", {}, b));
      });
      parts.push(list);
    } else {
      const why = snap.status !== "active" ? gettext("Nothing: the match is over.")
        : page.mySeat === null ? gettext("Nothing: you are watching.")
          : page.busy ? gettext("Nothing until your move is answered.") : gettext("Nothing until it is your turn.");
      parts.push(h("p", { text: why }));
    }
    this.body.replaceChildren(...parts);
  }
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
}

function visible(node) {
  const r = node.getBoundingClientRect();
  return node.isConnected && r.width > 0 && r.height > 0;
}

const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/** The choice nearest `from` in direction `key` (an arrow key's name), or null: along the
 * direction, with a sideways step costing twice as much. */
export function nearestIn(from, choices, key) {
  const [dx, dy] = DIRECTIONS[key];
  const a = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const node of choices) {
    if (node === from) continue;
    const b = centre(node);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const side = Math.abs((b.x - a.x) * dy + (b.y - a.y) * dx);
    const cost = along + 2 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = node;
    }
  }
  return best;
}

/** The board's targets by keyboard: one tab stop, arrows between them, Escape to back out. */
export class BoardKeys {
  constructor(page, game) {
    this.page = page;
    this.game = game;
    this.keyboard = false; // the last input was a key (not a pointer): focus may be restored
    this.last = null; // {zone: "board"|"hand", label}
    this.slot = byId("board-slot");
    document.addEventListener("keydown", (e) => {
      this.keyboard = true;
      this.pageKey(e);
    }, true);
    document.addEventListener("pointerdown", () => (this.keyboard = false), true);
    document.addEventListener("focusin", (e) => this.remember(e.target));
    this.slot?.addEventListener("keydown", (e) => this.boardKey(e));
  }

  /** The board's choices (`boardChoices`, else `[data-target]`) and every other control drawn
   * on the board (`role="button"`: a piece to select first), in the document's order. */
  choices() {
    let nodes;
    try {
      nodes = this.game.boardChoices ? this.game.boardChoices(this.page.snapshot, this.page) : defaultChoices();
    } catch {
      nodes = defaultChoices();
    }
    const all = new Set([...(nodes || []), ...(this.slot?.querySelectorAll("svg [role=button]") || [])]);
    const order = (a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);
    return [...all].filter((n) => n?.isConnected && this.slot?.contains(n)).sort(order);
  }

  remember(node) {
    if (this.slot?.contains(node) && node !== this.slot) this.last = { zone: "board", label: choiceLabel(node) };
    else if (byId("hand-slot")?.contains(node)) this.last = { zone: "hand", label: text(node) };
    else this.last = null;
  }

  /** Escape anywhere on the table (not in a dialog, not taken by the game): back out. */
  pageKey(e) {
    if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("dialog[open]")) return;
    if (this.game.cancel && this.game.cancel(this.page)) e.preventDefault();
  }

  boardKey(e) {
    const choices = this.choices();
    const at = choices.indexOf(e.target.closest?.("[data-target], [role=button], button") || e.target);
    if (at < 0) return;
    let to = null;
    if (DIRECTIONS[e.key]) to = nearestIn(choices[at], choices.filter(visible), e.key);
    else if (e.key === "Home") to = choices[0];
    else if (e.key === "End") to = choices[choices.length - 1];
    else return;
    e.preventDefault();
    if (to) this.focusChoice(to, choices);
  }

  focusChoice(node, choices) {
    for (const c of choices) c.setAttribute("tabindex", c === node ? "0" : "-1");
    node.focus();
  }

  /** After every render: one tab stop among the targets, and the focus back where a redraw
   * took it from (only for a keyboard player). */
  update() {
    const choices = this.choices();
    const focused = document.activeElement;
    const current = choices.includes(focused) ? focused : choices.find((c) => choiceLabel(c) === this.last?.label) || choices[0];
    for (const c of choices) c.setAttribute("tabindex", c === current ? "0" : "-1");
    const lost = !focused || focused === document.body || !focused.isConnected;
    if (!lost || !this.keyboard || !this.last || document.querySelector("dialog[open]")) return;
    if (this.last.zone === "board" && current && this.page.myTurn) {
      current.focus();
      return;
    }
    const hand = [...(byId("hand-panel")?.querySelectorAll("button:not([disabled]), input, select") || [])].filter(visible);
    const again = hand.find((b) => text(b) === this.last.label) || hand[0] || current || byId("describe-btn");
    again?.focus();
  }
}

const SCROLLS = new Set(["auto", "scroll"]);

/** Every box under `root` that scrolls and holds nothing to focus gets a tab stop, so that it
 * can be scrolled by keyboard (axe-core's scrollable-region-focusable), named by its heading
 * or label where it has one. Called after each render; cheap: boxes that do not overflow are
 * passed by. */
export function keyScrollers(root) {
  if (!root) return;
  for (const node of root.querySelectorAll("div, section, table, p, ol, ul, details, aside, nav")) {
    if (node.hasAttribute("tabindex") || node.closest("svg")) continue;
    const over = node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
    if (!over) continue;
    const style = getComputedStyle(node);
    if (!SCROLLS.has(style.overflowX) && !SCROLLS.has(style.overflowY)) continue;
    if (node.querySelector("a[href], button, input, select, textarea, [tabindex]")) continue;
    node.setAttribute("tabindex", "0");
  }
}

