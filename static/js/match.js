// Generic match client (every game): WebSocket with version tracking and resync, action
// submission (WebSocket, or POST to the REST API while the socket is down), a live countdown
// and a move log. The protocol is in docs/contracts.md ("WebSocket ws/matches/<id>/").
//
//   const client = new MatchClient({ matchId, snapshot, csrfToken, onState, onError, onConnection });
//   client.start(); client.submit(action);
// `onState(snapshot, {gap})` runs for every newer snapshot; `gap` is true when versions were
// skipped (the move log should then be reloaded from the history).

const RECONNECT_MAX_MS = 30000;
const ACK_TIMEOUT_MS = 12000;

export function newActionId() {
  if (globalThis.crypto && crypto.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Match.Status labels, as the server renders them in the page header. */
const STATUS_LABELS = { open: "Waiting for players", active: "In progress", finished: "Finished", aborted: "Aborted" };

export function readJsonScript(id) {
  const node = document.getElementById(id);
  if (!node) return null;
  try {
    return JSON.parse(node.textContent);
  } catch {
    return null;
  }
}

/** Milliseconds without any message after which an open socket asks for a fresh snapshot. */
const QUIET_SYNC_MS = 30000;

export class MatchClient {
  constructor({ matchId, snapshot, csrfToken = "", onState = () => {}, onError = () => {}, onConnection = () => {}, live = true }) {
    this.matchId = matchId;
    this.snapshot = snapshot;
    this.version = snapshot ? snapshot.version : 0;
    this.csrfToken = csrfToken;
    this.onState = onState;
    this.onError = onError;
    this.onConnection = onConnection;
    this.live = live;
    this.ws = null;
    this.retry = 0;
    this.pending = null; // {id, timer}
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
      this.retry = 0;
      this.onConnection("live");
      // Catch up on anything that happened between page render and connect.
      this.sync();
    });
    ws.addEventListener("message", (e) => this._message(e.data));
    ws.addEventListener("close", (e) => {
      this.ws = null;
      this.onConnection(this.stopped ? "off" : "down");
      this._failPending("The connection closed before the server answered; your move may not have been applied.");
      // 4403/4404: refused (not allowed / no such match): reconnecting would not help.
      if (!this.stopped && e.code !== 4403 && e.code !== 4404 && e.code !== 4400) this._scheduleReconnect();
    });
  }

  _scheduleReconnect() {
    if (this.stopped) return;
    const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** this.retry);
    this.retry += 1;
    setTimeout(() => this._connect(), delay);
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
      this._state(msg);
    } else if (msg.type === "ack") {
      if (this.pending && this.pending.id === msg.client_action_id) this._clearPending();
    } else if (msg.type === "error") {
      if (!msg.client_action_id || (this.pending && this.pending.id === msg.client_action_id)) this._clearPending();
      this.onError(msg.message || msg.code || "The server refused that.", msg.code);
      if (msg.code === "stale_version" || msg.code === "stale") this.sync();
    }
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
      this.onError("Your last move is still on its way; please wait a moment.");
      return false;
    }
    const id = newActionId();
    const payload = { action, expected_version: this.version, client_action_id: id };
    if (this.connected) {
      this.pending = {
        id,
        timer: setTimeout(() => {
          this.pending = null;
          this.onError("No answer from the server yet; refreshing the game.");
          this.sync();
        }, ACK_TIMEOUT_MS),
      };
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
        this.onError(body.message || `The server refused that (${resp.status}).`, body.error);
      }
      await this.fetchView();
      return resp.ok;
    } catch {
      this._clearPending();
      this.onError("Could not reach the server. Check your connection and try again.");
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

  /** The whole match history (REST, following its pages), or null when it cannot be fetched. */
  async fetchHistory() {
    const out = [];
    let url = `${this.apiBase}/history/?limit=500`;
    try {
      while (url) {
        const resp = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
        if (!resp.ok) return null;
        const body = await resp.json();
        if (Array.isArray(body)) return out.concat(body);
        out.push(...(body.results || []));
        url = body.next || null;
      }
      return out;
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
        this.onError(body.message || `The server refused that (${resp.status}).`, body.error);
      }
      await this.fetchView();
    } catch {
      this.onError("Could not reach the server. Check your connection and try again.");
    }
  }
}

