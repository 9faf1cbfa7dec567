// node --test: the DOM-free part of the chat (static/js/chat.js ChatModel, clockTime): what the
// panel shows after each socket message (docs/contracts.md, "Chat"); and the panel itself in a
// stand-in document (tests/js/mini_dom.mjs) for the pending messages (issue 24, point 4).
import assert from "node:assert/strict";
import test from "node:test";

import { ACK_TIMEOUT_MS, ChatModel, ChatPanel, clockTime } from "../../static/js/chat.js";
import { installDocument } from "./mini_dom.mjs";

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

// --- No chat lost (issue 24, point 4): pending messages, sent again until the server has them.

test("a queued message is pending until the server's chat or history carries its id back", () => {
  const chat = new ChatModel();
  const a = chat.queue("hello", "id-a");
  const b = chat.queue("again", "id-b");
  assert.deepEqual([...chat.pending.keys()], ["id-a", "id-b"]);
  // Someone else's line confirms nothing.
  assert.equal(chat.apply({ type: "chat", message: msg(7, "bob", "hi") }).confirmed, undefined);
  const echo = chat.apply({ type: "chat", message: msg(8, "alice", "hello", { mine: true, client_message_id: "id-a" }) });
  assert.deepEqual(echo.confirmed, ["id-a"]);
  assert.equal(echo.added.id, 8);
  // The same message again (a repeat's echo): shown once, nothing left to confirm.
  assert.deepEqual(chat.apply({ type: "chat", message: msg(8, "alice", "hello", { client_message_id: "id-a" }) }), { ignored: true });
  // After a reconnect, the history holds the other one: confirmed too.
  const history = chat.apply({ type: "chat_history", messages: [msg(8, "alice", "hello", { client_message_id: "id-a" }), msg(9, "alice", "again", { client_message_id: "id-b" })], muted: [], rooms: ["lobby"] });
  assert.deepEqual(history, { reset: true, confirmed: ["id-b"] });
  assert.equal(chat.pending.size, 0);
  assert.deepEqual([a.text, b.text], ["hello", "again"]);
});

test("'unavailable' keeps messages pending and says when to send them again; other refusals drop theirs", () => {
  const chat = new ChatModel();
  chat.queue("one", "id-1");
  chat.queue("two", "id-2");
  const later = chat.apply({ type: "chat_error", code: "unavailable", message: "not now", retry_after: 5, client_message_id: "id-1" });
  assert.deepEqual(later.retry, { ids: ["id-1"], after: 5000 });
  // Without an id (the person could not be checked): every pending message, after 5 s at least 1 s.
  assert.deepEqual(chat.apply({ type: "chat_error", code: "unavailable", message: "x" }).retry, { ids: ["id-1", "id-2"], after: 5000 });
  assert.equal(chat.apply({ type: "chat_error", code: "unavailable", retry_after: 0.1 }).retry.after, 1000);
  assert.equal(chat.pending.size, 2);
  const refused = chat.apply({ type: "chat_error", code: "rate_limited", message: "wait 3 s", client_message_id: "id-2" });
  assert.deepEqual(refused.dropped, { id: "id-2", text: "two", tries: 0 });
  assert.equal(refused.retry, undefined);
  assert.deepEqual([...chat.pending.keys()], ["id-1"]);
  // A refusal about nothing pending (a mute, a report) changes nothing.
  assert.deepEqual(chat.apply({ type: "chat_error", code: "user_not_found", message: "no" }), { note: "error", message: "no", code: "user_not_found" });
});

function chatRoot() {
  const root = document.createElement("section");
  const log = document.createElement("ul");
  log.className = "chat-log";
  const form = document.createElement("form");
  form.className = "chat-form";
  const input = document.createElement("input");
  input.className = "chat-input";
  const button = document.createElement("button");
  button.setAttribute("type", "submit");
  form.append(input, button);
  const note = document.createElement("p");
  note.className = "chat-note";
  root.append(log, form, note);
  return { root, log, input, note };
}

function pendingTexts(log) {
  return log.querySelectorAll(".chat-pending").map((li) => li.querySelector(".chat-text").textContent);
}

function shownTexts(log) {
  return log.querySelectorAll(".chat-line").filter((li) => !li.classList.contains("chat-pending"))
    .map((li) => li.querySelector(".chat-text").textContent);
}

test("the panel shows a message sent offline as pending, sends it on reconnect and again after 'unavailable', then shows it once", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  installDocument();
  const { root, log, input, note } = chatRoot();
  const sent = [];
  let open = false;
  const panel = new ChatPanel(root, { send: (frame) => (open ? (sent.push(frame), true) : false) });
  // Offline: typing goes on, the message waits, shown as pending ("sending…").
  assert.equal(input.disabled, false);
  input.value = "  hello  ";
  panel.post();
  assert.deepEqual(pendingTexts(log), ["hello"]);
  assert.equal(log.querySelector(".chat-pending .chat-status").textContent, "sending…");
  assert.deepEqual(sent, []);
  // The socket is back: the history is asked for, then the message goes with its id.
  open = true;
  panel.connected(true);
  assert.deepEqual(sent.map((f) => f.type), ["chat_sync", "chat"]);
  const id = sent[1].client_message_id;
  assert.ok(id && sent[1].text === "hello");
  // The server cannot store it now: still pending, sent again after retry_after, same id.
  panel.handle({ type: "chat_error", code: "unavailable", message: "not now", retry_after: 5, client_message_id: id });
  assert.deepEqual(pendingTexts(log), ["hello"]);
  assert.equal(note.textContent, "not now");
  t.mock.timers.tick(4999);
  assert.equal(sent.length, 2);
  t.mock.timers.tick(1);
  assert.deepEqual(sent[2], { type: "chat", text: "hello", client_message_id: id });
  // Stored: the echo carries the id; the pending line goes, the line shows once, the note clears.
  panel.handle({ type: "chat_history", messages: [], muted: [], rooms: ["lobby"] });
  assert.deepEqual(pendingTexts(log), ["hello"]); // still on its way: kept below the history
  panel.handle({ type: "chat", message: msg(5, "alice", "hello", { mine: true, client_message_id: id }) });
  panel.handle({ type: "chat", message: msg(5, "alice", "hello", { mine: true, client_message_id: id }) });
  assert.deepEqual(pendingTexts(log), []);
  assert.deepEqual(shownTexts(log), ["hello"]);
  assert.equal(note.textContent, "");
  // Nothing is sent again once it is confirmed.
  t.mock.timers.tick(60_000);
  assert.equal(sent.length, 3);
});

test("the panel sends a pending message again when no answer comes, and a refusal puts its text back", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  installDocument();
  const { root, log, input } = chatRoot();
  const sent = [];
  const panel = new ChatPanel(root, { send: (frame) => (sent.push(frame), true) });
  panel.connected(true);
  input.value = "lost answer";
  panel.post();
  assert.equal(sent.length, 2);
  t.mock.timers.tick(ACK_TIMEOUT_MS);
  assert.deepEqual(sent[2], sent[1]); // same id: the server stores it once
  panel.handle({ type: "chat_error", code: "rate_limited", message: "wait 3 s", client_message_id: sent[1].client_message_id });
  assert.deepEqual(pendingTexts(log), []);
  assert.equal(input.value, "lost answer");
  t.mock.timers.tick(60_000);
  assert.equal(sent.length, 3); // a permanent refusal is not retried
});
