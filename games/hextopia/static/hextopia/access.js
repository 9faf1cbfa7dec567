// Hextopia without a mouse or a screen (js/access.js hooks; issue 31): each move in the
// words of the view's own move list ("Move the red piece 1 from HOME to START with the ACE of
// spades"), and the table in words: the hand, then where every colour's pieces stand.

import { canonical } from "../js/generic.js";
import { gettext } from "../js/i18n.js";
import { listNames } from "../js/seats.js";
import { cardWords } from "./cards.js";
import { colourOf, placeText } from "./describe.js";

/** The sentence of `action`: the label of its entry in `view.moves`, or null. */
export function actionWords(action, view) {
  const key = canonical(action);
  return (view?.moves || []).find((m) => canonical(m.action) === key)?.label || null;
}

/** ["Your hand: Ace of spades, 7 of hearts", "Red (alice): HOME, HOME, space 12, START", ...]. */
export function stateWords(view, page) {
  const lines = [];
  if (Array.isArray(view.hand)) {
    lines.push(view.hand.length ? gettext("Your hand: %(cards)s", { cards: view.hand.map(cardWords).join(", ") }) : gettext("Your hand is empty."));
  }
  for (const s of view.seats || []) {
    const places = (s.pieces || []).map((p) => placeText(view, s.seat, p.where === "home" ? null : p.progress));
    const who = s.seat === page.mySeat ? gettext("you") : page.names[s.seat] || gettext("Seat %(n)s", { n: s.seat + 1 });
    lines.push(gettext("%(colour)s (%(who)s): %(places)s", { colour: colourOf(view, s.seat), who, places: listNames(places) }));
  }
  return lines;
}
