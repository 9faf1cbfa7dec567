// node --test: Hexfolk's DOM-free words (games/hexfolk/static/hexfolk/words.js): the turn
// count of the end summary and who must act now (issue 8, "small things").
import assert from "node:assert/strict";
import test from "node:test";

import { importStatic } from "./static_tree.mjs";

const words = await importStatic("hexfolk/words.js", ["hexfolk"]);
const { actingText, turnsPlayed } = words;

const names = ["alice", "bob", "carol", "dave"];
const nameOf = (seat) => names[seat];

test("the summary counts turns the way the log numbers them", () => {
  // Won during turn 23: the log's last turn line is "Turn 23".
  assert.equal(turnsPlayed({ turn_number: 23, ended: "victory" }), 23);
  // A turn limit (or nobody able to win) ends the game as turn 41 is counted: 40 were played.
  assert.equal(turnsPlayed({ turn_number: 41, ended: "turn_limit" }), 40);
  assert.equal(turnsPlayed({ turn_number: 41, ended: "no_score" }), 40);
  assert.equal(turnsPlayed({}), 0);
});

test("who acts follows to_act, not whose turn it is; the page's own seat is told as you", () => {
  const discard = { phase: "discard", current: 0, to_act: [1, 2] };
  assert.equal(actingText(discard, nameOf), "bob and carol must discard");
  assert.equal(actingText(discard, nameOf, 2), "bob and you must discard");
  assert.equal(actingText({ phase: "discard", current: 0, to_act: [2] }, nameOf, 2), "You must discard");
  const answers = { phase: "trade", current: 0, to_act: [0, 3] };
  assert.equal(actingText(answers, nameOf), "Waiting for dave to answer alice's offer");
  assert.equal(actingText(answers, nameOf, 0), "Waiting for dave to answer your offer");
  assert.equal(actingText(answers, nameOf, 3), "Waiting for you to answer alice's offer");
  assert.equal(actingText({ phase: "trade", current: 0, to_act: [0, 1, 3] }, nameOf, 3), "Waiting for you and bob to answer alice's offer");
  assert.equal(actingText({ phase: "trade", current: 0, to_act: [0] }, nameOf), "alice chooses a trade partner");
  assert.equal(actingText({ phase: "trade", current: 0, to_act: [0] }, nameOf, 0), "You choose a trade partner");
  assert.equal(actingText({ phase: "special_build", current: 0, to_act: [2] }, nameOf), "carol may build now (special building phase)");
  assert.equal(actingText({ phase: "special_build", current: 0, to_act: [2] }, nameOf, 2), "You may build now (special building phase)");
  assert.equal(actingText({ phase: "pre_roll", current: 1, to_act: [1] }, nameOf), "bob's turn: roll the dice");
  assert.equal(actingText({ phase: "main", current: 1, to_act: [1] }, nameOf, 1), "Your turn: trade and build");
  assert.equal(actingText({ phase: "over", current: 1, to_act: [] }, nameOf, 1), "");
});

test("help on the island's elements says what each is", async () => {
  const { buildingHelp, harborHelp, hexHelp, numberHelp, roadHelp, robberHelp } = words;
  assert.match(hexHelp({ terrain: "forest", number: 5 }), /^Forest 5 produces lumber when the dice show 5, 1 card for each settlement and 2 for each city/);
  assert.match(hexHelp({ terrain: "fields", number: 8 }, true), /The robber stands here: it produces nothing/);
  assert.equal(hexHelp({ terrain: "desert", number: null }), "Desert: produces nothing.");
  assert.match(numberHelp({ terrain: "hills", number: 6 }), /^Number 6 on hills: the hex produces brick when the two dice add up to 6\. The 5 dots count the ways to roll it: 5 of 36\. Red numbers/);
  assert.match(harborHelp({ kind: "generic", rate: 3 }), /^3:1 harbor: with a settlement or city on one of the two intersections its piers touch, you may trade 3 cards of one resource for 1/);
  assert.match(harborHelp({ kind: "wool", rate: 2 }), /^2:1 wool harbor: .* trade 2 wool for 1 card of your choice/);
  assert.match(robberHelp("fields 8"), /^The robber, on fields 8: that hex produces nothing/);
  assert.match(buildingHelp("city", "bob", "forest 5"), /^bob's city at forest 5: 2 points; takes 2 cards/);
  assert.match(buildingHelp("settlement", "bob", "forest 5"), /^bob's settlement at forest 5: 1 point; takes 1 card/);
  assert.match(roadHelp("bob", 6, true), /bob holds the Longest Road/);
});
