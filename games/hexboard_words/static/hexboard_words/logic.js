// HexBoard Words in the browser, without the DOM (node --test tests/js/hexboard_words.test.mjs):
// what a seat's view allows (engine/view.py shapes), checked before a move is sent so the
// player sees at once why a steal or a match would be refused. The server has the last word:
// it alone knows the dictionary, so a steal whose letters fit is "ready", not "valid".
//
//   checkSteal(view, seat, target, word, messages) -> {ok, code, message, added, blankFor}
//   checkMatch(view, letter, slot, position, messages) -> {ok, code, message, completes}
//   planWord(view, seat, typed, prefer) -> {word, target, chips}   (typing selects the tiles)
//   noTarget(view, seat, word, messages) -> why a typed word holds no opponent's word
//   tileCells(n) -> n cells of a hex blob, in reading order (the centre tiles' places)
//
// `messages` are the engine's rule texts by code (static_data "messages", errors.py), so
// the words here are the server's own.

export const ALPHABET = "abcdefghijklmnopqrstuvwxyz";
export const BLANK = "?";
export const MAX_WORD = 30;
// The codes checkSteal / checkMatch return; tests/games/hexboard_words_web checks that the
// engine's static_data has a message for each of those that are rules.
import { gettext } from "../js/i18n.js";

export const RULE_CODES = [
  "not_your_turn", "no_such_word", "own_word", "malformed", "steal_drops_letter", "steal_adds_nothing",
  "steal_only_s", "word_on_table", "strict_steal", "steal_tiles_missing", "no_such_card", "already_matched",
  "letter_mismatch", "tile_not_on_board",
];
// Words of the UI's own, for what is not yet a move.
export const UI_MESSAGES = {
  empty: gettext("Type a word, or choose an opponent's word and add board tiles."),
  no_target: gettext("Choose the word to steal: an opponent's word-card, or type a longer word that holds one."),
  blank_letter: gettext("Say which letter the blank stands for: type the whole word in the box."),
  ready: gettext("The letters fit; the server's dictionary decides if it is a word."),
};

/** {letter: count} of a string or of a list of letters. */
export function countLetters(letters) {
  const out = {};
  for (const ch of letters) out[ch] = (out[ch] || 0) + 1;
  return out;
}

/** The letters of `word` beyond those of `old`, sorted ("act", "cater" -> "er"); null when
 * `word` lacks a letter of `old` (engine/steals.py added_letters). */
