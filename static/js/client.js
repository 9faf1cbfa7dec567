// The match client of every game's live page: WebSocket with version tracking and resync,
// action submission (WebSocket, or POST to the REST API while the socket is down), a live
// countdown, the move log and the error box. The protocol is in docs/contracts.md ("WebSocket
// ws/matches/<id>/").
//
//   const client = new MatchClient({ matchId, snapshot, csrfToken, onState, onError, onConnection, onOther });
//   client.start(); client.submit(action); client.sendFrame({type: "chat", text: "gg"});
// `onState(snapshot, {gap})` runs for every newer snapshot; `gap` is true when versions were
// skipped (the move log should then be reloaded from the history). A refusal calls
// `onError(message, code)`; a stale one also asks for a fresh snapshot, which then arrives
// through `onState` like any other. Messages of other types (the chat's) go to `onOther(msg)`.
//
// While the server's database or Redis is away (docs/contracts.md, "WebSocket outages") the
// socket answers "unavailable" with `retry_after` seconds: the move on its way is kept and
// sent again then, with the same client_action_id (the server applies it once); a move sent
// when the socket closes is sent again once it is back. `onConnection("retrying", {seconds})`
// lets the page say so. A handshake refused with 4503 is retried with back-off, at least
// `retry_after`, and reported as `onConnection("down", {unavailable: true, seconds})`; the
// back-off starts again once a state arrives.
import { gettext } from "./i18n.js";

const RECONNECT_MAX_MS = 30000;
// The close code of a handshake refused while the server's database or Redis is away (realtime/outages.py).
const CLOSE_UNAVAILABLE = 4503;
// A move unanswered this long is sent again (same id: the server applies it at most once);
// after ACK_SILENT_MAX such silences it is given up and the page refreshes its game.
const ACK_TIMEOUT_MS = 12000;
const ACK_SILENT_MAX = 3;
// A move the server keeps answering "unavailable" is given up after this many sendings.
const MAX_RESENDS = 20;

export function newActionId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Milliseconds without any message after which an open socket asks for a fresh snapshot. */
const QUIET_SYNC_MS = 30000;

export class MatchClient {
  constructor({ matchId, snapshot, csrfToken = "", onState = () => {}, onError = () => {}, onConnection = () => {},
                onOther = () => {}, live = true }) {
    this.matchId = matchId;
    this.snapshot = snapshot;
    this.version = snapshot ? snapshot.version : 0;
    this.csrfToken = csrfToken;
    this.onState = onState;
    this.onError = onError;
    this.onConnection = onConnection;
    this.onOther = onOther;
    this.live = live;
    this.ws = null;
    this.retry = 0;
    this.retryAfter = 0; // ms: an "unavailable" error's retry_after, the least the next reconnect waits
    this.retrying = false; // the page was told "retrying" (and not "live" since)
    this.pending = null; // {id, timer, payload, tries}: payload only for a move sent on the socket
    this.awaitingSync = false;
    this.stopped = false;
    this.lastHeard = Date.now();
    this.quietTimer = null;
  }

  get apiBase() {
    return `/api/v1/matches/${this.matchId}`;
  }

  start() {
    if (!this.live) return;
    this._connect();
    // The Redis Pub/Sub layer drops what is sent while a server is cut off from Redis: after
    // a quiet spell, ask for the current snapshot so a missed change never lingers.
    this.quietTimer = setInterval(() => {
      if (this.connected && Date.now() - this.lastHeard >= QUIET_SYNC_MS) this.sync();
    }, QUIET_SYNC_MS);
  }

  stop() {
    this.stopped = true;
    if (this.quietTimer) clearInterval(this.quietTimer);
    if (this.ws) this.ws.close();
  }

