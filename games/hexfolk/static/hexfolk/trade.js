// The Hexfolk trade panel (#hf-trade): the bank rates, an offer to players (give / get / to),
// the bank and harbor trade, and an open offer with its answers, counter-offers and buttons.
// `table` is the HexfolkTable (play.js): its offer, counter and bank choices and its page.

import { button, h } from "../js/dom.js";
import { cardsChips, resourceChip, sum, tradeStepper } from "./widgets.js";
import { gettext, interpolate, labelled, pgettext } from "../js/i18n.js";
import { RESOURCES, RESOURCE_LABEL, cardCount, cardsText } from "./words.js";

const GET_MAX = 9; // most cards one may ask for of one resource in an offer

// An answer to an offer, as the list of answers shows it, and as this seat's own line.
const ANSWER = {
  pending: () => pgettext("trade answer", "pending"),
  accepted: () => pgettext("trade answer", "accepted"),
  declined: () => pgettext("trade answer", "declined"),
  countered: () => pgettext("trade answer", "countered"),
};
const YOUR_ANSWER = {
  pending: () => gettext("You have not answered."),
  accepted: () => gettext("You accepted."),
  declined: () => gettext("You declined."),
  countered: () => gettext("You countered."),
};

/** A translated sentence with %(give)s and %(get)s cut out, to put chips in: [before,
 * between, after] (the order of the two in the sentence stays give, then get). */
function chipSentence(text, params) {
  const filled = interpolate(text, params);
  const [before, rest = ""] = filled.split("%(give)s");
  const [middle, after = ""] = rest.split("%(get)s");
  return [before, middle, after];
}

/** The trade panel: the open offer, or the offer, bank and harbor boxes on one's turn. */
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
    body.append(h("p", { class: "small muted", text: gettext("Trading opens after the roll.") }));
    return;
  }
  body.append(composeOffer(table, view, legal));
  body.append(bankBox(table, view, legal));
}

function rates(table, view) {
  const rates = view.trade_rates || {};
  const p = h("p", { class: "small hf-rates" }, `${gettext("Your bank rates:")} `);
  RESOURCES.forEach((r, i) => {
    const best = (rates[r] || [4]).slice(-1)[0];
    p.append(resourceChip(r), ` ${best}:1${i < RESOURCES.length - 1 ? " " : ""}`);
  });
  return p;
}

function composeOffer(table, view, legal) {
  const wrap = h("div", { class: "hf-compose" });
  wrap.append(h("h3", { class: "hf-sub", text: gettext("Offer to players") }));
  const hand = view.hand || {};
  const grid = h("div", { class: "hf-offer-grid" });
  grid.append(h("span", { class: "small muted", text: "" }), h("span", { class: "small muted", text: gettext("You give") }), h("span", { class: "small muted", text: gettext("You get") }));
  for (const r of RESOURCES) {
    grid.append(resourceChip(r));
    grid.append(tradeStepper("offer", "give", r, table.offer.give[r] || 0, hand[r] || 0));
    grid.append(tradeStepper("offer", "get", r, table.offer.get[r] || 0, GET_MAX));
  }
  wrap.append(grid);
  const to = new Set(table.offerTargets());
  const who = h("fieldset", { class: "hf-to" }, h("legend", { class: "small", text: gettext("To") }));
  for (const p of view.players) {
    if (p.seat === table.page.mySeat) continue;
    const id = `hf-to-${p.seat}`;
    who.append(h("label", { for: id, class: "hf-to-label" },
      h("input", { type: "checkbox", id, name: "hf-to", value: p.seat, checked: to.has(p.seat), "data-key": id }),
      ` ${gettext("%(name)s (%(cards)s)", { name: table.page.names[p.seat], cards: cardCount(p.resource_count) })}`));
  }
  wrap.append(who);
  const canOffer = legal.some((a) => a.type === "offer_trade");
  const empty = !sum(table.offer.give) && !sum(table.offer.get);
  const label = empty ? gettext("Make an offer") : gettext("Offer %(give)s for %(get)s", { give: cardsText(table.offer.give), get: cardsText(table.offer.get) });
  const ok = button(label, { "data-act": "offer", "data-key": "offer-go", id: "hf-offer-go" });
  ok.disabled = !canOffer || empty || !to.size;
  const clear = button(gettext("Clear"), { class: "btn btn-small btn-secondary", "data-act": "clear_offer" });
  clear.disabled = empty;
  wrap.append(h("div", { class: "btn-row" }, ok, clear));
  return wrap;
}

