// Two dice drawn in SVG (no font needed), and the strip above the island: dice, whose turn,
// the phase, the bank's development cards. Shared by the live table and the replay.

import { el } from "../js/dom.js";
import { RESOURCES, RESOURCE_LABEL, actingText, plural, sentence } from "./words.js";

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
      dice.setAttribute("aria-label", `${view.rolled ? "Roll" : "Last roll"}: ${a} and ${b}, ${a + b}`);
    } else {
      dice.setAttribute("aria-label", "No roll yet");
    }
  }
  if (text) {
    const bits = [];
    const nameOf = (seat) => (seat === mySeat ? "you" : names[seat] || `Seat ${seat + 1}`);
    if (view.phase === "over") bits.push("Game over");
    else {
      const acting = sentence(actingText(view, nameOf));
      bits.push(withTurn ? `Turn ${view.turn_number || "setup"} · ${acting}` : acting);
    }
    if (!view.rolled && view.dice && view.phase !== "over") bits.push("last roll shown");
    bits.push(`${plural(view.dev_cards_left, "development card")} left`, `goal ${view.victory_points_target} points`);
    const bank = RESOURCES.map((r) => `${view.bank?.[r] ?? "?"} ${RESOURCE_LABEL[r]}`).join(", ");
    bits.push(`bank: ${bank}`);
    text.textContent = bits.join(" · ");
  }
}