  _connect() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    let ws;
    try {
      ws = new WebSocket(`${proto}${location.host}/ws/matches/${this.matchId}/`);
    } catch {
      this._scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.onConnection("connecting");
    ws.addEventListener("open", () => {
      this.onConnection("live");
      // Catch up on anything that happened between page render and connect.
      this.sync();
      this._resend(); // a move sent when the socket closed: again, same id
    });
    ws.addEventListener("message", (e) => this._message(e.data));
    ws.addEventListener("close", (e) => {
      this.ws = null;
      // 4403/4404: refused (not allowed / no such match): reconnecting would not help.
      const again = !this.stopped && e.code !== 4403 && e.code !== 4404 && e.code !== 4400;
      if (this.pending?.payload && again) {
        clearTimeout(this.pending.timer); // kept: sent again once the socket is back
      } else {
        this._failPending(gettext("The connection closed before the server answered; your move may not have been applied."));
      }
      const delay = again ? this._scheduleReconnect() : 0;
      if (!again) {
        this.onConnection(this.stopped ? "off" : "down");
      } else if (e.code === CLOSE_UNAVAILABLE) {
        // Refused for an outage: the page says so (not a plain "Reconnecting…") until a state arrives.
        this.retrying = true;
        this.onConnection("down", { unavailable: true, seconds: Math.ceil(delay / 1000) });
      } else {
        this.onConnection("down");
      }
    });
  }

  /** Connects again after the back-off (at least an "unavailable"'s retry_after); returns the delay in ms. */
  _scheduleReconnect() {
    if (this.stopped) return 0;
    const delay = Math.max(this.retryAfter, Math.min(RECONNECT_MAX_MS, 1000 * 2 ** this.retry));
    this.retryAfter = 0;
    this.retry += 1;
    setTimeout(() => this._connect(), delay);
    return delay;
  }

  get connected() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  sync() {
    if (this.connected) {
      this.awaitingSync = true;
      this.ws.send(JSON.stringify({ type: "sync" }));
    } else {
      this.fetchView();
    }
  }

