// The Hexcrement table: the board, what happened, the beetles and the player's panel.
//
// Everything the player may do comes from the snapshot's legal_actions (engine/moves.py):
// after the roll the end cells light up on the board (click one, or a button for the cells
// worth a look); MORPH, PEEK and ODOUR light up the cards to choose; BLOCK, MEAN, PUSH, SWAP
// and a SWIPE make the beetles to choose clickable and list them as buttons; GIVE, MUD and a
// won battle list their cards. A click on a button of an older state sends nothing. The
// play module of GameUI: exports render(snapshot, page) and describe(events, ctx); the
// shared page (js/match.js) draws the seats, the turn line, the log and the result.

import { button, h } from "../js/dom.js";
import { startMatchPage } from "../js/match.js";
import { HexcrementBoard, effectsOf } from "./board.js";
import { describeEvents, gameData } from "./describe.js";
import { tumble } from "./dice.js";
import { fitBoard } from "./fit.js";
import { dungChip, effectBadge, latestTurn, renderBeetles, renderStory, toldCells } from "./panels.js";
import { cardName, cellWords, directionWords, listWords, plural } from "./words.js";

const STORY_ACTIONS = 24; // actions kept for "what happened" (a turn is rarely more than 4)
const FEW = 8; // at most this many move buttons besides the board
const SOME = 3; // with this many end cells or fewer, each gets a button

const CHOICE_TITLE = {
  BLOCK: "BLOCK: choose the player who moves one space fewer next turn",
  MEAN: "MEAN: choose the player who moves only perpendicular next turn",
  PUSH: "PUSH: choose the player whose direction you reverse",
  SWAP: "SWAP: choose the beetle you change places with",
};

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

