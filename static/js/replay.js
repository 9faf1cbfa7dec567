// The replay page of every game: step buttons, slider, play/pause, the clickable move log
// (which follows the step shown, and marks the moves the seat's player did not make: the timer,
// a bot for an absent player, a hand-over), arrow/Home/End keys, the board zoom, the
// information tabs (js/tabs.js) and the seat list (js/seats.js, from each step's view
// envelope). A game's replay module provides how a step is drawn and how a move is told:
//
//   import { startReplay } from "../js/replay.js";
//   export function renderStep(view, step, ctx) { ... }    // ctx = {k, last, names, replay, viewer}
//   export function describe(events, ctx) { return "..." } // ctx = {names, view, mySeat, record: step, actor}
//   startReplay({ renderStep, describe });
// seatSummary(view, seat, env), optional: a seat's line in the seat list (instead of env.summary).
//
// Issue 14: the page embeds only the replay's summary (the JSON script "match-replay",
// replays.match_replay: seats, seed, result, step_count); the steps come from the API as the
// viewer moves (js/replay_data.js): a window of views around the step shown, the log a chunk
// at a time (more as it scrolls). `ctx.replay.steps` holds the steps fetched so far (sparse:
// a look-back reads `steps[i]?.events`; the log keeps LOOKBACK steps before the one shown).
// A "View as" chooser shows the match as a spectator or as one seat (the match is over):
// that seat's view and the events only it saw, with `viewer` / `mySeat` set to that seat.

import { gettext } from "./i18n.js";
import { actorBadge, actorNote } from "./client.js";
import { byId, h, readJsonScript, wireZoom } from "./dom.js";
import { fitTable } from "./layout.js";
import { ReplaySource } from "./replay_data.js";
import { renderSeatList, seatNames } from "./seats.js";
import { wireTabs } from "./tabs.js";

export const LOOKBACK = 30; // steps before the one shown whose log lines are fetched with it
const WINDOW = 10; // steps per request of views
const CHUNK = 200; // log lines per request
const EDGE_PX = 48; // the log scrolled this close to an end fetches the chunk beyond it

/**
 * Starts the replay page; returns {replay, names, show(k), viewAs(seat), source} (null without steps).
 * @param {object} o
 * @param {(view: object, step: object, ctx: object) => void} o.renderStep  draws one step
 * @param {(events: Array, ctx: object) => string} o.describe  the words of a step ("" hides it from the log)
 * @param {number} [o.intervalMs]     pause between steps while playing
 * @param {number|"last"} [o.startAt] the step shown first (default 0)
 * @param {string} [o.setupText]      the words of step 0 when `describe` has none
 */
