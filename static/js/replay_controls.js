// The replay's controls (js/replay.js): the step buttons, the slider and the arrow/Home/End
// keys; play/pause; the "View as" chooser (the match is over: what each seat saw may be shown).
//
//   wireStepControls({ at: () => k, last, show });          // buttons, slider, keys
//   const player = new Autoplay(byId("rp-play"), 600, tick); // player.toggle(), player.playing
//   slider.closest(".replay-controls").after(viewAsChooser(seats, names, viewAs));

import { gettext } from "./i18n.js";
import { byId, h } from "./dom.js";

/** The step a key moves to from step `at` of 0..`last` (arrows: one step; Home, End), or null
 * for a key that is not the replay's. */
export function stepForKey(key, at, last) {
  if (key === "ArrowRight") return at + 1;
  if (key === "ArrowLeft") return at - 1;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return null;
}

/** The first/previous/next/last buttons, the slider and the keys (not while typing in a
 * field) call `show(step)`; `at()` is the step shown. */
export function wireStepControls({ at, last, show }) {
  byId("rp-first").addEventListener("click", () => show(0));
  byId("rp-prev").addEventListener("click", () => show(at() - 1));
  byId("rp-next").addEventListener("click", () => show(at() + 1));
  byId("rp-last").addEventListener("click", () => show(last));
  const slider = byId("rp-slider");
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    const step = stepForKey(e.key, at(), last);
    if (step === null) return;
    show(step);
    e.preventDefault();
  });
}

/** Play/pause: while playing, `tick(player)` runs every `intervalMs` (it shows the next step,
 * waits for it, or stops the player at the end); `onStart()` runs as playing starts. The
 * button says "Play" or "Pause", `aria-pressed` while playing. */
export class Autoplay {
  constructor(button, intervalMs, { tick, onStart = () => {} }) {
    this.button = button;
    this.intervalMs = intervalMs;
    this.tick = tick;
    this.onStart = onStart;
    this.timer = null;
    button.addEventListener("click", () => this.toggle());
  }

  get playing() {
    return this.timer !== null;
  }

  toggle() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    } else {
      this.onStart();
      this.timer = setInterval(() => this.tick(this), this.intervalMs);
    }
    this.button.textContent = this.timer ? gettext("Pause") : gettext("Play");
    this.button.setAttribute("aria-pressed", String(this.playing));
  }
}

/** The seat index a "View as" choice names (a number or its string), or null (the spectator)
 * for "", null, undefined or anything that is not a seat of `seatCount`. */
export function viewerIndex(seat, seatCount) {
  const index = seat === null || seat === undefined || seat === "" ? null : Number(seat);
  return Number.isInteger(index) && index >= 0 && index < seatCount ? index : null;
}

/** The "View as" row: a <select id="rp-view-as"> of the spectator and each seat (by name);
 * a choice calls `onChange(value)` ("" for the spectator, else the seat index as a string). */
export function viewAsChooser(seats, names, onChange) {
  const select = h("select", { id: "rp-view-as" }, h("option", { value: "", text: gettext("spectator") }));
  seats.forEach((_, i) => select.append(h("option", { value: String(i), text: names[i] || gettext("Seat %(n)s", { n: i + 1 }) })));
  select.addEventListener("change", () => onChange(select.value));
  return h("p", { class: "replay-view-as small" }, h("label", { for: "rp-view-as", text: `${gettext("View as:")} ` }), select,
    h("span", { class: "muted", text: ` ${gettext("(the match is over: every hand may be shown)")}` }));
}