class HexcrementTable {
  constructor() {
    this.page = null;
    this.data = gameData();
    this.actions = []; // recent actions' events, oldest first (for "what happened")
    this.version = null;
    this.tumbles = 0; // dice animations started (for the browser tests)
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
    if (seat === this.page.mySeat) return capital ? "You" : "you";
    return this.page.names[seat] || `Seat ${seat + 1}`;
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
    const ctx = { names: page.names, mySeat: page.mySeat, view };
    const turn = latestTurn(this.actions);
    this.board.render(view, {
      perspective: me ? me.mat : 0,
      names: page.names,
      mySeat: page.mySeat,
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
  }

  /** Cells to click: the end cells after the roll; the cards MORPH, PEEK or ODOUR may pick. */
  cellTargets(view, legal) {
    const out = new Map();
    const hints = new Map((view.hints || []).map((x) => [x.cell, x]));
    const me = view.seats.find((s) => s.seat === this.page.mySeat);
    for (const a of legal) {
      if (a.type === "move") {
        out.set(a.cell, { action: a, kind: "move", label: `Move to ${this.moveLabel(a.cell, hints.get(a.cell), me)}` });
      } else if (a.type === "morph" || a.type === "peek" || a.type === "odour") {
        const verb = { morph: "Swap MORPH with the card on", peek: "PEEK at the card on", odour: "Follow the smell to" }[a.type];
        const known = (view.cards || []).find((c) => c.cell === a.cell)?.card;
        out.set(a.cell, { action: a, kind: "card", label: `${verb} ${this.where(a.cell)}${known ? ` (${cardName(known)})` : ""}` });
      }
    }
    return out;
  }

  /** Beetles to click: the players a card may choose, the beetles a SWIPE may rob. */
  beetleTargets(view, legal) {
    const out = new Map();
    const kind = view.choice?.for;
    for (const a of legal) {
      if (a.type === "target") out.set(a.seat, { action: a, label: `Choose ${this.name(a.seat)} for ${kind}` });
      else if (a.type === "swipe") out.set(a.seat, { action: a, label: `Spend your SWIPE on ${this.name(a.seat)}` });
    }
    return out;
  }

  /** "red mat, column 3, row 2 · a face-down card · battle with Bot 2" for an end cell. */
  moveLabel(cell, hint, me) {
    const bits = [this.where(cell)];
    if (me && cell === me.start) bits.push(me.goal ? "your START: home with the dung, you win!" : "your START");
    if (hint) {
      if (hint.card === null) bits.push("a face-down Hex card");
      else if (hint.card) bits.push(`${cardName(hint.card)} (known)`);
      const view = this.snap.view;
      const fighters = (hint.beetles || []).filter((s) => view.seats[s]?.dung?.length && !view.seats[s]?.shield);
      if (fighters.length) bits.push(`battle with ${listWords(fighters.map((s) => this.name(s)))}`);
      else if (hint.beetles?.length) bits.push(`${listWords(hint.beetles.map((s) => this.name(s)))} there`);
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
      hint.textContent = who.length ? `Waiting for ${listWords(who)}: ${view.phase_text}.` : "Waiting…";
      document.getElementById("hand-h").textContent = "Your beetle";
      return;
    }
    document.getElementById("hand-h").textContent = "Your move";
    if (this.page.busy) {
      hint.textContent = "Sending your move…";
      return;
    }
    const phase = view.phase;
    const add = (text, action, extra = {}) => {
      const b = button(text, { "data-action": JSON.stringify(action), class: "btn btn-small", ...extra });
      box.append(b);
      return b;
    };
    if (phase === "roll") {
      const active = view.dash ? [] : view.active || [];
      const two = active.includes("FRUIT");
      const notes = [];
      if (view.dash) notes.push("DASH: an extra turn with a single die");
      if (active.includes("SURGE")) notes.push("SURGE: +2");
      if (active.includes("BLOCK")) notes.push("BLOCK: −1");
      if (active.includes("ROCK") || active.includes("MEAN")) notes.push(`${active.includes("MEAN") ? "MEAN" : "ROCK"}: this move goes perpendicular, straight along your column`);
      hint.textContent = `Your turn: roll ${two ? "two dice (FRUIT)" : "your die"}${notes.length ? `. ${notes.join("; ")}.` : "."}`;
      add(two ? "Roll two dice" : "Roll the die", { type: "roll" }, { class: "btn hx-roll", "data-key": "roll" });
      return;
    }
    if (phase === "move") {
      const moves = legal.filter((a) => a.type === "move");
      const how = view.mode === "perpendicular" ? `exactly ${plural(view.steps, "cell")} straight along your column (towards the centre or the edge)` : `exactly ${plural(view.steps, "step")} ${directionWords(me.direction)}`;
      hint.textContent = `You rolled ${(view.dice || []).join(" + ")}: move ${how}. ${moves.length === 1 ? "Tap the lit cell." : `Tap one of the ${moves.length} lit cells.`}`;
      const hints = new Map((view.hints || []).map((x) => [x.cell, x]));
      const notable = moves.filter((a) => {
        const x = hints.get(a.cell);
        return a.cell === me.start || (x && (x.card !== "" || x.beetles?.length));
      });
      // The cells worth a look get a button (all of them when there are only a few).
      for (const a of (moves.length <= SOME ? moves : notable).slice(0, FEW)) {
        add(this.moveButton(a.cell, hints.get(a.cell), me), a, { class: "btn btn-small btn-secondary", "data-cell": a.cell, title: `Move to ${this.moveLabel(a.cell, hints.get(a.cell), me)}` });
      }
      return;
    }
    const choice = view.choice || {};
    if (phase === "target") {
      hint.textContent = `${CHOICE_TITLE[choice.for] || `${choice.for}: choose a player`} (click a beetle or a name).`;
      for (const a of legal) add(this.seatText(view, a.seat), a, { class: "btn btn-small hx-seat-btn", style: `--seat:${view.seats[a.seat].colour}` });
    } else if (phase === "give") {
      hint.textContent = "GIVE: choose the card you give and the player who gets it.";
      for (const a of legal) add(`${cardName(a.card)} → ${this.name(a.seat)}`, a, { class: "btn btn-small hx-seat-btn", style: `--seat:${view.seats[a.seat].colour}` });
    } else if (phase === "mud") {
      hint.textContent = "MUD: choose the card you drop on this space.";
      for (const a of legal) add(`Drop ${cardName(a.card)}`, a);
    } else if (phase === "morph" || phase === "peek") {
      const n = legal.length;
      hint.textContent = phase === "morph"
        ? `MORPH: tap ${n === 1 ? "the lit card" : `one of the ${n} lit cards`} to swap with; you then follow the card that arrives here.`
        : `PEEK: tap ${n === 1 ? "the lit card" : `one of the ${n} lit cards`} (nobody knows them yet); everyone sees it, it stays in place.`;
      if (n <= FEW) for (const a of legal) add(this.where(a.cell), a, { class: "btn btn-small btn-secondary", "data-cell": a.cell });
    } else if (phase === "odour") {
      hint.textContent = "ODOUR: two cards are just as near; choose the one you follow.";
      for (const a of legal) {
        const known = (view.cards || []).find((c) => c.cell === a.cell)?.card;
        add(`${this.where(a.cell)}${known ? ` (${cardName(known)})` : ""}`, a, { class: "btn btn-small btn-secondary", "data-cell": a.cell });
      }
    } else if (phase === "battle") {
      const foes = listWords((choice.defenders || []).map((s) => this.name(s)));
      hint.textContent = `Battle with ${foes}: roll the dice (a strictly higher roll wins), or spend a SWIPE to take a dung card for sure.`;
      for (const a of legal) {
        if (a.type === "fight") add("Fight: roll the dice", a, { class: "btn hx-roll" });
        else add(`Spend SWIPE on ${this.name(a.seat)}`, a, { class: "btn btn-small hx-seat-btn", style: `--seat:${view.seats[a.seat].colour}` });
      }
    } else if (phase === "take") {
      hint.textContent = "You won the battle: choose the dung card you take.";
      for (const a of legal) add(`Take ${cardName(a.card)} from ${this.name(a.seat)}`, a, { class: "btn btn-small hx-seat-btn", style: `--seat:${view.seats[a.seat].colour}` });
    } else {
      hint.textContent = view.phase_text || "";
      for (const a of legal) add(a.type, a);
    }
  }

  /** A move button's words: what is there first, then where ("TRAP · yellow 3·2"). */
  moveButton(cell, hint, me) {
    if (me && cell === me.start) return me.goal ? "⌂ Home: win!" : "⌂ Your START";
    const c = this.data.board.cells[cell];
    const bits = [];
    if (hint?.beetles?.length) bits.push(`⚔ ${listWords(hint.beetles.map((s) => this.name(s)))}`);
    if (hint?.card === null) bits.push("face-down card");
    else if (hint?.card) bits.push(cardName(hint.card));
    bits.push(`${this.data.colours[c.mat].name} mat, column ${c.column + 1}, row ${c.depth + 1}`);
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
    sw.style.background = me.colour;
    const line = h("div", { class: "hx-me-line" }, sw, h("span", {}, h("strong", { text: `${me.colour_name} beetle` }), ` ${me.direction === "cw" ? "↻" : "↺"} ${directionWords(me.direction)}; your mat is at the bottom`));
    const carried = h("div", { class: "hx-me-line" }, "Dung: ");
    if (me.dung.length) for (const d of me.dung) carried.append(dungChip(d), " ");
    else carried.append(h("span", { class: "muted", text: "none yet" }));
    if (me.swipes.length) carried.append(` · ${plural(me.swipes.length, "SWIPE card")}`);
    const effects = effectsOf(me);
    if (effects.length) {
      carried.append(" · ");
      for (const e of effects) carried.append(effectBadge(e, (t) => this.showHelp(t)), " ");
    }
    const quick = view.options?.length === "quick";
    const goal = h("div", { class: "hx-me-line" });
    goal.append(me.goal
      ? h("strong", { class: "hx-goal-met", text: "⌂ You carry the dung to win: get back to your START!" })
      : quick ? "Goal: find any dung and bring it back to your START." : `Goal: bring ${me.colour_name} dung, or dung of two other colours, back to your START.`);
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

// window.hexagora = {page, table}: for the browser tests and curious players at the console.
startMatchPage({ render, describe }, { table });
