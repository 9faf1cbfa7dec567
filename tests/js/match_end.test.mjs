// node --test: the end of a match on the live page (static/js/match_end.js): the result table
// and the fair-shuffle box, drawn into the stand-in document of mini_dom.mjs.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import test from "node:test";

import { installDocument } from "./mini_dom.mjs";
import { rankText, renderResultTable, renderSeedBox, sha256Hex } from "../../static/js/match_end.js";

const rows = (body) => body.children.map((tr) => tr.children.map((td) => td.textContent));

test("the result table lists the seats by rank, in words, with the page's own seat marked", () => {
  const document = installDocument();
  const panel = document.createElement("section");
  const body = document.createElement("tbody");
  const snap = {
    seats: [{ index: 0, team: 0 }, { index: 1, team: null }, { index: 2, team: 0 }],
    view: { seats: [{ seat: 1, score: 87 }, { seat: 2, score: 3 }] },
    result: { ranks: [2, 1, 2], scores: [40, 12.0, null], winners: [1] },
  };
  renderResultTable(panel, body, snap, { names: ["alice", "bob", "carol"], mySeat: 2 });
  assert.equal(panel.hidden, false);
  // Issue 26, point 3: "the ranking must read as a ranking (1st, 2nd... in rank order)"; the
  // score is the result's (what the game's column names), the view's only without one.
  assert.deepEqual(rows(body), [
    ["1st", "bob · winner", "-", "12"],
    ["2nd", "alice", "Team A", "40"],
    ["2nd", "carol (you)", "Team A", "3"],
  ]);
  renderResultTable(panel, body, { ...snap, result: null }, { names: [], mySeat: null });
  assert.equal(panel.hidden, true);
});

test("ranks past the eighth read as numbers", () => {
  assert.equal(rankText(3), "3rd");
  assert.equal(rankText(9), "#9");
});

function seedBox(document) {
  const ids = ["seed-commitment", "seed-reveal", "seed-value", "seed-command", "seed-check"];
  return Object.fromEntries(ids.map((id) => {
    const node = document.createElement("div");
    node.setAttribute("id", id);
    return [id, document.register(node)];
  }));
}

test("the seed box shows the commitment, then the seed and whether its hash matches", async () => {
  const document = installDocument();
  const box = seedBox(document);
  const commitment = createHash("sha256").update("hexagora-seed:12345").digest("hex");
  assert.equal(await sha256Hex("hexagora-seed:12345"), commitment);
  await renderSeedBox({ seed_commitment: commitment, seed: null });
  assert.equal(box["seed-commitment"].textContent, commitment);
  assert.equal(box["seed-reveal"].hidden, true);
  await renderSeedBox({ seed_commitment: commitment, seed: "12345" });
  assert.equal(box["seed-reveal"].hidden, false);
  assert.equal(box["seed-value"].textContent, "12345");
  assert.equal(box["seed-command"].textContent, "printf 'hexagora-seed:%s' 12345 | sha256sum");
  assert.match(box["seed-check"].textContent, /^✓ /);
  await renderSeedBox({ seed_commitment: commitment, seed: "12346" });
  assert.match(box["seed-check"].textContent, /^✗ The hash does not match/);
});
