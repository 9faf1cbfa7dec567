// Hextopia's playing cards as buttons (the live hand and the replay's hands).

import { h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { cardName } from "./board.js";

const SUIT_NAMES = { S: gettext("spades"), H: gettext("hearts"), D: gettext("diamonds"), C: gettext("clubs") };
const RANK_NAMES = { A: gettext("Ace"), K: gettext("King"), Q: gettext("Queen"), J: gettext("Jack"), T: "10" };

/** "7H" -> "7 of hearts", "AS" -> "Ace of spades", "X1" -> "Joker", in the reader's language. */
export function cardWords(card) {
  if (card[0] === "X") return gettext("Joker");
  return gettext("%(rank)s of %(suit)s", { rank: RANK_NAMES[card[0]] || card[0], suit: SUIT_NAMES[card[1]] });
}

const SUIT_CODES = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
const SHOWN_CARD = /(^|[^\w])(10|[2-9AKQJ])([\u2660\u2665\u2666\u2663])/g;
// Cards shown side by side ("8♦ J♦ Q♣"): spoken as a list, with commas.
const CARD_RUN = /(?:10|[2-9AKQJ])[\u2660\u2665\u2666\u2663](?: (?:10|[2-9AKQJ])[\u2660\u2665\u2666\u2663])+/g;

/** `text` with each card as shown ("A♥", "10♠") in words ("Ace of hearts"): what a screen
 * reader should say (it reads "♥" as "black heart suit"). The game's `spoken` hook. */
export function spokenCards(text) {
  return String(text).replace(CARD_RUN, (run) => run.split(" ").join(", ")).replace(SHOWN_CARD, (_, before, rank, suit) => before + cardWords((rank === "10" ? "T" : rank) + SUIT_CODES[suit]));
}

export function cardButton(card) {
  const red = card[1] === "H" || card[1] === "D";
  const b = h("button", { type: "button", class: `card ${card[0] === "X" ? "joker" : red ? "red" : "black"}`, "data-card": card, "aria-label": cardWords(card) });
  if (card[0] === "X") {
    b.append(h("span", { class: "card-corner", text: "JOKER" }), h("span", { class: "rank", text: "★" }));
  } else {
    const label = cardName(card);
    b.append(h("span", { class: "rank", text: label.slice(0, -1) }), h("span", { class: "suit", text: label.slice(-1) }));
  }
  return b;
}
