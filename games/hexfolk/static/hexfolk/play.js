// The Hexfolk table: the island, the player's controls, hand, development cards and trades.
//
// Everything the player may do comes from the snapshot's legal_actions (engine/actions.py):
// build buttons light up the legal places on the island; the robber's hexes, the steal
// victims, the discard, the card choices and the trade answers are all built from that list.
// Two families arrive as templates and are composed here: `discard` (any cards adding up to
// its count) and `offer_trade` / `counter_trade` (any give/get/to).

import { MatchPage } from "../js/match.js";
import { HexfolkBoard, hexName, seatColour, seatColourName } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar } from "./dice.js";
import { renderSummary } from "./summary.js";
import { COSTS, DEV_CARDS, DEV_HELP, DEV_LABEL, PHASE_LABEL, RESOURCES, RESOURCE_LABEL, cardsText, plural } from "./words.js";

const GET_MAX = 9; // most cards one may ask for of one resource in an offer
// Moves made while other seats act too (discards after a 7, answers to an offer): when
// another seat's move makes ours stale, it is sent again if what it was based on (our hand
// and debt, or the offer and our answer to it) is unchanged, up to STALE_RETRIES times.
const RETRY_ON_STALE = new Set(["discard", "accept_trade", "decline_trade", "counter_trade"]);
const STALE_RETRIES = 3;
const MOVED_ON = "Another player acted first and the table changed: look again and choose.";
const BUILD_MODES = { road: "build_road", settlement: "build_settlement", city: "build_city" };

function h(tag, attrs = {}, ...children) {
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

function button(text, attrs = {}) {
  return h("button", { type: "button", class: "btn btn-small", ...attrs, text });
}

function sum(cards) {
  return RESOURCES.reduce((a, r) => a + (cards[r] || 0), 0);
}

function nonzero(cards) {
  const out = {};
  for (const r of RESOURCES) if (cards[r]) out[r] = cards[r];
  return out;
}

function costText(cost) {
  return RESOURCES.filter((r) => cost[r]).map((r) => `${cost[r]} ${RESOURCE_LABEL[r]}`).join(" + ");
}

function resourceChip(r, n = null) {
  const chip = h("span", { class: `hf-chip hf-res-${r}` }, n === null ? RESOURCE_LABEL[r] : `${n} ${RESOURCE_LABEL[r]}`);
  return chip;
}

function cardsChips(cards, empty = "nothing") {
  const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => resourceChip(r, cards[r]));
  if (!parts.length) return h("span", { class: "muted", text: empty });
  return h("span", { class: "hf-chips" }, ...parts);
}

class HexfolkTable {
  constructor() {
    this.page = null;
    this.mode = null; // "road" | "settlement" | "city" while choosing where to build
    this.prompt = null; // {kind: "steal", hex} | {kind: "year_of_plenty"} | {kind: "monopoly"}
    this.offer = { give: {}, get: {}, to: null };
    this.counter = null; // {give, get} while composing a counter-offer
    this.discard = null; // {key, cards}
    this.bank = { give: "", get: "" };
    this.yop = ["", ""];
    this.lastKey = "";
    this.board = new HexfolkBoard(document.getElementById("board"), { onPick: (t) => this.pick(t) });
    for (const id of ["hf-actions", "hf-prompt", "hf-devs", "hf-trade-body"]) {
      document.getElementById(id)?.addEventListener("click", (e) => this.click(e));
      document.getElementById(id)?.addEventListener("change", (e) => this.change(e));
    }
    document.getElementById("zoom-board")?.addEventListener("click", (e) => {
      const on = document.querySelector(".board-wrap").classList.toggle("zoomed");
      e.currentTarget.setAttribute("aria-pressed", String(on));
    });
    this.renderCosts();
  }

  // ------------------------------------------------------------------ MatchPage hooks
  colourOf(snap, seat) {
    return seatColour(seat);
  }

  colourName(snap, seat) {
    return seatColourName(seat);
  }

  seatExtra(snap, seat) {
    const p = snap.view?.players?.[seat];
    if (!p) return "";
    const bits = [plural(p.resource_count, "card"), `${p.dev_card_count} dev`];
    const points = p.points ?? p.visible_points;
    bits.push(`${points} point${points === 1 ? "" : "s"}`);
    if (p.knights_played) bits.push(plural(p.knights_played, "knight"));
    bits.push(`road ${p.road_length}`);
    if (p.longest_road) bits.push("Longest Road");
    if (p.largest_army) bits.push("Largest Army");
    if (p.discard_owed) bits.push(`must discard ${p.discard_owed}`);
    return bits.join(" · ");
  }

