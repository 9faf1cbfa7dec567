// Hextopia's playing cards as buttons (the live hand and the replay's hands).

import { h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { cardName } from "./board.js";

const SUIT_NAMES = { S: gettext("spades"), H: gettext("hearts"), D: gettext("diamonds"), C: gettext("clubs") };
const RANK_NAMES = { A: gettext("Ace"), K: gettext("King"), Q: gettext("Queen"), J: gettext("Jack"), T: "10" };

function cardAria(card) {
  if (card[0] === "X") return gettext("Joker");
  return gettext("%(rank)s of %(suit)s", { rank: RANK_NAMES[card[0]] || card[0], suit: SUIT_NAMES[card[1]] });
}

export function cardButton(card) {
  const red = card[1] === "H" || card[1] === "D";
  const b = h("button", { type: "button", class: `card ${card[0] === "X" ? "joker" : red ? "red" : "black"}`, "data-card": card, "aria-label": cardAria(card) });
  if (card[0] === "X") {
    b.append(h("span", { class: "card-corner", text: "JOKER" }), h("span", { class: "rank", text: "★" }));
  } else {
    const label = cardName(card);
    b.append(h("span", { class: "rank", text: label.slice(0, -1) }), h("span", { class: "suit", text: label.slice(-1) }));
  }
  return b;
}
