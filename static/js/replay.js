// The replay page of every game: step buttons, slider, play/pause, the clickable move log
// (which follows the step shown, and marks the moves the seat's player did not make: the timer,
// a bot for an absent player, a hand-over), arrow/Home/End keys, the board zoom, the
// information tabs (js/tabs.js) and the seat list (js/seats.js, from each step's view
// envelope). A game's replay module provides how a step is drawn and how a move is told:
//
//   import { startReplay } from "../js/replay.js";
//   export function renderStep(view, step, ctx) { ... }    // ctx = {k, last, names, replay, viewer, colourBlind}
//   export function describe(events, ctx) { return "..." } // ctx = {names, view, mySeat, record: step, actor}
//   startReplay({ renderStep, describe });
// seatSummary(view, seat, env), optional: a seat's line in the seat list (instead of env.summary).
// actionWords(action, view), optional: a move in words ("Build a road at ..."), for the analysis
// of the player's decisions (js/analysis.js); null, or no export: worded from its fields.
//
// Issue 14: the page embeds only the replay's summary (the JSON script "match-replay",
// replays.match_replay: seats, seed, result, step_count); the steps come from the API as the
// viewer moves (js/replay_data.js): a window of views around the step shown, the log a chunk
// at a time (more as it scrolls). `ctx.replay.steps` holds the steps fetched so far (sparse:
// a look-back reads `steps[i]?.events`; the log keeps LOOKBACK steps before the one shown).
// A "View as" chooser shows the match as a spectator or as one seat (the match is over):
// that seat's view and the events only it saw, with `viewer` / `mySeat` set to that seat.
// The parts: the move log (js/replay_log.js), the buttons, keys, play/pause and the chooser
// (js/replay_controls.js); this module ties them to the step shown (ReplayPage).

import { keyScrollers, spokenNodes } from "./access.js";
import { gettext } from "./i18n.js";
import { actorNote } from "./client.js";
import { wireZoom } from "./board_zoom.js";
import { byId, readJsonScript } from "./dom.js";
import { fitTable } from "./layout.js";
import { Autoplay, viewAsChooser, viewerIndex, wireStepControls } from "./replay_controls.js";
import { ReplaySource } from "./replay_data.js";
import { ReplayLog } from "./replay_log.js";
import { colourBlindSetting } from "./palette.js";
import { renderSeatList, seatNames } from "./seats.js";
import { wireTabs } from "./tabs.js";
import { AnalysisPanel } from "./analysis.js";

export const LOOKBACK = 30; // steps before the one shown whose log lines are fetched with it
const WINDOW = 10; // steps per request of views
const CHUNK = 200; // log lines per request

/**
 * Starts the replay page; returns {replay, names, show(k), viewAs(seat), source} (null without steps).
 * @param {object} o
 * @param {(view: object, step: object, ctx: object) => void} o.renderStep  draws one step
 * @param {(events: Array, ctx: object) => string} o.describe  the words of a step ("" hides it from the log)
 * @param {number} [o.intervalMs]     pause between steps while playing
 * @param {number|"last"} [o.startAt] the step shown first (default 0)
 * @param {string} [o.setupText]      the words of step 0 when `describe` has none
 */
export function startReplay({ renderStep, describe, seatSummary = null, actionWords = null, spoken = null, intervalMs = 600,
                              startAt = 0, setupText = gettext("Setup.") }) {
  const summary = readJsonScript("match-replay");
  if (!summary?.step_count) return null;
  const page = new ReplayPage(summary, { renderStep, describe, seatSummary, setupText, spoken });
  wireStepControls({ at: () => page.at, last: page.last, show: (k) => page.show(k) });
  page.player = new Autoplay(byId("rp-play"), intervalMs, {
    onStart: () => page.at === page.last && page.show(0),
    tick: (player) => page.playOn(player),
  });
  if ((summary.seats || []).length) {
    byId("rp-slider").closest(".replay-controls")?.after(viewAsChooser(summary.seats, page.names, (seat) => page.viewAs(seat)));
  }
  wireZoom();
  wireTabs(byId("table-info"), {
    onShow: (name) => {
      if (name !== "moves") return;
      page.log.scrollNext();
      page.log.follow(page.at);
    },
  });
  const panel = byId("analysis-panel");
  if (panel) {
    page.analysis = new AnalysisPanel(panel, {
      show: (k) => page.show(k),
      viewAs: (seat) => page.viewAs(seat),
      redrawLog: () => page.redrawLog(),
      words: (action) => actionWords?.(action, page.source.views.get(page.at) ?? page.source.views.values().next().value ?? {}) ?? null,
    });
  }
  page.show(startAt === "last" ? page.last : startAt);
  const api = { replay: page.replay, names: page.names, show: (k) => page.show(k), viewAs: (seat) => page.viewAs(seat), source: page.source };
  window.hexagora = { replay: api };
  return api;
}

/** The step shown and what follows it: the board (the game's renderStep), the seat list, the
 * step's words, the log's marked line, the views and log lines fetched around it. */