  turnText(snap, page) {
    const v = snap.view;
    if (!v) return undefined;
    const who = v.turn === page.mySeat ? "your" : `${page.names[v.turn]}'s`;
    const turn = v.turn_number ? `Turn ${v.turn_number}` : "Initial placement";
    return `${turn} · ${who} turn · ${PHASE_LABEL[v.phase] || v.phase}`;
  }

  describe(events, ctx) {
    return describeEvents(events, ctx);
  }

  // ------------------------------------------------------------------ reads
  get snap() {
    return this.page.snapshot;
  }

  get view() {
    return this.snap.view || {};
  }

  /** The legal actions while this seat may act (none while a move is on its way). */
  legal() {
    return this.page.myTurn ? this.snap.legal_actions || [] : [];
  }

  has(type) {
    return this.legal().some((a) => a.type === type);
  }

  of(type) {
    return this.legal().filter((a) => a.type === type);
  }

  name(seat) {
    if (seat === this.page.mySeat) return "you";
    return this.page.names[seat] || `Seat ${seat + 1}`;
  }

  // ------------------------------------------------------------------ input
  submit(action, tries = 0) {
    this.mode = null;
    this.prompt = null;
    this.lastAction = action; // for the browser tests and the console
    this.submits = (this.submits || 0) + 1;
    this.sent = RETRY_ON_STALE.has(action.type)
      ? { action, tries, guard: this.guard(action.type), at: this.snap.version }
      : null;
    this.page.submit(action);
  }

  /** What a parallel move is based on: our debt and hand, or the offer and our answer. */
  guard(type) {
    const v = this.view;
    const me = this.page.mySeat;
    if (type === "discard") return JSON.stringify([v.players?.[me]?.discard_owed, v.hand]);
    const t = v.trade;
    return JSON.stringify(t ? [t.seat, t.give, t.get, t.to, t.answers[String(me)]] : null);
  }

  /** MatchPage hook: a stale parallel move is retried (see RETRY_ON_STALE). */
  onError(code) {
    if (!code) return false; // the page's own notes ("still on its way") concern no answer
    const sent = this.sent;
    this.sent = null;
    if (code !== "stale_version" || !sent || sent.tries >= STALE_RETRIES) return false;
    // Decided by render() once the page shows a state newer than the one the move was based
    // on: maybe already (another seat's move came first), else after the client's sync.
    this.retry = { ...sent, submits: this.submits };
    return true;
  }

  retryStale(snap, legal) {
    const r = this.retry;
    if (!r || r.due || snap.version <= r.at) return;
    r.due = true;
    const still = legal.some((a) => a.type === r.action.type) && this.guard(r.action.type) === r.guard;
    // Outside this render (submitting renders the page again), and only if the player has
    // not made another move meanwhile. `retry` stays set until then (the tests wait on it).
    setTimeout(() => {
      this.retry = null;
      if (this.submits !== r.submits || this.page.busy) return;
      if (still) this.submit(r.action, r.tries + 1);
      else this.page.error(MOVED_ON);
    }, 0);
  }

  pick(t) {
    if (t.action) {
      this.submit(t.action);
      return;
    }
    if (t.kind === "hex") {
      const moves = this.of("move_robber").filter((a) => a.hex === t.hex);
      if (moves.length === 1) this.submit(moves[0]);
      else if (moves.length > 1) {
        this.prompt = { kind: "steal", hex: t.hex };
        this.page.render();
        document.querySelector("#hf-prompt button")?.focus();
      }
    }
  }

