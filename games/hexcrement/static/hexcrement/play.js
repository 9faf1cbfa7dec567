// The Hexcrement table: the board, what happened, the beetles and the player's panel.
//
// Everything the player may do comes from the snapshot's legal_actions (engine/moves.py):
// after the roll the end cells light up on the board (click one, or a button for the cells
// worth a look); MORPH, PEEK and ODOUR light up the cards to choose; BLOCK, MEAN, PUSH, SWAP
// and a SWIPE make the beetles to choose clickable and list them as buttons; GIVE, MUD and a
// won battle list their cards. A click on a button of an older state sends nothing. A hint
// (js/hints.js) marks its cell or beetle on the board and makes its button glow. The play
// module of GameUI: exports render(snapshot, page), describe(events, ctx) and showHint(action);
// the shared page (js/match.js) draws the seats, the turn line, the log and the result.

import { paintSwatch } from "../js/palette.js";
import { button, h } from "../js/dom.js";
import { canonical } from "../js/generic.js";
import { startMatchPage } from "../js/match.js";
import { actionWords, stateWords } from "./access.js";
import { HexcrementBoard, effectsOf } from "./board.js";
import { describeEvents, gameData } from "./describe.js";
import { tumble } from "./dice.js";
import { fitBoard } from "./fit.js";
import { dungChip, effectBadge, latestTurn, renderBeetles, renderStory, toldCells } from "./panels.js";
import { gettext, ngettext } from "../js/i18n.js";
import { cardName, cellWords, directionWords, listWords } from "./words.js";

const STORY_ACTIONS = 24; // actions kept for "what happened" (a turn is rarely more than 4)
const FEW = 8; // at most this many move buttons besides the board
const SOME = 3; // with this many end cells or fewer, each gets a button

const CHOICE_TITLE = {
  BLOCK: gettext("BLOCK: choose the player who moves one space fewer next turn"),
  MEAN: gettext("MEAN: choose the player who moves only perpendicular next turn"),
  PUSH: gettext("PUSH: choose the player whose direction you reverse"),
  SWAP: gettext("SWAP: choose the beetle you change places with"),
};

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when actions `a` and `b` are the same move, whatever the order of their keys. */
function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

class HexcrementTable {
  constructor() {
    this.page = null;
    this.data = gameData();
    this.actions = []; // recent actions' events, oldest first (for "what happened")
    this.version = null;
    this.tumbles = 0; // dice animations started (for the browser tests)
    this.hinted = null; // {version, action}: the hint (js/hints.js) marked until the next move
    this.help = document.getElementById("hx-help");
    this.board = new HexcrementBoard(document.getElementById("board"), this.data, {
      onPick: (action) => this.submit(action),
      onHelp: (text) => this.showHelp(text),
    });
    const box = document.getElementById("hx-actions");
    box?.addEventListener("click", (e) => {
      const b = e.target.closest("button[data-action]");
      if (b && !b.disabled) this.submit(JSON.parse(b.dataset.action));
    });
    // Pointing at (or tabbing to) a button for a cell marks that cell on the board.
    for (const [on, off] of [["pointerover", "pointerout"], ["focusin", "focusout"]]) {
      box?.addEventListener(on, (e) => this.board.hover(e.target.closest("button[data-cell]")?.dataset.cell ?? null));
      box?.addEventListener(off, () => this.board.hover(null));
    }
  }

  get snap() {
    return this.page.snapshot;
  }

  /** The legal actions while this seat may act (none while a move is on its way). */
  legal() {
    return this.page.myTurn ? this.snap.legal_actions || [] : [];
  }

  name(seat, capital = false) {
    if (seat === this.page.mySeat) return capital ? gettext("You") : gettext("you");
    return this.page.names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  }

  where(cell) {
    return cellWords(this.data.board, this.data.colours, cell);
  }

  showHelp(text) {
    if (this.help) this.help.textContent = text;
  }

  submit(action) {
    // A click on something drawn for an older state (the new one arrived as it was clicked)
    // or while a move is on its way: nothing to send; the page shows the state as it is.
    if (!this.legal().some((a) => same(a, action))) {
      this.page.render();
      return;
    }
    this.lastAction = action; // for the browser tests and the console
    this.page.submit(action);
  }

  isBot(seat) {
    const s = this.snap.seats?.[seat];
    return Boolean(s && (s.is_bot || s.takeover));
  }

