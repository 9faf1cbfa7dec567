// Hextopia's playing cards as buttons (the live hand and the replay's hands).

import { h } from "../js/dom.js";
import { cardName } from "./board.js";

const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10" };

function cardAria(card) {
  if (card[0] === "X") return "Joker";
  return `${RANK_NAMES[card[0]] || card[0]} of ${SUIT_NAMES[card[1]]}`;
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
