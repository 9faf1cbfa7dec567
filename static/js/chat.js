// The chat of the match page and of the lobby (issue 13; docs/contracts.md, "Chat"). The
// socket frames are the server's (gameplatform/chat/consumers.py); the texts come translated
// from the page (JSON script "chat-config", gameplatform/chat/ui.py).
//
//   const panel = new ChatPanel(byId("chat"), { send: (frame) => client.sendFrame(frame) });
//   panel.connected(true);        // on every (re)connect: asks for the history (chat_sync)
//   panel.handle(message);        // every socket message; true when it was the chat's
//
// No message is lost (issue 24, point 4): each gets a client_message_id and shows as pending
// (a "sending…" line) until the server's `chat` (or the history) carries that id back. It is
// sent again, with the same id, when the socket is back, after an "unavailable" refusal
// (after its retry_after) and when no answer came within ACK_TIMEOUT_MS; the server stores it
// once per id. Other refusals (too long, too fast, timed out...) drop it and say why.
//
// What people typed is only ever put in the page as text (textContent, never innerHTML), so
// markup in a message stays characters. ChatModel is the DOM-free part (tests/js/chat.test.mjs).

import { h, readJsonScript } from "./dom.js";

const RECONNECT_MAX_MS = 30000;
// Refusals the server sends with these codes keep the text in the box to send again.
const KEEP_TEXT = new Set(["rate_limited", "text_too_long", "invalid_text", "timed_out", "not_sent"]);
// A refusal with this code is the server's "not now": the message stays pending and is sent
// again after the error's retry_after seconds.
export const RETRYABLE = new Set(["unavailable"]);
// A pending message without an answer this long is sent again (same id: stored once).
export const ACK_TIMEOUT_MS = 10000;
// After this many sendings without an answer a pending message is given up (its text goes
// back to the box).
export const MAX_TRIES = 30;

/** A fresh client_message_id (like moves' client_action_id). */
export function newMessageId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** The chat's state: the messages shown, whom the person muted, the rooms they read, and
 * the person's own messages still pending (sent, not yet confirmed by the server). */
export class ChatModel {
  constructor() {
    this.messages = [];
    this.muted = new Set();
    this.rooms = [];
    this.write = null;
    this.blockedUntil = null;
    this.pending = new Map(); // client_message_id -> {id, text, tries}
  }

  /** A new pending message of `text`: {id, text, tries: 0}. */
  queue(text, id = newMessageId()) {
    const entry = { id, text, tries: 0 };
    this.pending.set(id, entry);
    return entry;
  }

  /**
   * Applies one server message; returns what changed: {reset} (show `messages` again),
   * {added: message}, {removed: [ids]}, {note: "blocked" | "reported" | "error", message,
   * code}, or null when the message is not the chat's. `confirmed`: ids of pending messages
   * the server now holds (drop their pending lines); an error about a pending message also
   * says `retry` ({ids, after: ms}: send them again then) or `dropped` (the refused entry).
   */
  apply(msg) {
    switch (msg?.type) {
      case "chat_history": {
        this.messages = (msg.messages || []).slice();
        this.muted = new Set(msg.muted || []);
        this.rooms = msg.rooms || [];
        this.write = msg.write || null;
        this.blockedUntil = msg.blocked_until || null;
        return this._confirm({ reset: true }, this.messages.map((m) => m.client_message_id));
      }
      case "chat": {
        const m = msg.message;
        if (!m || this.muted.has(m.author) || this.messages.some((x) => x.id === m.id)) {
          return this._confirm({ ignored: true }, [m?.client_message_id]);
        }
        this.messages.push(m);
        return this._confirm({ added: m }, [m.client_message_id]);
      }
      case "chat_deleted":
        return this._remove((m) => m.id === msg.id);
      case "chat_mutes":
        this.muted = new Set(msg.muted || []);
        return { ...this._remove((m) => this.muted.has(m.author)), mutes: true };
      case "chat_blocked":
        this.blockedUntil = msg.until || null;
        return { note: "blocked", message: msg.message };
      case "chat_reported":
        return { note: "reported", id: msg.message };
      case "chat_error":
        return { note: "error", message: msg.message, code: msg.code, ...this._refused(msg) };
      default:
        return null;
    }
  }

