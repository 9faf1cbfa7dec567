// The Hextopia table: board, the player's hand and the legal moves (from view.moves).
// Click a card: the pieces it can move light up and their destinations get rings; click a
// piece to narrow to its moves, click a destination (or a move in the list) to play.
// The play module of GameUI: exports render(snapshot, page) and describe(events, ctx); the
// shared page (js/match.js) draws the rest.

import { button, h } from "../js/dom.js";
import { canonical } from "../js/generic.js";
import { gettext } from "../js/i18n.js";
import { startMatchPage } from "../js/match.js";
import { HextopiaBoard, cardName, pieceKey } from "./board.js";
import { cardButton, spokenCards } from "./cards.js";
import { actionWords, stateWords } from "./access.js";
import { describeEvents } from "./describe.js";
import { showScore } from "./score.js";

function sameSpot(a, b) {
  return a.where === b.where && a.index === b.index && a.station === b.station;
}

/** The moves to list, each once: an action listed twice (two alike cards) and the moves of
 * different pieces from HOME with the same card (pieces at HOME are alike) are one entry;
 * `label` then speaks of "a red piece". */
function listed(moves) {
  const seen = new Set();
  const out = [];
  for (const m of moves) {
    const home = m.from && m.from.where === "home" && m.action.move === "enter";
    const key = home ? `home|${m.card}|${m.seat}` : canonical(m.action);
    if (seen.has(key)) {
      if (home) {
        const first = out.find((x) => x.homeKey === key);
        // The English label names one piece; any piece at HOME would do (a translated label,
        // from the server's view texts, keeps naming that one piece, which is as true).
        if (first) first.label = first.label.replace(/\b(\w+) piece \d+ from HOME/, "a $1 piece from HOME");
      }
      continue;
    }
    seen.add(key);
    out.push(home ? { ...m, homeKey: key } : m);
  }
  return out;
}

