// The live match page, common to every game: status banner, turn line, countdown, clocks, seat list,
// move log, result table and seed box, all from the snapshot (docs/contracts.md, "Match
// snapshot") and its view envelope (games/protocol.py ViewEnvelope). A game's play module
// provides only how its table is drawn and how a move is told:
//
//   import { startMatchPage } from "../js/match.js";
//   export function render(snapshot, page) { ... }        // the game's board and panels
//   export function describe(events, ctx) { return "..." } // one log line; ctx = {names, view, mySeat, record, actor}
//   startMatchPage({ render, describe });
// Optional: phaseText(view), seatSummary(view, seat, env) (docs/contracts.md, Translations).
//
// `page` offers: snapshot, names, mySeat, toAct, myTurn, busy, colourBlind (the player's
// setting: js/palette.js), submit(action), render(), error(message). Reads three JSON scripts rendered by the server: match-config,
// match-snapshot, match-history. The history holds only the latest moves (issue 14: the page
// does not grow with the match); older ones come from the history API (`before` a seq) when
// the log is scrolled to its top or "Earlier moves" is pressed.
//
// The page also tells the player when it is their turn: the tab's title and icon change, and
// a short tone sounds if they turned the sound on (#sound-toggle, remembered in localStorage,
// off by default; js/alerts.js). The move log marks moves that the player did not make
// (client.js ACTOR_NOTES); its latest line also shows in the banner (#latest-move) where the
// log sits in a closed tab. The Chat tab (js/chat.js) rides on the same socket, which then
// stays open after the end for the players' and spectators' last words; news in a closed
// Chat tab shows as a count on the tab.

import { Announcer, BoardKeys, DescribeDialog, keyScrollers, spoken, spokenNodes } from "./access.js";
import { TurnAlerts } from "./alerts.js";
import { ChatPanel } from "./chat.js";
import { HintControl } from "./hints.js";
import { SeatClocks, hasSeatClocks, runningDeadline } from "./clocks.js";
import { gettext } from "./i18n.js";
import { Countdown, MatchClient, actorNote, clearError, showError } from "./client.js";
import { MoveLog } from "./move_log.js";
import { BoardPicker } from "./board_pick.js";
import { wireZoom } from "./board_zoom.js";
import { byId, readJsonScript } from "./dom.js";
import { fitTable } from "./layout.js";
import { renderResultTable, renderSeedBox } from "./match_end.js";
import { colourBlindSetting } from "./palette.js";
import { renderOver, wireNotices } from "./table_notes.js";
import { listNames, renderSeatList, seatNames, teamText } from "./seats.js";
import { wireTabs } from "./tabs.js";

/** Match.Status labels, as the server renders them in the page header. */
const STATUS_LABELS = { open: gettext("Waiting for players"), active: gettext("In progress"), finished: gettext("Finished"), aborted: gettext("Aborted") };

export class MatchPage {
  /** @param {{game: {render(snapshot, page): void, describe(events, ctx): string}}} o */
  constructor({ game }) {
    this.game = game;
    this.config = readJsonScript("match-config") || {};
    this.snapshot = readJsonScript("match-snapshot");
    this.history = readJsonScript("match-history") || [];
    this.busy = false;
    // The player's colour-blind setting (Settings), for the shared seat list and the game.
    this.colourBlind = colourBlindSetting(this.config);
    this.$ = byId;
    this.log = new MoveLog(byId("move-log"), { nodesOf: (text) => spokenNodes(game, text) });
    // The log's reach: the oldest seq shown (older ones load on demand) and the version up to
    // which every move is in it (a gap fetches the moves after it).
    this.oldestSeq = this.history.length ? this.history[0].seq : null;
    this.loggedVersion = this.snapshot?.version ?? 0;
    const box = byId("error-box");
    box?.querySelector("[data-dismiss]")?.addEventListener("click", () => clearError(box));
    byId("resume-btn")?.addEventListener("click", () => this.client?.resume());
    const zoom = wireZoom();
    // Narrow screens: the board's legal choices 44 px to tap (a zoom, or a list); the game may
    // name its choices (boardChoices) and zoom its own camera (boardZoom).
    this.picker = new BoardPicker({ choices: game.boardChoices, zoom: game.boardZoom || zoom }).watch(this);
    this.tabs = wireTabs(byId("table-info"), { onShow: (name) => this.tabShown(name) });
    const chat = byId("chat");
    this.unread = 0;
    this.chat = chat ? new ChatPanel(chat, { send: (frame) => this.client?.sendFrame(frame) ?? false,
                                             onNews: () => this.chatNews() }) : null;
    this.stickLog();
    this.fit = fitTable(byId("table"));
    this.watchHand();
    this.alerts = new TurnAlerts(byId("sound-toggle"));
    this.hints = new HintControl(this, game.showHint); // issue 30: only where the match offers them
    // Counted by the banner's countdown, so both say the same second.
    this.clocks = new SeatClocks(byId("seat-clocks"), this.config.clock_words || {}, { timer: false });
    // Flash messages of the table: each can be dismissed; "The match has started" and the
    // like go by themselves (js/table_notes.js).
    this.notices = wireNotices(byId("table-notes"));
    // Without a mouse or a screen (js/access.js): moves said aloud, the game in words, board keys.
    this.announcer = new Announcer(byId("announcer"));
    this.describer = new DescribeDialog(this, game);
    this.boardKeys = new BoardKeys(this, game);
  }

