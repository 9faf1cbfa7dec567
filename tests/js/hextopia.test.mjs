// node --test: Hextopia's DOM-free pieces (issue 8): the end screen's score explanation
// (games/hextopia/static/hextopia/score.js) and the help on the board's elements (board.js).
import assert from "node:assert/strict";
import test from "node:test";

import { importStatic } from "./static_tree.mjs";

const { homeHelp, laneHelp, pieceHelp, spaceHelp } = await importStatic("hextopia/board.js");
const { piecePoints, scoreRows } = await importStatic("hextopia/score.js");

const at = (where, index, progress) => ({ where, index, progress });

// A 2 v 2 on the 72-space track: team 0 (seats 0 and 2) won; seat 1 has one piece on the
// track and one at HOME, seat 3 three in HEXTOPIA and one on the track.
const view = {
  track_length: 72,
  seats: [
    { seat: 0, team: 0, pieces: [at("hextopia", 4, 75), at("hextopia", 3, 74), at("hextopia", 2, 73), at("hextopia", 1, 72)] },
    { seat: 1, team: 1, pieces: [at("hextopia", 1, 72), at("track", 30, 12), at("home", null, null), at("track", 18, 0)] },
    { seat: 2, team: 0, pieces: [at("hextopia", 4, 75), at("hextopia", 3, 74), at("hextopia", 2, 73), at("hextopia", 1, 72)] },
    { seat: 3, team: 1, pieces: [at("hextopia", 4, 75), at("hextopia", 3, 74), at("hextopia", 2, 73), at("track", 50, 68)] },
  ],
};
const result = { ranks: [1, 2, 1, 2], scores: [298, 87, 298, 294], winners: [0, 2] };

test("a piece counts 0 at HOME, 1 on START, up to L+4 deep in HEXTOPIA", () => {
  assert.equal(piecePoints(at("home", null, null)), 0);
  assert.equal(piecePoints(at("track", 18, 0)), 1);
  assert.equal(piecePoints(at("track", 17, 71)), 72);
  assert.equal(piecePoints(at("hextopia", 4, 75)), 76);
});

test("the score rows add up to the result's scores and the team totals", () => {
  const rows = scoreRows(view, result);
  assert.deepEqual(rows.map((r) => r.seat), [0, 2, 1, 3]);
  for (const r of rows) assert.equal(r.total, result.scores[r.seat]);
  const bob = rows.find((r) => r.seat === 1);
  assert.deepEqual(bob.hextopia, { count: 1, points: 73 });
  assert.deepEqual(bob.track, { count: 2, points: 14 });
  assert.equal(bob.home.count, 1);
  assert.deepEqual(bob.pieces, [73, 13, 0, 1]);
  assert.equal(bob.groupTotal, 87 + 294);
  assert.equal(rows[0].groupTotal, 596);
});

test("help says what a space, START, HOME, a HEXTOPIA slot and a piece is", () => {
  assert.match(spaceHelp(5, undefined, undefined), /^Space 5 of the track\. Pieces IN-PLAY move clockwise/);
  assert.match(spaceHelp(0, 0, "red"), /^START of red \(space 0\): red's pieces come out of HOME onto it with an ACE, a KING, or a TWO/);
  assert.match(homeHelp("blue", 3), /^HOME of blue \(H-O-M-E\).* 3 of 4 at HOME now\.$/);
  assert.match(laneHelp("green", 2), /^HEXTOPIA 2 of green: the safe lane\. .*exact count.*only an ACE \(1\) or a TWO \(2\)/);
  assert.match(pieceHelp({ piece: 1, ...at("track", 30, 12) }, "blue", "bob", 72), /^blue piece 2 \(bob\): on space 30, 12 past its START; 60 to go to HEXTOPIA 1\./);
  assert.match(pieceHelp({ piece: 0, ...at("track", 18, 0) }, "blue", "bob", 72), /on its START \(space 18\); 72 to go/);
  assert.match(pieceHelp({ piece: 2, ...at("home", null, null) }, "blue", "bob", 72), /at HOME; an ACE or a KING brings it to START/);
  assert.match(pieceHelp({ piece: 0, ...at("hextopia", 4, 75) }, "red", "alice", 72), /in HEXTOPIA 4, safe for good\.$/);
});

// Issue 31: a screen reader reads "♥" as "black heart suit"; what it is given names the card.
const { cardWords, spokenCards } = await importStatic("hextopia/cards.js");

test("cards are spoken in words, whatever surrounds them", () => {
  assert.equal(cardWords("AH"), "Ace of hearts");
  assert.equal(cardWords("TS"), "10 of spades");
  assert.equal(cardWords("X1"), "Joker");
  assert.equal(spokenCards("A\u2665: move red piece 1 from HOME to START"), "Ace of hearts: move red piece 1 from HOME to START");
  assert.equal(spokenCards("Bot 2 played 10\u2660, then 7\u2663."), "Bot 2 played 10 of spades, then 7 of clubs.");
  assert.equal(spokenCards("K\u2666; or Q\u2665"), "King of diamonds; or Queen of hearts");
  assert.equal(spokenCards("space 12, JOKER"), "space 12, JOKER");
});

test("cards side by side are spoken as a list", () => {
  assert.equal(spokenCards("Your cards: 8\u2666 J\u2666 Q\u2663"), "Your cards: 8 of diamonds, Jack of diamonds, Queen of clubs");
});
