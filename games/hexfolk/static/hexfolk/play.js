// The Hexfolk table: the island, the player's controls, hand, development cards and trades.
//
// Everything the player may do comes from the snapshot's legal_actions (engine/actions.py):
// build buttons light up the legal places on the island; the robber's hexes, the steal
// victims, the discard, the card choices and the trade answers are all built from that list.
// Two families arrive as templates and are composed here: `discard` (any cards adding up to
// its count) and `offer_trade` / `counter_trade` (any give/get/to). The trade panel is drawn
// by trade.js, the hint and the prompts by prompts.js, a hint of the strong bot (js/hints.js)
// by hint.js. The play module of GameUI: exports render(snapshot, page), describe(events, ctx)
// and showHint(action); the shared page (js/match.js) draws the seats, the turn line, the log
// and the result. A move that other seats' moves made stale is refused like any other: the
// error box shows it and the client's sync brings the new state.

import { button, h } from "../js/dom.js";
import { startMatchPage } from "../js/match.js";
import { actionWords, stateWords } from "./access.js";
import { HexfolkBoard, hexName, recentBuilds } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar } from "./dice.js";
import { markHint, startHint } from "./hint.js";
import { renderHint, renderPrompt } from "./prompts.js";
import { renderSummary } from "./summary.js";
import { renderTrade } from "./trade.js";
import { cardsChips, costText, nonzero, resourceCards, sum } from "./widgets.js";
import { gettext, ngettext, pgettext } from "../js/i18n.js";
import { COSTS, DEV_CARDS, DEV_HELP, DEV_LABEL, cardCount, phaseText, seatSummary } from "./words.js";