export function startReplay({ renderStep, describe, seatSummary = null, intervalMs = 600, startAt = 0, setupText = gettext("Setup.") }) {
  const summary = readJsonScript("match-replay");
  const count = summary?.step_count || 0;
  if (!count) return null;
  const names = seatNames(summary);
  const slider = byId("rp-slider");
  const last = count - 1;
  const source = new ReplaySource({
    base: `/api/v1/matches/${summary.match}/replay/`,
    count,
    windowSize: Math.min(WINDOW, summary.max_steps || WINDOW),
    chunkSize: Math.min(CHUNK, summary.max_log || CHUNK),
    onLoad: (kind) => (kind === "log" || logWaiting ? renderLog() : draw()),
  });
  const replay = { ...summary, steps: source.entries };
  let viewer = null; // the seat whose view is shown; null: the spectator's
  let at = 0;
  let shown = -1; // the step drawn last
  let timer = null;
  let texts = new Map(); // step -> its log words (for this viewer)
  const fit = fitTable(byId("table"));
  const log = byId("move-log");
  const earlier = h("button", { type: "button", class: "btn-link log-more", id: "rp-log-earlier", text: gettext("Earlier moves…"), hidden: true });
  const later = h("button", { type: "button", class: "btn-link log-more", id: "rp-log-later", text: gettext("Later moves…"), hidden: true });
  log.before(earlier);
  log.after(later);
  let drawnLo = 0;
  let followPending = true; // the log should scroll to the step shown once its line is here

  const eventsOf = (step) => (viewer === null ? step.events || [] : [...(step.events || []), ...(step.seat_events || [])]);
  /** Any view held (the step shown's first): what a log line's words may read (colours, the board). */
  const someView = () => source.views.get(at) ?? source.views.values().next().value ?? {};
  const words = (k, view) => {
    const step = source.entries[k];
    if (!step) return "";
    return describe(eventsOf(step), { names, view, mySeat: viewer, record: step, actor: step.actor ?? null }) || (k === 0 ? setupText : "");
  };
  const logText = (k) => {
    if (!texts.has(k) && source.entries[k]) texts.set(k, words(k, someView()));
    return texts.get(k) || "";
  };

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    slider.value = String(at);
    byId("rp-step").textContent = gettext("Step %(at)s of %(last)s", { at, last });
    byId("rp-first").disabled = byId("rp-prev").disabled = at === 0;
    byId("rp-last").disabled = byId("rp-next").disabled = at === last;
    source.want(at);
    if (timer || at - source.windowOf(at) >= source.W / 2) source.want(source.windowOf(at) + source.W); // read ahead
    source.ensureLog(at, LOOKBACK);
    followPending = true;
    draw();
    follow();
  }

  /** Draws the step `at` once its view is here (else says it is on its way). */
  function draw() {
    const view = source.views.get(at);
    const step = source.entries[at];
    if (view === undefined || !step) {
      byId("rp-text").textContent = source.error ? gettext("Could not load step %(at)s: %(error)s", { at, error: source.error }) : gettext("Loading…");
      return;
    }
    if (shown === at) return;
    shown = at;
    renderStep(view, { ...step, view }, { k: at, last: at === last, names, replay, viewer });
    renderSeatList(byId("seat-list"), {
      seats: summary.seats || [],
      view,
      mySeat: viewer,
      acting: view.to_act || [],
      ranks: at === last ? summary.result?.ranks : null,
      takeover: false,
      summary: seatSummary ? (seat, env) => seatSummary(view, seat, env) : null,
    });
    const text = words(at, view);
    const note = actorNote(step.actor);
    byId("rp-text").textContent = text + (text && note ? ` (${note.label})` : "");
    fit();
  }

  /** Marks the log line of the step shown (or of the last step before it that has one) and,
   * after a step change, scrolls it into the middle of the log without moving the page (the
   * player's own scrolling through the log, which fetches more lines, is left alone). */
  function follow() {
    let current = null;
    for (const li of log.children) {
      if (Number(li.dataset.step) <= at) current = li;
      li.classList.toggle("current", false);
    }
    if (!current) return;
    current.classList.add("current");
    if (!followPending || at < source.lo || at >= source.hi) return;
    followPending = false;
    for (const box of [log, log.closest(".info-panel")]) {
      if (!box || box.scrollHeight <= box.clientHeight) continue;
      const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      box.scrollTop = top - box.clientHeight / 2 + current.offsetHeight / 2;
    }
  }

  let logWaiting = false; // lines arrived before any view their words may read

  /** The log lines held ([source.lo, source.hi)); lines added above keep the ones in view still. */
  function renderLog() {
    logWaiting = source.hi > source.lo && source.views.size === 0;
    if (logWaiting) return;
    const boxes = [log, log.closest(".info-panel")].filter(Boolean);
    const heights = boxes.map((box) => box.scrollHeight);
    log.replaceChildren();
    for (let k = source.lo; k < source.hi; k++) {
      const t = logText(k);
      if (!t) continue;
      const li = document.createElement("li");
      li.dataset.step = String(k);
      const b = h("button", { type: "button", class: "btn-link", text: t });
      const badge = actorBadge(source.entries[k].actor);
      if (badge) {
        b.append(" ", badge);
        li.dataset.actor = source.entries[k].actor;
      }
      b.addEventListener("click", () => show(k));
      li.appendChild(b);
      log.appendChild(li);
    }
    earlier.hidden = source.lo === 0 || source.hi <= source.lo;
    later.hidden = source.hi >= count || source.hi <= source.lo;
    if (source.lo < drawnLo) boxes.forEach((box, i) => (box.scrollTop += box.scrollHeight - heights[i]));
    drawnLo = source.lo;
    follow();
    draw(); // the step shown may have waited for its line
  }

  earlier.addEventListener("click", () => source.more(-1));
  later.addEventListener("click", () => source.more(1));
  // Scrolling the log to either end fetches the next chunk (the buttons stand outside it).
  for (const box of [log, log.closest(".info-panel")].filter(Boolean)) {
    box.addEventListener("scroll", () => {
      if (box.scrollHeight <= box.clientHeight) return;
      if (box.scrollTop < EDGE_PX) source.more(-1);
      else if (box.scrollTop + box.clientHeight > box.scrollHeight - EDGE_PX) source.more(1);
    }, { passive: true });
  }

  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      if (at === last) show(0);
      timer = setInterval(() => {
        if (at >= last) togglePlay();
        else if (source.views.has(at + 1)) show(at + 1);
        else source.want(at + 1); // wait for it rather than skip it
      }, intervalMs);
    }
    const btn = byId("rp-play");
    btn.textContent = timer ? gettext("Pause") : gettext("Play");
    btn.setAttribute("aria-pressed", String(Boolean(timer)));
  }

  byId("rp-first").addEventListener("click", () => show(0));
  byId("rp-prev").addEventListener("click", () => show(at - 1));
  byId("rp-next").addEventListener("click", () => show(at + 1));
  byId("rp-last").addEventListener("click", () => show(last));
  byId("rp-play").addEventListener("click", togglePlay);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "ArrowRight") show(at + 1);
    else if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(last);
    else return;
    e.preventDefault();
  });

  /** Shows the match as `seat` saw it (null: as a spectator). */
  function viewAs(seat) {
    const index = seat === null || seat === undefined || seat === "" ? null : Number(seat);
    viewer = Number.isInteger(index) && index >= 0 && index < (summary.seats || []).length ? index : null;
    source.setViewer(viewer);
    texts = new Map();
    shown = -1;
    drawnLo = 0;
    renderLog();
    show(at);
    const chooser = byId("rp-view-as");
    if (chooser) chooser.value = viewer === null ? "" : String(viewer);
  }

  // The chooser: the match is over, so what each seat saw may be shown.
  if ((summary.seats || []).length) {
    const select = h("select", { id: "rp-view-as" }, h("option", { value: "", text: gettext("spectator") }));
    summary.seats.forEach((_, i) => select.append(h("option", { value: String(i), text: names[i] || gettext("Seat %(n)s", { n: i + 1 }) })));
    select.addEventListener("change", () => viewAs(select.value));
    const row = h("p", { class: "replay-view-as small" }, h("label", { for: "rp-view-as", text: `${gettext("View as:")} ` }), select,
      h("span", { class: "muted", text: ` ${gettext("(the match is over: every hand may be shown)")}` }));
    slider.closest(".replay-controls")?.after(row);
  }

  wireZoom();
  wireTabs(byId("table-info"), {
    onShow: (name) => {
      if (name !== "moves") return;
      followPending = true;
      follow();
    },
  });
  show(startAt === "last" ? last : startAt);
  const api = { replay, names, show, viewAs, source };
  window.hexagora = { replay: api };
  return api;
}
