// The replay page of every game: step buttons, slider, play/pause, the clickable move log
// (which follows the step shown, and marks the moves the seat's player did not make: the timer,
// a bot for an absent player, a hand-over), arrow/Home/End keys, the board zoom, the
// information tabs (js/tabs.js) and the seat list (js/seats.js, from each step's view
// envelope). Steps come from selectors.match_replay (the JSON script "match-replay"). A game's
// replay module provides how a step is drawn and how a move is told:
//
//   import { startReplay } from "../js/replay.js";
//   export function renderStep(view, step, ctx) { ... }    // ctx = {k, last, names, replay, viewer}
//   export function describe(events, ctx) { return "..." } // ctx = {names, view, mySeat, record: step, actor}
//   startReplay({ renderStep, describe });
//
// When the steps carry what each seat saw (step.views[i], step.seat_events[i]: finished
// matches, selectors.match_replay), a "View as" chooser shows the match as a spectator or as
// one seat: that seat's view ({...view, ...views[i]}) and the events only it saw, with
// `viewer` / `mySeat` set to that seat (null for the spectator).

import { gettext } from "./i18n.js";
import { actorBadge, actorNote } from "./client.js";
import { byId, h, readJsonScript, wireZoom } from "./dom.js";
import { fitTable } from "./layout.js";
import { renderSeatList, seatNames } from "./seats.js";
import { wireTabs } from "./tabs.js";

/**
 * Starts the replay page; returns {replay, names, show(k)} (null without steps).
 * @param {object} o
 * @param {(view: object, step: object, ctx: object) => void} o.renderStep  draws one step
 * @param {(events: Array, ctx: object) => string} o.describe  the words of a step ("" hides it from the log)
 * @param {number} [o.intervalMs]     pause between steps while playing
 * @param {number|"last"} [o.startAt] the step shown first (default 0)
 * @param {string} [o.setupText]      the words of step 0 when `describe` has none
 */
export function startReplay({ renderStep, describe, intervalMs = 600, startAt = 0, setupText = gettext("Setup.") }) {
  const replay = readJsonScript("match-replay");
  const steps = replay?.steps || [];
  if (!steps.length) return null;
  const names = seatNames(replay);
  const slider = byId("rp-slider");
  const last = steps.length - 1;
  let viewer = null; // the seat whose view is shown; null: the spectator's
  const viewOf = (step) => (viewer === null ? step.view || {} : { ...(step.view || {}), ...(step.views?.[viewer] || {}) });
  const eventsOf = (step) => (viewer === null ? step.events || [] : [...(step.events || []), ...(step.seat_events?.[viewer] || [])]);
  const tell = () => steps.map((step, k) => describe(eventsOf(step), { names, view: viewOf(step), mySeat: viewer, record: step, actor: step.actor ?? null }) || (k === 0 ? setupText : ""));
  let texts = tell();
  let at = 0;
  let timer = null;
  const fit = fitTable(byId("table"));

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const step = steps[at];
    const view = viewOf(step);
    renderStep(view, step, { k: at, last: at === last, names, replay, viewer });
    renderSeatList(byId("seat-list"), {
      seats: replay.seats || [],
      view,
      mySeat: viewer,
      acting: view.to_act || [],
      ranks: at === last ? replay.result?.ranks : null,
      takeover: false,
    });
    slider.value = String(at);
    byId("rp-step").textContent = `Step ${at} of ${last}`;
    const note = actorNote(step.actor);
    byId("rp-text").textContent = texts[at] + (texts[at] && note ? ` (${note.label})` : "");
    follow();
    byId("rp-first").disabled = byId("rp-prev").disabled = at === 0;
    byId("rp-last").disabled = byId("rp-next").disabled = at === last;
    fit();
  }

  /** Marks the log line of the step shown (or of the last step before it that has one) and
   * scrolls it into the middle of the log, without moving the page. */
  function follow() {
    const log = byId("move-log");
    let current = null;
    for (const li of log.children) {
      if (Number(li.dataset.step) <= at) current = li;
      li.classList.toggle("current", false);
    }
    if (!current) return;
    current.classList.add("current");
    for (const box of [log, log.closest(".info-panel")]) {
      if (!box || box.scrollHeight <= box.clientHeight) continue;
      const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
      box.scrollTop = top - box.clientHeight / 2 + current.offsetHeight / 2;
    }
  }

  function fillLog() {
    const log = byId("move-log");
    log.replaceChildren();
    texts.forEach((t, k) => {
      if (!t) return;
      const li = document.createElement("li");
      li.dataset.step = String(k);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn-link";
      b.textContent = t;
      const badge = actorBadge(steps[k].actor);
      if (badge) {
        b.append(" ", badge);
        li.dataset.actor = steps[k].actor;
      }
      b.addEventListener("click", () => show(k));
      li.appendChild(b);
      log.appendChild(li);
    });
  }

  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = null;
    } else {
      if (at === last) show(0);
      timer = setInterval(() => (at >= last ? togglePlay() : show(at + 1)), intervalMs);
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
    viewer = seat === null || seat === undefined || seat === "" || !steps[0].views?.[Number(seat)] ? null : Number(seat);
    texts = tell();
    fillLog();
    show(at);
    const chooser = byId("rp-view-as");
    if (chooser) chooser.value = viewer === null ? "" : String(viewer);
  }

  // The chooser, only when the data says what each seat saw.
  if (Array.isArray(steps[0].views) && steps[0].views.length) {
    const select = h("select", { id: "rp-view-as" }, h("option", { value: "", text: gettext("spectator") }));
    steps[0].views.forEach((_, i) => select.append(h("option", { value: String(i), text: names[i] || gettext("Seat %(n)s", { n: i + 1 }) })));
    select.addEventListener("change", () => viewAs(select.value));
    const row = h("p", { class: "replay-view-as small" }, h("label", { for: "rp-view-as", text: `${gettext("View as:")} ` }), select,
      h("span", { class: "muted", text: ` ${gettext("(the match is over: every hand may be shown)")}` }));
    slider.closest(".replay-controls")?.after(row);
  }

  wireZoom();
  wireTabs(byId("table-info"), { onShow: (name) => name === "moves" && follow() });
  fillLog();
  show(startAt === "last" ? last : startAt);
  const api = { replay, names, show, viewAs };
  window.hexagora = { replay: api };
  return api;
}
