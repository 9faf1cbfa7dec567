// HexBoard Words without a mouse or a screen (js/access.js hooks, and the replay's analysis;
// issue 31). A person is shown only templates for matches and steals (finding them is the
// game: engine/legal.py client_templates), so those are told as what to do, not offered as
// moves; the table in words says what there is to find them with.

import { gettext } from "../js/i18n.js";
import { upper } from "./describe.js";

const TEMPLATE_HELP = {
  match: () => gettext("To put a letter on a word-card: choose a face-up tile on the board (arrow keys, Enter), then press the card's number, 1 to 6."),
  steal: () => gettext("To steal a word: type the new word (letters from anywhere on the page), choose the word to steal, then press Enter."),
};

/** A move in words; null for the others (worded from their fields). */
export function actionWords(action) {
  if (action.type === "match" && action.letter) {
    return gettext("Put the letter %(letter)s on word-card %(n)s", { letter: upper(action.letter), n: Number(action.slot) + 1 });
  }
  if (action.type === "steal" && action.word) return gettext("Steal %(old)s to make %(new)s", { old: upper(action.target), new: upper(action.word) });
  if (action.type === "end_turn") return gettext("End your turn");
  return null;
}

/** A template (a match or a steal with its fields left open) is not a move to send: its help. */
export function actionHelp(action) {
  const open = Object.entries(action).some(([k, v]) => k !== "type" && (v === null || v === undefined));
  return open && TEMPLATE_HELP[action.type] ? TEMPLATE_HELP[action.type]() : null;
}

/** The face-up tiles, the six word-cards with their open places, each player's words. */
export function stateWords(view, page) {
  const lines = [];
  const tiles = (view.board || []).map((t) => upper(t.letter));
  lines.push(tiles.length ? gettext("Face-up tiles: %(letters)s", { letters: tiles.join(" ") }) : gettext("No face-up tiles."));
  if (view.hidden_tile) lines.push(gettext("Your hidden tile: %(letter)s", { letter: upper(view.hidden_tile.letter) }));
  (view.slots || []).forEach((s, i) => {
    if (!s) return;
    const open = [...s.word].filter((_, p) => !s.tiles[p]).map(upper);
    lines.push(open.length ? gettext("Word-card %(n)s, %(word)s: open %(letters)s", { n: i + 1, word: upper(s.word), letters: open.join(", ") })
      : gettext("Word-card %(n)s, %(word)s: complete", { n: i + 1, word: upper(s.word) }));
  });
  for (const p of view.players || []) {
    const who = p.seat === page.mySeat ? gettext("you") : page.names[p.seat] || gettext("Seat %(n)s", { n: p.seat + 1 });
    const words = (p.cards || []).map((c) => upper(c.word));
    lines.push(gettext("%(who)s: %(words)s", { who, words: words.join(", ") || "-" }));
  }
  return lines;
}