  /** Keeps the recent actions' events; true when this snapshot brought a new move. */
  track(snap, page) {
    if (this.version === null) {
      const history = page.history || [];
      this.actions = history.slice(-STORY_ACTIONS).map((r) => r.events || []);
      this.version = snap.version;
      return false;
    }
    if (snap.version <= this.version) return false;
    this.version = snap.version;
    this.actions.push(snap.events || []);
    if (this.actions.length > STORY_ACTIONS) this.actions.splice(0, this.actions.length - STORY_ACTIONS);
    return true;
  }

  /** The roll the tray shows: this turn's (view.dice) or the last one told. */
  rollShown(view) {
    if (view.dice?.length && view.seat_to_act !== null) return { seat: view.seat_to_act, dice: view.dice, steps: view.steps, mode: view.mode };
    for (let i = this.actions.length - 1; i >= 0; i--) {
      const ev = [...this.actions[i]].reverse().find((e) => e.type === "rolled");
      if (ev) return { seat: ev.seat, dice: ev.dice, steps: ev.steps, mode: ev.mode };
    }
    return null;
  }

  lastMove() {
    for (let i = this.actions.length - 1; i >= 0; i--) {
      const ev = [...this.actions[i]].reverse().find((e) => e.type === "moved");
      if (ev) return { seat: ev.seat, from: ev.from, to: ev.to };
      if (this.actions[i].some((e) => e.type === "turn")) break;
    }
    return null;
  }

  // ------------------------------------------------------------------ render
  render(snap, page) {
    this.page = page;
    const view = snap.view || {};
    if (!this.data?.board || !view.seats) return;
    const fresh = this.track(snap, page);
    const legal = this.legal();
    const me = view.seats.find((s) => s.seat === page.mySeat) || null;
    const ctx = { names: page.names, mySeat: page.mySeat, view, colourBlind: page.colourBlind };
    const turn = latestTurn(this.actions);
    this.board.render(view, {
      perspective: me ? me.mat : 0,
      names: page.names,
      mySeat: page.mySeat,
      colourBlind: page.colourBlind,
      targets: this.cellTargets(view, legal),
      beetleTargets: this.beetleTargets(view, legal),
      lastMove: this.lastMove(),
      roll: this.rollShown(view),
      told: toldCells(turn),
    });
    if (fresh) {
      const rolled = (snap.events || []).find((e) => e.type === "rolled");
      // Purely visual, and never for a bot's roll: nothing waits for it.
      if (rolled && !this.isBot(rolled.seat) && tumble(this.board.diceNodes)) this.tumbles += 1;
    }
    renderStory(document.getElementById("hx-story"), turn, ctx, { onHelp: (t) => this.showHelp(t) });
    renderBeetles(document.getElementById("hx-beetle-list"), view, ctx, { onHelp: (t) => this.showHelp(t) });
    if (document.getElementById("hand-panel")) this.renderHand(snap, view, me, legal);
    this.markHint();
  }

  /** A hint (js/hints.js): the move marked on the board (its cell or beetle) and its button
   * made to glow, as if pointed at, until the next move; returns its words, or null. */
  showHint(action) {
    const a = this.legal().find((x) => sameAction(x, action));
    if (!a) return null;
    this.hinted = { version: this.snap.version, action: a };
    this.page.render();
    return this.markHint();
  }

  /** Marks the hinted move on what render drew (the board's target, the panel's button);
   * returns the words of the first marked (the target's label, else the button's). */
  markHint() {
    const hint = this.hinted;
    if (!hint || hint.version !== this.snap.version || !this.page.myTurn) {
      this.hinted = null;
      return null;
    }
    let words = null;
    for (const [key, t] of this.board.targets || []) {
      if (!sameAction(t.action, hint.action)) continue;
      this.board.svg.querySelector(`[data-target="${key}"]`)?.classList.add("hx-hinted");
      words = words || t.label;
    }
    for (const b of document.querySelectorAll("#hx-actions button[data-action]")) {
      if (!sameAction(JSON.parse(b.dataset.action), hint.action)) continue;
      b.classList.add("hint-glow");
      words = words || b.title || b.textContent;
    }
    return words;
  }