  tabShown(name) {
    if (name === "moves") this.scrollLog();
    if (name === "chat") {
      this.unread = 0;
      this.showUnread();
      this.chat?.scroll(true);
    }
  }

  /** A new message from someone else: counted on the Chat tab while it is not open. */
  chatNews() {
    if (this.tabs?.open === "chat") return;
    this.unread += 1;
    this.showUnread();
  }

  showUnread() {
    const badge = byId("chat-unread");
    if (!badge) return;
    badge.textContent = this.unread > 99 ? "99+" : String(this.unread);
    badge.hidden = this.unread === 0;
  }

  /** The banner's countdown: this seat's own clock while it runs (with a clock per seat),
   * else the match's deadline (the earliest of the seats to act). */
  bannerDeadline() {
    const snap = this.snapshot;
    if (snap.status !== "active") return null;
    if (hasSeatClocks(snap.clocks) && this.mySeat !== null && this.toAct.includes(this.mySeat)) {
      return runningDeadline(snap.clocks, this.mySeat) ?? snap.deadline;
    }
    return snap.deadline;
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
      // With a chat the socket stays open after the end (the last words, "gg").
      live: this.snapshot.status === "active" || Boolean(this.chat),
      onState: (snap, info) => this.onState(snap, info),
      onError: (message) => this.error(message),
      onConnection: (state, info) => this.connection(state, info),
      onOther: (msg) => (msg.type === "hint" ? this.hints.received(msg) : this.chat?.handle(msg)),
    });
    this.countdown = new Countdown(byId("countdown"), () => this.bannerDeadline(), () => this.clocks.tick());
    this.wireOlder(Boolean(this.config.history_older));
    this.client.start();
    if (this.snapshot.status !== "active" && !this.chat) this.connection("off");
  }

  onState(snap, { gap }) {
    const wasActive = this.snapshot.status === "active";
    const newer = snap.version > this.snapshot.version;
    this.snapshot = snap;
    // The same version again (a sync, a fetched view) while our move is still on its way: it
    // is not answered yet, so the page still says it is sending it.
    this.busy = !newer && Boolean(this.client?.pending);
    if (gap) {
      this.reloadLog();
    } else if (newer) {
      this.loggedVersion = snap.version;
      // A move's MoveRecord.seq is the version it produced, so history and live keys agree.
      this.addLog(snap.version, snap.events || [], null, snap.actor ?? null);
    }
    if (newer) this.notices.moved(); // the next move: the transient notices go
    this.render();
    if (wasActive && snap.status !== "active") {
      if (!this.chat) this.client.stop();
      else this.connection(this.client.connected ? "live" : "down");
      // The flash messages of the live match ("The match has started") go when it ends.
      for (const list of document.querySelectorAll(".table-notes .messages")) list.remove();
    }
  }

  /** After a version gap: the moves after the last one the log holds, from the history. */
  async reloadLog() {
    const since = this.loggedVersion;
    this.loggedVersion = this.snapshot.version;
    const history = await this.client.fetchHistory({ after: since });
    if (history) {
      this.fillLog(history);
    } else {
      this.log.add({ key: `gap-${this.snapshot.version}`, text: gettext("Some moves were missed here; reload the page to see them.") });
    }
  }

  fillLog(history) {
    this.filling = true; // one scroll at the end, not one layout per line
    try {
      for (const h of history) this.addLog(h.seq, h.events || [], h, h.actor);
    } finally {
      this.filling = false;
    }
    this.scrollLog();
  }

  /** The "Earlier moves" button above the log (when older moves exist): pressing it, or
   * scrolling the log to its top, prepends the moves before the oldest shown. */
  wireOlder(more) {
    const log = byId("move-log");
    if (!log) return;
    this.older = document.createElement("button");
    this.older.type = "button";
    this.older.className = "btn-link log-more";
    this.older.id = "log-earlier";
    this.older.textContent = gettext("Earlier moves…");
    this.older.hidden = !more;
    this.older.addEventListener("click", () => this.loadOlder());
    log.before(this.older);
    for (const box of [log, log.closest(".info-panel")].filter(Boolean)) {
      box.addEventListener("scroll", () => {
        if (box.scrollHeight > box.clientHeight && box.scrollTop < 48) this.loadOlder();
      }, { passive: true });
    }
  }

  async loadOlder() {
    if (this.loadingOlder || this.older.hidden || this.oldestSeq === null || !this.client) return;
    this.loadingOlder = true;
    try {
      const page = await this.client.fetchOlder(this.oldestSeq);
      if (!page) return;
      const log = byId("move-log");
      const boxes = [log, log.closest(".info-panel")].filter(Boolean);
      const heights = boxes.map((box) => box.scrollHeight);
      this.log.addBefore(page.results.map((h) => this.lineOf(h.seq, h.events || [], h, h.actor)).filter(Boolean));
      // The lines in view stay where they were.
      boxes.forEach((box, i) => (box.scrollTop += box.scrollHeight - heights[i]));
      if (page.results.length) this.oldestSeq = page.results[0].seq;
      this.older.hidden = !page.more || !page.results.length;
    } finally {
      this.loadingOlder = false;
    }
  }

  /** The log entry {key, text, actor} of a move's `events` (`record`: its history entry, or
   * null live), or null when the game words it as nothing. */
  lineOf(key, events, record, actor = null) {
    const text = this.game.describe(events, { names: this.names, view: this.snapshot.view, mySeat: this.mySeat, record,
                                              actor: record?.actor ?? actor });
    return text ? { key: `v${key}`, text, actor } : null;
  }

  /** One log line for a move's `events` (`record`: its history entry, or null live), marked
   * when `actor` says the player did not make it. */
  addLog(key, events, record, actor = null) {
    const line = this.lineOf(key, events, record, actor);
    if (!line) return;
    const news = !record && !this.log.keys.has(line.key);
    this.log.add(line);
    const note = actorNote(actor);
    if (news) this.announcer.say(spoken(this.game, note ? `${line.text} (${note.label})` : line.text));
    this.showLatest();
    if (!this.filling) this.scrollLog();
  }

  /** The latest log line in the banner (#latest-move), for where the log is in a closed tab. */
  showLatest() {
    const node = byId("latest-move");
    const last = this.log.last;
    if (!node) return;
    const note = actorNote(last?.actor);
    node.textContent = last ? gettext("Last: %(move)s", { move: `${last.text}${note ? ` (${note.label})` : ""}` }) : "";
  }

  /** Keeps the end of the log in view, in the log itself or in the sheet around it. */
  scrollLog() {
    const log = byId("move-log");
    for (const node of [log, log?.closest(".info-panel")]) {
      if (!node) continue;
      node.scrollTop = node.scrollHeight;
    }
  }

  /** Marks the hand slot (class more-below) while part of it is below its fold. */
  markHand() {
    const slot = byId("hand-slot");
    if (!slot) return;
    slot.classList.toggle("more-below", slot.scrollTop + slot.clientHeight < slot.scrollHeight - 4);
  }

  watchHand() {
    const slot = byId("hand-slot");
    if (!slot) return;
    slot.addEventListener("scroll", () => this.markHand(), { passive: true });
    if (globalThis.ResizeObserver) new ResizeObserver(() => this.markHand()).observe(slot);
  }

  /** The log stays scrolled to its end while its box changes size (the hand beside it grows,
   * the window turns), unless the player scrolled up to read. */
  stickLog() {
    const log = byId("move-log");
    if (!log) return;
    let stuck = true;
    let touched = 0; // when the player last wheeled, touched or keyed in the log
    const boxes = [log, log.closest(".info-panel")].filter(Boolean);
    for (const box of boxes) {
      for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) {
        box.addEventListener(type, () => (touched = Date.now()), { passive: true });
      }
      // Only the player's own scrolling unsticks the log (not a resize, nor the browser's
      // scroll anchoring).
      box.addEventListener("scroll", () => {
        if (Date.now() - touched > 1500) return;
        stuck = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
      }, { passive: true });
    }
    if (globalThis.ResizeObserver) {
      const watch = new ResizeObserver(() => stuck && this.scrollLog());
      for (const box of boxes) watch.observe(box);
    }
  }

  /** Submit an action for this seat; the page stays busy until the answer arrives. */
  async submit(action) {
    clearError(byId("error-box"));
    this.busy = true;
    this.render();
    const sent = await this.client.submit(action);
    if (!sent) {
      this.busy = false;
      this.render();
    }
  }

  /** Shows a refusal (or any note) in the error box; the client's sync brings the fresh state. */
  error(message) {
    this.busy = false;
    showError(byId("error-box"), message);
    this.render();
  }

  /** The socket's state: "connecting", "live", "down", "off", or "retrying" (open, but the
   * server's database or Redis is away for a moment: `info.seconds` until the move on its way
   * is sent again). "down" with `info.unavailable`: closed by that outage (4503), `info.seconds`
   * until the next handshake. */
  connection(state, info = {}) {
    if (state !== "retrying") this.chat?.connected(state === "live");
    const node = byId("conn-state");
    if (!node) return;
    node.className = "conn-state";
    if (this.snapshot?.status !== "active") {
      node.textContent = ""; // over: the socket only carries the chat, whose box says how it is
    } else if (state === "retrying" || info.unavailable) {
      node.classList.add("down");
      node.textContent = gettext("The server is unavailable for a moment; retrying in %(seconds)s s…", { seconds: info.seconds ?? 5 });
    } else if (state === "live") {
      node.classList.add("live");
      node.textContent = gettext("Live");
    } else if (state === "down") {
      node.classList.add("down");
      node.textContent = gettext("Reconnecting… (moves are sent over HTTP meanwhile)");
    } else if (state === "connecting") {
      node.textContent = gettext("Connecting…");
    } else {
      node.textContent = "";
    }
  }

  render() {
    const snap = this.snapshot;
    this.renderBanner(snap);
    this.renderSeats(snap);
    this.clocks.render(snap, { names: this.names, colours: (snap.seats || []).map((s) => snap.view?.seats?.find((e) => e.seat === s.index)?.colour) });
    this.countdown?.tick(); // the banner's time and the clocks, at the same second
    this.renderResult(snap);
    this.renderSeed(snap);
    this.game.render(snap, this);
    // Over: the game's help lines give way to one that says so; "What next?" shows.
    renderOver(snap, { result: snap.status === "finished" ? this.winnersText(snap) : "" });
    this.fit();
    this.picker.update(this);
    this.markHand();
    this.alerts.update({ mine: snap.status === "active" && this.mySeat !== null && this.toAct.includes(this.mySeat) });
    this.boardKeys.update();
    this.describer.update();
    keyScrollers(byId("table"));
  }

  /** "you" for this page's seat, else the seat's name. */
  nameOf(seat) {
    return seat === this.mySeat ? gettext("you") : this.names[seat] ?? gettext("Seat %(n)s", { n: seat + 1 });
  }

  winnersText(snap) {
    const winners = snap.result?.winners || [];
    if (!winners.length) return gettext("The match is over.");
    const label = listNames(winners.map((s) => this.nameOf(s)));
    const team = snap.seats?.[winners[0]]?.team;
    const mine = winners.includes(this.mySeat);
    const lead = winners.length > 1 && team !== null && team !== undefined ? `${teamText(team)} (${label})` : label;
    if (!mine) return gettext("%(winners)s won.", { winners: lead });
    return lead === gettext("you") ? gettext("You won!") : gettext("You won! Winners: %(winners)s.", { winners: lead });
  }

  /** "Turn 12 · Trade and build · to act: you and bob" (envelope: turn, phase_text, to_act). */
  turnText(snap) {
    const v = snap.view || {};
    const bits = [];
    if (typeof v.turn === "number") bits.push(gettext("Turn %(n)s", { n: v.turn + 1 }));
    const phase = this.game.phaseText ? this.game.phaseText(v) : v.phase_text;
    if (phase) bits.push(phase);
    bits.push(gettext("to act: %(names)s", { names: listNames(this.toAct.map((s) => this.nameOf(s))) || "-" }));
    return bits.join(" · ");
  }

  renderBanner(snap) {
    const banner = byId("status-banner");
    const acting = this.toAct.map((s) => this.nameOf(s));
    let text;
    let cls = "";
    if (snap.status === "finished") {
      text = gettext("Finished: %(result)s", { result: this.winnersText(snap) });
      cls = "finished";
    } else if (snap.status === "aborted") {
      text = gettext("This match was aborted by a moderator.");
      cls = "aborted";
    } else if (this.mySeat !== null && this.toAct.includes(this.mySeat)) {
      text = this.busy ? gettext("Sending your move…") : gettext("Your turn.");
      cls = "your-turn";
    } else if (acting.length) {
      text = gettext("Waiting for %(names)s.", { names: listNames(acting) });
    } else {
      text = gettext("Waiting…");
    }
    if (this.mySeat === null && snap.status === "active") text += ` ${gettext("You are watching.")}`;
    if (banner) banner.textContent = text;
    const badge = byId("status-badge");
    if (badge) {
      badge.className = `badge badge-${snap.status}`;
      badge.textContent = STATUS_LABELS[snap.status] ?? snap.status;
    }
    // For people's tools and tests: the version and status this page shows.
    document.body.dataset.matchVersion = String(snap.version);
    document.body.dataset.matchStatus = snap.status;
    const wrap = byId("status-wrap");
    if (wrap) for (const c of ["your-turn", "finished", "aborted"]) wrap.classList.toggle(c, c === cls);
    const turn = byId("turn-text");
    if (turn) turn.textContent = snap.status === "active" ? this.turnText(snap) : "";
    const sound = byId("sound-toggle");
    if (sound) sound.hidden = snap.status !== "active";
    this.hints.render(snap);
    const replay = byId("replay-link");
    if (replay) replay.hidden = snap.status !== "finished";
    const resume = byId("resume-box");
    if (resume) resume.hidden = !(snap.status === "active" && this.mySeat !== null && snap.seats?.[this.mySeat]?.takeover);
  }

  renderSeats(snap) {
    renderSeatList(byId("seat-list"), {
      seats: snap.seats || [],
      view: snap.view,
      mySeat: this.mySeat,
      acting: snap.status === "active" ? this.toAct : [],
      clocks: Boolean(snap.clocks),
      colourBlind: this.colourBlind,
      summary: this.game.seatSummary ? (seat, env) => this.game.seatSummary(snap.view, seat, env) : null,
    });
  }

  renderResult(snap) {
    renderResultTable(byId("result-panel"), byId("result-body"), snap,
                      { names: this.names, mySeat: this.mySeat, column: this.config.score });
  }

  /** The fair-shuffle box (a promise: the browser's own hash comes after). */
  renderSeed(snap) {
    return renderSeedBox(snap);
  }
}

/**
 * Starts the live page for a game module ({render, describe}); returns the MatchPage. Also
 * sets `window.hexagora = {page, ...extra}` for the browser tests and curious players.
 */
export function startMatchPage(game, extra = {}) {
  const page = new MatchPage({ game });
  page.start();
  window.hexagora = { page, ...extra };
  return page;
}