  _message(raw) {
    this.lastHeard = Date.now();
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.type === "state") {
      // The socket works: the next reconnect starts its back-off again, and a "retrying" is over.
      this.retry = 0;
      this.retryAfter = 0;
      if (this.retrying) {
        this.retrying = false;
        this.onConnection("live");
      }
      this._state(msg);
    } else if (msg.type === "ack") {
      if (this.pending && this.pending.id === msg.client_action_id) this._clearPending();
    } else if (msg.type === "error" && msg.code === "unavailable") {
      this._unavailable(msg);
    } else if (msg.type === "error") {
      if (!msg.client_action_id || (this.pending && this.pending.id === msg.client_action_id)) this._clearPending();
      this.onError(msg.message || msg.code || gettext("The server refused that."), msg.code);
      if (msg.code === "stale_version" || msg.code === "stale") this.sync();
    } else {
      this.onOther(msg);
    }
  }

  /** "unavailable" (the server's database or Redis is away): the move it names is sent
   * again after `retry_after`, same id; without one (a sync, a broadcast, the handshake) a
   * fresh snapshot is asked for then (a closing socket reconnects no sooner). */
  _unavailable(msg) {
    const ms = Math.max(1, Number(msg.retry_after) || 5) * 1000;
    this.retryAfter = ms;
    this.retrying = true;
    this.onConnection("retrying", { seconds: ms / 1000 });
    const p = this.pending;
    if (p?.payload && (!msg.client_action_id || msg.client_action_id === p.id)) {
      clearTimeout(p.timer);
      if (p.tries >= MAX_RESENDS) {
        this._failPending(msg.message || gettext("The server could not take your move; try again."));
        return;
      }
      p.timer = setTimeout(() => this._resend(), ms);
      return;
    }
    setTimeout(() => {
      if (this.connected) this.sync();
    }, ms);
  }

  /** Sends the move on its way again (same client_action_id), if the socket is open. */
  _resend() {
    const p = this.pending;
    if (!p?.payload || !this.connected) return;
    clearTimeout(p.timer);
    p.tries += 1;
    p.timer = setTimeout(() => this._ackTimeout(p.id), ACK_TIMEOUT_MS);
    this.ws.send(JSON.stringify({ type: "action", ...p.payload }));
    if (this.retrying) {
      this.retrying = false;
      this.onConnection("live");
    }
  }

  _ackTimeout(id) {
    const p = this.pending;
    if (p?.id !== id) return;
    p.silent = (p.silent || 0) + 1;
    // A slow server (a database coming back, a loaded machine) is not a lost move.
    if (p.payload && this.connected && p.silent < ACK_SILENT_MAX && p.tries < MAX_RESENDS) {
      this._resend();
      return;
    }
    this.pending = null;
    this.onError(gettext("No answer from the server yet; refreshing the game."));
    this.sync();
  }

  /** Sends any other frame (the chat's) on the open socket; false when it is not open. */
  sendFrame(frame) {
    if (!this.connected) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  _state(msg) {
    const v = msg.version;
    if (typeof v !== "number") return;
    const synced = this.awaitingSync;
    if (v < this.version || (v === this.version && !synced)) return; // old or repeated news
    this.awaitingSync = false;
    const gap = v > this.version + 1;
    // Missed at least one change: ask for a fresh snapshot (contracts.md) and let the page
    // rebuild its log from the history.
    if (gap && this.connected) {
      this.awaitingSync = true;
      this.ws.send(JSON.stringify({ type: "sync" }));
    }
    this._apply(msg, gap);
  }

  _apply(msg, gap) {
    this.version = msg.version;
    this.snapshot = msg;
    this.onState(msg, { gap });
  }

  _clearPending() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }

  _failPending(message) {
    if (this.pending) {
      this._clearPending();
      this.onError(message);
    }
  }

  /** Send an action for the current version; resolves when it is sent (answers come later). */
  async submit(action) {
    if (this.pending) {
      this.onError(gettext("Your last move is still on its way; please wait a moment."));
      return false;
    }
    const id = newActionId();
    const payload = { action, expected_version: this.version, client_action_id: id };
    if (this.connected) {
      this.pending = { id, payload, tries: 1, timer: setTimeout(() => this._ackTimeout(id), ACK_TIMEOUT_MS) };
      this.ws.send(JSON.stringify({ type: "action", ...payload }));
      return true;
    }
    return this._post(payload);
  }

  async _post(payload) {
    this.pending = { id: payload.client_action_id, timer: null };
    try {
      const resp = await fetch(`${this.apiBase}/actions/`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": this.csrfToken },
        body: JSON.stringify(payload),
      });
      const body = await resp.json().catch(() => ({}));
      this._clearPending();
      if (!resp.ok) {
        this.onError(body.message || gettext("The server refused that (%(status)s).", { status: resp.status }), body.error);
      }
      await this.fetchView();
      return resp.ok;
    } catch {
      this._clearPending();
      this.onError(gettext("Could not reach the server. Check your connection and try again."));
      return false;
    }
  }

  /** Fetch the current snapshot over HTTP (used while the socket is down). */
  async fetchView() {
    try {
      const resp = await fetch(`${this.apiBase}/view/`, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (!resp.ok) return;
      const snap = JSON.parse(await resp.text());
      if (typeof snap.version === "number" && snap.version >= this.version) {
        const gap = snap.version > this.version + 1;
        this._apply({ type: "state", ...snap }, gap);
      }
    } catch {
      // Offline: the reconnect loop will catch up.
    }
  }

  /** The history entries after seq `after` (all of them without it; REST, following its
   * `next` links), or null when they cannot be fetched. */
  async fetchHistory({ after = null } = {}) {
    const out = [];
    let url = `${this.apiBase}/history/?limit=200${after === null ? "" : `&after=${after}`}`;
    try {
      while (url) {
        const resp = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!resp.ok) return null;
        const body = await resp.json();
        out.push(...(body.results || []));
        url = body.next || null;
      }
      return out;
    } catch {
      return null;
    }
  }

  /** Up to `limit` history entries just before seq `before`: {results, more} (more: older
   * ones exist), or null when they cannot be fetched. */
  async fetchOlder(before, limit = 100) {
    try {
      const resp = await fetch(`${this.apiBase}/history/?limit=${limit}&before=${before}`, {
        credentials: "same-origin", headers: { Accept: "application/json" },
      });
      if (!resp.ok) return null;
      const body = await resp.json();
      return { results: body.results || [], more: Boolean(body.previous) };
    } catch {
      return null;
    }
  }

  /** The owner is back after a bot took over their seat (WebSocket "resume", else REST). */
  async resume() {
    if (this.connected) {
      this.ws.send(JSON.stringify({ type: "resume" }));
      return;
    }
    try {
      const resp = await fetch(`${this.apiBase}/resume/`, {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": this.csrfToken },
      });
      if (!resp.ok) {
        const body = await resp.json().catch(() => ({}));
        this.onError(body.message || gettext("The server refused that (%(status)s).", { status: resp.status }), body.error);
      }
      await this.fetchView();
    } catch {
      this.onError(gettext("Could not reach the server. Check your connection and try again."));
    }
  }
}