class HextopiaTable {
  constructor() {
    this.selectedCard = null;
    this.selectedPiece = null;
    this.page = null;
    this.svg = document.getElementById("board");
    this.board = new HextopiaBoard(this.svg, {
      onPiece: (key) => this.pickPiece(key),
      onTarget: (id) => this.pickTarget(id),
    });
    this.hand = document.getElementById("hand");
    this.hint = document.getElementById("hand-hint");
    this.choices = document.getElementById("move-choices");
    this.actions = document.getElementById("hand-actions");
    this.hand?.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-card]");
      if (b && !b.disabled) this.pickCard(b.dataset.card);
    });
  }

  /** The moves of the view, each with the destination located for the board. */
  moves() {
    const view = this.page.snapshot.view || {};
    if (!this.page.myTurn) return [];
    return (view.moves || []).map((m, i) => {
      const seat = (view.seats || []).find((s) => s.seat === m.seat);
      const to = m.to ? { where: m.to.where, index: m.to.index, station: seat ? seat.station : 0, piece: m.piece } : null;
      return { ...m, id: String(i), key: m.piece !== null && m.piece !== undefined ? pieceKey(m.seat, m.piece) : null, spot: to };
    });
  }

  pickCard(card) {
    this.selectedCard = this.selectedCard === card ? null : card;
    this.selectedPiece = null;
    this.page.render();
  }

  pickPiece(key) {
    this.selectedPiece = this.selectedPiece === key ? null : key;
    this.page.render();
  }

  pickTarget(id) {
    const ids = id.split(",");
    const moves = this.moves();
    if (ids.length === 1) {
      const m = moves[Number(ids[0])];
      if (m) this.play(m);
      return;
    }
    const chosen = ids.map((k) => moves[Number(k)]).filter(Boolean);
    // Pieces at HOME are alike: any of them may come out to START.
    if (chosen.length && chosen.every((m) => m.from && m.from.where === "home")) {
      this.play(chosen[0]);
      return;
    }
    this.hint.textContent = gettext("Several pieces can reach that space: choose the piece you want to move first, or a move from the list.");
  }

  /** A hint (js/hints.js): its card and piece chosen, so the board rings its space; its words. */
  showHint(action) {
    const m = this.moves().find((x) => canonical(x.action) === canonical(action));
    if (!m) return null;
    this.selectedCard = m.card ?? null;
    this.selectedPiece = m.key;
    this.page.render();
    return m.label;
  }

  /** Escape: the card and piece chosen are let go (true when there was one). */
  cancel() {
    if (!this.selectedCard && !this.selectedPiece) return false;
    this.selectedCard = null;
    this.selectedPiece = null;
    this.page.render();
    return true;
  }

  play(move) {
    this.selectedCard = null;
    this.selectedPiece = null;
    this.page.submit(move.action);
  }

  render(snap, page) {
    this.page = page;
    const view = snap.view || {};
    const moves = this.moves();
    const myTurn = page.myTurn;
    if (this.selectedCard && !(view.hand || []).includes(this.selectedCard)) this.selectedCard = null;
    if (!myTurn) {
      this.selectedCard = null;
      this.selectedPiece = null;
    }
    const plays = moves.filter((m) => m.action.type === "play");
    const cardPlays = plays.filter((m) => m.card === this.selectedCard);
    const selectable = new Set(cardPlays.map((m) => m.key).filter(Boolean));
    if (this.selectedPiece && !selectable.has(this.selectedPiece)) this.selectedPiece = null;
    const shown = this.selectedPiece ? cardPlays.filter((m) => m.key === this.selectedPiece) : cardPlays;
    // Group moves that end on the same spot: one ring, several moves.
    const targets = [];
    for (const m of shown) {
      if (!m.spot) continue;
      const t = targets.find((x) => sameSpot(x.to, m.spot));
      if (t) {
        t.ids.push(m.id);
        t.label = gettext("%(moves)s; or %(move)s", { moves: t.label, move: m.label });
      } else {
        targets.push({ ids: [m.id], to: m.spot, label: m.label });
      }
    }
    const me = (view.seats || []).find((s) => s.seat === snap.seat);
    const perspective = me ? me.station : 0;
    this.board.render(view, {
      perspective,
      names: page.names,
      colourBlind: page.colourBlind,
      selectable,
      selected: this.selectedPiece,
      targets: targets.map((t) => ({ id: t.ids.join(","), to: t.to, label: t.label, spoken: spokenCards(t.label) })),
    });
    this.renderHand(snap, moves, myTurn, cardPlays);
    showScore(view, snap.result || view.result, page.names);
  }

  renderHand(snap, moves, myTurn, cardPlays) {
    const panel = document.getElementById("hand-panel");
    const view = snap.view || {};
    if (!panel) return;
    if (!Array.isArray(view.hand) || snap.status !== "active") {
      panel.hidden = !Array.isArray(view.hand) || snap.status !== "active";
      return;
    }
    panel.hidden = false;
    const playable = new Set(moves.filter((m) => m.action.type === "play").map((m) => m.card));
    const discardable = new Set(moves.filter((m) => m.action.type === "discard").map((m) => m.card));
    const sitOut = moves.find((m) => m.action.type === "sit_out");
    this.hand.replaceChildren();
    for (const card of view.hand) {
      const b = cardButton(card);
      const usable = myTurn && (playable.has(card) || discardable.has(card));
      b.disabled = !usable;
      b.setAttribute("aria-pressed", String(this.selectedCard === card));
      if (myTurn && !usable) b.classList.add("unplayable");
      this.hand.appendChild(b);
    }
    if (!view.hand.length) {
      this.hand.appendChild(h("p", { class: "muted small", text: gettext("No cards in hand.") }));
    }

    // Move list for the chosen card (every move as a button: keyboard and small screens).
    this.choices.replaceChildren();
    const list = listed(this.selectedPiece ? cardPlays.filter((m) => m.key === this.selectedPiece) : cardPlays);
    for (const m of list) {
      const b = button(m.label, { class: "btn btn-secondary btn-small", "aria-label": spokenCards(m.label) });
      b.addEventListener("click", () => this.play(m));
      this.choices.appendChild(h("li", {}, b));
    }

    this.actions.replaceChildren();
    if (myTurn && this.selectedCard && discardable.has(this.selectedCard)) {
      const m = moves.find((x) => x.action.type === "discard" && x.card === this.selectedCard);
      const words = gettext("Discard %(card)s", { card: cardName(this.selectedCard) });
      const b = button(words, { class: "btn", "aria-label": spokenCards(words) });
      b.addEventListener("click", () => this.play(m));
      this.actions.appendChild(b);
    }
    if (myTurn && sitOut) {
      const b = button(gettext("Sit out this hand"), { class: "btn btn-secondary", title: sitOut.label });
      b.addEventListener("click", () => this.play(sitOut));
      this.actions.appendChild(b);
    }

    let hint;
    if (snap.status !== "active") hint = "";
    else if (this.page.busy) hint = gettext("Sending your move…");
    else if (!this.page.toAct.includes(snap.seat)) hint = gettext("Wait for your turn.");
    else if (!playable.size && discardable.size) hint = sitOut ? gettext("No card can be played: discard one card, or discard your whole hand and sit out until the next hand.") : gettext("No card can be played: choose a card to discard.");
    else if (!this.selectedCard) hint = gettext("Your turn: choose a card.");
    else if (cardPlays.length) hint = this.selectedPiece ? gettext("Choose a ringed space to move there, or a move below.") : gettext("Choose a highlighted piece, then a ringed space — or a move below.");
    else hint = gettext("Choose a card.");
    this.hint.textContent = hint;
  }
}

const table = new HextopiaTable();

export function render(snapshot, page) {
  table.render(snapshot, page);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

export function showHint(action) {
  return table.showHint(action);
}

// window.hexagora = {page, table}: for the browser tests and curious players at the console.
startMatchPage({ render, describe, showHint, actionWords, stateWords, spoken: spokenCards, cancel: () => table.cancel() }, { table });
