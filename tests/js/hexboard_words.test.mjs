// node --test: the DOM-free parts of the HexBoard Words table (games/hexboard_words/static/
// hexboard_words/logic.js and describe.js) on views shaped like engine/view.py's.
import assert from "node:assert/strict";
import test from "node:test";

import { importStatic } from "./static_tree.mjs";

// As served under /static/, so the modules' "../js/i18n.js" resolves.
const { describeEvents } = await importStatic("hexboard_words/describe.js", ["hexboard_words"]);
const {
  addedLetters, checkMatch, checkSteal, noTarget, planWord, placesFor, ringsFor, sortedTiles, spell, tileCells,
} = await importStatic("hexboard_words/logic.js", ["hexboard_words"]);

const tile = (letter, n = 1) => ({ tile: letter === "?" ? "BLANK" : `${letter.toUpperCase()}${n}`, letter });
const word = (w, n = 9) => [...w].map((ch, i) => tile(ch, n + i));

/** Seat 0 to act; bob (seat 1) holds ACT and RATE; seat 0 holds LACE; board E R S K and more. */
function view({ board = "ersk", strict = false, teams = [null, null, null] } = {}) {
  return {
    viewer: 0, to_act: [0], turn: 3, options: { strict, turn_seconds: 60, cards_to_win: 5 },
    board: [...board].map((ch, i) => tile(ch, 20 + i)),
    slots: [
      { slot: 0, word: "dig", tiles: [tile("d", 1), null, tile("g", 1)] },
      { slot: 1, word: "lot", tiles: [null, null, null] },
      null, null, null, null,
    ],
    players: [
      { seat: 0, team: teams[0], cards: [{ card: "ace", word: "lace", tiles: word("lace"), suggestions: [] }] },
      { seat: 1, team: teams[1], cards: [{ card: "act", word: "act", tiles: word("act", 30), suggestions: ["fact"] },
        { card: "ate", word: "rate", tiles: word("rate", 40), suggestions: [] }] },
      { seat: 2, team: teams[2], cards: [] },
    ],
  };
}

test("added letters, as the engine counts them", () => {
  assert.equal(addedLetters("act", "cater"), "er");
  assert.equal(addedLetters("act", "cat"), "");
  assert.equal(addedLetters("act", "tea"), null);
});

test("a steal is checked in the engine's order, with its messages", () => {
  const v = view();
  const msgs = { steal_only_s: "Adding only an S does not steal a word." };
  assert.equal(checkSteal(v, 0, "act", "cater").ok, true);
  assert.equal(checkSteal(v, 0, "act", "cater").added, "er");
  assert.equal(checkSteal(v, 0, "act", "tea").code, "steal_drops_letter");
  assert.equal(checkSteal(v, 0, "act", "cat").code, "steal_adds_nothing");
  const onlyS = checkSteal(v, 0, "act", "acts", msgs);
  assert.deepEqual([onlyS.code, onlyS.message], ["steal_only_s", msgs.steal_only_s]);
  assert.equal(checkSteal(v, 0, "act", "lace").code, "steal_drops_letter");
  assert.equal(checkSteal(v, 0, "ate", "rate").code, "no_such_word"); // "ate" is a card, not a word held
  assert.equal(checkSteal(v, 0, "act", "tacky").code, "steal_tiles_missing");
  assert.equal(checkSteal(v, 0, "lace", "laces").code, "own_word");
  assert.equal(checkSteal(v, 0, "act", "Cater").code, "malformed");
  assert.equal(checkSteal(view({ strict: true }), 0, "act", "acter").code, "strict_steal");
  assert.equal(checkSteal(view({ strict: true }), 0, "act", "cater").ok, true);
  assert.equal(checkSteal({ ...v, to_act: [1] }, 0, "act", "cater").code, "not_your_turn");
  assert.equal(checkSteal(v, 0, null, "cater").code, "no_target");
  // The new word already on the table: RATE held by bob, stolen into ... RATE again is not longer;
  // LACE is on the table: stealing ACT with L + E into LACE... needs "l", absent; with an L on the board:
  assert.equal(checkSteal(view({ board: "le" }), 0, "act", "lacet").ok, true);
  const onTable = view({ board: "le" });
  onTable.players[2].cards.push({ card: "arm", word: "cleat", tiles: word("cleat", 50), suggestions: [] });
  assert.equal(checkSteal(onTable, 0, "act", "cleat").code, "word_on_table");
});

test("the blank is one missing letter, and must be given a letter", () => {
  const v = view({ board: "e?" });
  const r = checkSteal(v, 0, "act", "cater");
  assert.deepEqual([r.ok, r.blankFor], [true, "r"]);
  assert.equal(checkSteal(v, 0, "act", "carted").code, "steal_tiles_missing");
  assert.equal(checkSteal(v, 0, "act", "cate?").code, "blank_letter");
});

test("a teammate's words are frozen too", () => {
  const v = view({ teams: [0, 0, 1] });
  assert.equal(checkSteal(v, 0, "act", "cater").code, "own_word");
});

test("matches: the same letter or the blank on an open place", () => {
  const v = view({ board: "io?" });
  assert.deepEqual(checkMatch(v, "i", 0, 1), { ok: true, code: "ok", message: "ok", completes: true });
  assert.equal(checkMatch(v, "o", 0, 1).code, "letter_mismatch");
  assert.equal(checkMatch(v, "d", 0, 0).code, "already_matched");
  assert.equal(checkMatch(v, "x", 1, 0).code, "letter_mismatch");
  assert.equal(checkMatch(v, "l", 1, 0).code, "tile_not_on_board");
  assert.equal(checkMatch(v, "?", 1, 0).completes, false);
  assert.equal(checkMatch(v, "i", 2, 0).code, "no_such_card");
  assert.deepEqual(placesFor(v, "o"), [{ slot: 1, position: 1, completes: false }]);
  assert.equal(placesFor(v, "?").length, 4);
});

