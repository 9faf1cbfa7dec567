// Two dice drawn in SVG (no font needed), and the strip above the island: dice, whose turn,
// the phase, the bank's development cards. Shared by the live table and the replay.

import { el } from "../js/dom.js";
import { gettext, ngettext } from "../js/i18n.js";
import { RESOURCES, RESOURCE_LABEL, actingText } from "./words.js";

// Pip positions on a 3x3 grid (0..2) for faces 1-6.
const FACES = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

export function dieSvg(n) {
  const svg = el("svg", { viewBox: "0 0 30 30", class: "hf-die", "aria-hidden": "true" });
  el("rect", { x: 1, y: 1, width: 28, height: 28, rx: 5 }, svg);
  for (const [gx, gy] of FACES[n] || []) el("circle", { cx: 8 + gx * 7, cy: 8 + gy * 7, r: 2.6 }, svg);
  return svg;
}

/** Fills the dice box and the bar text from a view; `names` by seat, `mySeat` or null.
 * The text says who must act now, from `to_act` like the seat list (actingText: during
 * discards and trade answers that is not the player whose turn it is); `withTurn` also
 * gives the turn number (the replay; the live page's turn line does). */
export function renderBar(view, names, mySeat = null, { withTurn = true } = {}) {
  const dice = document.getElementById("hf-dice");
  const text = document.getElementById("hf-bar-text");
  if (dice) {
    dice.replaceChildren();
    // Before this turn's roll the dice still show the last one, dimmed.
    dice.classList.toggle("hf-dice-old", !view.rolled);
    if (view.dice) {
      const [a, b] = view.dice;
      dice.append(dieSvg(a), dieSvg(b));
      const total = document.createElement("span");
      total.className = `hf-dice-total${a + b === 7 ? " hf-seven" : ""}`;
      total.textContent = `= ${a + b}`;
      dice.append(total);
      const p = { a, b, total: a + b };
      dice.setAttribute("role", "img"); // an aria-label names only an element with a role
      dice.setAttribute("aria-label", view.rolled ? gettext("Roll: %(a)s and %(b)s, %(total)s", p) : gettext("Last roll: %(a)s and %(b)s, %(total)s", p));
    } else {
      dice.setAttribute("role", "img");
      dice.setAttribute("aria-label", gettext("No roll yet"));
    }
  }
  if (text) {
    const bits = [];
    const nameOf = (seat) => names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
    if (view.phase === "over") bits.push(gettext("Game over"));
    else {
      const acting = actingText(view, nameOf, mySeat);
      if (!withTurn) bits.push(acting);
      else bits.push(view.turn_number ? gettext("Turn %(n)s · %(acting)s", { n: view.turn_number, acting }) : gettext("Setup · %(acting)s", { acting }));
    }
    if (!view.rolled && view.dice && view.phase !== "over") bits.push(gettext("last roll shown"));
    bits.push(ngettext("%(n)s development card left", "%(n)s development cards left", view.dev_cards_left),
      ngettext("goal %(n)s point", "goal %(n)s points", view.victory_points_target));
    const bank = RESOURCES.map((r) => `${view.bank?.[r] ?? "?"} ${RESOURCE_LABEL[r]}`).join(", ");
    bits.push(gettext("bank: %(cards)s", { cards: bank }));
    text.textContent = bits.join(" · ");
  }
}