  click(e) {
    const b = e.target.closest("button[data-act]");
    if (!b || b.disabled) return;
    const act = b.dataset.act;
    const res = b.dataset.res;
    const view = this.view;
    switch (act) {
      case "roll":
      case "buy_dev":
      case "end_turn":
      case "pass":
      case "withdraw_trade":
      case "accept_trade":
      case "decline_trade":
      case "play_knight":
      case "play_road_building":
        this.submit({ type: act });
        return;
      case "mode":
        this.mode = this.mode === b.dataset.mode ? null : b.dataset.mode;
        this.prompt = null;
        break;
      case "steal":
        this.submit({ type: "move_robber", hex: this.prompt.hex, victim: b.dataset.victim === "" ? null : Number(b.dataset.victim) });
        return;
      case "cancel":
        this.prompt = null;
        this.counter = null;
        break;
      case "play_year_of_plenty":
        this.prompt = this.prompt?.kind === "year_of_plenty" ? null : { kind: "year_of_plenty" };
        break;
      case "play_monopoly":
        this.prompt = this.prompt?.kind === "monopoly" ? null : { kind: "monopoly" };
        break;
      case "monopoly":
        this.submit({ type: "play_monopoly", resource: res });
        return;
      case "yop": {
        const pick = this.yopChoice();
        if (pick) this.submit(pick);
        return;
      }
      case "step": {
        const target = this.stepTarget(b.dataset.box);
        if (!target) return;
        const side = target[b.dataset.side];
        const other = b.dataset.side === "give" ? "get" : "give";
        side[res] = Math.max(0, (side[res] || 0) + Number(b.dataset.by));
        if (side[res] > 0 && b.dataset.box !== "discard" && target[other]) target[other][res] = 0; // never both sides
        break;
      }
      case "discard":
        this.submit({ type: "discard", cards: nonzero(this.discard.cards) });
        return;
      case "offer": {
        const to = this.offerTargets();
        this.submit({ type: "offer_trade", give: nonzero(this.offer.give), get: nonzero(this.offer.get), to });
        this.offer = { give: {}, get: {}, to: this.offer.to };
        return;
      }
      case "counter":
        this.counter = this.counter ? null : this.counterTemplate();
        break;
      case "send_counter":
        this.submit({ type: "counter_trade", give: nonzero(this.counter.give), get: nonzero(this.counter.get) });
        this.counter = null;
        return;
      case "confirm":
        this.submit({ type: "confirm_trade", with: Number(b.dataset.seat) });
        return;
      case "bank": {
        const [give, rate] = this.bank.give.split(":");
        this.submit({ type: "bank_trade", give, get: this.bank.get, rate: Number(rate) });
        return;
      }
      case "clear_offer":
        this.offer = { give: {}, get: {}, to: this.offer.to };
        break;
      default:
        return;
    }
    this.page.render();
  }

  change(e) {
    const t = e.target;
    if (t.name === "hf-to") {
      const seat = Number(t.value);
      const to = new Set(this.offerTargets());
      if (t.checked) to.add(seat);
      else to.delete(seat);
      this.offer.to = [...to].sort((a, b) => a - b);
    } else if (t.id === "hf-bank-give") {
      this.bank.give = t.value;
    } else if (t.id === "hf-bank-get") {
      this.bank.get = t.value;
    } else if (t.id === "hf-yop-0" || t.id === "hf-yop-1") {
      this.yop[Number(t.id.slice(-1))] = t.value;
    } else {
      return;
    }
    this.page.render();
  }

  stepTarget(box) {
    if (box === "offer") return this.offer;
    if (box === "counter") return this.counter;
    if (box === "discard") return this.discard ? { give: this.discard.cards } : null;
    return null;
  }

  offerTargets() {
    const others = this.view.players.map((p) => p.seat).filter((s) => s !== this.page.mySeat);
    if (!this.offer.to) return others;
    return this.offer.to.filter((s) => others.includes(s));
  }

  counterTemplate() {
    // My side of the open offer, swapped: I give what was asked, I get what was offered.
    const t = this.view.trade;
    return { give: { ...(t?.get || {}) }, get: { ...(t?.give || {}) } };
  }

  yopChoice() {
    const [a, b] = this.yop;
    const want = [a, b].filter(Boolean).sort();
    return this.of("play_year_of_plenty").find((x) => [...x.resources].sort().join() === want.join()) || null;
  }

  // ------------------------------------------------------------------ render
  render(snap, page) {
    this.page = page;
    const view = snap.view || {};
    if (!view.board) return;
    const legal = this.legal();
    const key = `${snap.version}`;
    if (key !== this.lastKey) {
      // A new state: drop choices that belonged to the old one.
      this.lastKey = key;
      if (!legal.some((a) => a.type === BUILD_MODES[this.mode])) this.mode = null;
      if (this.prompt?.kind === "steal" && !legal.some((a) => a.type === "move_robber")) this.prompt = null;
      if (this.prompt && this.prompt.kind !== "steal" && !legal.some((a) => a.type === `play_${this.prompt.kind}`)) this.prompt = null;
      if (!view.trade) this.counter = null;
    }
    this.retryStale(snap, legal);
    this.board.render(view, { targets: this.targets(view, legal), names: page.names, recent: this.recent(snap) });
    renderBar(view, page.names, page.mySeat, { withTurn: false });
    this.renderSummary(snap, page);
    if (!document.getElementById("hand-panel")) return;
    const focus = document.activeElement?.dataset?.key;
    this.renderHint(view, legal);
    this.renderPrompt(view, legal);
    this.renderActions(view, legal);
    this.renderHand(view);
    this.renderDevs(view, legal);
    this.renderTrade(view, legal);
    if (focus) document.querySelector(`[data-key="${CSS.escape(focus)}"]`)?.focus();
  }