test("typing a word selects the word to steal and the board tiles", () => {
  const v = view({ board: "erxs" });
  const plan = planWord(v, 0, "Cater");
  assert.equal(plan.word, "cater");
  assert.equal(plan.target.word, "act");
  assert.deepEqual(plan.chips.map((c) => [c.letter, c.source]), [["c", "card"], ["a", "card"], ["t", "card"], ["e", "board"], ["r", "board"]]);
  assert.equal(plan.chips[3].tile, "E20");
  // RATE + S = "rates": only an S, but still that word's plan; "taters" is not reachable.
  assert.equal(planWord(v, 0, "rates").target.word, "rate");
  // The longer word the letters hold is preferred, unless one is chosen.
  assert.equal(planWord(v, 0, "crater").target.word, "rate");
  assert.equal(planWord(v, 0, "crater", "act").target.word, "act");
  // Our own words are not targets; letters missing from the board are marked.
  assert.equal(planWord(v, 0, "laces").target, null);
  const missing = planWord(v, 0, "catered"); // neither fits: the longer word, RATE
  assert.equal(missing.target.word, "rate");
  assert.deepEqual(missing.chips.filter((c) => c.source === "missing").map((c) => c.letter), ["c", "d"]);
});

test("a typed word that holds no opponent's word says why", () => {
  const v = view();
  assert.equal(noTarget(v, 0, "laces").code, "own_word");
  assert.equal(noTarget(v, 0, "act").code, "steal_adds_nothing");
  const none = noTarget(v, 0, "chars", { steal_drops_letter: "A steal uses every letter of the word it steals." });
  assert.equal(none.message, "No opponent's word has all its letters in CHARS. A steal uses every letter of the word it steals.");
});

test("letters of the old word that the typed word leaves out stay in the tray", () => {
  const chips = spell("cat", { tiles: word("acts", 60) }, []);
  assert.deepEqual(chips.map((c) => [c.letter, !!c.unused]), [["c", false], ["a", false], ["t", false], ["s", true]]);
});

test("the centre tiles: sorted by letter, in a compact blob read row by row", () => {
  assert.deepEqual(sortedTiles([tile("t"), tile("?"), tile("a")]).map((t) => t.letter), ["a", "t", "?"]);
  assert.deepEqual([1, 7, 8, 19, 20, 37].map(ringsFor), [0, 1, 2, 2, 3, 3]);
  for (const n of [1, 5, 9, 19, 30, 61, 127]) {
    const cells = tileCells(n);
    assert.equal(cells.length, n);
    assert.equal(new Set(cells.map((c) => `${c.q},${c.r}`)).size, n);
    const rows = cells.map((c) => c.r);
    assert.deepEqual(rows, [...rows].sort((a, b) => a - b));
  }
  assert.deepEqual(tileCells(1), [{ q: 0, r: 0 }]);
});

test("the log tells words made and stolen", () => {
  const ctx = { names: ["alice", "Bot 2"], mySeat: 0, view: { options: { cards_to_win: 5 } } };
  const completed = [
    { type: "matched", seat: 0, slot: 0, position: 1, word: "dig", tile: "I1", letter: "i" },
    { type: "completed", seat: 0, slot: 0, word: "dig", tiles: word("dig") },
    { type: "new_card", slot: 0, word: "pop" },
    { type: "drew", seat: 0, to: "board", tile: "H1", letter: "h" },
  ];
  assert.equal(describeEvents(completed, ctx), "You completed DIG (card 1) with I · New card POP · Drew H to the board");
  const stolen = [{ type: "stolen", seat: 1, from: 0, old: "act", new: "cater", card: "act", added: [tile("e"), tile("r")] }];
  assert.equal(describeEvents(stolen, ctx), "Bot 2 stole your ACT with E + R: CATER");
  const plain = [
    { type: "matched", seat: 1, slot: 1, position: 0, word: "lot", tile: "L1", letter: "l" },
    { type: "turn_ended", seat: 1, timeout: false }, { type: "drew", seat: 1, to: "hand" },
    { type: "turn", seat: 0, turn: 4 }, { type: "placed", seat: 0, tile: "E1", letter: "e" },
  ];
  assert.equal(describeEvents(plain, ctx), "Bot 2 matched L on LOT (card 2) · You placed your tile E on the board");
  const ended = [{ type: "turn_ended", seat: 0, timeout: false }, { type: "hidden_tile", seat: 0, tile: "R1", letter: "r" }];
  assert.equal(describeEvents(ended, ctx), "You ended your turn · Your hidden tile: R");
  assert.equal(describeEvents(ended, { ...ctx, actor: "timeout" }), "Your hourglass ran out: turn over · Your hidden tile: R");
  assert.equal(describeEvents(ended, { ...ctx, record: { actor: "timeout" } }), "Your hourglass ran out: turn over · Your hidden tile: R");
  const over = [{ type: "game_over", reason: "cards", winners: [1] }];
  assert.equal(describeEvents(over, ctx), "Game over: Bot 2 made and kept 5 word-cards");
  assert.equal(describeEvents([], ctx), "");
});
