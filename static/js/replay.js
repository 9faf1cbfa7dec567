// The replay controls every game's replay page shares: step buttons, slider, play/pause, the
// clickable move log, arrow/Home/End keys and the board zoom. A game supplies how a step is
// drawn (`render`) and told (`text`); steps come from selectors.match_replay.

const $ = (id) => document.getElementById(id);

/**
 * Starts the replay page.
 * @param {object} o
 * @param {Array} o.steps           replay steps ({seq, seat, actor, action, events, view})
 * @param {(k: number) => string} o.text     the words for step k ("" hides it from the log)
 * @param {(step: object, k: number, last: boolean) => void} o.render  draws step k
 * @param {number} [o.intervalMs]   pause between steps while playing
 * @param {number|"last"} [o.startAt] the step shown first (default 0)
 */
export function startReplay({ steps, text, render, intervalMs = 600, startAt = 0 }) {
  if (!steps.length) return;
  const slider = $("rp-slider");
  const last = steps.length - 1;
  let at = 0;
  let timer = null;

  function show(k) {
    at = Math.max(0, Math.min(last, k));
    render(steps[at], at, at === last);
    slider.value = String(at);
    $("rp-step").textContent = `Step ${at} of ${last}`;
    $("rp-text").textContent = text(at);
    for (const li of $("move-log").children) li.classList.toggle("current", Number(li.dataset.step) === at);
    $("rp-first").disabled = $("rp-prev").disabled = at === 0;
    $("rp-last").disabled = $("rp-next").disabled = at === last;
  }

  function fillLog() {
    const log = $("move-log");
    steps.forEach((_, k) => {
      const t = text(k);
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
    const btn = $("rp-play");
    btn.textContent = timer ? "Pause" : "Play";
    btn.setAttribute("aria-pressed", String(Boolean(timer)));
  }

  $("rp-first").addEventListener("click", () => show(0));
  $("rp-prev").addEventListener("click", () => show(at - 1));
  $("rp-next").addEventListener("click", () => show(at + 1));
  $("rp-last").addEventListener("click", () => show(last));
  $("rp-play").addEventListener("click", togglePlay);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") show(at + 1);
    else if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(last);
    else return;
    e.preventDefault();
  });
  $("zoom-board")?.addEventListener("click", (e) => {
    const on = document.querySelector(".board-wrap").classList.toggle("zoomed");
    e.currentTarget.setAttribute("aria-pressed", String(on));
  });
  fillLog();
  show(startAt === "last" ? last : startAt);
}
