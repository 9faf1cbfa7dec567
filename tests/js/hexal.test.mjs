// node --test: Hexal's DOM-free modules (games/hexal/static/hexal/): card words and shapes,
// the client's reading of the table (rules.js), the camera, the log words and the last turn.
import assert from "node:assert/strict";
import test from "node:test";

import { importStatic } from "./static_tree.mjs";

// As served under /static/, so the modules' "../js/i18n.js" resolves.
const load = (name) => importStatic(`hexal/${name}`, ["hexal"]);
const { Camera } = await load("camera.js");
const { cardName, inkOf, parseCard, shapePath, shared, sharedWords, SHAPES } = await load("cards.js");
const { describeEvents } = await load("describe.js");
const { TableModel } = await load("rules.js");
const { lastScored, scoredCards } = await load("scored.js");

test("a card code in words; anything else is not a card", () => {
  assert.deepEqual(parseCard("GT4"), { code: "GT4", colour: "green", shape: "triangle", number: 4 });
  assert.equal(cardName("PX6"), "purple star 6");
  assert.equal(cardName("RC1"), "red circle 1");
  for (const bad of ["", "ZZ1", "RC7", "RC0", "RCC", null, 5, "RC10"]) assert.equal(parseCard(bad), null, String(bad));
  assert.equal(shared("RC1", "RC1"), 3);
  assert.equal(shared("RC1", "GT4"), 0);
  assert.equal(shared("BX3", "YX3"), 2);
  assert.equal(sharedWords("BX3", "YX3"), "shape and number");
  assert.equal(sharedWords("RC1", "RT2"), "colour");
});

test("every shape has a path, and the ink reads on the light colours", () => {
  for (const s of SHAPES) assert.match(shapePath(s, 0, 0, 10), /^M.*Z$/, s);
  assert.equal(inkOf("yellow"), "#1d2330");
  assert.equal(inkOf("blue"), "#fff");
  assert.equal(inkOf("purple", "colourblind"), "#1d2330");
});

const TABLE = [
  { q: 0, r: 0, cards: ["GX4"] },
  { q: 1, r: -1, cards: ["BX3"] },
  { q: -1, r: 0, cards: ["RC4", "GC4"] },
];

test("the places around a target: on top while it is the top, then the free supported sides", () => {
  const t = new TableModel(TABLE);
  assert.deepEqual(t.where("RC4"), { q: -1, r: 0, level: 0 });
  const around = t.placesAround({ q: 0, r: 0, level: 0 });
  assert.deepEqual(around.map((p) => [p.q, p.r, p.level, p.top]), [[0, 0, 1, true], [1, 0, 0, false], [0, -1, 0, false], [-1, 1, 0, false], [0, 1, 0, false]]);
  // The buried red circle 4: no top; its level-0 sides only (the green star 4's cell is taken).
  assert.deepEqual(t.placesAround({ q: -1, r: 0, level: 0 }).map((p) => [p.q, p.r]), [[0, -1], [-1, -1], [-2, 0], [-2, 1], [-1, 1]]);
  // The green circle 4 at level 1: a side needs a stack of exactly 1 (the green star 4's cell).
  assert.deepEqual(t.placesAround({ q: -1, r: 0, level: 1 }).map((p) => [p.q, p.r, p.level]), [[-1, 0, 2], [0, 0, 1]]);
});

test("a card fits where it shares an attribute with every card it touches, and scores them", () => {
  const t = new TableModel(TABLE);
  const fits = t.placesFor("YX3", { q: 0, r: 0, level: 0 });
  const at = Object.fromEntries(fits.map((p) => [`${p.q},${p.r},${p.level}`, p.points]));
  // Beside the green star 4 and the blue star 3: star (1) + star and 3 (2).
  assert.equal(at["1,0,0"], 3);
  // Not on top of the green star 4: at level 1 it would also touch the green circle 4 (nothing shared).
  assert.equal(at["0,0,1"], undefined);
  // Nor beside the red circle 4 (nothing shared); a red card fits there, on top too.
  assert.equal(at["-1,1,0"], undefined);
  const red = t.placesFor("RX4", { q: 0, r: 0, level: 0 });
  assert.deepEqual(red.filter((p) => p.top).map((p) => p.points), [2 + 1]); // the green star 4 below: star, 4; the green circle 4 beside: 4
  assert.deepEqual(t.placesFor("OT1", { q: 0, r: 0, level: 0 }), []);
});