export function addedLetters(old, word) {
  const rest = [...word];
  for (const ch of old) {
    const i = rest.indexOf(ch);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest.sort().join("");
}

/** The seats that win with `seat` (its team, or itself), from the view's players. */
export function groupOf(view, seat) {
  const players = view?.players || [];
  const team = players.find((p) => p.seat === seat)?.team;
  if (team === null || team === undefined) return new Set([seat]);
  return new Set(players.filter((p) => p.team === team).map((p) => p.seat));
}

/** Every held word-card: [{seat, card, word, tiles, suggestions}], by seat. */
export function heldCards(view) {
  const out = [];
  for (const p of view?.players || []) for (const c of p.cards || []) out.push({ seat: p.seat, ...c });
  return out;
}

/** The word-cards `seat` may steal: those of players outside its team. */
export function stealable(view, seat) {
  const mine = groupOf(view, seat);
  return heldCards(view).filter((c) => !mine.has(c.seat));
}

/** Letter counts of the face-up tiles and whether the blank is among them. */
export function boardLetters(view) {
  const counts = {};
  let blank = false;
  for (const t of view?.board || []) {
    if (t.letter === BLANK) blank = true;
    else counts[t.letter] = (counts[t.letter] || 0) + 1;
  }
  return { counts, blank };
}

function verdict(ok, code, messages, extra = {}) {
  const message = messages?.[code] || UI_MESSAGES[code] || code;
  return { ok, code, message, ...extra };
}

/**
 * Would stealing `target` (a held word) into `word` pass the engine's checks that the view
 * can answer (engine/steals.py check_steal, in its order; the dictionary is the server's)?
 * `word` may hold "?" for a blank whose letter is not chosen yet.
 */
export function checkSteal(view, seat, target, word, messages = {}) {
  if (!word) return verdict(false, "empty", messages);
  if (!target) return verdict(false, "no_target", messages);
  if (!(view?.to_act || []).includes(seat)) return verdict(false, "not_your_turn", messages);
  const card = heldCards(view).find((c) => c.word === target);
  if (!card) return verdict(false, "no_such_word", messages);
  if (groupOf(view, seat).has(card.seat)) return verdict(false, "own_word", messages);
  if (word.includes(BLANK)) return verdict(false, "blank_letter", messages);
  if (!/^[a-z]+$/.test(word) || word.length > MAX_WORD) return verdict(false, "malformed", messages);
  const added = addedLetters(target, word);
  if (added === null) return verdict(false, "steal_drops_letter", messages);
  if (!added) return verdict(false, "steal_adds_nothing", messages);
  if (added === "s") return verdict(false, "steal_only_s", messages);
  if (heldCards(view).some((c) => c.word === word)) return verdict(false, "word_on_table", messages);
  if (view?.options?.strict && word.includes(target)) return verdict(false, "strict_steal", messages);
  const { counts, blank } = boardLetters(view);
  const missing = [];
  for (const ch of added) {
    if (counts[ch]) counts[ch] -= 1;
    else missing.push(ch);
  }
  if (missing.length > 1 || (missing.length === 1 && !blank)) return verdict(false, "steal_tiles_missing", messages, { added });
  return verdict(true, "ready", messages, { added, blankFor: missing[0] || null });
}

/** Would the board's `letter` ("?" the blank) on card `slot`'s `position` be a legal match
 * (engine/apply.py _match)? `completes`: it is the card's last open letter. */
export function checkMatch(view, letter, slot, position, messages = {}) {
  if (!(view?.to_act || []).includes(view?.viewer)) return verdict(false, "not_your_turn", messages);
  const card = view?.slots?.[slot];
  if (!card) return verdict(false, "no_such_card", messages);
  if (card.tiles[position]) return verdict(false, "already_matched", messages);
  if (letter !== BLANK && letter !== card.word[position]) return verdict(false, "letter_mismatch", messages);
  if (!(view.board || []).some((t) => t.letter === letter)) return verdict(false, "tile_not_on_board", messages);
  const open = card.tiles.filter((t) => !t).length;
  return verdict(true, "ok", messages, { completes: open === 1 });
}

/** The open places of the cards where `letter` may go: [{slot, position, completes}]. */
export function placesFor(view, letter) {
  const out = [];
  (view?.slots || []).forEach((card, slot) => {
    if (!card) return;
    card.tiles.forEach((t, position) => {
      if (t) return;
      if (letter === BLANK || card.word[position] === letter) {
        out.push({ slot, position, completes: card.tiles.filter((x) => !x).length === 1 });
      }
    });
  });
  return out;
}

/**
 * Chips spelling `word` from the tiles of `card` (a held word-card) and the board: each
 * letter takes an unused card tile first, then a real board tile, then the blank, else it
 * is "missing". Chip: {tile, letter, source: "card" | "board" | "missing", blank}.
 */
export function spell(word, card, board) {
  const fromCard = [...(card?.tiles || [])];
  const fromBoard = [...(board || [])];
  const chips = [];
  for (const ch of word) {
    let i = fromCard.findIndex((t) => t.letter === ch);
    if (i >= 0) {
      const t = fromCard.splice(i, 1)[0];
      chips.push({ tile: t.tile, letter: ch, source: "card", blank: t.tile === "BLANK" });
      continue;
    }
    i = fromBoard.findIndex((t) => t.letter === ch);
    if (i < 0) i = fromBoard.findIndex((t) => t.letter === BLANK);
    if (i >= 0) {
      const t = fromBoard.splice(i, 1)[0];
      chips.push({ tile: t.tile, letter: ch, source: "board", blank: t.letter === BLANK });
      continue;
    }
    chips.push({ tile: null, letter: ch, source: "missing", blank: false });
  }
  // Letters of the card the word leaves out still belong to the steal: shown at the end.
  for (const t of fromCard) chips.push({ tile: t.tile, letter: t.letter, source: "card", blank: t.tile === "BLANK", unused: true });
  return chips;
}

/**
 * Typing selects the tiles: the opponent's word `typed` steals (the one `prefer`red if it
 * fits, else the longest whose letters it holds and the board can add to) and the chips that
 * spell it. {word, target: null | card, chips}. With no target the chips are board tiles.
 */
export function planWord(view, seat, typed, prefer = null) {
  const word = String(typed || "").toLowerCase().replace(/[^a-z]/g, "").slice(0, MAX_WORD);
  const cards = stealable(view, seat);
  let best = null;
  let bestScore = -1;
  for (const card of cards) {
    const added = addedLetters(card.word, word);
    if (added === null || !added) continue;
    const fits = checkSteal(view, seat, card.word, word).code !== "steal_tiles_missing";
    const score = (card.word === prefer ? 1000 : 0) + (fits ? 100 : 0) + card.word.length;
    if (score > bestScore) {
      best = card;
      bestScore = score;
    }
  }
  if (!best && prefer) best = cards.find((c) => c.word === prefer) || null;
  return { word, target: best, chips: spell(word, best, view?.board || []) };
}

/**
 * Why a typed `word` steals nothing when planWord found no opponent's word inside it: one of
 * your (team's) own words fits it (frozen), it is an opponent's word itself (nothing added),
 * or no opponent's word has all its letters in it.
 */
export function noTarget(view, seat, word, messages = {}) {
  const mine = groupOf(view, seat);
  const cards = heldCards(view);
  if (cards.some((c) => mine.has(c.seat) && addedLetters(c.word, word))) return verdict(false, "own_word", messages);
  if (cards.some((c) => !mine.has(c.seat) && c.word === word)) return verdict(false, "steal_adds_nothing", messages);
  const v = verdict(false, "steal_drops_letter", messages);
  return { ...v, message: `${gettext("No opponent's word has all its letters in %(word)s.", { word: word.toUpperCase() })} ${v.message}` };
}

/** The board's tiles sorted for reading: by letter, the blank last, then by code. */
export function sortedTiles(board) {
  const key = (t) => (t.letter === BLANK ? "{" : t.letter);
  return [...(board || [])].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.tile < b.tile ? -1 : a.tile > b.tile ? 1 : 0));
}