/** "0:27", "4:05", "2 h 05 min", "3 d 4 h" for a duration in milliseconds. */
export function formatDuration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/** Keeps `node` showing the time left until `getDeadline()` (ISO string or null). */
export class Countdown {
  constructor(node, getDeadline) {
    this.node = node;
    this.getDeadline = getDeadline;
    this.timer = setInterval(() => this.tick(), 1000);
    this.tick();
  }

  tick() {
    if (!this.node) return;
    const iso = this.getDeadline();
    if (!iso) {
      this.node.textContent = "";
      this.node.hidden = true;
      return;
    }
    const left = Date.parse(iso) - Date.now();
    this.node.hidden = false;
    this.node.textContent = left > 0 ? `${formatDuration(left)} left` : "time is up";
    this.node.classList.toggle("urgent", left < 10000);
  }
}

/**
 * The move log: a list of {key, seq, text}; keys dedupe entries that arrive twice
 * (from the history and again over the socket).
 */
export class MoveLog {
  constructor(listNode) {
    this.list = listNode;
    this.keys = new Set();
  }

  clear() {
    this.keys.clear();
    if (this.list) this.list.replaceChildren();
  }

  add({ key, seq, text }) {
    if (!this.list || !text || this.keys.has(key)) return;
    this.keys.add(key);
    const li = document.createElement("li");
    if (seq !== undefined && seq !== null) {
      const s = document.createElement("span");
      s.className = "log-seq";
      s.textContent = `${seq}.`;
      li.appendChild(s);
    }
    li.appendChild(document.createTextNode(text));
    this.list.appendChild(li);
    this.list.scrollTop = this.list.scrollHeight;
  }
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

/** Display name of each seat from a snapshot's "seats" list. */
export function seatNames(snapshot) {
  // Bots get a numbered name: several "heuristic bot"s at one table must stay apart.
  return (snapshot?.seats || []).map((s) => (s.is_bot ? `Bot ${s.index + 1}` : s.name || `Seat ${s.index + 1}`));
}

const TEAM_LETTERS = "ABCDEF";

/** "alice", "alice and bob", "alice, bob and carol". */
export function listNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

async function sha256Hex(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The live match page, common to every game. The game supplies
 *   { render(snapshot, page), describe(events, ctx) -> string, colourOf?(snapshot, seat) -> css,
 *     colourName?(snapshot, seat), seatExtra?(snapshot, seat), turnText?(snapshot, page),
 *     onError?(code, message, page) -> true when the game handled a refusal itself }
 * and the page keeps the banner, countdown, seats, move log, result and seed box current.
 * Reads three JSON scripts rendered by the server: match-config, match-snapshot, match-history.
 */
export class MatchPage {
  constructor({ game }) {
    this.game = game;
    this.config = readJsonScript("match-config") || {};
    this.snapshot = readJsonScript("match-snapshot");
    this.history = readJsonScript("match-history") || [];
    this.busy = false;
    this.$ = (id) => document.getElementById(id);
    this.log = new MoveLog(this.$("move-log"));
    const box = this.$("error-box");
    box?.querySelector("[data-dismiss]")?.addEventListener("click", () => clearError(box));
    this.$("resume-btn")?.addEventListener("click", () => this.client?.resume());
  }

  get names() {
    return seatNames(this.snapshot);
  }

  get mySeat() {
    return this.snapshot?.seat ?? null;
  }

  get toAct() {
    return this.snapshot?.view?.to_act || [];
  }

  get myTurn() {
    return this.snapshot?.status === "active" && this.mySeat !== null && this.toAct.includes(this.mySeat) && !this.busy;
  }

  start() {
    if (!this.snapshot) return;
    this.fillLog(this.history);
    this.render();
    this.client = new MatchClient({
      matchId: this.config.match,
      snapshot: this.snapshot,
      csrfToken: this.config.csrf_token || "",
      live: this.snapshot.status === "active",
      onState: (snap, info) => this.onState(snap, info),
      onError: (message, code) => this.error(message, code),
      onConnection: (state) => this.connection(state),
    });
    this.countdown = new Countdown(this.$("countdown"), () => (this.snapshot.status === "active" ? this.snapshot.deadline : null));
    this.client.start();
    if (this.snapshot.status !== "active") this.connection("off");
  }

  onState(snap, { gap }) {
    const wasActive = this.snapshot.status === "active";
    const newer = snap.version > this.snapshot.version;
    this.snapshot = snap;
    this.busy = false;
    if (gap) {
      this.reloadLog();
    } else if (newer) {
      // A move's MoveRecord.seq is the version it produced, so history and live keys agree.
      this.addLog(snap.version, snap.events || [], null);
    }
    this.render();
    if (wasActive && snap.status !== "active") this.client.stop();
  }

  async reloadLog() {
    const history = await this.client.fetchHistory();
    if (history) {
      this.log.clear();
      this.fillLog(history);
    } else {
      this.log.add({ key: `gap-${this.snapshot.version}`, text: "Some moves were missed here; reload the page to see them." });
    }
  }

  fillLog(history) {
    for (const h of history) this.addLog(h.seq, h.events || [], h);
  }

  addLog(key, events, record) {
    const text = this.game.describe(events, { names: this.names, view: this.snapshot.view, mySeat: this.mySeat, record });
    if (text) this.log.add({ key: `v${key}`, text });
  }

  /** Submit an action for this seat; the page stays busy until the answer arrives. */
  async submit(action) {
    clearError(this.$("error-box"));
    this.busy = true;
    this.render();
    const sent = await this.client.submit(action);
    if (!sent) {
      this.busy = false;
      this.render();
    }
  }

  error(message, code) {
    this.busy = false;
    // A game may take a refusal over (optional `onError(code, message, page)` -> true), e.g.
    // to send again a move that other seats' parallel moves made stale.
    if (!this.game.onError?.(code, message, this)) showError(this.$("error-box"), message);
    this.render();
  }

  connection(state) {
    const node = this.$("conn-state");
    if (!node) return;
    node.className = "conn-state";
    if (state === "live") {
      node.classList.add("live");
      node.textContent = "Live";
    } else if (state === "down") {
      node.classList.add("down");
      node.textContent = "Reconnecting… (moves are sent over HTTP meanwhile)";
    } else if (state === "connecting") {
      node.textContent = "Connecting…";
    } else {
      node.textContent = "";
    }
  }

  render() {
    const snap = this.snapshot;
    this.renderBanner(snap);
    this.renderSeats(snap);
    this.renderResult(snap);
    this.renderSeed(snap);
    this.game.render(snap, this);
  }

  teamText(team) {
    return team === null || team === undefined ? "" : `Team ${TEAM_LETTERS[team] || team + 1}`;
  }

  winnersText(snap) {
    const winners = snap.result?.winners || [];
    if (!winners.length) return "The match is over.";
    const names = this.names;
    const label = listNames(winners.map((s) => (s === this.mySeat ? "you" : names[s])));
    const team = snap.seats?.[winners[0]]?.team;
    const mine = winners.includes(this.mySeat);
    const lead = winners.length > 1 && team !== null && team !== undefined ? `${this.teamText(team)} (${label})` : label;
    return mine ? `You won! ${lead === "you" ? "" : `Winners: ${lead}.`}`.trim() : `${lead} won.`;
  }

  renderBanner(snap) {
    const banner = this.$("status-banner");
    const turn = this.$("turn-text");
    const names = this.names;
    const acting = this.toAct.map((s) => (s === this.mySeat ? "you" : names[s]));
    let text;
    let cls = "";
    if (snap.status === "finished") {
      text = `Finished: ${this.winnersText(snap)}`;
      cls = "finished";
    } else if (snap.status === "aborted") {
      text = "This match was aborted by a moderator.";
      cls = "aborted";
    } else if (this.mySeat !== null && this.toAct.includes(this.mySeat)) {
      text = this.busy ? "Sending your move…" : "Your turn.";
      cls = "your-turn";
    } else if (acting.length) {
      text = `Waiting for ${listNames(acting)}.`;
    } else {
      text = "Waiting…";
    }
    if (this.mySeat === null && snap.status === "active") text += " You are watching.";
    if (banner) banner.textContent = text;
    const badge = this.$("status-badge");
    if (badge) {
      badge.className = `badge badge-${snap.status}`;
      badge.textContent = STATUS_LABELS[snap.status] ?? snap.status;
    }
    // For people's tools and tests: the version and status this page shows.
    document.body.dataset.matchVersion = String(snap.version);
    document.body.dataset.matchStatus = snap.status;
    const wrap = this.$("status-wrap");
    if (wrap) wrap.className = `status-banner ${cls}`;
    if (turn) {
      const t = snap.view?.turn;
      // A game may word this line itself (optional `turnText(snapshot, page)`).
      const own = snap.status === "active" ? this.game.turnText?.(snap, this) : undefined;
      turn.textContent = snap.status !== "active" ? "" : own ?? `${t !== undefined ? `Turn ${t + 1} · ` : ""}to act: ${listNames(acting) || "-"}`;
    }
    const replay = this.$("replay-link");
    if (replay) replay.hidden = snap.status !== "finished";
    const resume = this.$("resume-box");
    if (resume) resume.hidden = !(snap.status === "active" && this.mySeat !== null && snap.seats?.[this.mySeat]?.takeover);
  }

  renderSeats(snap) {
    const list = this.$("seat-list");
    if (!list) return;
    list.replaceChildren();
    for (const s of snap.seats || []) {
      const li = document.createElement("li");
      if (snap.status === "active" && this.toAct.includes(s.index)) li.classList.add("acting");
      const sw = document.createElement("span");
      sw.className = "seat-swatch";
      sw.style.background = this.game.colourOf ? this.game.colourOf(snap, s.index) : "#888";
      sw.textContent = String(s.index + 1);
      sw.setAttribute("aria-hidden", "true");
      li.appendChild(sw);
      const main = document.createElement("div");
      main.className = "seat-main";
      const name = document.createElement("span");
      name.className = "seat-name";
      name.textContent = `${this.names[s.index]}${s.index === this.mySeat ? " (you)" : ""}`;
      if (s.team !== null && s.team !== undefined) {
        const badge = document.createElement("span");
        badge.className = `team-badge team-${s.team}`;
        badge.textContent = this.teamText(s.team);
        name.append(" ", badge);
      }
      main.appendChild(name);
      li.appendChild(main);
      const extra = [];
      const colourName = this.game.colourName?.(snap, s.index);
      if (colourName) extra.push(colourName);
      if (s.is_bot) extra.push(`${s.bot_kind} bot`);
      if (s.takeover) extra.push("bot playing while away");
      const more = this.game.seatExtra?.(snap, s.index);
      if (more) extra.push(more);
      if (extra.length) {
        const ex = document.createElement("span");
        ex.className = "seat-extra";
        ex.textContent = extra.join(" · ");
        main.appendChild(ex);
      }
      list.appendChild(li);
    }
  }

  renderResult(snap) {
    const panel = this.$("result-panel");
    const body = this.$("result-body");
    if (!panel || !body) return;
    const result = snap.result;
    panel.hidden = !result;
    if (!result) return;
    body.replaceChildren();
    const order = (snap.seats || []).map((s) => s.index).sort((a, b) => (result.ranks?.[a] ?? 99) - (result.ranks?.[b] ?? 99));
    for (const i of order) {
      const tr = document.createElement("tr");
      for (const value of [result.ranks?.[i] ?? "-", this.names[i] + (i === this.mySeat ? " (you)" : ""), this.teamText(snap.seats[i]?.team) || "-", result.scores?.[i] ?? "-"]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
  }

  async renderSeed(snap) {
    const c = this.$("seed-commitment");
    if (c) c.textContent = snap.seed_commitment || "-";
    const reveal = this.$("seed-reveal");
    if (!reveal) return;
    const hasSeed = snap.seed !== null && snap.seed !== undefined;
    reveal.hidden = !hasSeed;
    if (!hasSeed) return;
    this.$("seed-value").textContent = String(snap.seed);
    this.$("seed-command").textContent = `sha256("hexagora-seed:${snap.seed}")`;
    const check = this.$("seed-check");
    const digest = await sha256Hex(`hexagora-seed:${snap.seed}`);
    if (check) {
      if (digest === null) check.textContent = "";
      else check.textContent = digest === snap.seed_commitment ? "✓ Your browser computed the same hash: the seed was fixed before the first card." : "✗ The hash does not match the commitment.";
    }
  }
}