  /** Cells to click: the end cells after the roll; the cards MORPH, PEEK or ODOUR may pick. */
  cellTargets(view, legal) {
    const out = new Map();
    const hints = new Map((view.hints || []).map((x) => [x.cell, x]));
    const me = view.seats.find((s) => s.seat === this.page.mySeat);
    for (const a of legal) {
      if (a.type === "move") {
        out.set(a.cell, { action: a, kind: "move", label: gettext("Move to %(where)s", { where: this.moveLabel(a.cell, hints.get(a.cell), me) }) });
      } else if (a.type === "morph" || a.type === "peek" || a.type === "odour") {
        const known = (view.cards || []).find((c) => c.cell === a.cell)?.card;
        const p = { where: `${this.where(a.cell)}${known ? ` (${cardName(known)})` : ""}` };
        const label = { morph: gettext("Swap MORPH with the card on %(where)s", p), peek: gettext("PEEK at the card on %(where)s", p),
          odour: gettext("Follow the smell to %(where)s", p) }[a.type];
        out.set(a.cell, { action: a, kind: "card", label });
      }
    }
    return out;
  }

  /** Beetles to click: the players a card may choose, the beetles a SWIPE may rob. */
  beetleTargets(view, legal) {
    const out = new Map();
    const kind = view.choice?.for;
    for (const a of legal) {
      if (a.type === "target") out.set(a.seat, { action: a, label: gettext("Choose %(name)s for %(card)s", { name: this.name(a.seat), card: kind }) });
      else if (a.type === "swipe") out.set(a.seat, { action: a, label: gettext("Spend your SWIPE on %(name)s", { name: this.name(a.seat) }) });
    }
    return out;
  }

  /** "red mat, column 3, row 2 · a face-down card · battle with Bot 2" for an end cell. */
  moveLabel(cell, hint, me) {
    const bits = [this.where(cell)];
    if (me && cell === me.start) bits.push(me.goal ? gettext("your START: home with the dung, you win!") : gettext("your START"));
    if (hint) {
      if (hint.card === null) bits.push(gettext("a face-down Hex card"));
      else if (hint.card) bits.push(gettext("%(card)s (known)", { card: cardName(hint.card) }));
      const view = this.snap.view;
      const fighters = (hint.beetles || []).filter((s) => view.seats[s]?.dung?.length && !view.seats[s]?.shield);
      if (fighters.length) bits.push(gettext("battle with %(names)s", { names: listWords(fighters.map((s) => this.name(s))) }));
      else if (hint.beetles?.length) bits.push(gettext("%(names)s there", { names: listWords(hint.beetles.map((s) => this.name(s))) }));
    }
    return bits.join(" · ");
  }

  // ------------------------------------------------------------------ the player's panel
  renderHand(snap, view, me, legal) {
    const panel = document.getElementById("hand-panel");
    const hint = document.getElementById("hand-hint");
    const box = document.getElementById("hx-actions");
    panel.hidden = snap.status !== "active" || !me;
    if (panel.hidden) return;
    box.replaceChildren();
    this.renderMe(view, me);
    const mine = (view.to_act || []).includes(me.seat);
    if (!mine) {
      const who = (view.to_act || []).map((s) => `${this.name(s)} (${view.seats[s]?.colour_name})`);
      hint.textContent = who.length ? gettext("Waiting for %(names)s: %(phase)s.", { names: listWords(who), phase: view.phase_text }) : gettext("Waiting…");
      document.getElementById("hand-h").textContent = gettext("Your beetle");
      return;
    }
    document.getElementById("hand-h").textContent = gettext("Your move");
    if (this.page.busy) {
      hint.textContent = gettext("Sending your move…");
      return;
    }
    const add = (text, action, extra = {}) => {
      const b = button(text, { "data-action": JSON.stringify(action), class: "btn btn-small", ...extra });
      box.append(b);
      return b;
    };
    if (view.phase === "roll") this.rollChoice(view, hint, add);
    else if (view.phase === "move") this.moveChoices(view, me, legal, hint, add);
    else this.cardChoices(view, legal, hint, add);
  }

