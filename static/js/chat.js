// The chat of the match page and of the lobby (issue 13; docs/contracts.md, "Chat"). The
// socket frames are the server's (gameplatform/chat/consumers.py); the texts come translated
// from the page (JSON script "chat-config", gameplatform/chat/ui.py).
//
//   const panel = new ChatPanel(byId("chat"), { send: (frame) => client.sendFrame(frame) });
//   panel.connected(true);        // on every (re)connect: asks for the history (chat_sync)
//   panel.handle(message);        // every socket message; true when it was the chat's
//
// What people typed is only ever put in the page as text (textContent, never innerHTML), so
// markup in a message stays characters. ChatModel is the DOM-free part (tests/js/chat.test.mjs).

import { h, readJsonScript } from "./dom.js";

const RECONNECT_MAX_MS = 30000;
// Refusals the server sends with these codes keep the text in the box to send again.
const KEEP_TEXT = new Set(["rate_limited", "text_too_long", "invalid_text", "timed_out", "not_sent"]);

/** The chat's state: the messages shown, whom the person muted, the rooms they read. */
export class ChatModel {
  constructor() {
    this.messages = [];
    this.muted = new Set();
    this.rooms = [];
    this.write = null;
    this.blockedUntil = null;
  }

  /**
   * Applies one server message; returns what changed: {reset} (show `messages` again),
   * {added: message}, {removed: [ids]}, {note: "blocked" | "reported" | "error", message,
   * code}, or null when the message is not the chat's.
   */
  apply(msg) {
    switch (msg?.type) {
      case "chat_history":
        this.messages = (msg.messages || []).slice();
        this.muted = new Set(msg.muted || []);
        this.rooms = msg.rooms || [];
        this.write = msg.write || null;
        this.blockedUntil = msg.blocked_until || null;
        return { reset: true };
      case "chat": {
        const m = msg.message;
        if (!m || this.muted.has(m.author) || this.messages.some((x) => x.id === m.id)) return { ignored: true };
        this.messages.push(m);
        return { added: m };
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
        return { note: "error", message: msg.message, code: msg.code };
      default:
        return null;
    }
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

  /** The socket opened (ask for the history) or closed (no sending meanwhile). */
  connected(open) {
    this.open = open;
    if (open) this.send({ type: "chat_sync" });
    this.setEnabled(open);
  }

  setEnabled(on) {
    const blocked = this.model.blocked();
    if (this.input) this.input.disabled = !on || blocked;
    const button = this.form?.querySelector("button[type=submit]");
    if (button) button.disabled = !on || blocked;
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
    if (!this.send({ type: "chat", text })) {
      this.say(this.text("not_sent", "Not connected: the message was not sent."), true);
      return;
    }
    this.lastText = text;
    this.input.value = "";
    this.say("");
  }

  /** One socket message: true when it was the chat's. */
  handle(msg) {
    const change = this.model.apply(msg);
    if (!change) return false;
    if (change.reset) this.renderAll();
    if (change.added) {
      this.log?.append(this.line(change.added));
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
    } else if (change.note === "error") {
      this.say(change.message || change.code, true);
      if (KEEP_TEXT.has(change.code) && this.input && !this.input.value) this.input.value = this.lastText;
    }
    return true;
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
    if (!this.model.messages.length) this.log.append(h("li", { class: "chat-empty muted", text: this.text("empty", "No messages yet.") }));
    this.setEnabled(this.open);
    this.scroll(true);
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

/** The lobby's own socket (ws/lobby/): reconnects with back-off, stops on 4403/4404. */
export class ChatSocket {
  constructor(path, { onMessage, onConnection = () => {} }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onConnection = onConnection;
    this.ws = null;
    this.retry = 0;
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
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.onConnection(true);
    });
    ws.addEventListener("message", (e) => {
      try {
        this.onMessage(JSON.parse(e.data));
      } catch {
        // not JSON: nothing the chat can show
      }
    });
    ws.addEventListener("close", (e) => {
      this.ws = null;
      this.onConnection(false, e.code);
      if (e.code !== 4403 && e.code !== 4404) this._again();
    });
  }

  _again() {
    const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** this.retry);
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