/** Axial cells {q, r} of the hex blob of radius `k` around the centre. */
function hexCells(k) {
  const out = [];
  for (let r = -k; r <= k; r++) {
    for (let q = Math.max(-k, -r - k); q <= Math.min(k, -r + k); q++) out.push({ q: q + 0, r: r + 0 }); // no -0
  }
  return out;
}

/** The smallest ring count holding `n` cells (1 + 3k(k+1) >= n). */
export function ringsFor(n) {
  let k = 0;
  while (1 + 3 * k * (k + 1) < n) k++;
  return k;
}

/**
 * `n` cells of a compact hex blob (pointy hexes, axial {q, r}) around the centre, in reading
 * order (top row first, left to right), so the tiles sorted by letter read like a text.
 */
export function tileCells(n) {
  if (n <= 0) return [];
  const k = ringsFor(n);
  const dist = ({ q, r }) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
  // Nearest the centre first; on the outer ring, rows nearest the middle first (a wide blob).
  const chosen = hexCells(k)
    .map((c) => ({ ...c, d: dist(c), x: c.q + c.r / 2 }))
    .sort((a, b) => a.d - b.d || Math.abs(a.r) - Math.abs(b.r) || Math.abs(a.x) - Math.abs(b.x) || a.r - b.r || a.x - b.x)
    .slice(0, n);
  return chosen.sort((a, b) => a.r - b.r || a.q - b.q).map(({ q, r }) => ({ q, r }));
}