  recent(snap) {
    const nodes = new Set();
    const edges = new Set();
    for (const ev of snap.events || []) {
      if (ev.type !== "built") continue;
      if (ev.edge) edges.add(`${ev.edge[0]}-${ev.edge[1]}`);
      else nodes.add(ev.node);
    }
    return { nodes, edges };
  }

  targets(view, legal) {
    const L = this.board.layoutFor(view);
    const phase = view.phase;
    let type = null;
    if (phase === "setup_settlement") type = "build_settlement";
    else if (phase === "setup_road" || phase === "road_building") type = "build_road";
    else if (this.mode) type = BUILD_MODES[this.mode];
    const out = [];
    if (type) {
      for (const a of legal.filter((x) => x.type === type)) {
        if (a.edge) {
          out.push({ kind: "edge", edge: a.edge, key: `e:${a.edge[0]}-${a.edge[1]}`, action: a, label: `Build a road at ${L.edgePlace(a.edge)}` });
        } else {
          const what = type === "build_city" ? "Upgrade to a city" : "Build a settlement";
          out.push({ kind: "node", node: a.node, key: `n:${a.node}`, action: a, label: `${what} at ${L.nodePlace(a.node)}` });
        }
      }
    }
    if (phase === "robber") {
      const seen = new Set();
      for (const a of legal.filter((x) => x.type === "move_robber")) {
        if (seen.has(a.hex)) continue;
        seen.add(a.hex);
        out.push({ kind: "hex", hex: a.hex, key: `h:${a.hex}`, label: `Move the robber to ${hexName(view.board.hexes[a.hex])}` });
      }
    }
    return out;
  }

  renderSummary(snap, page) {
    const panel = document.getElementById("hf-summary");
    if (!panel) return;
    const over = snap.view?.phase === "over";
    panel.hidden = !over;
    if (over && this.summaryVersion !== snap.version) {
      this.summaryVersion = snap.version;
      renderSummary(document.getElementById("hf-summary-body"), snap.view, page.names);
    }
  }

  renderHint(view, legal) {
    const node = document.getElementById("hand-hint");
    const me = this.page.mySeat;
    let text = "";
    const turnOf = this.name(view.current);
    if (this.snap.status !== "active") text = "";
    else if (this.page.busy) text = "Sending your move…";
    else if (!legal.length) {
      if (view.phase === "discard") text = "Waiting for the others to discard.";
      else if (view.phase === "trade" && view.trade && view.current !== me) text = `Waiting for ${turnOf} to choose a trade partner.`;
      else text = `Wait for your turn: it is ${turnOf}'s ${view.turn_number ? "turn" : "placement"}.`;
    } else if (view.phase === "setup_settlement") text = "Place a settlement: click a highlighted intersection on the island.";
    else if (view.phase === "setup_road") text = "Place a road touching your new settlement: click a highlighted edge.";
    else if (view.phase === "pre_roll") text = "Roll the dice (or play a development card first).";
    else if (view.phase === "discard") text = `You hold more than ${view.options.discard_limit} cards after the 7: choose the cards to discard.`;
    else if (view.phase === "robber") text = "Move the robber: click a highlighted hex.";
    else if (view.phase === "road_building") text = `Place your free road${view.free_roads === 1 ? "" : "s"} (${view.free_roads} left): click a highlighted edge.`;
    else if (view.phase === "special_build") text = "Special building phase: build or buy a development card, or pass.";
    else if (view.phase === "trade") text = view.current === me ? "Your offer is open: confirm it with a player, withdraw it, or end the turn." : "Answer the trade offer below.";
    else if (this.mode) text = `Click a highlighted place to build a ${this.mode}, or click the button again to stop.`;
    else text = "Trade, build, buy or play a card, then end your turn.";
    node.textContent = text;
  }

