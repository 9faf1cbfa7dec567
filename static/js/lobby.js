// Lobby: keep the create-match form consistent with the chosen game. The server validates
// everything again; this only offers the choices that fit (seat range, team layouts for the
// seat count, the game's rule variants and options).
import { gettext } from "./i18n.js";

const config = JSON.parse(document.getElementById("lobby-config")?.textContent || "{}");
const form = document.getElementById("create-form");

function option(value, label, selected) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  if (selected) o.selected = true;
  return o;
}

function refreshSeats(game) {
  const seats = form.elements.seats;
  const current = Number(seats.value);
  const { min_seats: lo, max_seats: hi } = config[game];
  seats.replaceChildren();
  for (let n = lo; n <= hi; n++) seats.appendChild(option(String(n), String(n), n === Math.min(Math.max(current || lo, lo), hi)));
}

function refreshLayouts(game) {
  const select = form.elements.team_layout;
  const current = select.value || select.dataset.current || "none";
  const layouts = config[game].layouts[form.elements.seats.value] || [["none", gettext("No teams")]];
  const keep = layouts.some(([v]) => v === current);
  select.replaceChildren(...layouts.map(([v, label]) => option(v, label, keep ? v === current : v === "none")));
  // A game (or seat count) without teams has nothing to choose: hide the row, still send "none".
  const row = select.closest(".form-row");
  if (row) row.hidden = layouts.length < 2;
}

function refreshVariants(game) {
  const select = form.elements.variant;
  for (const o of select.options) {
    if (!o.dataset.game) continue;
    const fits = o.dataset.game === game;
    o.hidden = !fits;
    o.disabled = !fits;
    if (!fits && o.selected) select.value = "";
  }
}

function refreshOptions(game) {
  // A rule variant is a preset of options: while one is chosen, its preset decides them.
  const preset = form.elements.variant.value !== "";
  for (const fs of form.querySelectorAll("[data-game-options]")) {
    const fits = fs.dataset.gameOptions === game && !preset;
    fs.hidden = !fits;
    for (const input of fs.querySelectorAll("input, select, textarea")) input.disabled = !fits;
  }
}

function refreshClock(game) {
  // A game whose rules set the turn time (an hourglass option) has no lobby time to choose:
  // its clock is time per turn. Otherwise only the chosen clock's fields show.
  const own = Boolean(config[game].own_clock);
  const control = form.elements.time_control;
  if (control) {
    if (own) control.value = "turn";
    const row = control.closest(".form-row");
    if (row) row.hidden = own;
  }
  const chosen = control?.value || "turn";
  for (const row of form.querySelectorAll("[data-clock]")) {
    row.hidden = own || row.dataset.clock !== chosen;
  }
}

function refreshAll() {
  const game = form.elements.game.value;
  if (!config[game]) return;
  refreshSeats(game);
  refreshLayouts(game);
  refreshVariants(game);
  refreshOptions(game);
  refreshClock(game);
}

if (form) {
  form.elements.game.addEventListener("change", refreshAll);
  form.elements.seats.addEventListener("change", () => refreshLayouts(form.elements.game.value));
  form.elements.variant.addEventListener("change", () => refreshOptions(form.elements.game.value));
  form.elements.time_control?.addEventListener("change", () => refreshClock(form.elements.game.value));
  refreshAll();
}
