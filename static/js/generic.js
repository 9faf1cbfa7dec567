// The generic table, for a game without a UI of its own (its GameUI declares no modules): the
// view as pretty-printed JSON, the legal actions as buttons and a log line per move made of
// its events' types. Used by js/generic_play.js and js/generic_replay.js; a game's own
// modules may reuse these functions too (importing this file starts nothing).

import { gettext, labelled } from "./i18n.js";
import { button, byId, h } from "./dom.js";

/** "end turn" for "end_turn". */
export function words(slug) {
  return String(slug).replace(/_/g, " ");
}

function valueWords(value) {
  if (value === null || value === undefined) return gettext("none");
  if (Array.isArray(value)) return value.map(valueWords).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([k, v]) => `${words(k)} ${valueWords(v)}`).join(", ");
  return String(value);
}

/** The words of an action: its own `label` if it has one, else "roll", "play · card 3". */
export function actionLabel(action) {
  if (typeof action?.label === "string" && action.label) return action.label;
  const bits = [words(action?.type ?? "move")];
  for (const [k, v] of Object.entries(action || {})) {
    if (k === "type" || k === "label") continue;
    bits.push(`${words(k)} ${valueWords(v)}`);
  }
  return bits.join(" · ");
}

/** JSON of `value` with object keys sorted: equal for two actions that say the same. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** `actions` without repeats: an action listed twice (two alike cards in a hand) is offered once. */
export function uniqueActions(actions) {
  const seen = new Set();
  return (actions || []).filter((a) => {
    const key = canonical(a);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One log line for one move's events, from their types: "alice: played, drew, moved".
 * ctx = {names, mySeat, record}: the seat is the record's, else the first event's `seat`.
 */
export function describeEvents(events, ctx = {}) {
  const types = [];
  for (const ev of events || []) {
    const t = words(ev?.type ?? "event");
    if (!types.includes(t)) types.push(t);
  }
  if (!types.length) return "";
  const record = ctx.record;
  let seat = record?.seat;
  if (seat === null || seat === undefined) seat = (events || []).find((ev) => Number.isInteger(ev?.seat))?.seat;
  let who;
  if (record?.actor === "setup") who = gettext("Setup");
  else if (Number.isInteger(seat)) who = seat === ctx.mySeat ? gettext("You") : ctx.names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  return who ? labelled(who, types.join(", ")) : types.join(", ");
}

/** Shows `view` pretty-printed in `#generic-view`. */
export function renderView(view) {
  const node = byId("generic-view");
  if (node) node.textContent = JSON.stringify(view ?? null, null, 2);
}

/** The seated player's panel: the legal actions as buttons in `#move-choices` (each sent
 * exactly as the engine listed it, identical ones once), and a hint in `#hand-hint`. */
export function renderChoices(snap, page) {
  const panel = byId("hand-panel");
  const list = byId("move-choices");
  const hint = byId("hand-hint");
  const active = snap.status === "active";
  if (panel) panel.hidden = !active || page.mySeat === null;
  if (!list) return;
  list.replaceChildren();
  const legal = page.myTurn ? uniqueActions(snap.legal_actions) : [];
  for (const action of legal) {
    const b = button(actionLabel(action), { class: "btn btn-secondary btn-small" });
    b.addEventListener("click", () => page.submit(action));
    list.append(h("li", {}, b));
  }
  if (hint) {
    if (!active) hint.textContent = "";
    else if (page.busy) hint.textContent = gettext("Sending your move…");
    else if (legal.length) hint.textContent = gettext("Your turn: choose a move.");
    else hint.textContent = gettext("Wait for your turn.");
  }
}
