// Hexal without a mouse or a screen (js/access.js hooks, and the replay's analysis; issue
// 31): a move in words, and the table in words: the hand, the target and the cards in play.

import { gettext, ngettext } from "../js/i18n.js";
import { cardName } from "./cards.js";

/** A move in words ("Place the red 3 circle up left of the target: 4 points"); null for the
 * others (worded from their fields). */
export function actionWords(action, view) {
  const card = action.card ? cardName(action.card) : "";
  switch (action.type) {
    case "place": return placeWords(action, view, card);
    case "target": return gettext("Target the %(card)s", { card });
    case "take_back": return gettext("Take back the %(card)s", { card });
    case "discard": return gettext("Discard the %(card)s and draw", { card });
    case "clear_target": return gettext("Change target");
    case "pass": return gettext("Pass");
    default: return null;
  }
}

// The six sides of a pointy hex by axial step (js/hexgrid.js axialToPixel).
const SIDES = {
  "1,0": () => gettext("right of the target"), "-1,0": () => gettext("left of the target"),
  "0,-1": () => gettext("up left of the target"), "1,-1": () => gettext("up right of the target"),
  "0,1": () => gettext("down right of the target"), "-1,1": () => gettext("down left of the target"),
};

function placeWords(action, view, card) {
  const t = view?.target;
  const side = t && SIDES[`${action.q - t.q},${action.r - t.r}`];
  const where = side ? side() : gettext("at %(q)s, %(r)s", { q: action.q, r: action.r });
  const spot = (view?.moves?.places?.[action.card] || []).find((p) => p.q === action.q && p.r === action.r);
  if (!spot) return gettext("Place the %(card)s %(where)s", { card, where });
  const points = ngettext("%(n)s point", "%(n)s points", spot.points);
  if (spot.level > 0) return gettext("Place the %(card)s %(where)s, on level %(level)s, for %(points)s", { card, where, level: spot.level, points });
  return gettext("Place the %(card)s %(where)s, for %(points)s", { card, where, points });
}

/** ["Your hand: ...", "Target: ...", "On the table: n cards"]. */
export function stateWords(view) {
  const lines = [];
  if (Array.isArray(view.hand)) lines.push(gettext("Your hand: %(cards)s", { cards: view.hand.map(cardName).join(", ") || "-" }));
  if (view.target) lines.push(gettext("Target: %(card)s", { card: cardName(view.target.card || view.target) }));
  return lines;
}
