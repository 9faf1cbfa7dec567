// node --test: the DOM-free parts of js/access.js (issue 31): each legal action's sentence (the
// game's words, else generic ones; alike sentences numbered so each names one action), the
// Describe key, and the arrow keys' nearest target.
import assert from "node:assert/strict";
import test from "node:test";

import { actionSentence, actionSentences, isDescribeKey, nearestIn } from "../../static/js/access.js";

const game = { actionWords: (a) => (a.type === "move" ? `Move to ${a.cell % 2 ? "the odd" : "the even"} cell` : null) };

test("every unique legal action gets a sentence that names it alone", () => {
  const snap = { legal_actions: [{ type: "move", cell: 1 }, { type: "move", cell: 3 }, { type: "move", cell: 2 }, { type: "roll" }, { type: "roll" }] };
  const items = actionSentences(game, snap, {});
  assert.deepEqual(items.map((it) => it.sentence), ["Move to the odd cell (1)", "Move to the odd cell (2)", "Move to the even cell", "roll"]);
  assert.deepEqual(items[1].action, { type: "move", cell: 3 });
  assert.equal(new Set(items.map((it) => it.sentence)).size, items.length);
});

test("a game's words that fail fall back to the generic words", () => {
  const broken = { actionWords: () => { throw new Error("no board yet"); } };
  assert.equal(actionSentence(broken, { type: "end_turn" }, {}, {}), "end turn");
  assert.equal(actionSentence({}, { type: "play", card: 3 }, {}, {}), "play · card 3");
});

test("Describe is Alt+Shift+D, by the key's place, in any layout", () => {
  assert.ok(isDescribeKey({ altKey: true, shiftKey: true, code: "KeyD", key: "Î" }));
  assert.ok(!isDescribeKey({ altKey: true, shiftKey: false, code: "KeyD" }));
  assert.ok(!isDescribeKey({ altKey: true, shiftKey: true, ctrlKey: true, code: "KeyD" }));
  assert.ok(!isDescribeKey({ altKey: false, shiftKey: true, code: "KeyD" }));
});

function box(x, y) {
  return { x, y, getBoundingClientRect: () => ({ left: x - 5, top: y - 5, width: 10, height: 10 }) };
}

test("an arrow goes to the nearest target that way, a sideways step costing twice", () => {
  const from = box(0, 0);
  const right = box(40, 0);
  const farRight = box(90, 0);
  const rightAndDown = box(30, 20);
  const up = box(0, -50);
  const all = [from, right, farRight, rightAndDown, up];
  assert.equal(nearestIn(from, all, "ArrowRight"), right);
  assert.equal(nearestIn(from, all, "ArrowUp"), up);
  assert.equal(nearestIn(from, all, "ArrowDown"), rightAndDown);
  assert.equal(nearestIn(from, all, "ArrowLeft"), null);
});