test("the camera fits a box, zooms about a point and pans", () => {
  const cam = new Camera({ fitMax: 10 });
  cam.setSize(400, 200);
  cam.fit([0, 0, 100, 100]);
  assert.equal(cam.scale, 2);
  assert.deepEqual(cam.box(), [-50, 0, 200, 100]);
  assert.ok(cam.shows([0, 0, 100, 100]));
  const before = cam.toWorld(100, 50);
  cam.zoomAt(2, 100, 50);
  const after = cam.toWorld(100, 50);
  assert.ok(Math.abs(before[0] - after[0]) < 1e-9 && Math.abs(before[1] - after[1]) < 1e-9);
  cam.panBy(40, 0);
  assert.ok(Math.abs(cam.toWorld(140, 50)[0] - after[0]) < 1e-9);
  cam.zoomAt(1e9);
  assert.equal(cam.scale, cam.maxScale);
  // A band at the top is left free for the buttons over the table.
  cam.fit([0, 0, 100, 100], { top: 40 });
  assert.equal(cam.scale, 1.6);
  assert.ok(cam.box()[1] < 0);
});

test("the log tells each move, with 'You' for the viewer, and never what it was not given", () => {
  const ctx = { names: ["alice", "Bot 2"], mySeat: 0, record: null };
  assert.equal(describeEvents([{ type: "target", seat: 1, card: "GX4", q: 0, r: 0, level: 0 }], ctx), "Bot 2 names the green star 4 as the target");
  assert.equal(describeEvents([{ type: "placed", seat: 0, card: "YX3", q: 1, r: 0, level: 0, points: 3 }], ctx), "You place the yellow star 3: +3");
  const end = [
    { type: "turn_scored", seat: 0, cards: ["YX3"], points: 3, total: 10 },
    { type: "drew", seat: 0, count: 1, from_stack: 0 },
    { type: "drew_cards", seat: 0, cards: ["RC1"] },
    { type: "turn", seat: 1 },
  ];
  assert.equal(describeEvents(end, ctx), "You score 3 points with 1 card (total 10). You draw red circle 1");
  // Another seat's draw: its count only (the page never receives the cards).
  assert.equal(describeEvents([{ type: "drew", seat: 1, count: 2, from_stack: 1 }], ctx), "Bot 2 draws 2 cards (1 from the stack)");
  assert.equal(describeEvents([{ type: "discarded", seat: 1, card: "BS2" }], { ...ctx, record: { actor: "timeout" } }),
    "Bot 2 discards the blue square 2 (time ran out: a move was made for the player)");
  const over = [{ type: "game_over", reason: "target", result: { winners: [0, 1], scores: [101, 101], ranks: [1, 1] } }];
  assert.equal(describeEvents(over, ctx), "Game over (the round is finished): You and Bot 2 win with equal totals with 101 points");
  assert.equal(describeEvents([], ctx), "");
  assert.equal(describeEvents(null, ctx), "");
});

test("the cards of the last scored turn", () => {
  assert.equal(scoredCards([{ type: "placed" }]), null);
  assert.deepEqual([...scoredCards([{ type: "turn_scored", cards: ["RC1", "GT4"] }])], ["RC1", "GT4"]);
  const history = [{ events: [{ type: "turn_scored", cards: ["RC1"] }] }, { events: [{ type: "target" }] }];
  assert.deepEqual([...lastScored(history)], ["RC1"]);
  assert.equal(lastScored([]).size, 0);
});