  renderPrompt(view, legal) {
    const box = document.getElementById("hf-prompt");
    box.replaceChildren();
    const discard = legal.find((a) => a.type === "discard");
    if (discard) {
      const key = `${this.snap.version}:${discard.count}`;
      if (this.discard?.key !== key) this.discard = { key, cards: { ...discard.cards } };
      box.append(this.discardBox(view, discard.count));
    } else if (this.prompt?.kind === "steal") {
      const moves = legal.filter((a) => a.type === "move_robber" && a.hex === this.prompt.hex);
      box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: `Robber to ${hexName(view.board.hexes[this.prompt.hex])}: steal from whom?` }));
      const row = h("div", { class: "btn-row" });
      for (const m of moves) {
        const label = m.victim === null ? "Nobody" : `${this.name(m.victim)} (${plural(view.players[m.victim].resource_count, "card")})`;
        row.append(button(label, { "data-act": "steal", "data-victim": m.victim === null ? "" : m.victim, "data-key": `steal-${m.victim}` }));
      }
      row.append(button("Another hex", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
      box.append(row);
    } else if (this.prompt?.kind === "year_of_plenty") {
      box.append(this.yopBox(legal));
    } else if (this.prompt?.kind === "monopoly") {
      box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: "Monopoly: which resource do you take from everyone?" }));
      const row = h("div", { class: "btn-row" });
      for (const r of RESOURCES) row.append(button(RESOURCE_LABEL[r], { class: `btn btn-small hf-res-btn hf-res-${r}`, "data-act": "monopoly", "data-res": r, "data-key": `mono-${r}` }));
      row.append(button("Cancel", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
      box.append(row);
    }
    box.hidden = !box.childElementCount;
  }

  discardBox(view, count) {
    const hand = view.hand || {};
    const chosen = sum(this.discard.cards);
    const wrap = h("div", { class: "hf-dialog", role: "dialog", "aria-labelledby": "hf-prompt-h" });
    wrap.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: `Discard ${plural(count, "card")}` }));
    wrap.append(h("p", { class: "small", text: `A 7 was rolled and you hold ${sum(hand)} cards: give up exactly ${count}, your choice.` }));
    const grid = h("div", { class: "hf-steppers" });
    for (const r of RESOURCES) {
      grid.append(this.stepper("discard", "give", r, this.discard.cards[r] || 0, hand[r] || 0, `of ${hand[r] || 0}`));
    }
    wrap.append(grid);
    const ok = button(`Discard ${count}`, { "data-act": "discard", "data-key": "discard-go", id: "hf-discard-go" });
    ok.disabled = chosen !== count;
    wrap.append(h("div", { class: "btn-row" }, ok, h("span", { class: "small", text: `${chosen} of ${count} chosen` })));
    return wrap;
  }

  yopBox(legal) {
    const wrap = h("div");
    wrap.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: "Year of plenty: take 2 cards from the bank" }));
    const plays = legal.filter((a) => a.type === "play_year_of_plenty");
    const firsts = new Set(plays.flatMap((a) => a.resources));
    const row = h("div", { class: "btn-row" });
    for (const i of [0, 1]) {
      const sel = h("select", { id: `hf-yop-${i}`, "aria-label": `Card ${i + 1}`, "data-key": `yop-${i}` });
      sel.append(h("option", { value: "", text: i === 0 ? "First card…" : "Second card…" }));
      for (const r of RESOURCES) {
        if (!firsts.has(r)) continue;
        sel.append(h("option", { value: r, text: RESOURCE_LABEL[r], selected: this.yop[i] === r }));
      }
      row.append(sel);
    }
    const take = plays[0]?.resources.length || 2;
    const ok = button("Take them", { "data-act": "yop", "data-key": "yop-go" });
    const pick = this.yopChoice();
    ok.disabled = !pick || pick.resources.length !== take;
    row.append(ok, button("Cancel", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
    wrap.append(row);
    if (take === 1) wrap.append(h("p", { class: "small", text: "The bank holds only one card: choose it as the first card." }));
    return wrap;
  }

  stepper(box, side, r, value, max, note = "") {
    const label = `${RESOURCE_LABEL[r]}`;
    const cell = h("div", { class: "hf-stepper" });
    cell.append(resourceChip(r));
    const minus = button("−", { class: "btn btn-small btn-secondary hf-step", "data-act": "step", "data-box": box, "data-side": side, "data-res": r, "data-by": -1, "aria-label": `One ${label} less`, "data-key": `${box}-${side}-${r}-dec` });
    minus.disabled = value <= 0;
    const plus = button("+", { class: "btn btn-small btn-secondary hf-step", "data-act": "step", "data-box": box, "data-side": side, "data-res": r, "data-by": 1, "aria-label": `One ${label} more`, "data-key": `${box}-${side}-${r}-inc` });
    plus.disabled = value >= max;
    cell.append(minus, h("output", { class: "hf-step-value", "aria-label": `${label} chosen`, text: String(value) }), plus);
    if (note) cell.append(h("span", { class: "small muted", text: note }));
    return cell;
  }

  renderActions(view, legal) {
    const bar = document.getElementById("hf-actions");
    bar.replaceChildren();
    const me = this.page.mySeat;
    const active = this.snap.status === "active";
    if (!active) return;
    const phase = view.phase;
    const mine = view.current === me || view.special_build_seat === me;
    if (!mine && !legal.length) return;
    const add = (text, act, enabled, extra = {}) => {
      const b = button(text, { "data-act": act, "data-key": `act-${act}-${extra["data-mode"] || ""}`, ...extra });
      b.disabled = !enabled;
      bar.append(b);
      return b;
    };
    if (phase === "pre_roll" && view.current === me) add("Roll the dice", "roll", this.has("roll"), { class: "btn hf-roll" });
    const building = phase === "main" || phase === "special_build";
    if (building && mine) {
      for (const [mode, cost] of [["road", COSTS[0][1]], ["settlement", COSTS[1][1]], ["city", COSTS[2][1]]]) {
        const can = this.has(BUILD_MODES[mode]);
        const b = add(`Build ${mode}`, "mode", can, { "data-mode": mode, "aria-pressed": String(this.mode === mode), class: `btn btn-small${this.mode === mode ? "" : " btn-secondary"}` });
        b.title = can ? `Costs ${costText(cost)}` : `Needs ${costText(cost)} and a legal place`;
      }
      const buy = add("Buy development card", "buy_dev", this.has("buy_dev"), { class: "btn btn-small btn-secondary" });
      buy.title = `Costs ${costText(COSTS[3][1])}`;
    }
    if (this.has("pass")) add("Pass", "pass", true);
    if ((phase === "main" || phase === "trade") && view.current === me) add("End turn", "end_turn", this.has("end_turn"), { class: "btn btn-small hf-end" });
  }

  renderHand(view) {
    const hand = view.hand || {};
    const node = document.getElementById("hf-hand");
    node.replaceChildren();
    for (const r of RESOURCES) {
      const n = hand[r] || 0;
      const card = h("div", { class: `hf-card hf-res-${r}${n ? "" : " hf-empty"}`, role: "img", "aria-label": `${n} ${RESOURCE_LABEL[r]}` });
      card.append(h("span", { class: "hf-card-count", text: String(n) }), h("span", { class: "hf-card-name", text: RESOURCE_LABEL[r] }));
      node.append(card);
    }
    document.getElementById("hf-hand-total").textContent = `(${plural(sum(hand), "card")})`;
  }

  renderDevs(view, legal) {
    const node = document.getElementById("hf-devs");
    node.replaceChildren();
    const cards = view.dev_cards || {};
    const fresh = view.dev_cards_new || {};
    let any = false;
    for (const c of DEV_CARDS) {
      const n = cards[c] || 0;
      if (!n) continue;
      any = true;
      const row = h("div", { class: "hf-dev", title: DEV_HELP[c] });
      row.append(h("span", { class: "hf-dev-name", text: `${DEV_LABEL[c]} ×${n}` }));
      if (fresh[c]) row.append(h("span", { class: "hf-badge", text: `${fresh[c]} new: playable from your next turn` }));
      if (c === "victory_point") row.append(h("span", { class: "small muted", text: "counts for you, hidden from the others" }));
      else {
        const act = `play_${c}`;
        const b = button("Play", { "data-act": act, "data-key": `dev-${c}`, "aria-label": `Play ${DEV_LABEL[c]}` });
        b.disabled = !legal.some((a) => a.type === act);
        row.append(b);
      }
      node.append(row);
    }
    if (!any) node.append(h("p", { class: "small muted", text: "None yet. Buy one for 1 wool + 1 grain + 1 ore." }));
  }

  // ------------------------------------------------------------------ trade
  renderTrade(view, legal) {
    const panel = document.getElementById("hf-trade");
    const body = document.getElementById("hf-trade-body");
    const me = this.page.mySeat;
    body.replaceChildren();
    const myTurn = view.current === me && this.snap.status === "active";
    const show = view.trade || (myTurn && (view.phase === "main" || view.phase === "pre_roll"));
    panel.hidden = !show;
    if (!show) return;
    if (view.trade) {
      body.append(this.openTrade(view, legal));
      return;
    }
    body.append(this.rates(view));
    if (view.phase === "pre_roll") {
      body.append(h("p", { class: "small muted", text: "Trading opens after the roll." }));
      return;
    }
    body.append(this.composeOffer(view, legal));
    body.append(this.bankBox(view, legal));
  }

  rates(view) {
    const rates = view.trade_rates || {};
    const p = h("p", { class: "small hf-rates" }, "Your bank rates: ");
    RESOURCES.forEach((r, i) => {
      const best = (rates[r] || [4]).slice(-1)[0];
      p.append(resourceChip(r), ` ${best}:1${i < RESOURCES.length - 1 ? " " : ""}`);
    });
    return p;
  }

  composeOffer(view, legal) {
    const wrap = h("div", { class: "hf-compose" });
    wrap.append(h("h3", { class: "hf-sub", text: "Offer to players" }));
    const hand = view.hand || {};
    const grid = h("div", { class: "hf-offer-grid" });
    grid.append(h("span", { class: "small muted", text: "" }), h("span", { class: "small muted", text: "You give" }), h("span", { class: "small muted", text: "You get" }));
    for (const r of RESOURCES) {
      grid.append(resourceChip(r));
      grid.append(this.stepperBare("offer", "give", r, this.offer.give[r] || 0, hand[r] || 0));
      grid.append(this.stepperBare("offer", "get", r, this.offer.get[r] || 0, GET_MAX));
    }
    wrap.append(grid);
    const to = new Set(this.offerTargets());
    const who = h("fieldset", { class: "hf-to" }, h("legend", { class: "small", text: "To" }));
    for (const p of view.players) {
      if (p.seat === this.page.mySeat) continue;
      const id = `hf-to-${p.seat}`;
      who.append(h("label", { for: id, class: "hf-to-label" },
        h("input", { type: "checkbox", id, name: "hf-to", value: p.seat, checked: to.has(p.seat), "data-key": id }),
        ` ${this.page.names[p.seat]} (${plural(p.resource_count, "card")})`));
    }
    wrap.append(who);
    const canOffer = legal.some((a) => a.type === "offer_trade");
    const empty = !sum(this.offer.give) && !sum(this.offer.get);
    const label = empty ? "Make an offer" : `Offer ${cardsText(this.offer.give)} for ${cardsText(this.offer.get)}`;
    const ok = button(label, { "data-act": "offer", "data-key": "offer-go", id: "hf-offer-go" });
    ok.disabled = !canOffer || empty || !to.size;
    const clear = button("Clear", { class: "btn btn-small btn-secondary", "data-act": "clear_offer" });
    clear.disabled = empty;
    wrap.append(h("div", { class: "btn-row" }, ok, clear));
    return wrap;
  }

  stepperBare(box, side, r, value, max) {
    const label = `${RESOURCE_LABEL[r]} you ${side}`;
    const cell = h("div", { class: "hf-stepper" });
    const minus = button("−", { class: "btn btn-small btn-secondary hf-step", "data-act": "step", "data-box": box, "data-side": side, "data-res": r, "data-by": -1, "aria-label": `One ${label} less`, "data-key": `${box}-${side}-${r}-dec` });
    minus.disabled = value <= 0;
    const plus = button("+", { class: "btn btn-small btn-secondary hf-step", "data-act": "step", "data-box": box, "data-side": side, "data-res": r, "data-by": 1, "aria-label": `One ${label} more`, "data-key": `${box}-${side}-${r}-inc` });
    plus.disabled = value >= max;
    cell.append(minus, h("output", { class: "hf-step-value", "aria-label": label, text: String(value) }), plus);
    return cell;
  }

  bankBox(view, legal) {
    const wrap = h("div", { class: "hf-bank" });
    wrap.append(h("h3", { class: "hf-sub", text: "Bank and harbors" }));
    const trades = legal.filter((a) => a.type === "bank_trade");
    if (!trades.length) {
      wrap.append(h("p", { class: "small muted", text: "You need 4 alike (3 at a generic harbor, 2 at a matching one) to trade with the bank." }));
      return wrap;
    }
    const gives = [...new Set(trades.map((a) => `${a.give}:${a.rate}`))];
    if (!gives.includes(this.bank.give)) this.bank.give = gives[0];
    const [g, rate] = this.bank.give.split(":");
    const gets = trades.filter((a) => a.give === g && a.rate === Number(rate)).map((a) => a.get);
    if (!gets.includes(this.bank.get)) this.bank.get = gets[0];
    const give = h("select", { id: "hf-bank-give", "aria-label": "Give", "data-key": "bank-give" });
    for (const k of gives) {
      const [r, n] = k.split(":");
      give.append(h("option", { value: k, text: `${n} ${RESOURCE_LABEL[r]} (${n}:1)`, selected: k === this.bank.give }));
    }
    const get = h("select", { id: "hf-bank-get", "aria-label": "Get", "data-key": "bank-get" });
    for (const r of gets) get.append(h("option", { value: r, text: `1 ${RESOURCE_LABEL[r]}`, selected: r === this.bank.get }));
    const ok = button("Trade with the bank", { "data-act": "bank", "data-key": "bank-go", id: "hf-bank-go" });
    wrap.append(h("div", { class: "btn-row" }, h("span", { class: "small", text: "Give" }), give, h("span", { class: "small", text: "for" }), get, ok));
    return wrap;
  }

  openTrade(view, legal) {
    const t = view.trade;
    const me = this.page.mySeat;
    const wrap = h("div", { class: "hf-open-trade" });
    const from = t.seat === me ? "You offer" : `${this.page.names[t.seat]} offers`;
    wrap.append(h("p", {}, `${from} `, cardsChips(t.give), " for ", cardsChips(t.get)));
    const list = h("ul", { class: "hf-answers" });
    for (const s of t.to) {
      const answer = t.answers[String(s)];
      const li = h("li", {}, h("span", {}, h("strong", { text: s === me ? "You" : this.page.names[s] }), `: ${answer}`));
      const counter = t.counters[String(s)];
      if (counter) li.append(" — gives ", cardsChips(counter.get), " for ", cardsChips(counter.give));
      if (t.seat === me) {
        const confirm = legal.find((a) => a.type === "confirm_trade" && a.with === s);
        if (confirm) li.append(" ", button(`Trade with ${this.page.names[s]}`, { "data-act": "confirm", "data-seat": s, "data-key": `confirm-${s}` }));
      }
      list.append(li);
    }
    wrap.append(list);
    if (t.seat === me) {
      const row = h("div", { class: "btn-row" });
      const w = button("Withdraw offer", { class: "btn btn-small btn-secondary", "data-act": "withdraw_trade", "data-key": "withdraw" });
      w.disabled = !legal.some((a) => a.type === "withdraw_trade");
      row.append(w);
      wrap.append(row);
      return wrap;
    }
    if (!legal.some((a) => a.type === "decline_trade")) {
      const mine = t.answers[String(me)];
      wrap.append(h("p", { class: "small muted", text: mine ? `You ${mine === "pending" ? "have not answered" : mine}.` : "This offer is not for you." }));
      return wrap;
    }
    const row = h("div", { class: "btn-row" });
    const accept = button("Accept", { "data-act": "accept_trade", "data-key": "accept" });
    accept.disabled = !legal.some((a) => a.type === "accept_trade");
    if (accept.disabled) accept.title = "You do not hold the cards asked for.";
    row.append(accept, button("Decline", { class: "btn btn-small btn-secondary", "data-act": "decline_trade", "data-key": "decline" }));
    const counterable = legal.some((a) => a.type === "counter_trade");
    const c = button(this.counter ? "Close counter-offer" : "Counter-offer…", { class: "btn btn-small btn-secondary", "data-act": "counter", "data-key": "counter" });
    c.disabled = !counterable;
    row.append(c);
    wrap.append(row);
    if (this.counter) {
      const hand = view.hand || {};
      const grid = h("div", { class: "hf-offer-grid" });
      grid.append(h("span", {}), h("span", { class: "small muted", text: "You give" }), h("span", { class: "small muted", text: "You get" }));
      for (const r of RESOURCES) {
        grid.append(resourceChip(r));
        grid.append(this.stepperBare("counter", "give", r, this.counter.give[r] || 0, hand[r] || 0));
        grid.append(this.stepperBare("counter", "get", r, this.counter.get[r] || 0, GET_MAX));
      }
      wrap.append(grid);
      const ok = button(`Counter: ${cardsText(this.counter.give)} for ${cardsText(this.counter.get)}`, { "data-act": "send_counter", "data-key": "counter-go" });
      ok.disabled = !sum(this.counter.give) && !sum(this.counter.get);
      wrap.append(h("div", { class: "btn-row" }, ok));
    }
    return wrap;
  }

  renderCosts() {
    const node = document.getElementById("hf-costs-body");
    if (!node) return;
    const list = h("dl", { class: "hf-cost-list" });
    for (const [name, cost, note] of COSTS) {
      list.append(h("dt", { text: name }), h("dd", {}, cardsChips(cost), h("span", { class: "small muted", text: ` ${note}` })));
    }
    node.replaceChildren(list);
  }
}

const table = new HexfolkTable();
const page = new MatchPage({ game: table });
page.start();
// For the browser tests and curious players at the console.
window.hexagora = { page, table };
