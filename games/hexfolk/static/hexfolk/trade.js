// The Hexfolk trade panel (#hf-trade): the bank rates, an offer to players (give / get / to),
// the bank and harbor trade, and an open offer with its answers, counter-offers and buttons.
// `table` is the HexfolkTable (play.js): its offer, counter and bank choices and its page.

import { button, h } from "../js/dom.js";
import { cardsChips, resourceChip, sum, tradeStepper } from "./widgets.js";
import { RESOURCES, RESOURCE_LABEL, cardsText, plural } from "./words.js";

const GET_MAX = 9; // most cards one may ask for of one resource in an offer

export function renderTrade(table, view, legal) {
  const panel = document.getElementById("hf-trade");
  const body = document.getElementById("hf-trade-body");
  const me = table.page.mySeat;
  body.replaceChildren();
  const myTurn = view.current === me && table.snap.status === "active";
  const show = view.trade || (myTurn && (view.phase === "main" || view.phase === "pre_roll"));
  panel.hidden = !show;
  if (!show) return;
  if (view.trade) {
    body.append(openTrade(table, view, legal));
    return;
  }
  body.append(rates(table, view));
  if (view.phase === "pre_roll") {
    body.append(h("p", { class: "small muted", text: "Trading opens after the roll." }));
    return;
  }
  body.append(composeOffer(table, view, legal));
  body.append(bankBox(table, view, legal));
}

function rates(table, view) {
  const rates = view.trade_rates || {};
  const p = h("p", { class: "small hf-rates" }, "Your bank rates: ");
  RESOURCES.forEach((r, i) => {
    const best = (rates[r] || [4]).slice(-1)[0];
    p.append(resourceChip(r), ` ${best}:1${i < RESOURCES.length - 1 ? " " : ""}`);
  });
  return p;
}

function composeOffer(table, view, legal) {
  const wrap = h("div", { class: "hf-compose" });
  wrap.append(h("h3", { class: "hf-sub", text: "Offer to players" }));
  const hand = view.hand || {};
  const grid = h("div", { class: "hf-offer-grid" });
  grid.append(h("span", { class: "small muted", text: "" }), h("span", { class: "small muted", text: "You give" }), h("span", { class: "small muted", text: "You get" }));
  for (const r of RESOURCES) {
    grid.append(resourceChip(r));
    grid.append(tradeStepper("offer", "give", r, table.offer.give[r] || 0, hand[r] || 0));
    grid.append(tradeStepper("offer", "get", r, table.offer.get[r] || 0, GET_MAX));
  }
  wrap.append(grid);
  const to = new Set(table.offerTargets());
  const who = h("fieldset", { class: "hf-to" }, h("legend", { class: "small", text: "To" }));
  for (const p of view.players) {
    if (p.seat === table.page.mySeat) continue;
    const id = `hf-to-${p.seat}`;
    who.append(h("label", { for: id, class: "hf-to-label" },
      h("input", { type: "checkbox", id, name: "hf-to", value: p.seat, checked: to.has(p.seat), "data-key": id }),
      ` ${table.page.names[p.seat]} (${plural(p.resource_count, "card")})`));
  }
  wrap.append(who);
  const canOffer = legal.some((a) => a.type === "offer_trade");
  const empty = !sum(table.offer.give) && !sum(table.offer.get);
  const label = empty ? "Make an offer" : `Offer ${cardsText(table.offer.give)} for ${cardsText(table.offer.get)}`;
  const ok = button(label, { "data-act": "offer", "data-key": "offer-go", id: "hf-offer-go" });
  ok.disabled = !canOffer || empty || !to.size;
  const clear = button("Clear", { class: "btn btn-small btn-secondary", "data-act": "clear_offer" });
  clear.disabled = empty;
  wrap.append(h("div", { class: "btn-row" }, ok, clear));
  return wrap;
}

