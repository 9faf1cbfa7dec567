// Small pieces of the Hexfolk panels: card counts, resource chips and the −/+ steppers of the
// discard, offer and counter-offer boxes. A stepper's buttons carry data-act="step" and
// data-box/-side/-res/-by, read by the table's click handler (play.js).

import { button, h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { RESOURCES, RESOURCE_LABEL } from "./words.js";

/** The number of cards in {lumber: 2, ore: 1}. */
export function sum(cards) {
  return RESOURCES.reduce((a, r) => a + (cards[r] || 0), 0);
}

/** The same cards without the zero counts. */
export function nonzero(cards) {
  const out = {};
  for (const r of RESOURCES) if (cards[r]) out[r] = cards[r];
  return out;
}

/** "1 lumber + 1 brick". */
export function costText(cost) {
  return RESOURCES.filter((r) => cost[r]).map((r) => `${cost[r]} ${RESOURCE_LABEL[r]}`).join(" + ");
}

/** The five resource cards of a hand ({lumber: 2, ...}) with their counts (the live hand and
 * the replay's hands). */
export function resourceCards(hand) {
  return RESOURCES.map((r) => {
    const n = hand?.[r] || 0;
    const card = h("div", { class: `hf-card hf-res-${r}${n ? "" : " hf-empty"}`, role: "img", "aria-label": `${n} ${RESOURCE_LABEL[r]}` });
    card.append(h("span", { class: "hf-card-count", text: String(n) }), h("span", { class: "hf-card-name", text: RESOURCE_LABEL[r] }));
    return card;
  });
}

/** A coloured chip "lumber" (or "2 lumber" with a count). */
export function resourceChip(r, n = null) {
  return h("span", { class: `hf-chip hf-res-${r}` }, n === null ? RESOURCE_LABEL[r] : `${n} ${RESOURCE_LABEL[r]}`);
}

/** Chips for each resource of `cards`, or `empty` in words. */
export function cardsChips(cards, empty = null) {
  const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => resourceChip(r, cards[r]));
  if (!parts.length) return h("span", { class: "muted", text: empty ?? gettext("nothing") });
  return h("span", { class: "hf-chips" }, ...parts);
}

function stepButton(text, box, side, r, by, label, disabled) {
  const b = button(text, {
    class: "btn btn-small btn-secondary hf-step", "data-act": "step", "data-box": box, "data-side": side, "data-res": r,
    "data-by": by, "aria-label": by < 0 ? gettext("One %(what)s less", { what: label }) : gettext("One %(what)s more", { what: label }), "data-key": `${box}-${side}-${r}-${by < 0 ? "dec" : "inc"}`,
  });
  b.disabled = disabled;
  return b;
}

/** A chip, −, the count, + and an optional note: one resource of a discard. */
export function stepper(box, side, r, value, max, note = "") {
  const label = RESOURCE_LABEL[r];
  const cell = h("div", { class: "hf-stepper" }, resourceChip(r));
  cell.append(stepButton("−", box, side, r, -1, label, value <= 0),
    h("output", { class: "hf-step-value", "aria-label": gettext("%(resource)s chosen", { resource: label }), text: String(value) }),
    stepButton("+", box, side, r, 1, label, value >= max));
  if (note) cell.append(h("span", { class: "small muted", text: note }));
  return cell;
}

/** −, the count and + for one side ("give" / "get") of an offer: one cell of its grid. */
export function tradeStepper(box, side, r, value, max) {
  const label = side === "give" ? gettext("%(resource)s you give", { resource: RESOURCE_LABEL[r] }) : gettext("%(resource)s you get", { resource: RESOURCE_LABEL[r] });
  return h("div", { class: "hf-stepper" },
    stepButton("−", box, side, r, -1, label, value <= 0),
    h("output", { class: "hf-step-value", "aria-label": label, text: String(value) }),
    stepButton("+", box, side, r, 1, label, value >= max));
}
