// node --test: the DOM-free parts of the table's shared modules (issue 8): identical legal
// actions offered once (generic.js), the markers of moves the player did not make
// (client.js), the turn alerts' title, icon and tone (alerts.js, with a stand-in document).
import assert from "node:assert/strict";
import test from "node:test";

import { TURN_ICON, TURN_TITLE, TurnAlerts } from "../../static/js/alerts.js";
import { ACTOR_NOTES, actorNote } from "../../static/js/client.js";
import { canonical, uniqueActions } from "../../static/js/generic.js";

test("identical legal actions are offered once, whatever their key order", () => {
  assert.equal(canonical({ b: 1, a: [2, { d: 3, c: null }] }), canonical({ a: [2, { c: null, d: 3 }], b: 1 }));
  const actions = [{ type: "play", card: 3 }, { card: 3, type: "play" }, { type: "roll" }, { type: "play", card: 4 }, { type: "roll" }];
  assert.deepEqual(uniqueActions(actions), [{ type: "play", card: 3 }, { type: "roll" }, { type: "play", card: 4 }]);
  assert.deepEqual(uniqueActions(null), []);
});

test("moves the player did not make are marked; their own, a bot seat's and the setup are not", () => {
  assert.equal(actorNote("timeout").label, "timer");
  assert.equal(actorNote("takeover").label, "bot for absent player");
  assert.equal(actorNote("handover").label, "bot (hand-over)");
  for (const actor of ["user", "bot", "setup", null, undefined, "nonsense"]) assert.equal(actorNote(actor), null);
  for (const note of Object.values(ACTOR_NOTES)) assert.ok(note.title.endsWith("."));
});

function fakeDocument() {
  const icon = { href: "data:base", getAttribute() { return this.href; }, setAttribute(_, v) { this.href = v; } };
  return { title: "Friday game · Hexagora", getElementById: (id) => (id === "favicon" ? icon : null), icon };
}

test("the title and the icon say when it is your turn; the tone only when the turn comes round", () => {
  let notes = 0;
  globalThis.AudioContext = class {
    constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
    createOscillator() { return { frequency: {}, connect: (n) => n, start: () => (notes += 1), stop() {} }; }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n) => n }; }
  };
  try {
    const doc = fakeDocument();
    const alerts = new TurnAlerts(null, doc);
    assert.equal(alerts.sound, false); // off by default (no localStorage here)
    alerts.update({ mine: true }); // the page opens on one's turn: title and icon, no tone
    assert.equal(doc.title, `${TURN_TITLE}Friday game · Hexagora`);
    assert.equal(doc.icon.href, TURN_ICON);
    alerts.update({ mine: false });
    assert.equal(doc.title, "Friday game · Hexagora");
    assert.equal(doc.icon.href, "data:base");
    alerts.update({ mine: true }); // sound off: still silent
    assert.equal(notes, 0);
    alerts.sound = true;
    alerts.update({ mine: true }); // still the same turn: no news
    assert.equal(notes, 0);
    alerts.update({ mine: false });
    alerts.update({ mine: true });
    assert.equal(notes, 2); // two notes, once
    assert.equal(alerts.tones, 1);
  } finally {
    delete globalThis.AudioContext;
  }
});
