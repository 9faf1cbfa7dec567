// node --test: static/js/client.js MatchClient against a stand-in WebSocket, for the server's
// outages (issue 24, points 2-3; docs/contracts.md, "WebSocket outages"): a move answered
// "unavailable" is sent again after retry_after with the same client_action_id, a move on its
// way when the socket closes is sent again once it is back, and a handshake closed with 4503
// is retried with back-off, no sooner than retry_after.
import assert from "node:assert/strict";
import test from "node:test";

import { MatchClient } from "../../static/js/client.js";

class FakeSocket {
  static OPEN = 1;
  static all = [];

  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    this.listeners = {};
    FakeSocket.all.push(this);
  }

  addEventListener(type, fn) {
    (this.listeners[type] ||= []).push(fn);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close() {}

  emit(type, event) {
    for (const fn of this.listeners[type] || []) fn(event);
  }

  open() {
    this.readyState = 1;
    this.emit("open", {});
  }

  receive(msg) {
    this.emit("message", { data: JSON.stringify(msg) });
  }

  shut(code) {
    this.readyState = 3;
    this.emit("close", { code });
  }
}

function setUp(t) {
  t.mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
  FakeSocket.all = [];
  globalThis.WebSocket = FakeSocket;
  globalThis.location = { protocol: "http:", host: "example.test" };
  globalThis.fetch = () => Promise.reject(new Error("offline"));
  const seen = { states: [], errors: [], connection: [] };
  const client = new MatchClient({
    matchId: 7, snapshot: { version: 3 },
    onState: (snap) => seen.states.push(snap.version),
    onError: (message, code) => seen.errors.push(code || message),
    onConnection: (state, info) => seen.connection.push(info ? `${state}:${info.seconds}` : state),
  });
  client.start();
  t.after(() => client.stop());
  return { client, seen, socket: () => FakeSocket.all.at(-1) };
}

const UNAVAILABLE = { type: "error", code: "unavailable", message: "not now", retry_after: 5 };

test("a move answered 'unavailable' is kept and sent again after retry_after with the same id", async (t) => {
  const { client, seen, socket } = setUp(t);
  socket().open();
  socket().receive({ type: "state", version: 3 });
  assert.equal(await client.submit({ type: "roll" }), true);
  const move = socket().sent.at(-1);
  assert.equal(move.type, "action");
  socket().receive({ ...UNAVAILABLE, client_action_id: move.client_action_id });
  assert.deepEqual(seen.errors, []); // no refusal shown: the page says it is retrying
  assert.equal(seen.connection.at(-1), "retrying:5");
  assert.ok(client.pending);
  const count = socket().sent.length;
  t.mock.timers.tick(4999);
  assert.equal(socket().sent.length, count);
  t.mock.timers.tick(1);
  assert.equal(socket().sent.length, count + 1);
  assert.deepEqual(socket().sent.at(-1), move); // same payload, same client_action_id
  socket().receive({ type: "ack", client_action_id: move.client_action_id, version: 4 });
  assert.equal(client.pending, null);
});

test("a move on its way when the socket closes is sent again, same id, once it is back", async (t) => {
  const { client, seen, socket } = setUp(t);
  socket().open();
  await client.submit({ type: "roll" });
  const move = socket().sent.at(-1);
  socket().shut(1006);
  assert.deepEqual(seen.errors, []); // not given up
  assert.ok(client.pending);
  t.mock.timers.tick(1000); // the reconnect's first back-off
  assert.equal(FakeSocket.all.length, 2);
  socket().open();
  assert.deepEqual(socket().sent.map((f) => f.type), ["sync", "action"]);
  assert.deepEqual(socket().sent[1], move);
});

test("a handshake closed with 4503 is retried with back-off, no sooner than retry_after", (t) => {
  const { seen, socket } = setUp(t);
  const refuse = () => {
    socket().open();
    socket().receive(UNAVAILABLE);
    socket().shut(4503);
  };
  refuse();
  // The page is told it is an outage, and when the next handshake comes (not "Reconnecting…").
  assert.equal(seen.connection.at(-1), "down:5");
  t.mock.timers.tick(4999);
  assert.equal(FakeSocket.all.length, 1); // retry_after (5 s) beats the first back-off (1 s)
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.all.length, 2);
  // An open socket that is refused again does not reset the back-off: 2 s, 4 s, 8 s... but
  // each at least retry_after.
  for (const wait of [5000, 5000, 8000, 16000]) {
    refuse();
    assert.equal(seen.connection.at(-1), `down:${wait / 1000}`);
    t.mock.timers.tick(wait - 1);
    const before = FakeSocket.all.length;
    t.mock.timers.tick(1);
    assert.equal(FakeSocket.all.length, before + 1, `reconnect after ${wait} ms`);
  }
  // Once a state arrives the back-off starts again from 1 s.
  socket().open();
  socket().receive({ type: "state", version: 3 });
  socket().shut(1006);
  assert.equal(seen.connection.at(-1), "down"); // a lost socket, not an outage
  t.mock.timers.tick(1000);
  assert.equal(FakeSocket.all.length, 7);
});

test("'unavailable' for a sync asks for the state again after retry_after; the state ends 'retrying'", (t) => {
  const { seen, socket } = setUp(t);
  socket().open();
  assert.deepEqual(socket().sent, [{ type: "sync" }]);
  socket().receive(UNAVAILABLE);
  assert.equal(seen.connection.at(-1), "retrying:5");
  t.mock.timers.tick(5000);
  assert.deepEqual(socket().sent, [{ type: "sync" }, { type: "sync" }]);
  socket().receive({ type: "state", version: 4 });
  assert.equal(seen.connection.at(-1), "live");
  assert.deepEqual(seen.states, [4]);
});

test("a move without any answer is sent again, same id, and given up only after three silences", async (t) => {
  const { client, seen, socket } = setUp(t);
  socket().open();
  socket().receive({ type: "state", version: 3 });
  await client.submit({ type: "roll" });
  const move = socket().sent.at(-1);
  t.mock.timers.tick(12000); // a slow server: no ack, no error
  assert.deepEqual(seen.errors, []);
  assert.deepEqual(socket().sent.at(-1), move);
  t.mock.timers.tick(12000);
  assert.deepEqual(socket().sent.filter((f) => f.type === "action").length, 3);
  assert.ok(client.pending);
  t.mock.timers.tick(12000); // the third silence: given up, and a fresh state asked for
  assert.equal(client.pending, null);
  assert.equal(seen.errors.length, 1);
  assert.equal(socket().sent.at(-1).type, "sync");
});

test("an ack after a silence ends the move's resending", async (t) => {
  const { client, seen, socket } = setUp(t);
  socket().open();
  await client.submit({ type: "roll" });
  const move = socket().sent.at(-1);
  t.mock.timers.tick(12000);
  socket().receive({ type: "ack", client_action_id: move.client_action_id });
  assert.equal(client.pending, null);
  const sent = socket().sent.length;
  t.mock.timers.tick(60000);
  assert.equal(socket().sent.filter((f) => f.type === "action").length, 2);
  assert.ok(socket().sent.slice(sent).every((f) => f.type === "sync")); // only the quiet-time syncs
  assert.deepEqual(seen.errors, []);
});
