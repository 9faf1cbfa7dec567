// A hint in Hexfolk (js/hints.js, issue 30 point 4). `startHint(table, action)` sets the table
// up as if the player had started the hinted move with the mouse: a build mode chosen (the
// legal places light up), the robber's steal prompt, the discard's cards, the Year of plenty
// or Monopoly prompt, an offer, a counter-offer or a bank trade composed. After every render of
// that version `markHint(table)` rings its place on the island (.hf-hinted) and makes the
// button that sends it glow (.hint-glow); both return the move in words. `table` is the
// HexfolkTable (play.js); its `hinted` is {version, action} until the next move.

import { hexName } from "./board.js";
import { canonical } from "../js/generic.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";
import { DEV_LABEL, RESOURCE_LABEL, cardsText } from "./words.js";

const MODES = { build_road: "road", build_settlement: "settlement", build_city: "city" };
// Legal actions that are templates (any cards): the hint only needs the same type.
const TEMPLATES = new Set(["discard", "offer_trade", "counter_trade"]);
// The button that sends (or starts) each action; else the button whose data-act is its type.
const BUTTON = {
  build_road: () => '#hf-actions [data-act="mode"][data-mode="road"]',
  build_settlement: () => '#hf-actions [data-act="mode"][data-mode="settlement"]',
  build_city: () => '#hf-actions [data-act="mode"][data-mode="city"]',
  move_robber: (a) => `#hf-prompt [data-act="steal"][data-victim="${a.victim ?? ""}"]`,
  discard: () => "#hf-discard-go",
  play_year_of_plenty: () => '#hf-prompt [data-act="yop"]',
  play_monopoly: (a) => `#hf-prompt [data-act="monopoly"][data-res="${a.resource}"]`,
  offer_trade: () => "#hf-offer-go",
  counter_trade: () => '#hf-trade-body [data-act="send_counter"]',
  bank_trade: () => "#hf-bank-go",
  confirm_trade: (a) => `#hf-trade-body [data-act="confirm"][data-seat="${a.with}"]`,
};

/** True when actions `a` and `b` are the same move, whatever the order of their keys. */
export function sameAction(a, b) {
  return canonical(a) === canonical(b);
}

/** The key of the island's target for `a` (a place to build, the robber's hex), or null. */
function targetKey(a) {
  if (a.type === "build_road") return `e:${a.edge[0]}-${a.edge[1]}`;
  if (a.type === "build_settlement" || a.type === "build_city") return `n:${a.node}`;
  if (a.type === "move_robber") return `h:${a.hex}`;
  return null;
}

/** Sets the table up for hinted action `a` (legal for this seat now) and draws it; its words. */
export function startHint(table, a) {
  const legal = table.legal();
  const ok = TEMPLATES.has(a?.type) ? legal.some((x) => x.type === a.type) : legal.some((x) => sameAction(x, a));
  if (!ok) return null;
  table.hinted = { version: table.snap.version, action: a };
  table.mode = MODES[a.type] || null;
  table.prompt = null;
  if (a.type === "move_robber" && legal.filter((x) => x.type === a.type && x.hex === a.hex).length > 1) {
    table.prompt = { kind: "steal", hex: a.hex };
  } else if (a.type === "play_year_of_plenty") {
    table.prompt = { kind: "year_of_plenty" };
    table.yop = [a.resources[0] || "", a.resources[1] || ""];
  } else if (a.type === "play_monopoly") {
    table.prompt = { kind: "monopoly" };
  } else if (a.type === "discard") {
    const template = legal.find((x) => x.type === "discard");
    table.discard = { key: `${table.snap.version}:${template.count}`, cards: { ...a.cards } };
  } else if (a.type === "offer_trade") {
    table.offer = { give: { ...a.give }, get: { ...a.get }, to: [...(a.to || [])] };
  } else if (a.type === "counter_trade") {
    table.counter = { give: { ...a.give }, get: { ...a.get } };
  } else if (a.type === "bank_trade") {
    table.bank = { give: `${a.give}:${a.rate}`, get: a.get };
  }
  table.page.render();
  return markHint(table);
}

/** Marks the hinted move on what the table drew (its target, its button); its words, or
 * null (the hint gone: another version, or not this seat's move now). */
export function markHint(table) {
  const hint = table.hinted;
  if (!hint || hint.version !== table.snap.version || !table.page.myTurn) {
    table.hinted = null;
    return null;
  }
  const a = hint.action;
  const key = targetKey(a);
  const target = key ? table.board.targets?.get(key) : null;
  if (target) document.querySelector(`#board [data-target="${key}"]`)?.classList.add("hf-hinted");
  const b = document.querySelector(BUTTON[a.type]?.(a) ?? `#hand-panel [data-act="${a.type}"], #hf-trade-body [data-act="${a.type}"]`);
  b?.classList.add("hint-glow");
  return hintWords(table, a, target?.label, b);
}

/** The words of hinted action `a`: said here for the composed ones, else the label of its
 * place on the island or of its button. */
function hintWords(table, a, label, b) {
  const view = table.view;
  const play = (card) => gettext("Play %(card)s", { card: DEV_LABEL[card] });
  if (a.type === "move_robber" && a.victim !== null && a.victim !== undefined) {
    const name = table.page.names[a.victim] || gettext("Seat %(n)s", { n: a.victim + 1 });
    return gettext("Move the robber to %(hex)s and steal from %(name)s", { hex: hexName(view.board.hexes[a.hex]), name });
  }
  if (a.type === "discard") return labelled(ngettext("Discard %(n)s card", "Discard %(n)s cards", a.count ?? Object.values(a.cards).reduce((s, n) => s + n, 0)), cardsText(a.cards));
  if (a.type === "play_year_of_plenty") return labelled(play("year_of_plenty"), a.resources.map((r) => RESOURCE_LABEL[r]).join(", "));
  if (a.type === "play_monopoly") return labelled(play("monopoly"), RESOURCE_LABEL[a.resource]);
  if (a.type === "bank_trade") return labelled(gettext("Trade with the bank"), `${cardsText({ [a.give]: a.rate })} → ${cardsText({ [a.get]: 1 })}`);
  if (a.type === "offer_trade") return gettext("Offer %(give)s for %(get)s", { give: cardsText(a.give), get: cardsText(a.get) });
  if (a.type === "counter_trade") return gettext("Counter: %(give)s for %(get)s", { give: cardsText(a.give), get: cardsText(a.get) });
  return label || b?.getAttribute("aria-label") || b?.textContent || null;
}
