// The replay page of every game: step buttons, slider, play/pause, the clickable move log,
// arrow/Home/End keys, the board zoom and the seat list (js/seats.js, from each step's view
// envelope). Steps come from selectors.match_replay (the JSON script "match-replay"). A game's
// replay module provides how a step is drawn and how a move is told:
//
//   import { startReplay } from "../js/replay.js";
//   export function renderStep(view, step, ctx) { ... }    // ctx = {k, last, names, replay}
//   export function describe(events, ctx) { return "..." } // ctx = {names, view, mySeat: null, record: step}
//   startReplay({ renderStep, describe });

import { byId, readJsonScript, wireZoom } from "./dom.js";
import { renderSeatList, seatNames } from "./seats.js";

/**
 * Starts the replay page; returns {replay, names, show(k)} (null without steps).
 * @param {object} o
 * @param {(view: object, step: object, ctx: object) => void} o.renderStep  draws one step
 * @param {(events: Array, ctx: object) => string} o.describe  the words of a step ("" hides it from the log)
 * @param {number} [o.intervalMs]     pause between steps while playing
 * @param {number|"last"} [o.startAt] the step shown first (default 0)
 * @param {string} [o.setupText]      the words of step 0 when `describe` has none
 */
export function startReplay({ renderStep, describe, intervalMs = 600, startAt = 0, setupText = "Setup." }) {
  const replay = readJsonScript("match-replay");
  const steps = replay?.steps || [];
  if (!steps.length) return null;
  const names = seatNames(replay);
  const slider = byId("rp-slider");
  const last = steps.length - 1;
  const texts = steps.map((step, k) => describe(step.events || [], { names, view: step.view, mySeat: null, record: step }) || (k === 0 ? setupText : ""));
  let at = 0;
  let timer = null;

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    const step = steps[at];
    const view = step.view || {};
    renderStep(view, step, { k: at, last: at === last, names, replay });
    renderSeatList(byId("seat-list"), {
      seats: replay.seats || [],
      view,
      acting: view.to_act || [],
      ranks: at === last ? replay.result?.ranks : null,
      takeover: false,
    });
    slider.value = String(at);
    byId("rp-step").textContent = `Step ${at} of ${last}`;
    byId("rp-text").textContent = texts[at];
    for (const li of byId("move-log").children) li.classList.toggle("current", Number(li.dataset.step) === at);
    byId("rp-first").disabled = byId("rp-prev").disabled = at === 0;
    byId("rp-last").disabled = byId("rp-next").disabled = at === last;
  }

  function fillLog() {
    const log = byId("move-log");
    texts.forEach((t, k) => {
      if (!t) return;
      const li = document.createElement("li");
      li.dataset.step = String(k);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn-link";
      b.textContent = t;
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
    btn.textContent = timer ? "Pause" : "Play";
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
  wireZoom();
  fillLog();
  show(startAt === "last" ? last : startAt);
  const api = { replay, names, show };
  window.hexagora = { replay: api };
  return api;
}
