// Every seat's time on the live match page, shared by every game (no per-game hook), from the
// snapshot's `clocks` (gameplatform/matches/clocks.py clocks_public):
//   {time_control, turn_seconds, bank_minutes, increment_seconds, days_per_move,
//    seats: [{index, remaining_ms, running, since, deadline}]}
// A running clock counts down from remaining_ms at `since` to 0 at `deadline`; `since` in the
// future means a vacation pauses it until then.
// With a Fischer bank or days per move, the banner shows a chip per seat (#seat-clocks) and
// each row of the seat list its time (a [data-clock-seat] node); with time per turn, only the
// seats to act show theirs (the banner's countdown says it too). Running clocks count down
// every second; a clock a vacation pauses says so and starts by itself when the pause ends.

import { formatDuration } from "./client.js";
import { gettext } from "./i18n.js";
import { h } from "./dom.js";
import { inkOn } from "./seats.js";

export const SEAT_CLOCKS = ["fischer", "correspondence"];
const URGENT_MS = 10_000;

/** True when every seat has a clock of its own (a bank, or days per move). */
export function hasSeatClocks(clocks) {
  return Boolean(clocks) && SEAT_CLOCKS.includes(clocks.time_control);
}

/** The clock row of seat `index` worth showing, or null (time per turn: only a running one). */
export function shownClock(clocks, index) {
  const row = clocks?.seats?.find((r) => r.index === index) || null;
  if (!row) return null;
  return hasSeatClocks(clocks) || row.running ? row : null;
}

/**
 * `{left, live, paused}` of a clock row at `now` (ms since the epoch): `live` when it counts
 * down toward its deadline, `paused` while a vacation holds it, `left` the milliseconds left.
 */
export function clockState(row, now = Date.now()) {
  const since = row.running && row.since ? Date.parse(row.since) : null;
  const paused = since !== null && since > now;
  const live = since !== null && !paused && Boolean(row.deadline);
  const left = live ? Math.max(0, Date.parse(row.deadline) - now) : Math.max(0, row.remaining_ms ?? 0);
  return { left, live, paused };
}

/** "4:32", "2 d 23 h", "4:32 · on vacation" (`words.vacation` from the page's config). */
export function clockText(row, now = Date.now(), words = {}) {
  const { left, paused } = clockState(row, now);
  return paused ? `${formatDuration(left)} · ${words.vacation || "on vacation"}` : formatDuration(left);
}

/** The deadline (ISO string) of seat `index`'s running clock, or null. */
export function runningDeadline(clocks, index, now = Date.now()) {
  const row = clocks?.seats?.find((r) => r.index === index);
  return row && clockState(row, now).live ? row.deadline : null;
}

/**
 * Keeps the page's clocks current: `render(snapshot, {names, colours})` lays out the banner's
 * chips; on each `tick()` (every second: its own timer, or with `{timer: false}` the caller's,
 * such as the banner's Countdown) and after each render, each [data-clock-seat] node gets its
 * seat's time and the classes "running", "urgent" and "paused".
 */
export class SeatClocks {
  constructor(bar, words = {}, { timer = true } = {}) {
    this.bar = bar;
    this.words = words;
    this.clocks = null;
    this.timer = timer ? setInterval(() => this.tick(), 1000) : null;
  }

  render(snapshot, { names = [], colours = [] } = {}) {
    this.clocks = snapshot?.status === "active" || snapshot?.status === "finished" ? snapshot.clocks : null;
    if (this.bar) {
      const show = hasSeatClocks(this.clocks);
      this.bar.hidden = !show;
      this.bar.replaceChildren();
      if (show) {
        for (const row of this.clocks.seats) {
          const swatch = h("span", { class: "clock-swatch", "aria-hidden": "true", text: String(row.index + 1) });
          if (colours[row.index]) {
            swatch.style.background = colours[row.index];
            swatch.style.color = inkOn(colours[row.index]);
          }
          const chip = h("span", { class: "clock-chip", title: names[row.index] || "" },
            swatch, h("span", { class: "visually-hidden", text: `${gettext("%(name)s:", { name: names[row.index] || "" })} ` }),
            h("span", { class: "clock-time", "data-clock-seat": row.index }));
          this.bar.appendChild(chip);
        }
      }
    }
    this.tick();
  }

  tick() {
    const now = Date.now();
    for (const node of document.querySelectorAll("[data-clock-seat]")) {
      const row = shownClock(this.clocks, Number(node.dataset.clockSeat));
      node.hidden = !row;
      if (!row) continue;
      const state = clockState(row, now);
      node.textContent = clockText(row, now, this.words);
      node.classList.toggle("running", state.live);
      node.classList.toggle("paused", state.paused);
      node.classList.toggle("urgent", state.live && state.left < URGENT_MS);
      node.closest(".clock-chip")?.classList.toggle("running", state.live);
    }
  }
}
