// The Hexfolk prompts of the seated player: the hint line (#hand-hint) and the box (#hf-prompt)
// for a choice the legal actions ask for: the discard after a 7, whom to rob, the Year of
// plenty and Monopoly choices. `table` is the HexfolkTable (play.js).

import { button, h } from "../js/dom.js";
import { hexName } from "./board.js";
import { stepper, sum } from "./widgets.js";
import { gettext, ngettext } from "../js/i18n.js";
import { RESOURCES, RESOURCE_LABEL, actingText, cardCount } from "./words.js";

const MODE_HINT = {
  road: () => gettext("Choose a highlighted place to build a road, or press the button again to stop."),
  settlement: () => gettext("Choose a highlighted place to build a settlement, or press the button again to stop."),
  city: () => gettext("Choose a highlighted place to build a city, or press the button again to stop."),
};

/** The hint line over the hand: what this seat may do now, or whom it waits for. */
export function renderHint(table, view, legal) {
  const node = document.getElementById("hand-hint");
  const me = table.page.mySeat;
  let text = "";
  const turnOf = table.name(view.current);
  if (table.snap.status !== "active") text = "";
  else if (table.page.busy) text = gettext("Sending your move…");
  else if (!legal.length) {
    // Who acts comes from to_act, as the seat list marks it, not from whose turn it is.
    if (["discard", "trade", "special_build"].includes(view.phase)) text = gettext("%(acting)s.", { acting: actingText(view, (s) => table.page.names[s] || gettext("Seat %(n)s", { n: s + 1 }), me) });
    else text = view.turn_number ? gettext("Wait for your turn: it is %(name)s's turn.", { name: turnOf }) : gettext("Wait for your turn: it is %(name)s's placement.", { name: turnOf });
  } else if (view.phase === "setup_settlement") text = gettext("Place a settlement: choose a highlighted intersection on the island.");
  else if (view.phase === "setup_road") text = gettext("Place a road touching your new settlement: choose a highlighted edge.");
  else if (view.phase === "pre_roll") text = gettext("Roll the dice (or play a development card first).");
  else if (view.phase === "discard") text = gettext("You hold more than %(n)s cards after the 7: choose the cards to discard.", { n: view.options.discard_limit });
  else if (view.phase === "robber") text = gettext("Move the robber: choose a highlighted hex.");
  else if (view.phase === "road_building") text = ngettext("Place your free road (%(n)s left): choose a highlighted edge.", "Place your free roads (%(n)s left): choose a highlighted edge.", view.free_roads);
  else if (view.phase === "special_build") text = gettext("Special building phase: build or buy a development card, or pass.");
  else if (view.phase === "trade") text = view.current === me ? gettext("Your offer is open: confirm it with a player, withdraw it, or end the turn.") : gettext("Answer the trade offer below.");
  else if (table.mode) text = MODE_HINT[table.mode]();
  else text = gettext("Trade, build, buy or play a card, then end your turn.");
  node.textContent = text;
}

export function renderPrompt(table, view, legal) {
  const box = document.getElementById("hf-prompt");
  box.replaceChildren();
  const discard = legal.find((a) => a.type === "discard");
  if (discard) {
    const key = `${table.snap.version}:${discard.count}`;
    if (table.discard?.key !== key) table.discard = { key, cards: { ...discard.cards } };
    box.append(discardBox(table, view, discard.count));
  } else if (table.prompt?.kind === "steal") {
    const moves = legal.filter((a) => a.type === "move_robber" && a.hex === table.prompt.hex);
    box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: gettext("Robber to %(hex)s: steal from whom?", { hex: hexName(view.board.hexes[table.prompt.hex]) }) }));
    const row = h("div", { class: "btn-row" });
    for (const m of moves) {
      const label = m.victim === null ? gettext("Nobody") : gettext("%(name)s (%(cards)s)", { name: table.page.names[m.victim] || gettext("Seat %(n)s", { n: m.victim + 1 }), cards: cardCount(view.players[m.victim].resource_count) });
      row.append(button(label, { "data-act": "steal", "data-victim": m.victim === null ? "" : m.victim, "data-key": `steal-${m.victim}` }));
    }
    row.append(button(gettext("Another hex"), { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
    box.append(row);
  } else if (table.prompt?.kind === "year_of_plenty") {
    box.append(yopBox(table, legal));
  } else if (table.prompt?.kind === "monopoly") {
    box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: gettext("Monopoly: which resource do you take from everyone?") }));
    const row = h("div", { class: "btn-row" });
    for (const r of RESOURCES) row.append(button(RESOURCE_LABEL[r], { class: `btn btn-small hf-res-btn hf-res-${r}`, "data-act": "monopoly", "data-res": r, "data-key": `mono-${r}` }));
    row.append(button(gettext("Cancel"), { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
    box.append(row);
  }
  box.hidden = !box.childElementCount;
}

function discardBox(table, view, count) {
  const hand = view.hand || {};
  const chosen = sum(table.discard.cards);
  const wrap = h("div", { class: "hf-dialog", role: "dialog", "aria-labelledby": "hf-prompt-h" });
  wrap.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: ngettext("Discard %(n)s card", "Discard %(n)s cards", count) }));
  wrap.append(h("p", { class: "small", text: ngettext("A 7 was rolled and you hold %(held)s cards: give up exactly %(n)s, your choice.", "A 7 was rolled and you hold %(held)s cards: give up exactly %(n)s, your choice.", count, { held: sum(hand) }) }));
  const grid = h("div", { class: "hf-steppers" });
  for (const r of RESOURCES) {
    grid.append(stepper("discard", "give", r, table.discard.cards[r] || 0, hand[r] || 0, gettext("of %(n)s", { n: hand[r] || 0 })));
  }
  wrap.append(grid);
  const ok = button(gettext("Discard %(n)s", { n: count }), { "data-act": "discard", "data-key": "discard-go", id: "hf-discard-go" });
  ok.disabled = chosen !== count;
  wrap.append(h("div", { class: "btn-row" }, ok, h("span", { class: "small", text: gettext("%(chosen)s of %(n)s chosen", { chosen, n: count }) })));
  return wrap;
}

function yopBox(table, legal) {
  const wrap = h("div");
  wrap.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: gettext("Year of plenty: take 2 cards from the bank") }));
  const plays = legal.filter((a) => a.type === "play_year_of_plenty");
  const firsts = new Set(plays.flatMap((a) => a.resources));
  const row = h("div", { class: "btn-row" });
  for (const i of [0, 1]) {
    const sel = h("select", { id: `hf-yop-${i}`, "aria-label": gettext("Card %(n)s", { n: i + 1 }), "data-key": `yop-${i}` });
    sel.append(h("option", { value: "", text: i === 0 ? gettext("First card…") : gettext("Second card…") }));
    for (const r of RESOURCES) {
      if (!firsts.has(r)) continue;
      sel.append(h("option", { value: r, text: RESOURCE_LABEL[r], selected: table.yop[i] === r }));
    }
    row.append(sel);
  }
  const take = plays[0]?.resources.length || 2;
  const ok = button(gettext("Take them"), { "data-act": "yop", "data-key": "yop-go" });
  const pick = table.yopChoice();
  ok.disabled = !pick || pick.resources.length !== take;
  row.append(ok, button(gettext("Cancel"), { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
  wrap.append(row);
  if (take === 1) wrap.append(h("p", { class: "small", text: gettext("The bank holds only one card: choose it as the first card.") }));
  return wrap;
}