  /** The roll: one or two dice (FRUIT), with what waits for this move (DASH, SURGE, BLOCK,
   * ROCK or MEAN). `add(text, action, attrs)` adds a button. */
  rollChoice(view, hint, add) {
    const active = view.dash ? [] : view.active || [];
    const two = active.includes("FRUIT");
    const notes = [];
    if (view.dash) notes.push(gettext("DASH: an extra turn with a single die"));
    if (active.includes("SURGE")) notes.push("SURGE: +2");
    if (active.includes("BLOCK")) notes.push("BLOCK: −1");
    if (active.includes("ROCK") || active.includes("MEAN")) notes.push(gettext("%(card)s: this move goes perpendicular, straight along your column", { card: active.includes("MEAN") ? "MEAN" : "ROCK" }));
    const roll = two ? gettext("Your turn: roll two dice (FRUIT)") : gettext("Your turn: roll your die");
    hint.textContent = notes.length ? gettext("%(roll)s. %(notes)s.", { roll, notes: notes.join("; ") }) : gettext("%(roll)s.", { roll });
    add(two ? gettext("Roll two dice") : gettext("Roll the die"), { type: "roll" }, { class: "btn hx-roll", "data-key": "roll" });
  }

  /** The move after the roll: the lit cells on the board, and a button for each cell worth a
   * look (all of them when there are only a few). */
  moveChoices(view, me, legal, hint, add) {
    const moves = legal.filter((a) => a.type === "move");
    const how = view.mode === "perpendicular"
      ? ngettext("exactly %(n)s cell straight along your column (towards the centre or the edge)", "exactly %(n)s cells straight along your column (towards the centre or the edge)", view.steps)
      : ngettext("exactly %(n)s step %(direction)s", "exactly %(n)s steps %(direction)s", view.steps, { direction: directionWords(me.direction) });
    const tap = ngettext("Tap the lit cell.", "Tap one of the %(n)s lit cells.", moves.length);
    hint.textContent = gettext("You rolled %(dice)s: move %(how)s. %(tap)s", { dice: (view.dice || []).join(" + "), how, tap });
    const hints = new Map((view.hints || []).map((x) => [x.cell, x]));
    const notable = moves.filter((a) => {
      const x = hints.get(a.cell);
      return a.cell === me.start || (x && (x.card !== "" || x.beetles?.length));
    });
    for (const a of (moves.length <= SOME ? moves : notable).slice(0, FEW)) {
      add(this.moveButton(a.cell, hints.get(a.cell), me), a, { class: "btn btn-small btn-secondary", "data-cell": a.cell, title: gettext("Move to %(where)s", { where: this.moveLabel(a.cell, hints.get(a.cell), me) }) });
    }
  }

  /** A card's or a battle's choice (target, give, mud, morph, peek, odour, battle, take). */
  cardChoices(view, legal, hint, add) {
    const phase = view.phase;
    const choice = view.choice || {};
    const seatButton = (a) => ({ class: "btn btn-small hx-seat-btn", style: `--seat:${view.seats[a.seat].colour}` });
    if (phase === "target") {
      hint.textContent = gettext("%(what)s (choose a beetle or a name).", { what: CHOICE_TITLE[choice.for] || gettext("%(card)s: choose a player", { card: choice.for }) });
      for (const a of legal) add(this.seatText(view, a.seat), a, seatButton(a));
    } else if (phase === "give") {
      hint.textContent = gettext("GIVE: choose the card you give and the player who gets it.");
      for (const a of legal) add(`${cardName(a.card)} → ${this.name(a.seat)}`, a, seatButton(a));
    } else if (phase === "mud") {
      hint.textContent = gettext("MUD: choose the card you drop on this space.");
      for (const a of legal) add(gettext("Drop %(card)s", { card: cardName(a.card) }), a);
    } else if (phase === "morph" || phase === "peek") {
      const n = legal.length;
      hint.textContent = phase === "morph"
        ? ngettext("MORPH: tap the lit card to swap with; you then follow the card that arrives here.", "MORPH: tap one of the %(n)s lit cards to swap with; you then follow the card that arrives here.", n)
        : ngettext("PEEK: tap the lit card (nobody knows it yet); everyone sees it, it stays in place.", "PEEK: tap one of the %(n)s lit cards (nobody knows them yet); everyone sees it, it stays in place.", n);
      if (n <= FEW) for (const a of legal) add(this.where(a.cell), a, { class: "btn btn-small btn-secondary", "data-cell": a.cell });
    } else if (phase === "odour") {
      hint.textContent = gettext("ODOUR: two cards are just as near; choose the one you follow.");
      for (const a of legal) {
        const known = (view.cards || []).find((c) => c.cell === a.cell)?.card;
        add(`${this.where(a.cell)}${known ? ` (${cardName(known)})` : ""}`, a, { class: "btn btn-small btn-secondary", "data-cell": a.cell });
      }
    } else if (phase === "battle") {
      const foes = listWords((choice.defenders || []).map((s) => this.name(s)));
      hint.textContent = gettext("Battle with %(foes)s: roll the dice (a strictly higher roll wins), or spend a SWIPE to take a dung card for sure.", { foes });
      for (const a of legal) {
        if (a.type === "fight") add(gettext("Fight: roll the dice"), a, { class: "btn hx-roll" });
        else add(gettext("Spend SWIPE on %(name)s", { name: this.name(a.seat) }), a, seatButton(a));
      }
    } else if (phase === "take") {
      hint.textContent = gettext("You won the battle: choose the dung card you take.");
      for (const a of legal) add(gettext("Take %(card)s from %(name)s", { card: cardName(a.card), name: this.name(a.seat) }), a, seatButton(a));
    } else {
      hint.textContent = view.phase_text || "";
      for (const a of legal) add(a.type, a);
    }
  }