  /** What a refusal does to the pending messages: a retryable one (or one naming no message:
   * all of them) is sent again after its retry_after; another drops the message it names. */
  _refused(msg) {
    const id = msg.client_message_id;
    if (RETRYABLE.has(msg.code)) {
      const ids = id ? (this.pending.has(id) ? [id] : []) : [...this.pending.keys()];
      return { retry: { ids, after: Math.max(1, Number(msg.retry_after) || 5) * 1000 } };
    }
    const entry = id ? this.pending.get(id) : null;
    if (!entry) return {};
    this.pending.delete(id);
    return { dropped: entry };
  }

  /** `change`, with `confirmed`: those of `ids` that were pending (no longer). */
  _confirm(change, ids) {
    const done = ids.filter((id) => id && this.pending.has(id));
    for (const id of done) this.pending.delete(id);
    return done.length ? { ...change, confirmed: done } : change;
  }

  _remove(gone) {
    const removed = this.messages.filter(gone).map((m) => m.id);
    this.messages = this.messages.filter((m) => !gone(m));
    return { removed };
  }

  /** True while a moderator's time-out lasts (at `now`, ms since the epoch). */
  blocked(now = Date.now()) {
    return Boolean(this.blockedUntil) && Date.parse(this.blockedUntil) > now;
  }
}

