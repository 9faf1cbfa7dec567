// Hints on the HexBoard Words table (js/hints.js, issue 30 point 4): the hinted move is made
// ready as the player's own clicks would make it, without sending it.
// - a match: its board tile is selected (the card letters it fits light up) and the hinted
//   card letter is marked (.hw-hinted); a click there, or "Play it", plays it;
// - a steal: its word is typed, so the word-card to steal and the board tiles are chosen and
//   the letters sit in the tray; "Steal" (aglow, .hint-glow) or "Play it" plays it;
// - ending the turn: the "End turn" button aglow.
// The marks last while the hint's version is on screen (markHint runs after every render).
//
//   showWordsHint(table, action) -> the move in words, or null
//   markHint(table)              after table.render

import { byId } from "../js/dom.js";
import { gettext, labelled } from "../js/i18n.js";
import { checkMatch, stealable } from "./logic.js";

/** The hinted action while its version is on screen and it is the player's turn, else null. */
function current(table) {
  const h = table.hinted;
  return h && table.myTurn && h.version === table.snap?.version ? h.action : null;
}

/** Readies the match `a`: its board tile selected; its words (the card letter's label). */
function readyMatch(table, a) {
  const view = table.view;
  const tile = (view.board || []).find((t) => t.letter === a.letter);
  const check = checkMatch(view, a.letter, a.slot, a.position);
  if (!tile || !check.ok) return null;
  table.clear(false);
  table.selected = tile.tile;
  const q = { n: a.slot + 1, letter: String(view.slots[a.slot].word[a.position]).toUpperCase() };
  return check.completes ? gettext("Card %(n)s, %(letter)s: match and complete", q) : gettext("Card %(n)s, %(letter)s: match", q);
}

/** Readies the steal `a`: its word typed (the word-card and the board tiles chosen); its words. */
function readySteal(table, a) {
  const card = stealable(table.view, table.seat).find((c) => c.word === a.target);
  if (!card || !a.word) return null;
  table.clear(false);
  table.target = a.target; // typing prefers the word being stolen
  if (table.input) table.input.value = a.word;
  table.type(a.word);
  const name = table.page.names[card.seat] || gettext("Seat %(n)s", { n: card.seat + 1 });
  return labelled(gettext("Steal %(word)s from %(name)s", { word: a.target.toUpperCase(), name }), a.word.toUpperCase());
}

/** A hint: the move readied on the table and marked; its words, or null if it cannot be shown. */
export function showWordsHint(table, action) {
  if (!table.myTurn || !action) return null;
  let words = null;
  if (action.type === "match") words = readyMatch(table, action);
  else if (action.type === "steal") words = readySteal(table, action);
  else if (action.type === "end_turn") words = byId("hw-end")?.textContent.trim() || null;
  table.hinted = { version: table.snap.version, action };
  table.page.render();
  return words;
}

/** After each render: the hinted card letter marked and the hinted move's button aglow. */
export function markHint(table) {
  const a = current(table);
  byId("hw-end")?.classList.toggle("hint-glow", a?.type === "end_turn");
  byId("hw-steal")?.classList.toggle("hint-glow", a?.type === "steal");
  if (a?.type !== "match") return;
  const cells = table.board.svg?.querySelectorAll(`[data-slot="${Number(a.slot)}"] .hw-cell`);
  cells?.[Number(a.position)]?.classList.add("hw-hinted");
}