  /** A move button's words: what is there first, then where ("TRAP · yellow 3·2"). */
  moveButton(cell, hint, me) {
    if (me && cell === me.start) return me.goal ? gettext("⌂ Home: win!") : gettext("⌂ Your START");
    const c = this.data.board.cells[cell];
    const bits = [];
    if (hint?.beetles?.length) bits.push(`⚔ ${listWords(hint.beetles.map((s) => this.name(s)))}`);
    if (hint?.card === null) bits.push(gettext("face-down card"));
    else if (hint?.card) bits.push(cardName(hint.card));
    bits.push(cellWords(this.data.board, this.data.colours, cell));
    return bits.join(" · ");
  }

  seatText(view, seat) {
    const s = view.seats[seat];
    const dung = s.dung?.length ? ` · ${listWords(s.dung.map(cardName))}` : "";
    return `${this.name(seat, true)} (${s.colour_name})${dung}`;
  }

  renderMe(view, me) {
    const node = document.getElementById("hx-me");
    if (!node) return;
    node.replaceChildren();
    const sw = h("span", { class: "hx-swatch", "aria-hidden": "true" });
    paintSwatch(sw, me.seat, me.colour, this.page?.colourBlind);
    const line = h("div", { class: "hx-me-line" }, sw, h("span", {}, h("strong", { text: gettext("%(colour)s beetle", { colour: me.colour_name }) }),
      ` ${me.direction === "cw" ? "↻" : "↺"} ${gettext("%(direction)s; your mat is at the bottom", { direction: directionWords(me.direction) })}`));
    const carried = h("div", { class: "hx-me-line" }, gettext("Dung:"), " ");
    if (me.dung.length) for (const d of me.dung) carried.append(dungChip(d), " ");
    else carried.append(h("span", { class: "muted", text: gettext("none yet") }));
    if (me.swipes.length) carried.append(` · ${ngettext("%(n)s SWIPE card", "%(n)s SWIPE cards", me.swipes.length)}`);
    const effects = effectsOf(me);
    if (effects.length) {
      carried.append(" · ");
      for (const e of effects) carried.append(effectBadge(e, (t) => this.showHelp(t)), " ");
    }
    const quick = view.options?.length === "quick";
    const goal = h("div", { class: "hx-me-line" });
    goal.append(me.goal
      ? h("strong", { class: "hx-goal-met", text: gettext("⌂ You carry the dung to win: get back to your START!") })
      : quick ? gettext("Goal: find any dung and bring it back to your START.")
        : gettext("Goal: bring %(colour)s dung, or dung of two other colours, back to your START.", { colour: me.colour_name }));
    node.append(line, carried, goal);
  }
}

const table = new HexcrementTable();
fitBoard(document.getElementById("board"));

export function render(snapshot, page) {
  table.render(snapshot, page);
}

export function describe(events, ctx) {
  // A move arriving live has no record: who made it is in the snapshot that brought it.
  const actor = ctx.record ? ctx.record.actor : table.page?.snapshot?.actor;
  return describeEvents(events, { ...ctx, actor });
}

/** The hint's move marked on the table (js/hints.js); its words, or null. */
export function showHint(action) {
  return table.showHint(action);
}

// window.hexagora = {page, table}: for the browser tests and curious players at the console.
startMatchPage({ render, describe, showHint, actionWords, stateWords }, { table });