class ReplayPage {
  constructor(summary, { renderStep, describe, seatSummary, setupText, spoken }) {
    this.summary = summary;
    this.hooks = { renderStep, describe, seatSummary, setupText, spoken };
    this.names = seatNames(summary);
    this.count = summary.step_count;
    this.last = this.count - 1;
    this.source = new ReplaySource({
      base: `/api/v1/matches/${summary.match}/replay/`,
      count: this.count,
      windowSize: Math.min(WINDOW, summary.max_steps || WINDOW),
      chunkSize: Math.min(CHUNK, summary.max_log || CHUNK),
      onLoad: (kind) => (kind === "log" || this.logWaiting ? this.renderLog() : this.draw()),
    });
    this.replay = { ...summary, steps: this.source.entries };
    this.viewer = null; // the seat whose view is shown; null: the spectator's
    this.colourBlind = colourBlindSetting(); // the player's setting (js/palette.js)
    this.at = 0;
    this.shown = -1; // the step drawn last
    this.texts = new Map(); // step -> its log words (for this viewer)
    this.logWaiting = false; // lines arrived before any view their words may read
    this.player = null;
    this.fit = fitTable(byId("table"));
    this.analysis = null; // the AnalysisPanel of the player's own decisions (js/analysis.js), if shown
    this.log = new ReplayLog(byId("move-log"), this.source, {
      textOf: (k) => this.logText(k),
      onPick: (k) => this.show(k),
      markOf: (k) => this.analysis?.markOf(k) ?? null,
      nodesOf: (text) => spokenNodes(this.hooks, text),
    });
  }

  /** Draws the log's lines again (the analysis's marks arrived). */
  redrawLog() {
    this.log.restart();
    this.renderLog();
  }

  eventsOf(step) {
    return this.viewer === null ? step.events || [] : [...(step.events || []), ...(step.seat_events || [])];
  }

  /** The words of step `k` as `view` shows them ("" when the game tells none; step 0: setup). */
  words(k, view) {
    const step = this.source.entries[k];
    if (!step) return "";
    const ctx = { names: this.names, view, mySeat: this.viewer, record: step, actor: step.actor ?? null };
    return this.hooks.describe(this.eventsOf(step), ctx) || (k === 0 ? this.hooks.setupText : "");
  }

  /** A log line's words, read with any view held (the step shown's first: colours, the board). */
  logText(k) {
    if (!this.texts.has(k) && this.source.entries[k]) {
      const view = this.source.views.get(this.at) ?? this.source.views.values().next().value ?? {};
      this.texts.set(k, this.words(k, view));
    }
    return this.texts.get(k) || "";
  }

  show(k) {
    const { source, last } = this;
    const at = (this.at = Math.max(0, Math.min(last, k)));
    const stepWords = gettext("Step %(at)s of %(last)s", { at, last });
    byId("rp-slider").value = String(at);
    byId("rp-slider").setAttribute("aria-valuetext", stepWords); // said instead of the bare number
    byId("rp-step").textContent = stepWords;
    byId("rp-first").disabled = byId("rp-prev").disabled = at === 0;
    byId("rp-last").disabled = byId("rp-next").disabled = at === last;
    source.want(at);
    if (this.player?.playing || at - source.windowOf(at) >= source.W / 2) source.want(source.windowOf(at) + source.W); // read ahead
    source.ensureLog(at, LOOKBACK);
    this.log.scrollNext();
    this.draw();
    this.log.follow(at);
    this.analysis?.step(at);
  }

  /** While playing: the next step once its view is here (waited for, not skipped); the end stops. */
  playOn(player) {
    if (this.at >= this.last) player.toggle();
    else if (this.source.views.has(this.at + 1)) this.show(this.at + 1);
    else this.source.want(this.at + 1);
  }

  /** Draws the step `at` once its view is here (else says it is on its way). */
  draw() {
    const { at, source } = this;
    const view = source.views.get(at);
    const step = source.entries[at];
    if (view === undefined || !step) {
      byId("rp-text").textContent = source.error ? gettext("Could not load step %(at)s: %(error)s", { at, error: source.error }) : gettext("Loading…");
      return;
    }
    if (this.shown === at) return;
    this.shown = at;
    this.hooks.renderStep(view, { ...step, view }, { k: at, last: at === this.last, names: this.names, replay: this.replay, viewer: this.viewer,
                                                    colourBlind: this.colourBlind });
    this.drawSeats(view);
    const text = this.words(at, view);
    const note = actorNote(step.actor);
    byId("rp-text").replaceChildren(...spokenNodes(this.hooks, text + (text && note ? ` (${note.label})` : "")));
    this.analysis?.step(at); // again now that its view is here (the game's words may need it)
    this.fit();
    keyScrollers(byId("table"));
  }

  drawSeats(view) {
    const { seatSummary } = this.hooks;
    renderSeatList(byId("seat-list"), {
      seats: this.summary.seats || [],
      view,
      mySeat: this.viewer,
      colourBlind: this.colourBlind,
      acting: view.to_act || [],
      ranks: this.at === this.last ? this.summary.result?.ranks : null,
      takeover: false,
      summary: seatSummary ? (seat, env) => seatSummary(view, seat, env) : null,
    });
  }

  /** The log lines held, once a view their words may read is here; then the step shown (it may
   * have waited for its line). */
  renderLog() {
    const { source } = this;
    this.logWaiting = source.hi > source.lo && source.views.size === 0;
    if (this.logWaiting) return;
    this.log.render(this.at);
    this.draw();
  }

  /** Shows the match as `seat` saw it (null: as a spectator). */
  viewAs(seat) {
    this.viewer = viewerIndex(seat, (this.summary.seats || []).length);
    this.source.setViewer(this.viewer);
    this.texts = new Map();
    this.shown = -1;
    this.log.restart();
    this.renderLog();
    this.show(this.at);
    const chooser = byId("rp-view-as");
    if (chooser) chooser.value = this.viewer === null ? "" : String(this.viewer);
  }
}
