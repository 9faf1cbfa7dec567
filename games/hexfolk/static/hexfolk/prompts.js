// The Hexfolk prompts of the seated player: the hint line (#hand-hint) and the box (#hf-prompt)
// for a choice the legal actions ask for: the discard after a 7, whom to rob, the Year of
// plenty and Monopoly choices. `table` is the HexfolkTable (play.js).

import { button, h } from "../js/dom.js";
import { hexName } from "./board.js";
import { stepper, sum } from "./widgets.js";
import { RESOURCES, RESOURCE_LABEL, actingText, plural, sentence } from "./words.js";

export function renderHint(table, view, legal) {
  const node = document.getElementById("hand-hint");
  const me = table.page.mySeat;
  let text = "";
  const turnOf = table.name(view.current);
  if (table.snap.status !== "active") text = "";
  else if (table.page.busy) text = "Sending your move…";
  else if (!legal.length) {
    // Who acts comes from to_act, as the seat list marks it, not from whose turn it is.
    if (["discard", "trade", "special_build"].includes(view.phase)) text = `${sentence(actingText(view, (s) => table.name(s)))}.`;
    else text = `Wait for your turn: it is ${turnOf}'s ${view.turn_number ? "turn" : "placement"}.`;
  } else if (view.phase === "setup_settlement") text = "Place a settlement: click a highlighted intersection on the island.";
  else if (view.phase === "setup_road") text = "Place a road touching your new settlement: click a highlighted edge.";
  else if (view.phase === "pre_roll") text = "Roll the dice (or play a development card first).";
  else if (view.phase === "discard") text = `You hold more than ${view.options.discard_limit} cards after the 7: choose the cards to discard.`;
  else if (view.phase === "robber") text = "Move the robber: click a highlighted hex.";
  else if (view.phase === "road_building") text = `Place your free road${view.free_roads === 1 ? "" : "s"} (${view.free_roads} left): click a highlighted edge.`;
  else if (view.phase === "special_build") text = "Special building phase: build or buy a development card, or pass.";
  else if (view.phase === "trade") text = view.current === me ? "Your offer is open: confirm it with a player, withdraw it, or end the turn." : "Answer the trade offer below.";
  else if (table.mode) text = `Click a highlighted place to build a ${table.mode}, or click the button again to stop.`;
  else text = "Trade, build, buy or play a card, then end your turn.";
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
    box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: `Robber to ${hexName(view.board.hexes[table.prompt.hex])}: steal from whom?` }));
    const row = h("div", { class: "btn-row" });
    for (const m of moves) {
      const label = m.victim === null ? "Nobody" : `${table.name(m.victim)} (${plural(view.players[m.victim].resource_count, "card")})`;
      row.append(button(label, { "data-act": "steal", "data-victim": m.victim === null ? "" : m.victim, "data-key": `steal-${m.victim}` }));
    }
    row.append(button("Another hex", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
    box.append(row);
  } else if (table.prompt?.kind === "year_of_plenty") {
    box.append(yopBox(table, legal));
  } else if (table.prompt?.kind === "monopoly") {
    box.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: "Monopoly: which resource do you take from everyone?" }));
    const row = h("div", { class: "btn-row" });
    for (const r of RESOURCES) row.append(button(RESOURCE_LABEL[r], { class: `btn btn-small hf-res-btn hf-res-${r}`, "data-act": "monopoly", "data-res": r, "data-key": `mono-${r}` }));
    row.append(button("Cancel", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
    box.append(row);
  }
  box.hidden = !box.childElementCount;
}

function discardBox(table, view, count) {
  const hand = view.hand || {};
  const chosen = sum(table.discard.cards);
  const wrap = h("div", { class: "hf-dialog", role: "dialog", "aria-labelledby": "hf-prompt-h" });
  wrap.append(h("h3", { id: "hf-prompt-h", class: "hf-sub", text: `Discard ${plural(count, "card")}` }));
  wrap.append(h("p", { class: "small", text: `A 7 was rolled and you hold ${sum(hand)} cards: give up exactly ${count}, your choice.` }));
  const grid = h("div", { class: "hf-steppers" });
  for (const r of RESOURCES) {
    grid.append(stepper("discard", "give", r, table.discard.cards[r] || 0, hand[r] || 0, `of ${hand[r] || 0}`));
  }
  wrap.append(grid);
  const ok = button(`Discard ${count}`, { "data-act": "discard", "data-key": "discard-go", id: "hf-discard-go" });
  ok.disabled = chosen !== count;
  wrap.append(h("div", { class: "btn-row" }, ok, h("span", { class: "small", text: `${chosen} of ${count} chosen` })));
  return wrap;
}

function yopBox(table, legal) {
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
      sel.append(h("option", { value: r, text: RESOURCE_LABEL[r], selected: table.yop[i] === r }));
    }
    row.append(sel);
  }
  const take = plays[0]?.resources.length || 2;
  const ok = button("Take them", { "data-act": "yop", "data-key": "yop-go" });
  const pick = table.yopChoice();
  ok.disabled = !pick || pick.resources.length !== take;
  row.append(ok, button("Cancel", { class: "btn btn-small btn-secondary", "data-act": "cancel" }));
  wrap.append(row);
  if (take === 1) wrap.append(h("p", { class: "small", text: "The bank holds only one card: choose it as the first card." }));
  return wrap;
}