function bankBox(table, view, legal) {
  const wrap = h("div", { class: "hf-bank" });
  wrap.append(h("h3", { class: "hf-sub", text: gettext("Bank and harbors") }));
  const trades = legal.filter((a) => a.type === "bank_trade");
  if (!trades.length) {
    wrap.append(h("p", { class: "small muted", text: gettext("You need 4 alike (3 at a generic harbor, 2 at a matching one) to trade with the bank.") }));
    return wrap;
  }
  const gives = [...new Set(trades.map((a) => `${a.give}:${a.rate}`))];
  if (!gives.includes(table.bank.give)) table.bank.give = gives[0];
  const [g, rate] = table.bank.give.split(":");
  const gets = trades.filter((a) => a.give === g && a.rate === Number(rate)).map((a) => a.get);
  if (!gets.includes(table.bank.get)) table.bank.get = gets[0];
  const give = h("select", { id: "hf-bank-give", "aria-label": gettext("Give"), "data-key": "bank-give" });
  for (const k of gives) {
    const [r, n] = k.split(":");
    give.append(h("option", { value: k, text: `${n} ${RESOURCE_LABEL[r]} (${n}:1)`, selected: k === table.bank.give }));
  }
  const get = h("select", { id: "hf-bank-get", "aria-label": gettext("Get"), "data-key": "bank-get" });
  for (const r of gets) get.append(h("option", { value: r, text: `1 ${RESOURCE_LABEL[r]}`, selected: r === table.bank.get }));
  const ok = button(gettext("Trade with the bank"), { "data-act": "bank", "data-key": "bank-go", id: "hf-bank-go" });
  wrap.append(h("div", { class: "btn-row" }, h("span", { class: "small", text: gettext("Give") }), give, h("span", { class: "small", text: pgettext("trade", "for") }), get, ok));
  return wrap;
}

function openTrade(table, view, legal) {
  const t = view.trade;
  const me = table.page.mySeat;
  const wrap = h("div", { class: "hf-open-trade" });
  const [before, middle, after] = chipSentence(t.seat === me ? gettext("You offer %(give)s for %(get)s") : gettext("%(name)s offers %(give)s for %(get)s"), { name: table.page.names[t.seat] });
  wrap.append(h("p", {}, before, cardsChips(t.give), middle, cardsChips(t.get), after));
  const list = h("ul", { class: "hf-answers" });
  for (const s of t.to) {
    const answer = t.answers[String(s)];
    const li = h("li", {}, h("span", { text: labelled(s === me ? gettext("You") : table.page.names[s], ANSWER[answer]?.() || answer) }));
    const counter = t.counters[String(s)];
    if (counter) {
      const [before, middle, after] = chipSentence(` ${gettext("— gives %(give)s for %(get)s")}`, {});
      li.append(before, cardsChips(counter.get), middle, cardsChips(counter.give), after);
    }
    if (t.seat === me) {
      const confirm = legal.find((a) => a.type === "confirm_trade" && a.with === s);
      if (confirm) li.append(" ", button(gettext("Trade with %(name)s", { name: table.page.names[s] }), { "data-act": "confirm", "data-seat": s, "data-key": `confirm-${s}` }));
    }
    list.append(li);
  }
  wrap.append(list);
  if (t.seat === me) {
    const row = h("div", { class: "btn-row" });
    const w = button(gettext("Withdraw offer"), { class: "btn btn-small btn-secondary", "data-act": "withdraw_trade", "data-key": "withdraw" });
    w.disabled = !legal.some((a) => a.type === "withdraw_trade");
    row.append(w);
    wrap.append(row);
    return wrap;
  }
  if (!legal.some((a) => a.type === "decline_trade")) {
    const mine = t.answers[String(me)];
    wrap.append(h("p", { class: "small muted", text: mine ? YOUR_ANSWER[mine]?.() || mine : gettext("This offer is not for you.") }));
    return wrap;
  }
  const row = h("div", { class: "btn-row" });
  const accept = button(gettext("Accept"), { "data-act": "accept_trade", "data-key": "accept" });
  accept.disabled = !legal.some((a) => a.type === "accept_trade");
  if (accept.disabled) accept.title = gettext("You do not hold the cards asked for.");
  row.append(accept, button(gettext("Decline"), { class: "btn btn-small btn-secondary", "data-act": "decline_trade", "data-key": "decline" }));
  const counterable = legal.some((a) => a.type === "counter_trade");
  const c = button(table.counter ? gettext("Close counter-offer") : gettext("Counter-offer…"), { class: "btn btn-small btn-secondary", "data-act": "counter", "data-key": "counter" });
  c.disabled = !counterable;
  row.append(c);
  wrap.append(row);
  if (table.counter) {
    const hand = view.hand || {};
    const grid = h("div", { class: "hf-offer-grid" });
    grid.append(h("span", {}), h("span", { class: "small muted", text: gettext("You give") }), h("span", { class: "small muted", text: gettext("You get") }));
    for (const r of RESOURCES) {
      grid.append(resourceChip(r));
      grid.append(tradeStepper("counter", "give", r, table.counter.give[r] || 0, hand[r] || 0));
      grid.append(tradeStepper("counter", "get", r, table.counter.get[r] || 0, GET_MAX));
    }
    wrap.append(grid);
    const ok = button(gettext("Counter: %(give)s for %(get)s", { give: cardsText(table.counter.give), get: cardsText(table.counter.get) }), { "data-act": "send_counter", "data-key": "counter-go" });
    ok.disabled = !sum(table.counter.give) && !sum(table.counter.get);
    wrap.append(h("div", { class: "btn-row" }, ok));
  }
  return wrap;
}