/** "14:05" of an ISO time, in the viewer's clock. */
export function clockTime(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

export class ChatPanel {
  /** @param {HTMLElement} root #chat  @param {{send(frame): boolean, onNews?(): void}} o */
  constructor(root, { send, onNews = () => {} }) {
    this.root = root;
    this.send = send;
    this.onNews = onNews;
    this.model = new ChatModel();
    this.config = readJsonScript("chat-config") || {};
    this.t = this.config.strings || {};
    this.log = root.querySelector(".chat-log");
    this.form = root.querySelector(".chat-form");
    this.input = root.querySelector(".chat-input");
    this.note = root.querySelector(".chat-note");
    this.roomsLine = root.querySelector(".chat-rooms");
    this.open = false;
    this.lastText = "";
    this.timers = new Map(); // client_message_id -> the timer that sends it again
    this.form?.addEventListener("submit", (e) => {
      e.preventDefault();
      this.post();
    });
    this.log?.addEventListener("click", (e) => this.clicked(e));
    this.setEnabled(false);
  }

  text(key, fallback) {
    return this.t[key] || fallback;
  }

  /** The socket opened (ask for the history, send what is pending) or closed (what is
   * said meanwhile waits, pending). */
  connected(open) {
    if (open === this.open) return;
    this.open = open;
    if (open) {
      this.send({ type: "chat_sync" });
      for (const entry of this.model.pending.values()) this.transmit(entry);
    }
    this.setEnabled(open);
  }

  /** Typing goes on while the socket reconnects (the message waits, pending); only a
   * moderator's time-out stops it. */
  setEnabled(on) {
    const blocked = this.model.blocked();
    if (this.input) this.input.disabled = blocked;
    const button = this.form?.querySelector("button[type=submit]");
    if (button) button.disabled = blocked;
    if (this.input) {
      this.input.placeholder = blocked ? this.text("blocked_placeholder", "Timed out by a moderator")
        : on ? this.text("placeholder", "Say something…") : this.text("offline", "Connecting…");
    }
  }

  post() {
    const text = (this.input?.value || "").trim();
    if (!text) return;
    const max = this.config.max_chars || 500;
    if (text.length > max) {
      this.say(this.text("too_long", `Messages are limited to ${max} characters.`), true);
      return;
    }
    const entry = this.model.queue(text);
    this.lastText = text;
    this.input.value = "";
    this.say("");
    this.log?.append(this.pendingLine(entry));
    this.scroll(true);
    this.transmit(entry);
  }

  /** Sends a pending message (again: same id), if the socket is open; without an answer
   * within ACK_TIMEOUT_MS it is sent once more. A closed socket sends it when it is back. */
  transmit(entry) {
    this.unschedule(entry.id);
    if (!this.model.pending.has(entry.id) || !this.open) return;
    if (entry.tries >= MAX_TRIES) {
      this.giveUp(entry);
      return;
    }
    if (!this.send({ type: "chat", text: entry.text, client_message_id: entry.id })) return;
    entry.tries += 1;
    this.timers.set(entry.id, setTimeout(() => this.transmit(entry), ACK_TIMEOUT_MS));
  }

  /** Sends the pending messages `ids` again in `ms` milliseconds. */
  later(ids, ms) {
    for (const id of ids) {
      const entry = this.model.pending.get(id);
      if (!entry) continue;
      this.unschedule(id);
      this.timers.set(id, setTimeout(() => this.transmit(entry), ms));
    }
  }

  unschedule(id) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  giveUp(entry) {
    this.model.pending.delete(entry.id);
    this.settle(entry.id);
    this.say(this.text("not_sent", "The message could not be sent."), true);
    if (this.input && !this.input.value) this.input.value = entry.text;
  }

  /** A pending message is done with (confirmed or refused): its line and timer go. */
  settle(id) {
    this.unschedule(id);
    for (const li of this.log?.querySelectorAll(".chat-pending") || []) {
      if (li.dataset.pending === id) li.remove();
    }
  }

  /** One socket message: true when it was the chat's. */
  handle(msg) {
    const change = this.model.apply(msg);
    if (!change) return false;
    for (const id of change.confirmed || []) this.settle(id);
    if (change.confirmed?.length && this.retrying && !this.model.pending.size) {
      this.retrying = false;
      this.say(""); // the "not now" note of a message that went through since
    }
    if (change.reset) this.renderAll();
    if (change.added) {
      this.log?.append(this.line(change.added));
      this.keepPendingLast();
      this.scroll();
      if (!change.added.mine) this.onNews();
    }
    for (const id of change.removed || []) this.log?.querySelector(`[data-id="${Number(id)}"]`)?.remove();
    if (change.mutes) this.renderAll();
    if (change.note === "blocked") {
      this.say(change.message || this.text("blocked", "A moderator timed you out of the chat."), true);
      this.setEnabled(this.open);
    } else if (change.note === "reported") {
      this.say(this.text("reported", "Thank you: the moderators will look at it."));
    } else if (change.retry) {
      // "unavailable": the server could not store or publish it now; it stays pending.
      this.later(change.retry.ids, change.retry.after);
      this.retrying = true;
      this.say(change.message || change.code, true);
    } else if (change.note === "error") {
      if (change.dropped) this.settle(change.dropped.id);
      this.say(change.message || change.code, true);
      const text = change.dropped ? change.dropped.text : this.lastText;
      if (KEEP_TEXT.has(change.code) && this.input && !this.input.value) this.input.value = text;
    }
    return true;
  }

  /** The pending messages stay below the ones the server has confirmed. */
  keepPendingLast() {
    for (const li of this.log?.querySelectorAll(".chat-pending") || []) this.log.append(li);
  }

  say(message, isError = false) {
    if (!this.note) return;
    this.note.textContent = message || "";
    this.note.hidden = !message;
    this.note.classList.toggle("chat-error", Boolean(isError));
  }

  renderAll() {
    if (!this.log) return;
    this.log.replaceChildren(...this.model.messages.map((m) => this.line(m)));
    if (this.roomsLine) {
      const rooms = this.model.rooms;
      const key = rooms.length > 1 ? "rooms_both" : `room_${rooms[0] || "lobby"}`;
      this.roomsLine.textContent = this.text(key, "");
      this.roomsLine.title = this.roomsLine.textContent; // one line beside the board: the rest on hover
      this.roomsLine.hidden = !this.roomsLine.textContent;
    }
    for (const entry of this.model.pending.values()) this.log.append(this.pendingLine(entry));
    if (!this.model.messages.length && !this.model.pending.size) {
      this.log.append(h("li", { class: "chat-empty muted", text: this.text("empty", "No messages yet.") }));
    }
    this.setEnabled(this.open);
    this.scroll(true);
  }

  /** A message of this person's not yet confirmed by the server: "sending…" and its text. */
  pendingLine(entry) {
    this.log?.querySelector(".chat-empty")?.remove();
    const label = this.text("pending", "sending…");
    return h("li", { class: "chat-line mine chat-pending", "data-pending": entry.id, title: this.text("pending_title", label) },
      h("span", { class: "chat-status", text: label }), " ",
      h("span", { class: "chat-text", text: entry.text }));
  }

  /** A message as a list item; the author's name and the text are text nodes. */
  line(m) {
    this.log?.querySelector(".chat-empty")?.remove();
    const li = h("li", { class: `chat-line room-${m.room}${m.mine ? " mine" : ""}`, "data-id": m.id, "data-author": m.author });
    if (this.model.rooms.length > 1) li.append(h("span", { class: "chat-room-tag", text: this.text(`tag_${m.room}`, m.room) }), " ");
    li.append(
      h("time", { class: "chat-time", datetime: m.created, text: clockTime(m.created) }), " ",
      h("span", { class: "chat-author", text: m.name || m.author }), " ",
      h("span", { class: "chat-text", text: m.text }),
    );
    if (!m.mine) {
      li.append(" ", h("button", { type: "button", class: "chat-more btn-link", "aria-haspopup": "true", "aria-expanded": "false",
                                   "aria-label": this.text("options", "Options for this message"), text: "⋯" }));
    }
    return li;
  }

  clicked(e) {
    const more = e.target.closest(".chat-more");
    const act = e.target.closest("[data-chat-act]");
    if (act) {
      const li = act.closest(".chat-line");
      const kind = act.dataset.chatAct;
      if (kind === "mute") this.send({ type: "chat_mute", user: li.dataset.author });
      else if (kind === "report") this.send({ type: "chat_report", message: Number(li.dataset.id), reason: act.dataset.reason });
      li.querySelector(".chat-menu")?.remove();
      return;
    }
    if (!more) return;
    const li = more.closest(".chat-line");
    const open = li.querySelector(".chat-menu");
    for (const menu of this.log.querySelectorAll(".chat-menu")) menu.remove();
    for (const b of this.log.querySelectorAll(".chat-more")) b.setAttribute("aria-expanded", "false");
    if (open) return;
    more.setAttribute("aria-expanded", "true");
    const name = li.querySelector(".chat-author")?.textContent || li.dataset.author;
    const menu = h("div", { class: "chat-menu", role: "group" },
      h("button", { type: "button", class: "btn btn-small btn-secondary", "data-chat-act": "mute",
                    text: `${this.text("mute", "Mute")} ${name}` }),
      h("span", { class: "small muted", text: this.text("report", "Report:") }),
      ...(this.config.reasons || [["spam", "Spam"], ["abuse", "Abuse"], ["cheating", "Cheating"], ["other", "Other"]]).map(
        ([value, label]) => h("button", { type: "button", class: "btn btn-small btn-secondary", "data-chat-act": "report",
                                          "data-reason": value, text: label })),
    );
    li.append(menu);
    menu.querySelector("button")?.focus();
  }

  /** Keeps the newest line in view unless the person scrolled up to read. */
  scroll(force = false) {
    const box = this.log;
    if (!box) return;
    const near = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (force || near) box.scrollTop = box.scrollHeight;
  }
}

/** The lobby's own socket (ws/lobby/): reconnects with back-off (at least an "unavailable"
 * error's retry_after: the server closes with 4503 while its database or Redis is away),
 * stops on 4403/4404. The back-off starts again once the server answers something else. */
export class ChatSocket {
  constructor(path, { onMessage, onConnection = () => {} }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onConnection = onConnection;
    this.ws = null;
    this.retry = 0;
    this.retryAfter = 0;
  }

  start() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    let ws;
    try {
      ws = new WebSocket(`${proto}${location.host}${this.path}`);
    } catch {
      this._again();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => this.onConnection(true));
    ws.addEventListener("message", (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return; // not JSON: nothing the chat can show
      }
      if (msg?.type === "error" && msg.code === "unavailable") this.retryAfter = (Number(msg.retry_after) || 5) * 1000;
      else this.retry = 0;
      this.onMessage(msg);
    });
    ws.addEventListener("close", (e) => {
      this.ws = null;
      this.onConnection(false, e.code);
      if (e.code !== 4403 && e.code !== 4404) this._again();
    });
  }

  _again() {
    const delay = Math.max(this.retryAfter, Math.min(RECONNECT_MAX_MS, 1000 * 2 ** this.retry));
    this.retryAfter = 0;
    this.retry += 1;
    setTimeout(() => this.start(), delay);
  }

  /** Sends `frame` as JSON; false when the socket is not open. */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }
}
