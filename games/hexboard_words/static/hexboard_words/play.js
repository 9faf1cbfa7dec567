// The HexBoard Words table: the board, the players' word-cards and the seated player's panel.
//
// A move is made on the table itself, from what the view shows (the snapshot's legal_actions
// are templates: engine client_legal_actions): click a face-up tile, then a highlighted card
// letter to match it; click an opponent's word-card (or a word in the composer) to steal it,
// add board tiles by clicking them and arrange the letters by dragging them or clicking two to
// swap them; or just type the word: typing selects the word to steal and the board tiles
// (logic.js planWord). The composer says at once why a steal would be refused (logic.js
// checkSteal, with the engine's own messages from the page's game-data); the server has the
// last word, the dictionary above all, and its refusal shows in the error box.
// Keys: letters type the word (from anywhere on the page), a digit 1-6 puts the selected
// tile on that card, Enter sends, Escape clears. The play module of GameUI (render, describe;
// hints: hint.js; keyboards and screen readers: access.js).

import { button, byId, h, readJsonScript } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { startMatchPage } from "../js/match.js";
import { actionHelp, actionWords, stateWords } from "./access.js";
import { WordsBoard } from "./board.js";
import { describeEvents } from "./describe.js";
import { markHint, showWordsHint } from "./hint.js";
import { checkMatch, checkSteal, noTarget, placesFor, planWord, stealable } from "./logic.js";
import { Hourglass, renderBar, renderPlayers } from "./panels.js";
import { recentTiles } from "./recent.js";

const MESSAGES = (readJsonScript("game-data") || {}).messages || {};