/** "0:27", "4:05", "2 h 05 min", "3 d 4 h" for a duration in milliseconds. */
export function formatDuration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (s < 86400) return gettext("%(h)s h %(min)s min", { h: Math.floor(s / 3600), min: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return gettext("%(d)s d %(h)s h", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
}

/** Keeps `node` showing the time left until `getDeadline()` (ISO string or null); `onTick`
 * runs on each of its seconds (the seat clocks count in step with it). */
export class Countdown {
  constructor(node, getDeadline, onTick = null) {
    this.node = node;
    this.getDeadline = getDeadline;
    this.onTick = onTick;
    this.timer = setInterval(() => this.tick(), 1000);
    this.tick();
  }

  tick() {
    this.onTick?.();
    if (!this.node) return;
    const iso = this.getDeadline();
    if (!iso) {
      this.node.textContent = "";
      this.node.hidden = true;
      return;
    }
    const left = Date.parse(iso) - Date.now();
    this.node.hidden = false;
    this.node.textContent = left > 0 ? gettext("%(time)s left", { time: formatDuration(left) }) : gettext("time is up");
    this.node.classList.toggle("urgent", left < 10000);
  }
}

/**
 * Who made a move when it was not the seat's player (the record's or snapshot's `actor`):
 * {label, title} for the log's marker, or null for the player's own move, a bot seat's move
 * (its name says "Bot") and a non-move.
 */
export const ACTOR_NOTES = {
  timeout: { label: gettext("timer"), title: gettext("The turn timer ran out: this move was made for the player.") },
  takeover: { label: gettext("bot for absent player"), title: gettext("A bot played this move: the player's time ran out several turns in a row.") },
  handover: { label: gettext("bot (hand-over)"), title: gettext("A bot played this move: a moderator handed the seat over.") },
  moderator: { label: gettext("moderator"), title: gettext("A moderator made this move.") },
  hint: { label: gettext("after a hint"), title: gettext("The player asked the bot for a hint before this move.") },
};

export function actorNote(actor) {
  return ACTOR_NOTES[actor] || null;
}

/** The marker of `actor` (a <span class="log-actor">), or null when none is due. */
export function actorBadge(actor) {
  const note = actorNote(actor);
  if (!note) return null;
  const span = document.createElement("span");
  span.className = `log-actor actor-${actor}`;
  span.textContent = note.label;
  span.title = note.title;
  return span;
}

/** Show `message` in the error box `node` (with a dismiss button inside). */
export function showError(node, message) {
  if (!node) return;
  const text = node.querySelector("[data-error-text]") || node;
  text.textContent = message;
  node.hidden = false;
}

export function clearError(node) {
  if (node) node.hidden = true;
}
