// Hexcrement without a mouse or a screen (js/access.js hooks, and the replay's analysis;
// issue 31): a move in the mats' words, and the table in words: each beetle, where it stands,
// which way it goes and what it carries.

import { gettext, labelled } from "../js/i18n.js";
import { gameData } from "./describe.js";
import { cardName, cellWords, directionWords, listWords } from "./words.js";

function namesOf(ctx) {
  return ctx?.names || window.hexagora?.replay?.names || [];
}

/** A move in words: a cell where the mats say it ("red mat, column 4, row 2"), a seat by name;
 * null for the others (worded from their fields). `ctx`: the page, or anything with `names`. */
export function actionWords(action, view, ctx = null) {
  const d = gameData();
  const place = (cell) => cellWords(d.board, d.colours, cell);
  const names = namesOf(ctx);
  const who = (seat) => names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  if (action.type === "roll") return gettext("Roll the dice");
  if (action.type === "move") return gettext("Move to %(place)s", { place: place(action.cell) });
  if (action.type === "target" || action.type === "swipe") return gettext("Choose %(name)s", { name: who(action.seat) });
  if (["morph", "peek", "odour"].includes(action.type)) return gettext("Choose %(place)s", { place: place(action.cell) });
  return null;
}

/** One line a beetle: "alice (you): red mat, column 4, row 2, clockwise, carrying DUNG red". */
export function stateWords(view, page) {
  const d = gameData();
  const lines = [];
  for (const s of view.seats || []) {
    const who = s.seat === page.mySeat ? gettext("%(name)s (you)", { name: page.names[s.seat] || "" }) : page.names[s.seat] || gettext("Seat %(n)s", { n: s.seat + 1 });
    const bits = [cellWords(d.board, d.colours, s.cell), directionWords(s.direction)];
    if (s.dung?.length) bits.push(gettext("carrying %(cards)s", { cards: listWords(s.dung.map(cardName)) }));
    if (s.swipes?.length) bits.push(gettext("SWIPE cards: %(n)s", { n: s.swipes.length }));
    lines.push(labelled(who, bits.join(", ")));
  }
  if (view.choice?.card) lines.push(gettext("To resolve: %(card)s", { card: cardName(view.choice.card) }));
  return lines;
}
