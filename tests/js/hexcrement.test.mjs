// node --test: Hexcrement's log words (games/hexcrement/static/hexcrement/describe.js) and the
// turn "what happened" tells (panels.js latestTurn), without a DOM. The game's modules import
// the shared ones as "../js/...", as served under /static/: they are copied into that layout
// in a temporary folder first.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const served = mkdtempSync(join(tmpdir(), "hexcrement-static-"));
cpSync(join(root, "static", "js"), join(served, "js"), { recursive: true });
cpSync(join(root, "games", "hexcrement", "static", "hexcrement"), join(served, "hexcrement"), { recursive: true });
after(() => rmSync(served, { recursive: true, force: true }));
const load = (name) => import(pathToFileURL(join(served, "hexcrement", name)).href);
const { describeEvents } = await load("describe.js");
const { latestTurn } = await load("panels.js");
const { cardName, nameOf } = await load("words.js");

const ctx = { names: ["alice", "Bot 2", "Bot 3"], mySeat: 0 };

test("cards and players in words", () => {
  assert.equal(cardName("DUNG-red"), "red dung");
  assert.equal(cardName("SWIPE-2"), "SWIPE");
  assert.equal(nameOf(ctx, 0, { capital: true }), "You");
  assert.equal(nameOf(ctx, 2), "Bot 3");
});

test("a roll, a card and its effect, to whom", () => {
  const roll = [{ type: "rolled", seat: 1, dice: [3, 5], steps: 10, mode: "forward", effects: ["FRUIT", "SURGE"], dash: false, reach: [4] }];
  assert.equal(describeEvents(roll, ctx), "Bot 2 rolls 3 + 5 = 8 (+2 SURGE): 10 steps");
  const block = [
    { type: "card", seat: 1, cell: 40, card: "BLOCK-1", kind: "BLOCK", effect: "target" },
    { type: "effect", seat: 1, kind: "BLOCK", target: 0 },
  ];
  assert.equal(describeEvents(block, ctx), "Bot 2 turns up BLOCK. BLOCK on you: one space fewer next turn");
  const trap = [{ type: "card", seat: 0, cell: 7, card: "TRAP-2", kind: "TRAP", effect: "next_turn" }];
  assert.equal(describeEvents(trap, ctx), "You turn up TRAP: the next turn is lost");
});

test("a battle with every beetle's die, and the theft", () => {
  const events = [
    { type: "battle", seat: 2, cell: 9, rolls: [{ seat: 2, roll: 5 }, { seat: 0, roll: 3 }, { seat: 1, roll: 6 }], beaten: [0], victims: [0] },
    { type: "stole", seat: 2, from: 0, card: "DUNG-blue" },
  ];
  assert.equal(describeEvents(events, ctx), "Battle! Bot 3 (5) vs you (3) vs Bot 2 (6): Bot 3 beats you. Bot 3 takes blue dung from you");
});

test("the turn told: this one once something happened, else the one before", () => {
  const before = [{ type: "rolled", seat: 1, dice: [2] }, { type: "moved", seat: 1, from: 1, to: 5 }, { type: "turn", seat: 2 }];
  assert.deepEqual(latestTurn([[{ type: "turn", seat: 1 }], before]), { seat: 1, events: before.slice(0, 2) });
  const now = [{ type: "rolled", seat: 2, dice: [4] }, { type: "moved", seat: 2, from: 5, to: 9 }];
  assert.deepEqual(latestTurn([[{ type: "turn", seat: 1 }], before, now]), { seat: 2, events: now });
});

test("a move not made by the seat's player says who made it", () => {
  const roll = [{ type: "rolled", seat: 0, dice: [4], steps: 4, mode: "forward", effects: [], dash: false, reach: [1] }];
  assert.equal(describeEvents(roll, { ...ctx, record: { actor: "timeout" } }), "Time ran out, a bot moved: You roll 4: 4 steps");
  assert.equal(describeEvents(roll, { ...ctx, actor: "takeover" }), "A bot, for the absent player: You roll 4: 4 steps");
  assert.equal(describeEvents(roll, { ...ctx, record: { actor: "user" } }), "You roll 4: 4 steps");
});
