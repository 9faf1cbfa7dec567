// node --test: the person's own socket module (static/js/me.js, gameplatform/alerts): when an
// alert becomes a browser notification, which match a page shows, and the header's badge.
import assert from "node:assert/strict";
import test from "node:test";

import { MeSocket, pageMatch, wantsNotification } from "../../static/js/me.js";

function fakeDocument(nodes = {}) {
  const events = [];
  const classes = new Set();
  const badge = { textContent: "0" };
  const link = { classList: { toggle: (name, on) => (on ? classes.add(name) : classes.delete(name)) } };
  const all = { "waiting-count": badge, "waiting-link": link, ...nodes };
  return {
    events, classes, badge, focused: true,
    getElementById: (id) => all[id] || null,
    hasFocus() { return this.focused; },
    dispatchEvent: (event) => events.push(event),
  };
}

const alert = { kind: "turn", match: 7, notify: true, title: "Your turn", body: "It is your turn." };

test("a notification only with the setting on, the browser's permission, and not on that match's focused page", () => {
  const base = { enabled: true, permission: "granted", focused: false, match: null };
  assert.equal(wantsNotification(alert, base), true);
  assert.equal(wantsNotification(alert, { ...base, enabled: false }), false);
  assert.equal(wantsNotification({ ...alert, notify: false }, base), false);
  for (const permission of ["default", "denied", "unsupported"]) {
    assert.equal(wantsNotification(alert, { ...base, permission }), false);
  }
  assert.equal(wantsNotification(alert, { ...base, focused: true, match: 7 }), false);
  assert.equal(wantsNotification(alert, { ...base, focused: false, match: 7 }), true); // another tab is in front
  assert.equal(wantsNotification(alert, { ...base, focused: true, match: 8 }), true); // another match's page
});

test("the match a page shows comes from the table's or the open match's config", () => {
  assert.equal(pageMatch(fakeDocument({ "match-config": { textContent: '{"match": 12}' } })), 12);
  assert.equal(pageMatch(fakeDocument({ "open-config": { textContent: '{"match": 5, "version": 2}' } })), 5);
  assert.equal(pageMatch(fakeDocument({ "match-config": { textContent: "not json" } })), null);
  assert.equal(pageMatch(fakeDocument()), null);
});

test("the badge shows the count the socket gives and marks a non-zero one", () => {
  globalThis.CustomEvent ??= class { constructor(type, init) { this.type = type; this.detail = init.detail; } };
  const doc = fakeDocument();
  const me = new MeSocket({ doc, config: { notify: false } });
  me.handle({ type: "waiting", count: 3 });
  assert.equal(doc.badge.textContent, "3");
  assert.ok(doc.classes.has("has-waiting"));
  me.handle({ type: "alert", ...alert, count: 0 });
  assert.equal(doc.badge.textContent, "0");
  assert.ok(!doc.classes.has("has-waiting"));
  assert.equal(me.shown, 0); // the setting is off
  me.handle({ type: "error", code: "malformed" });
  assert.equal(me.count, 0);
  assert.deepEqual(doc.events.map((e) => e.detail.count), [3, 0]);
});

test("an alert is shown once as a notification tagged by kind and match", () => {
  const shown = [];
  globalThis.Notification = class {
    constructor(title, options) { shown.push({ title, ...options }); }
    static get permission() { return "granted"; }
    addEventListener() {}
  };
  const doc = fakeDocument();
  doc.focused = false;
  const me = new MeSocket({ doc, config: { notify: true } });
  me.handle({ type: "alert", ...alert, count: 1 });
  assert.deepEqual(shown, [{ title: "Your turn", body: "It is your turn.", tag: "hexagora-turn-7" }]);
  delete globalThis.Notification;
});

test("while the server is unavailable the socket asks again after retry_after and reconnects no sooner", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const sockets = [];
  globalThis.location = { protocol: "http:", host: "example.test" };
  globalThis.WebSocket = class {
    constructor(url) {
      this.url = url;
      this.sent = [];
      this.readyState = 1;
      this.listeners = {};
      sockets.push(this);
    }
    addEventListener(type, fn) { (this.listeners[type] ||= []).push(fn); }
    send(text) { this.sent.push(JSON.parse(text)); }
    emit(type, event) { for (const fn of this.listeners[type] || []) fn(event); }
  };
  const me = new MeSocket({ doc: fakeDocument(), config: {} });
  me.connect();
  const [first] = sockets;
  first.emit("message", { data: JSON.stringify({ type: "error", code: "unavailable", message: "not now", retry_after: 5 }) });
  t.mock.timers.tick(5000);
  assert.deepEqual(first.sent, [{ type: "sync" }]);
  // A handshake refused with 4503: the next try waits retry_after, not the 1 s back-off.
  first.emit("message", { data: JSON.stringify({ type: "error", code: "unavailable", message: "not now", retry_after: 5 }) });
  first.emit("close", { code: 4503 });
  t.mock.timers.tick(4999);
  assert.equal(sockets.length, 1);
  t.mock.timers.tick(1);
  assert.equal(sockets.length, 2);
  // Refusals (4403) end it.
  sockets[1].emit("close", { code: 4403 });
  t.mock.timers.tick(60_000);
  assert.equal(sockets.length, 2);
  delete globalThis.WebSocket;
});