function bankBox(table, view, legal) {
  const wrap = h("div", { class: "hf-bank" });
  wrap.append(h("h3", { class: "hf-sub", text: "Bank and harbors" }));
  const trades = legal.filter((a) => a.type === "bank_trade");
  if (!trades.length) {
    wrap.append(h("p", { class: "small muted", text: "You need 4 alike (3 at a generic harbor, 2 at a matching one) to trade with the bank." }));
    return wrap;
  }
  const gives = [...new Set(trades.map((a) => `${a.give}:${a.rate}`))];
  if (!gives.includes(table.bank.give)) table.bank.give = gives[0];
  const [g, rate] = table.bank.give.split(":");
  const gets = trades.filter((a) => a.give === g && a.rate === Number(rate)).map((a) => a.get);
  if (!gets.includes(table.bank.get)) table.bank.get = gets[0];
  const give = h("select", { id: "hf-bank-give", "aria-label": "Give", "data-key": "bank-give" });
  for (const k of gives) {
    const [r, n] = k.split(":");
    give.append(h("option", { value: k, text: `${n} ${RESOURCE_LABEL[r]} (${n}:1)`, selected: k === table.bank.give }));
  }
  const get = h("select", { id: "hf-bank-get", "aria-label": "Get", "data-key": "bank-get" });
  for (const r of gets) get.append(h("option", { value: r, text: `1 ${RESOURCE_LABEL[r]}`, selected: r === table.bank.get }));
  const ok = button("Trade with the bank", { "data-act": "bank", "data-key": "bank-go", id: "hf-bank-go" });
  wrap.append(h("div", { class: "btn-row" }, h("span", { class: "small", text: "Give" }), give, h("span", { class: "small", text: "for" }), get, ok));
  return wrap;
}

function openTrade(table, view, legal) {
  const t = view.trade;
  const me = table.page.mySeat;
  const wrap = h("div", { class: "hf-open-trade" });
  const from = t.seat === me ? "You offer" : `${table.page.names[t.seat]} offers`;
  wrap.append(h("p", {}, `${from} `, cardsChips(t.give), " for ", cardsChips(t.get)));
  const list = h("ul", { class: "hf-answers" });
  for (const s of t.to) {
    const answer = t.answers[String(s)];
    const li = h("li", {}, h("span", {}, h("strong", { text: s === me ? "You" : table.page.names[s] }), `: ${answer}`));
    const counter = t.counters[String(s)];
    if (counter) li.append(" — gives ", cardsChips(counter.get), " for ", cardsChips(counter.give));
    if (t.seat === me) {
      const confirm = legal.find((a) => a.type === "confirm_trade" && a.with === s);
      if (confirm) li.append(" ", button(`Trade with ${table.page.names[s]}`, { "data-act": "confirm", "data-seat": s, "data-key": `confirm-${s}` }));
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
  const c = button(table.counter ? "Close counter-offer" : "Counter-offer…", { class: "btn btn-small btn-secondary", "data-act": "counter", "data-key": "counter" });
  c.disabled = !counterable;
  row.append(c);
  wrap.append(row);
  if (table.counter) {
    const hand = view.hand || {};
    const grid = h("div", { class: "hf-offer-grid" });
    grid.append(h("span", {}), h("span", { class: "small muted", text: "You give" }), h("span", { class: "small muted", text: "You get" }));
    for (const r of RESOURCES) {
      grid.append(resourceChip(r));
      grid.append(tradeStepper("counter", "give", r, table.counter.give[r] || 0, hand[r] || 0));
      grid.append(tradeStepper("counter", "get", r, table.counter.get[r] || 0, GET_MAX));
    }
    wrap.append(grid);
    const ok = button(`Counter: ${cardsText(table.counter.give)} for ${cardsText(table.counter.get)}`, { "data-act": "send_counter", "data-key": "counter-go" });
    ok.disabled = !sum(table.counter.give) && !sum(table.counter.get);
    wrap.append(h("div", { class: "btn-row" }, ok));
  }
  return wrap;
}
