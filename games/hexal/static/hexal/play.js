// The Hexal Classic table: the board (board.js), the score strip and summary (panels.js) and
// the seated player's hand panel. The play module of GameUI: exports render(snapshot, page),
// describe(events, ctx) and showHint(action) (a hint, js/hints.js); the shared page (js/match.js) draws the seats, the turn line, the
// log, the countdown and the result.
//
// A turn, from the view's `moves` (engine/view.py) and the snapshot's legal actions
// (engine/legal.py): choose a hand card (optional) and a target on the table (the legal ones
// are ringed, with the chosen card's best points there); then each hand card's places light
// up with the points it would score; click one to place the card. Placed cards can be taken
// back (click them, or their chip); "End turn" scores the turn and draws up to 6. With nothing
// placed: "Change target", "Discard and draw" (the chosen card) or "Pass". Every action sent
// is one of the legal actions as listed; anything else (a click on a state just replaced)
// sends nothing and redraws.

import { button, byId, h, readJsonScript } from "../js/dom.js";
import { colourBlindSetting } from "../js/palette.js";
import { startMatchPage } from "../js/match.js";
import { actionWords, stateWords } from "./access.js";
import { HexalBoard, levelWords, targetHints } from "./board.js";
import { cardName } from "./cards.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";
import { describeEvents } from "./describe.js";
import { cardIcon } from "./draw.js";
import { renderScores, renderSummary } from "./panels.js";
import { pickChoices, pickZoom } from "./pickzoom.js";
import { wirePalette } from "./prefs.js";
import { TableModel } from "./rules.js";
import { lastScored, scoredCards } from "./scored.js";

function sameAction(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (a[k] !== b[k]) return false;
  return true;
}

const DEFAULT_HELP = gettext("Drag to move the table, wheel or pinch to zoom. Hover or tap a card for help.");