class WordsTable {
  constructor() {
    this.page = null;
    this.selected = null; // a board tile code chosen for a match
    this.target = null; // the held word being stolen
    this.chips = []; // the new word's letters: {tile, letter, source, blank, unused?}
    this.typed = ""; // the word box's text when typed
    this.swapFrom = null; // a chip clicked first (click another to swap)
    this.drag = null;
    this.suppressClick = false;
    this.lastVersion = null;
    this.board = new WordsBoard(byId("board"), {
      onTile: (t) => this.pickTile(t),
      onPlace: (slot, position) => this.place(slot, position),
      onHelp: (text) => this.help(text),
    });
    this.hourglass = new Hourglass(byId("hw-hourglass"));
    this.input = byId("hw-word");
    this.tray = byId("hw-tray");
    byId("hw-end")?.addEventListener("click", () => this.submit({ type: "end_turn" }));
    byId("hw-clear")?.addEventListener("click", () => {
      this.clear();
      this.input?.focus();
    });
    byId("hw-composer")?.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    this.input?.addEventListener("input", () => this.type(this.input.value));
    this.input?.addEventListener("keydown", (e) => this.inputKey(e));
    byId("hw-targets")?.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-word]");
      if (b) this.chooseTarget(b.dataset.word);
    });
    this.wireTray();
    document.addEventListener("keydown", (e) => this.pageKey(e));
  }

  // ------------------------------------------------------------------ reads
  get snap() {
    return this.page.snapshot;
  }

  get view() {
    return this.snap?.view || {};
  }

  get seat() {
    return this.page.mySeat;
  }

  get myTurn() {
    return Boolean(this.page?.myTurn);
  }

  boardTile(code) {
    return (this.view.board || []).find((t) => t.tile === code) || null;
  }

  word() {
    return this.chips.filter((c) => !c.unused).map((c) => (c.blank && c.source === "board" && !c.letter ? "?" : c.letter)).join("");
  }

  verdict() {
    const typed = String(this.typed).toLowerCase().replace(/[^a-z]/g, "");
    if (!this.target && typed.length > 1) return noTarget(this.view, this.seat, typed, MESSAGES);
    return checkSteal(this.view, this.seat, this.target, this.word(), MESSAGES);
  }

  help(text) {
    const node = byId("hw-help");
    if (node && text) node.textContent = text;
  }

  // ------------------------------------------------------------------ moves
  submit(action) {
    if (!this.myTurn) {
      this.page.render();
      return;
    }
    this.lastAction = action; // for the browser tests and the console
    this.page.submit(action);
  }

  place(slot, position) {
    const tile = this.boardTile(this.selected);
    if (!tile || !this.myTurn) return;
    const check = checkMatch(this.view, tile.letter, slot, position, MESSAGES);
    if (!check.ok) {
      this.page.error(check.message);
      return;
    }
    this.selected = null;
    this.clear(false);
    this.submit({ type: "match", slot, position, letter: tile.letter });
  }

  /** A digit key: the selected tile onto card `slot`'s first open place for it. */
  placeOnCard(slot) {
    const tile = this.boardTile(this.selected);
    if (!tile) return false;
    const spot = placesFor(this.view, tile.letter).find((p) => p.slot === slot);
    if (!spot) {
      const card = this.view.slots?.[slot];
      this.page.error(card ? gettext("%(letter)s has no open place on card %(n)s (%(word)s).", { letter: tile.letter.toUpperCase(), n: slot + 1, word: card.word.toUpperCase() })
        : MESSAGES.no_such_card || gettext("No such card."));
      return true;
    }
    this.place(spot.slot, spot.position);
    return true;
  }

  send() {
    if (!this.myTurn) return;
    const v = this.verdict();
    if (!v.ok) {
      // Enter on a single letter with one place to go: that match.
      const tile = this.boardTile(this.selected);
      if (tile && !this.target) {
        const spots = placesFor(this.view, tile.letter);
        if (spots.length === 1) {
          this.place(spots[0].slot, spots[0].position);
          return;
        }
      }
      this.page.error(v.message);
      return;
    }
    const action = { type: "steal", target: this.target, word: this.word() };
    this.submit(action);
  }

  // ------------------------------------------------------------------ choosing
  pickTile(code) {
    if (!this.myTurn) return;
    const tile = this.boardTile(code);
    if (!tile) return;
    if (this.target) {
      const i = this.chips.findIndex((c) => c.tile === code);
      if (i >= 0) this.chips.splice(i, 1);
      else this.chips.push({ tile: code, letter: tile.letter === "?" ? "" : tile.letter, source: "board", blank: tile.letter === "?" });
      this.afterTrayEdit();
      return;
    }
    this.selected = this.selected === code ? null : code;
    this.page.render();
  }

  chooseTarget(word) {
    if (!this.myTurn) return;
    if (this.target === word) {
      this.clear();
      return;
    }
    const card = stealable(this.view, this.seat).find((c) => c.word === word);
    if (!card) return;
    const extra = this.chips.filter((c) => c.source === "board");
    const sel = this.boardTile(this.selected);
    if (sel && !extra.some((c) => c.tile === sel.tile)) extra.push({ tile: sel.tile, letter: sel.letter === "?" ? "" : sel.letter, source: "board", blank: sel.letter === "?" });
    this.target = word;
    this.selected = null;
    this.chips = [...card.tiles.map((t) => ({ tile: t.tile, letter: t.letter, source: "card", blank: t.tile === "BLANK" })), ...extra];
    this.afterTrayEdit();
  }

  /** Typing selects the tiles: the word to steal and the board tiles its other letters need. */
  type(text) {
    this.typed = text;
    this.swapFrom = null;
    const clean = String(text).toLowerCase().replace(/[^a-z]/g, "");
    if (!clean) {
      this.target = null;
      this.chips = [];
      this.selected = null;
      this.page.render();
      return;
    }
    const plan = planWord(this.view, this.seat, clean, this.target);
    this.target = plan.target ? plan.target.word : null;
    this.chips = this.target ? plan.chips : [];
    // One letter and no word to steal: that tile is selected for a match (a digit places it).
    this.selected = null;
    if (!this.target && clean.length === 1) {
      const tile = (this.view.board || []).find((t) => t.letter === clean) || (this.view.board || []).find((t) => t.letter === "?");
      this.selected = tile ? tile.tile : null;
    }
    this.page.render();
  }

  clear(render = true) {
    this.target = null;
    this.chips = [];
    this.typed = "";
    this.selected = null;
    this.swapFrom = null;
    if (this.input) this.input.value = "";
    if (render) this.page.render();
  }

  afterTrayEdit() {
    for (const c of this.chips) delete c.unused;
    this.chips = this.chips.filter((c) => c.source !== "missing");
    this.typed = "";
    if (this.input) this.input.value = this.word();
    this.page.render();
  }

  moveChip(from, to) {
    if (from === to || from < 0 || from >= this.chips.length) return;
    const [chip] = this.chips.splice(from, 1);
    this.chips.splice(Math.max(0, Math.min(this.chips.length, to)), 0, chip);
    this.afterTrayEdit();
  }

  clickChip(i) {
    if (!this.myTurn) return;
    if (this.swapFrom === null) {
      this.swapFrom = i;
      this.page.render();
      return;
    }
    const j = this.swapFrom;
    this.swapFrom = null;
    if (i !== j) [this.chips[i], this.chips[j]] = [this.chips[j], this.chips[i]];
    this.afterTrayEdit();
  }

  wireTray() {
    const tray = this.tray;
    if (!tray) return;
    tray.addEventListener("pointerdown", (e) => {
      const li = e.target.closest("li[data-i]");
      if (!li || !this.myTurn || e.button > 0) return;
      this.drag = { i: Number(li.dataset.i), x0: e.clientX, y0: e.clientY, moved: false, li };
      li.setPointerCapture?.(e.pointerId);
    });
    tray.addEventListener("pointermove", (e) => {
      const d = this.drag;
      if (!d) return;
      const dx = e.clientX - d.x0;
      const dy = e.clientY - d.y0;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      d.moved = true;
      d.li.classList.add("hw-dragging");
      d.li.style.transform = `translate(${dx}px, ${dy}px)`;
    });
    const end = (e) => {
      const d = this.drag;
      this.drag = null;
      if (!d || !d.moved) return;
      this.suppressClick = true;
      setTimeout(() => (this.suppressClick = false), 0);
      d.li.style.transform = "";
      d.li.classList.remove("hw-dragging");
      const others = [...tray.children].filter((li) => li !== d.li);
      let to = others.length;
      for (let k = 0; k < others.length; k++) {
        const r = others[k].getBoundingClientRect();
        const sameRowOrAbove = e.clientY < r.bottom;
        if (sameRowOrAbove && (e.clientY < r.top || e.clientX < r.left + r.width / 2)) {
          to = k;
          break;
        }
      }
      this.swapFrom = null;
      this.moveChip(d.i, to);
    };
    tray.addEventListener("pointerup", end);
    tray.addEventListener("pointercancel", () => {
      if (this.drag) {
        this.drag.li.style.transform = "";
        this.drag.li.classList.remove("hw-dragging");
      }
      this.drag = null;
    });
    tray.addEventListener("click", (e) => {
      const li = e.target.closest("li[data-i]");
      if (!li || this.suppressClick) return;
      this.clickChip(Number(li.dataset.i));
    });
    tray.addEventListener("keydown", (e) => {
      const li = e.target.closest("li[data-i]");
      if (!li || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
      e.preventDefault();
      const i = Number(li.dataset.i);
      const to = e.key === "ArrowLeft" ? i - 1 : i + 1;
      if (to < 0 || to >= this.chips.length) return;
      this.moveChip(i, to);
      this.tray.querySelector(`li[data-i="${to}"] button`)?.focus();
    });
  }

  // ------------------------------------------------------------------ keys
  inputKey(e) {
    if (/^[1-6]$/.test(e.key)) {
      e.preventDefault();
      if (this.myTurn) this.placeOnCard(Number(e.key) - 1);
    } else if (e.key === "Escape") {
      e.preventDefault();
      this.clear();
    }
  }

  pageKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, textarea, select, [contenteditable]")) return;
    if (!this.myTurn || !this.input) return;
    if (/^[a-zA-Z]$/.test(e.key)) {
      // Typing anywhere on the page types the word.
      e.preventDefault();
      this.input.focus();
      this.input.value += e.key.toLowerCase();
      this.type(this.input.value);
    } else if (/^[1-6]$/.test(e.key) && this.selected) {
      e.preventDefault();
      this.placeOnCard(Number(e.key) - 1);
    } else if (e.key === "Escape") {
      this.clear();
    }
  }

  // ------------------------------------------------------------------ drawing
  /** After a new snapshot: drop what no longer exists (a tile taken, a word stolen). */
  reconcile() {
    if (this.snap.version === this.lastVersion) return;
    this.lastVersion = this.snap.version;
    if (this.selected && !this.boardTile(this.selected)) this.selected = null;
    const targets = new Set(stealable(this.view, this.seat).map((c) => c.word));
    if (!this.myTurn || (this.target && !targets.has(this.target))) {
      if (this.target || this.chips.length) this.clear(false);
      return;
    }
    if (this.target) {
      const word = this.word();
      const plan = planWord(this.view, this.seat, word, this.target);
      this.chips = plan.target?.word === this.target ? plan.chips : [];
    }
  }

  render(snap, page) {
    this.page = page;
    if (!snap?.view) return;
    this.reconcile();
    const view = snap.view;
    const mine = this.myTurn;
    const selectedTile = this.boardTile(this.selected);
    const composing = new Map();
    this.chips.forEach((c, i) => {
      if (c.source === "board" && !c.unused) composing.set(c.tile, i + 1);
    });
    this.board.render(view, {
      selected: new Set(this.selected ? [this.selected] : []),
      composing,
      places: mine && selectedTile ? placesFor(view, selectedTile.letter) : [],
      recent: recentTiles(snap.events),
      interactive: mine,
    });
    renderBar(byId("hw-bar-text"), view);
    const active = snap.status === "active";
    this.hourglass.update(active ? snap.deadline : null, view.options?.turn_seconds, `${view.turn}`);
    const canSteal = mine ? new Set(stealable(view, this.seat).map((c) => c.word)) : null;
    renderPlayers(byId("hw-players"), view, {
      names: page.names, mySeat: this.seat, stealable: canSteal, target: this.target, onSteal: (w) => this.chooseTarget(w),
      colourBlind: page.colourBlind,
    });
    this.renderHand(snap, selectedTile);
  }

  renderHand(snap, selectedTile) {
    const panel = byId("hand-panel");
    if (!panel) return;
    const view = snap.view;
    const active = snap.status === "active";
    const mine = this.myTurn;
    panel.hidden = !active;
    panel.classList.toggle("hw-my-turn", mine);
    const hidden = byId("hw-hidden");
    if (hidden) {
      hidden.replaceChildren();
      const t = view.hidden_tile;
      if (t) hidden.append(h("span", { class: "small muted", text: gettext("Hidden tile") }), h("span", { class: "hw-mini hw-mini-own", text: t.letter === "?" ? "?" : t.letter.toUpperCase() }));
    }
    const end = byId("hw-end");
    if (end) end.disabled = !mine;
    const hint = byId("hand-hint");
    if (hint) hint.textContent = this.hintText(snap, selectedTile);
    if (this.input) {
      this.input.disabled = !mine;
      if (!mine && this.input.value) this.input.value = "";
    }
    this.renderTargets(view, mine);
    this.renderTray(mine);
    const v = this.verdict();
    const verdict = byId("hw-verdict");
    const steal = byId("hw-steal");
    const composing = mine && (this.target || this.word() || String(this.typed).replace(/[^a-z]/gi, "").length > 1);
    if (verdict) {
      verdict.textContent = composing ? `${v.ok ? "✓" : "✗"} ${v.message}` : "";
      verdict.className = `small hw-verdict ${composing ? (v.ok ? "hw-ok" : "hw-bad") : ""}`;
    }
    if (steal) steal.disabled = !(mine && v.ok);
  }

  hintText(snap, selectedTile) {
    const view = snap.view;
    if (snap.status !== "active") return "";
    if (this.page.busy) return gettext("Sending your move…");
    if (!this.myTurn) {
      const acting = (view.to_act || []).map((s) => this.page.names[s] || gettext("Seat %(n)s", { n: s + 1 })).join(", ");
      return gettext("%(names)s to play. Your hidden tile goes on the board when your turn begins.", { names: acting });
    }
    if (selectedTile) {
      const spots = placesFor(view, selectedTile.letter);
      const l = selectedTile.letter === "?" ? gettext("The blank") : selectedTile.letter.toUpperCase();
      if (!spots.length) return gettext("%(letter)s fits no open card letter. Choose another tile, or an opponent's word to steal with it.", { letter: l });
      return gettext("%(letter)s: choose a highlighted card letter (or press its card number); green completes the card.", { letter: l });
    }
    if (this.target) return gettext("Add board tiles, drag letters or choose two to swap (or type the word), then Steal.");
    const next = gettext("Choose a tile, then a card letter. To steal, choose an opponent's word or type a word.");
    return view.words_this_turn ? `${gettext("Word made: the hourglass turned again.")} ${next}` : next;
  }

  renderTargets(view, mine) {
    const node = byId("hw-targets");
    if (!node) return;
    node.replaceChildren();
    if (!mine) return;
    const cards = stealable(view, this.seat);
    if (!cards.length) {
      node.append(h("span", { class: "small muted", text: gettext("No opponent holds a word yet.") }));
      return;
    }
    node.append(h("span", { class: "small muted", text: gettext("Steal:") }), " ");
    for (const c of cards) {
      const who = this.page.names[c.seat] || gettext("Seat %(n)s", { n: c.seat + 1 });
      const b = button(c.word.toUpperCase(), { class: `btn btn-small btn-secondary hw-target-btn${this.target === c.word ? " hw-on" : ""}`, "data-word": c.word, "aria-pressed": String(this.target === c.word), title: gettext("Steal %(word)s from %(name)s", { word: c.word.toUpperCase(), name: who }) });
      node.append(b);
    }
  }

  renderTray(mine) {
    const tray = this.tray;
    if (!tray) return;
    tray.replaceChildren();
    tray.hidden = !mine || !this.chips.length;
    this.chips.forEach((c, i) => {
      const cls = ["hw-chip", `hw-chip-${c.source}`];
      if (c.unused) cls.push("hw-chip-unused");
      if (c.blank) cls.push("hw-chip-blank");
      if (this.swapFrom === i) cls.push("hw-chip-picked");
      const what = c.source === "card" ? gettext("from %(word)s", { word: this.target?.toUpperCase() })
        : c.source === "board" ? gettext("from the board") : gettext("not on the board");
      const letter = c.letter ? c.letter.toUpperCase() : "?";
      const label = [letter, what, ...(c.unused ? [gettext("not used yet")] : [])].join(", ");
      const li = h("li", { class: cls.join(" "), "data-i": i, title: label });
      li.append(h("button", { type: "button", class: "hw-chip-btn", "aria-label": `${label}. ${gettext("Arrow keys move it; choose two letters to swap them.")}`, text: letter }));
      tray.append(li);
    });
  }
}

const table = new WordsTable();

export function render(snapshot, page) {
  table.render(snapshot, page);
  markHint(table); // a hint's marks (hint.js) after each render
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startMatchPage({ render, describe, showHint: (a) => showWordsHint(table, a), boardChoices: () => table.board.choices(), actionWords, actionHelp, stateWords }, { table });
