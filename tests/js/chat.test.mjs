// node --test: the DOM-free part of the chat (static/js/chat.js ChatModel, clockTime): what the
// panel shows after each socket message (docs/contracts.md, "Chat").
import assert from "node:assert/strict";
import test from "node:test";

import { ChatModel, clockTime } from "../../static/js/chat.js";

const msg = (id, author, text, extra = {}) => ({ id, room: "players", author, name: author, text, created: "2026-01-02T14:05:00Z", ...extra });

test("the history replaces what was shown; new lines add once; a delete removes", () => {
  const chat = new ChatModel();
  assert.deepEqual(chat.apply({ type: "chat_history", messages: [msg(1, "bob", "hi")], muted: [], rooms: ["players"], write: "players", blocked_until: null }), { reset: true });
  assert.deepEqual(chat.apply({ type: "chat", message: msg(2, "alice", "<b>yo</b>") }).added.text, "<b>yo</b>");
  assert.deepEqual(chat.apply({ type: "chat", message: msg(2, "alice", "<b>yo</b>") }), { ignored: true });
  assert.deepEqual(chat.apply({ type: "chat_deleted", id: 1 }), { removed: [1] });
  assert.deepEqual(chat.messages.map((m) => m.id), [2]);
});

test("a mute hides the person's lines at once and keeps them out", () => {
  const chat = new ChatModel();
  chat.apply({ type: "chat_history", messages: [msg(1, "bob", "a"), msg(2, "carol", "b"), msg(3, "bob", "c")], muted: [], rooms: ["players"] });
  const change = chat.apply({ type: "chat_mutes", muted: ["bob"] });
  assert.deepEqual(change, { removed: [1, 3], mutes: true });
  assert.deepEqual(chat.apply({ type: "chat", message: msg(4, "bob", "d") }), { ignored: true });
  assert.deepEqual(chat.messages.map((m) => m.id), [2]);
});

test("a time-out blocks until it ends; errors and reports are notes; other messages are not the chat's", () => {
  const chat = new ChatModel();
  const until = new Date(Date.now() + 3600_000).toISOString();
  assert.equal(chat.apply({ type: "chat_blocked", until, message: "timed out" }).note, "blocked");
  assert.equal(chat.blocked(), true);
  assert.equal(chat.blocked(Date.now() + 7200_000), false);
  assert.deepEqual(chat.apply({ type: "chat_error", code: "rate_limited", message: "wait" }), { note: "error", message: "wait", code: "rate_limited" });
  assert.equal(chat.apply({ type: "chat_reported", message: 3 }).note, "reported");
  assert.equal(chat.apply({ type: "state", version: 3 }), null);
  assert.equal(chat.apply(null), null);
});

test("times show as hours and minutes of the viewer's clock", () => {
  assert.match(clockTime("2026-01-02T14:05:00Z"), /^\d\d:05$/);
  assert.equal(clockTime("not a date"), "");
});
