// node --test: the DOM-free parts of static/js/seats.js and static/js/generic.js.
import assert from "node:assert/strict";
import test from "node:test";

import { actionLabel, describeEvents, words } from "../../static/js/generic.js";
import { inkOn, listNames, seatNames, seatOf, teamText } from "../../static/js/seats.js";

test("seat names, lists and teams", () => {
  const seats = [{ index: 0, name: "alice", is_bot: false }, { index: 1, name: "strong bot", is_bot: true }, { index: 2, name: "", is_bot: false }];
  assert.deepEqual(seatNames({ seats }), ["alice", "Bot 2", "Seat 3"]);
  assert.equal(listNames(["a"]), "a");
  assert.equal(listNames(["a", "b", "c"]), "a, b and c");
  assert.equal(teamText(1), "Team B");
  assert.equal(teamText(null), "");
  assert.deepEqual(seatOf({ seats: [{ seat: 1, colour: "#fff" }] }, 1), { seat: 1, colour: "#fff" });
  assert.equal(seatOf({}, 0), null);
});

test("swatch text is dark on light colours", () => {
  assert.equal(inkOn("#f7f7f2"), "#222");
  assert.equal(inkOn("#fff"), "#222");
  assert.equal(inkOn("#1e5bc6"), "#fff");
  assert.equal(inkOn("red"), "#fff");
});

test("an action's words: its label, else its type and fields", () => {
  assert.equal(actionLabel({ type: "roll" }), "roll");
  assert.equal(actionLabel({ type: "play", card: 3 }), "play · card 3");
  assert.equal(actionLabel({ type: "build_road", edge: [4, 9] }), "build road · edge 4, 9");
  assert.equal(actionLabel({ type: "discard", cards: { ore: 2 } }), "discard · cards ore 2");
  assert.equal(actionLabel({ type: "play", card: "QS", label: "Queen of spades" }), "Queen of spades");
  assert.equal(words("end_turn"), "end turn");
});

test("a log line from the events' types", () => {
  const events = [{ type: "played", seat: 1 }, { type: "moved", seat: 1 }, { type: "moved", seat: 1 }];
  assert.equal(describeEvents(events, { names: ["alice", "bob"], mySeat: 0 }), "bob: played, moved");
  assert.equal(describeEvents(events, { names: ["alice", "bob"], mySeat: 1 }), "You: played, moved");
  assert.equal(describeEvents([{ type: "dealt" }], { record: { actor: "setup", seat: null } }), "Setup: dealt");
  assert.equal(describeEvents([{ type: "game_over" }], {}), "game over");
  assert.equal(describeEvents([], {}), "");
});