class HexalTable {
  constructor() {
    this.page = null;
    this.selected = null;
    this.choices = null; // target codes to choose from (a stack with several legal targets)
    this.recent = new Set();
    this.recentVersion = -1;
    this.hinted = null; // {version, action} of the hint shown (js/hints.js)
    // The player's colour-blind setting starts the table's own box, which changes it (js/palette.js).
    const config = readJsonScript("match-config");
    this.palette = wirePalette(byId("hl-palette"), (p) => {
      this.palette = p;
      if (this.page) {
        this.page.colourBlind = p === "colourblind"; // the shared seat list follows too
        this.page.render();
      }
    }, colourBlindSetting(config), { csrfToken: config?.csrf_token });
    this.help = byId("hl-help");
    this.board = new HexalBoard(byId("board"), {
      tools: byId("hl-tools"),
      onAct: (act) => this.boardAct(act),
      onHelp: (text, choices, how) => this.showHelp(text, choices, how),
    });
    byId("hl-hand")?.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-card]");
      if (b && !b.disabled) this.pick(b.dataset.card);
    });
    byId("hl-actions")?.addEventListener("click", (e) => this.clickAction(e));
    this.help?.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-target]");
      if (b) this.send({ type: "target", card: b.dataset.target });
    });
  }

  // ------------------------------------------------------------------ reads
  get snap() {
    return this.page.snapshot;
  }

  get view() {
    return this.snap.view || {};
  }

  legal() {
    return this.page.myTurn ? this.snap.legal_actions || [] : [];
  }

  has(type, fields = {}) {
    return this.legal().some((a) => a.type === type && Object.entries(fields).every(([k, v]) => a[k] === v));
  }

  /** The places of hand card `code` around the named target, with what each would touch. */
  placesOf(code) {
    const view = this.view;
    const raw = this.page.myTurn ? view.moves?.places?.[code] : null;
    if (!raw || !view.target) return null;
    const model = new TableModel(view.table);
    const t = view.target;
    return raw.map((p) => ({ ...p, top: p.q === t.q && p.r === t.r, touchers: model.touchers(p.q, p.r, p.level) }));
  }

  /** The hinted action while its version is on screen and it is the player's turn, else null. */
  hintNow() {
    const h = this.hinted;
    return h && this.page?.myTurn && h.version === this.snap.version ? h.action : null;
  }

  // ------------------------------------------------------------------ hints
  /** A hint (js/hints.js): its hand card chosen and its place, target or button marked; its words. */
  showHint(action) {
    const move = this.legal().find((a) => sameAction(a, action || {}));
    if (!move) return null;
    this.hinted = { version: this.snap.version, action: move };
    this.choices = null;
    if ((this.view.hand || []).includes(move.card)) this.selected = move.card; // place, discard
    else if (move.type === "target") this.selected = this.bestCardFor(move.card) ?? this.selected;
    this.page.render();
    return this.hintWords(move);
  }

  /** The hand card that scores most around table card `code` (null: none fits there). */
  bestCardFor(code) {
    let best = null;
    let top = -1;
    for (const card of this.view.hand || []) {
      const pts = targetHints(this.view, [code], card).get(code);
      if (pts !== null && pts !== undefined && pts > top) [best, top] = [card, pts];
    }
    return best;
  }

  /** A hinted move in words: the label its board place or its button already has. */
  hintWords(a) {
    const card = a.card ? cardName(a.card) : "";
    switch (a.type) {
      case "place": {
        const p = (this.placesOf(a.card) || []).find((x) => x.q === a.q && x.r === a.r);
        if (!p) return null;
        const q = { card, points: p.points };
        return p.top ? gettext("Place the %(card)s on top of the target: +%(points)s", q) : gettext("Place the %(card)s here: +%(points)s", q);
      }
      case "target": {
        const at = new TableModel(this.view.table).where(a.card);
        return gettext("Target the %(card)s, %(where)s", { card, where: levelWords(at?.level ?? 0) });
      }
      case "take_back": return gettext("Take back the %(card)s", { card });
      case "discard": return gettext("Discard the %(card)s and draw", { card });
      case "end_turn": return gettext("End turn (+%(points)s)", { points: this.view.turn_points });
      case "clear_target": return gettext("Change target");
      case "pass": return gettext("Pass");
      default: return null;
    }
  }

  /** Rings the button of the hinted move (end turn, pass, discard, take back...), if it has one. */
  glowHint(bar) {
    const a = this.hintNow();
    if (!a) return;
    const which = a.type === "take_back" ? `[data-act="take_back"][data-card="${a.card}"]` : `[data-act="${a.type}"]`;
    bar.querySelector(which)?.classList.add("hint-glow");
  }

  // ------------------------------------------------------------------ input
  send(action) {
    this.choices = null;
    const match = this.legal().find((a) => sameAction(a, action));
    if (!match) {
      this.page.render();
      return;
    }
    this.lastAction = match; // for the browser tests and the console
    this.page.submit(match);
  }

  /** Escape: the chosen card is let go (true when there was one). */
  cancel() {
    if (!this.selected) return false;
    this.pick(this.selected);
    return true;
  }

  pick(code) {
    this.selected = this.selected === code ? null : code;
    this.choices = null;
    this.page.render();
  }

  boardAct(act) {
    if (act.type === "place") {
      this.send({ type: "place", card: this.selected, q: act.place.q, r: act.place.r });
    } else if (act.type === "take_back") {
      this.send({ type: "take_back", card: act.card });
    } else if (act.type === "target") {
      this.send({ type: "target", card: act.cards[0] });
    }
  }

  clickAction(e) {
    const b = e.target.closest("button[data-act]");
    if (!b || b.disabled) return;
    const act = b.dataset.act;
    if (act === "take_back") this.send({ type: "take_back", card: b.dataset.card });
    else if (act === "discard") this.send({ type: "discard", card: this.selected });
    else this.send({ type: act });
  }

  /** Shows `text` in the help line under the table; `choices` ([{card, level, points}]) adds
   * a button per card of a stack that may be named as the target. */
  showHelp(text, choices, { hover = false } = {}) {
    if (!this.help || (hover && this.choices)) return; // a choice stays until a click or a new state
    this.choices = choices && this.page?.myTurn ? choices : null;
    this.help.replaceChildren(text);
    if (this.choices) {
      const row = h("span", { class: "hl-choices" });
      for (const { card, level, points } of this.choices) {
        const where = level ? gettext("level %(n)s", { n: level }) : gettext("bottom");
        const words = `${cardName(card)} (${where}${points === null ? "" : `, +${points}`})`;
        row.append(button(words, { "data-target": card, class: "btn btn-small" }));
      }
      this.help.append(" ", row);
    }
  }

  // ------------------------------------------------------------------ render
  render(snap, page) {
    this.page = page;
    const view = snap.view || {};
    if (!Array.isArray(view.table)) return;
    const myTurn = page.myTurn;
    const hand = view.hand || [];
    if (this.selected && !hand.includes(this.selected)) this.selected = null;
    if (snap.version !== this.recentVersion) {
      this.choices = null;
      if (this.recentVersion >= 0) this.showHelp(DEFAULT_HELP, null); // what it told of may be gone
      this.recentVersion = snap.version;
      const scored = scoredCards(snap.events);
      if (scored) this.recent = scored;
      else if (this.recent.size === 0) this.recent = lastScored(page.history);
    }
    const phase = view.phase;
    const moves = myTurn ? view.moves : null;
    let targets = null;
    let places = null;
    if (moves?.targets) targets = targetHints(view, moves.targets, this.selected);
    if (moves?.places && this.selected) places = this.placesOf(this.selected);
    this.board.render(view, {
      palette: this.palette,
      targets,
      places,
      selected: this.selected,
      recent: this.recent,
      interactive: myTurn && phase === "play",
      hint: this.hintNow(),
    });
    renderScores(byId("hl-scores"), view, page.names, page.mySeat);
    this.renderSummary(view, page);
    this.renderHand(snap, view, myTurn, targets);
  }

  renderSummary(view, page) {
    const panel = byId("hl-summary");
    if (!panel) return;
    const over = view.phase === "over";
    panel.hidden = !over;
    if (over && this.summaryVersion !== this.snap.version) {
      this.summaryVersion = this.snap.version;
      renderSummary(byId("hl-summary-body"), view, page.names, page.mySeat);
    }
  }

  /** The best points of each hand card: on its places (a target named) or over the targets. */
  bestOf(view, targets) {
    const out = new Map();
    const places = view.moves?.places;
    for (const code of view.hand || []) {
      if (places) {
        const list = places[code] || [];
        out.set(code, list.length ? Math.max(...list.map((p) => p.points)) : null);
      } else if (targets) {
        const hints = targetHints(view, [...targets.keys()], code);
        const pts = [...hints.values()].filter((v) => v !== null);
        out.set(code, pts.length ? Math.max(...pts) : null);
      }
    }
    return out;
  }

  renderHand(snap, view, myTurn, targets) {
    const panel = byId("hand-panel");
    if (!panel) return;
    const active = snap.status === "active";
    panel.hidden = !active || !Array.isArray(view.hand);
    if (panel.hidden) return;
    const me = view.seats?.[this.page.mySeat] || {};
    const best = myTurn ? this.bestOf(view, targets) : new Map();
    const handNode = byId("hl-hand");
    handNode.replaceChildren();
    for (const code of view.hand) {
      const b = h("button", { type: "button", class: "hl-hand-card", "data-card": code, "aria-pressed": String(this.selected === code) });
      const pts = best.get(code);
      const fit = pts === null || pts === undefined ? (myTurn && best.size ? gettext("fits nowhere now") : "") : gettext("up to +%(points)s", { points: pts });
      b.setAttribute("aria-label", fit ? labelled(cardName(code), fit) : cardName(code));
      b.title = b.getAttribute("aria-label");
      b.disabled = !myTurn;
      if (myTurn && best.size && (pts === null || pts === undefined)) b.classList.add("hl-no-fit");
      b.append(cardIcon(code, { palette: this.palette, px: 50 }));
      if (pts !== null && pts !== undefined) b.append(h("span", { class: "hl-hand-best", text: `+${pts}` }));
      handNode.append(b);
    }
    if (!view.hand.length) handNode.append(h("p", { class: "small muted", text: gettext("No cards in hand.") }));

    const total = byId("hl-turn-total");
    const placed = view.placed || [];
    const acting = (view.to_act || []).includes(this.page.mySeat);
    total.textContent = acting && view.phase === "play" ? ngettext("This turn: +%(points)s (%(n)s card)", "This turn: +%(points)s (%(n)s cards)", placed.length, { points: view.turn_points }) : "";
    // The deck is in the score strip; a personal stack is drawn from first (rule 15).
    byId("hl-draw-info").textContent = view.options?.personal_stack ? ngettext("Your stack: %(n)s card, drawn before the deck", "Your stack: %(n)s cards, drawn before the deck", me.stack_count ?? 0) : "";
    this.renderActions(view, myTurn, placed);
    byId("hand-hint").textContent = this.hint(snap, view, myTurn, best);
  }

  renderActions(view, myTurn, placed) {
    const bar = byId("hl-actions");
    bar.replaceChildren();
    if (!myTurn) return;
    for (const p of placed) {
      if (!this.has("take_back", { card: p.card })) continue;
      const b = h("button", { type: "button", class: "btn btn-small btn-secondary hl-take", "data-act": "take_back", "data-card": p.card,
        "aria-label": gettext("Take back the %(card)s", { card: cardName(p.card) }), title: gettext("Take back the %(card)s", { card: cardName(p.card) }) });
      b.append("↩ ", cardIcon(p.card, { palette: this.palette, px: 20 }));
      bar.append(b);
    }
    if (this.has("end_turn")) bar.append(button(gettext("End turn (+%(points)s)", { points: view.turn_points }), { "data-act": "end_turn", class: "btn hl-end" }));
    if (this.has("clear_target")) bar.append(button(gettext("Change target"), { "data-act": "clear_target", class: "btn btn-small btn-secondary" }));
    if (this.legal().some((a) => a.type === "discard")) {
      const can = this.selected && this.has("discard", { card: this.selected });
      const b = button(can ? gettext("Discard the %(card)s and draw", { card: cardName(this.selected) }) : gettext("Discard and draw"), { "data-act": "discard", class: "btn btn-small btn-secondary" });
      b.disabled = !can;
      b.title = can ? gettext("Discard this card and draw one: your turn ends with 0 points") : gettext("Choose the card to discard first");
      bar.append(b);
    }
    if (this.has("pass")) bar.append(button(gettext("Pass"), { "data-act": "pass", class: "btn btn-small" }));
    this.glowHint(bar);
  }

  hint(snap, view, myTurn, best) {
    if (snap.status !== "active") return "";
    if (this.page.busy) return gettext("Sending your move…");
    const acting = view.to_act || [];
    if (!acting.includes(this.page.mySeat)) {
      const names = acting.map((s) => this.page.names[s] || gettext("Seat %(n)s", { n: s + 1 }));
      return names.length ? gettext("Waiting for %(names)s.", { names: names.join(", ") }) : gettext("Waiting for the next player.");
    }
    const sel = this.selected;
    if (view.phase === "target") {
      const targets = view.moves?.targets || [];
      if (!targets.length) {
        return this.has("pass")
          ? gettext("None of your cards fits anywhere and there is nothing left to draw: pass.")
          : gettext("None of your cards fits anywhere: choose one to discard, then “Discard and draw”.");
      }
      if (!sel) return gettext("Name a target: choose a card on the table (choose a hand card first to see where it fits and what it scores), or discard a card and draw one.");
      const pts = best.get(sel);
      return pts === null || pts === undefined
        ? gettext("The %(card)s fits no target now: choose another card, or discard it and draw one.", { card: cardName(sel) })
        : gettext("Choose a ringed card to name it as the target: its number is the most the %(card)s scores around it (up to +%(points)s).", { card: cardName(sel), points: pts });
    }
    if (view.phase === "play") {
      const placed = view.placed || [];
      if (sel) {
        const pts = best.get(sel);
        return pts === null || pts === undefined
          ? (placed.length ? gettext("The %(card)s fits no place around this target: choose another card or end your turn.", { card: cardName(sel) })
            : gettext("The %(card)s fits no place around this target: choose another card, or change the target.", { card: cardName(sel) }))
          : gettext("Choose a highlighted place to put the %(card)s there (best +%(points)s).", { card: cardName(sel), points: pts });
      }
      if (placed.length) return gettext("Place another card, take one back, or end your turn for +%(points)s.", { points: view.turn_points });
      return gettext("Choose a card from your hand: its places around the target light up with their points.");
    }
    return "";
  }
}

const table = new HexalTable();

export function render(snapshot, page) {
  table.render(snapshot, page);
}

export function describe(events, ctx) {
  // A live move (no record) is told with the snapshot's actor: the timer, a bot for an absent player.
  return describeEvents(events, { ...ctx, actor: ctx.record ? undefined : table.page?.snapshot?.actor });
}

/** A hint (js/hints.js): the table marks the move and returns it in words. */
export function showHint(action) {
  return table.showHint(action);
}

// window.hexagora = {page, table}: for the browser tests and curious players at the console.
startMatchPage({ render, describe, showHint, boardChoices: () => pickChoices(table.board), boardZoom: pickZoom(table.board),
                 actionWords, stateWords, cancel: () => table.cancel() }, { table });