const BUILD_MODES = { road: "build_road", settlement: "build_settlement", city: "build_city" };
const BUILD_LABEL = { road: () => gettext("Build road"), settlement: () => gettext("Build settlement"), city: () => gettext("Build city") };

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
    this.hinted = null; // {version, action}: the hint (js/hints.js) marked until the next move
    this.board = new HexfolkBoard(document.getElementById("board"), { onPick: (t) => this.pick(t) });
    for (const id of ["hf-actions", "hf-prompt", "hf-devs", "hf-trade-body"]) {
      document.getElementById(id)?.addEventListener("click", (e) => this.click(e));
      document.getElementById(id)?.addEventListener("change", (e) => this.change(e));
    }
    this.renderCosts();
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
    if (seat === this.page.mySeat) return gettext("you");
    return this.page.names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  }

  // ------------------------------------------------------------------ input
  /** Escape: a build mode, a card's prompt or a counter being made is let go (true if one was). */
  cancel() {
    if (!this.mode && !this.prompt && !this.counter) return false;
    this.mode = null;
    this.prompt = null;
    this.counter = null;
    this.page.render();
    return true;
  }

  submit(action) {
    this.mode = null;
    this.prompt = null;
    // A click on a button drawn for an older state (the new one arrived as it was clicked)
    // or while a move is on its way: nothing to send; the page shows the state as it is.
    if (!this.has(action.type)) {
      this.page.render();
      return;
    }
    this.lastAction = action; // for the browser tests and the console
    this.page.submit(action);
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
    if (this.sendFor(b.dataset.act, b)) return;
    if (this.editFor(b.dataset.act, b)) this.page.render();
  }

  /** A button that sends an action (`act`, the button's data-act): true when it was one. */
  sendFor(act, b) {
    const res = b.dataset.res;
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
        return true;
      case "steal":
        this.submit({ type: "move_robber", hex: this.prompt.hex, victim: b.dataset.victim === "" ? null : Number(b.dataset.victim) });
        return true;
      case "monopoly":
        this.submit({ type: "play_monopoly", resource: res });
        return true;
      case "yop": {
        const pick = this.yopChoice();
        if (pick) this.submit(pick);
        return true;
      }
      case "discard":
        this.submit({ type: "discard", cards: nonzero(this.discard.cards) });
        return true;
      case "offer":
        this.submit({ type: "offer_trade", give: nonzero(this.offer.give), get: nonzero(this.offer.get), to: this.offerTargets() });
        this.offer = { give: {}, get: {}, to: this.offer.to };
        return true;
      case "send_counter":
        this.submit({ type: "counter_trade", give: nonzero(this.counter.give), get: nonzero(this.counter.get) });
        this.counter = null;
        return true;
      case "confirm":
        this.submit({ type: "confirm_trade", with: Number(b.dataset.seat) });
        return true;
      case "bank": {
        const [give, rate] = this.bank.give.split(":");
        this.submit({ type: "bank_trade", give, get: this.bank.get, rate: Number(rate) });
        return true;
      }
      default:
        return false;
    }
  }

  /** A button that changes the panel (a build mode, a prompt, a trade's counts): true when the
   * page should be drawn again. */
  editFor(act, b) {
    switch (act) {
      case "mode":
        this.mode = this.mode === b.dataset.mode ? null : b.dataset.mode;
        this.prompt = null;
        return true;
      case "cancel":
        this.prompt = null;
        this.counter = null;
        return true;
      case "play_year_of_plenty":
        this.prompt = this.prompt?.kind === "year_of_plenty" ? null : { kind: "year_of_plenty" };
        return true;
      case "play_monopoly":
        this.prompt = this.prompt?.kind === "monopoly" ? null : { kind: "monopoly" };
        return true;
      case "step":
        return this.stepCount(b);
      case "counter":
        this.counter = this.counter ? null : this.counterTemplate();
        return true;
      case "clear_offer":
        this.offer = { give: {}, get: {}, to: this.offer.to };
        return true;
      default:
        return false;
    }
  }

  /** A +/− button of a trade or discard box: one more or fewer of a resource on one side (a
   * resource is never on both sides of a trade); false without such a box. */
  stepCount(b) {
    const target = this.stepTarget(b.dataset.box);
    if (!target) return false;
    const res = b.dataset.res;
    const side = target[b.dataset.side];
    const other = b.dataset.side === "give" ? "get" : "give";
    side[res] = Math.max(0, (side[res] || 0) + Number(b.dataset.by));
    if (side[res] > 0 && b.dataset.box !== "discard" && target[other]) target[other][res] = 0; // never both sides
    return true;
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
    this.board.render(view, { targets: this.targets(view, legal), names: page.names, recent: recentBuilds(snap.events),
                              colourBlind: page.colourBlind });
    renderBar(view, page.names, page.mySeat, { withTurn: false });
    this.renderSummary(snap, page);
    if (!document.getElementById("hand-panel")) return;
    const focus = document.activeElement?.dataset?.key;
    renderHint(this, view, legal);
    renderPrompt(this, view, legal);
    this.renderActions(view, legal);
    this.renderHand(view);
    this.renderDevs(view, legal);
    renderTrade(this, view, legal);
    if (focus) document.querySelector(`[data-key="${CSS.escape(focus)}"]`)?.focus();
    markHint(this);
  }

  /** A hint (js/hints.js): the table set up for the move and the move marked; its words. */
  showHint(action) {
    return startHint(this, action);
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
          out.push({ kind: "edge", edge: a.edge, key: `e:${a.edge[0]}-${a.edge[1]}`, action: a, label: gettext("Build a road at %(place)s", { place: L.edgePlace(a.edge) }) });
        } else {
          const place = { place: L.nodePlace(a.node) };
          const label = type === "build_city" ? gettext("Upgrade to a city at %(place)s", place) : gettext("Build a settlement at %(place)s", place);
          out.push({ kind: "node", node: a.node, key: `n:${a.node}`, action: a, label });
        }
      }
    }
    if (phase === "robber") {
      const seen = new Set();
      for (const a of legal.filter((x) => x.type === "move_robber")) {
        if (seen.has(a.hex)) continue;
        seen.add(a.hex);
        out.push({ kind: "hex", hex: a.hex, key: `h:${a.hex}`, label: gettext("Move the robber to %(hex)s", { hex: hexName(view.board.hexes[a.hex]) }) });
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
    if (phase === "pre_roll" && view.current === me) add(gettext("Roll the dice"), "roll", this.has("roll"), { class: "btn hf-roll" });
    const building = phase === "main" || phase === "special_build";
    if (building && mine) {
      for (const [mode, cost] of [["road", COSTS[0][1]], ["settlement", COSTS[1][1]], ["city", COSTS[2][1]]]) {
        const can = this.has(BUILD_MODES[mode]);
        const b = add(BUILD_LABEL[mode](), "mode", can, { "data-mode": mode, "aria-pressed": String(this.mode === mode), class: `btn btn-small${this.mode === mode ? "" : " btn-secondary"}` });
        b.title = can ? gettext("Costs %(cost)s", { cost: costText(cost) }) : gettext("Needs %(cost)s and a legal place", { cost: costText(cost) });
      }
      const buy = add(gettext("Buy development card"), "buy_dev", this.has("buy_dev"), { class: "btn btn-small btn-secondary" });
      buy.title = gettext("Costs %(cost)s", { cost: costText(COSTS[3][1]) });
    }
    if (this.has("pass")) add(gettext("Pass"), "pass", true);
    if ((phase === "main" || phase === "trade") && view.current === me) add(gettext("End turn"), "end_turn", this.has("end_turn"), { class: "btn btn-small hf-end" });
  }

  renderHand(view) {
    const hand = view.hand || {};
    document.getElementById("hf-hand").replaceChildren(...resourceCards(hand));
    document.getElementById("hf-hand-total").textContent = `(${cardCount(sum(hand))})`;
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
      if (fresh[c]) row.append(h("span", { class: "hf-badge", text: ngettext("%(n)s new: playable from your next turn", "%(n)s new: playable from your next turn", fresh[c]) }));
      if (c === "victory_point") row.append(h("span", { class: "small muted", text: gettext("counts for you, hidden from the others") }));
      else {
        const act = `play_${c}`;
        const b = button(pgettext("development card", "Play"), { "data-act": act, "data-key": `dev-${c}`, "aria-label": gettext("Play %(card)s", { card: DEV_LABEL[c] }) });
        b.disabled = !legal.some((a) => a.type === act);
        row.append(b);
      }
      node.append(row);
    }
    if (!any) node.append(h("p", { class: "small muted", text: gettext("None yet. Buy one for %(cost)s.", { cost: costText(COSTS[3][1]) }) }));
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

export function render(snapshot, page) {
  table.render(snapshot, page);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

/** The hint's move set up and marked on the table (js/hints.js); its words, or null. */
export function showHint(action) {
  return table.showHint(action);
}

// window.hexagora = {page, table}: for the browser tests and curious players at the console.
startMatchPage({ render, describe, phaseText, seatSummary, showHint, actionWords, stateWords, cancel: () => table.cancel() }, { table });
