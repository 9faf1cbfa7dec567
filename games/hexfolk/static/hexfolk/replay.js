// Hexfolk replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed). Keys: arrows step, Home/End jump. The last step shows the summary.

import { readJsonScript, seatNames } from "../js/match.js";
import { HexfolkBoard, seatColour, seatColourName } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar } from "./dice.js";
import { renderSummary } from "./summary.js";

const replay = readJsonScript("match-replay");
const $ = (id) => document.getElementById(id);
const steps = replay?.steps || [];
const names = seatNames(replay);
const board = new HexfolkBoard($("board"));
const slider = $("rp-slider");
let at = 0;
let timer = null;

function text(i) {
  const step = steps[i];
  if (!step) return "";
  return describeEvents(step.events, { names, view: step.view, mySeat: null }) || (i === 0 ? "The island is laid out." : "");
}

function renderSeats(view) {
  const list = $("seat-list");
  list.replaceChildren();
  for (const p of view.players || []) {
    const li = document.createElement("li");
    if ((view.to_act || []).includes(p.seat)) li.classList.add("acting");
    const sw = document.createElement("span");
    sw.className = "seat-swatch";
    sw.style.background = seatColour(p.seat);
    sw.textContent = String(p.seat + 1);
    sw.setAttribute("aria-hidden", "true");
    const main = document.createElement("div");
    main.className = "seat-main";
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = names[p.seat];
    const extra = document.createElement("span");
    extra.className = "seat-extra";
    const points = p.points ?? p.visible_points;
    const bits = [seatColourName(p.seat), `${p.resource_count} cards`, `${p.dev_card_count} dev`, `${points} points`];
    if (p.longest_road) bits.push("Longest Road");
    if (p.largest_army) bits.push("Largest Army");
    extra.textContent = bits.join(" · ");
    main.append(name, extra);
    li.append(sw, main);
    list.appendChild(li);
  }
}

function recent(step) {
  const nodes = new Set();
  const edges = new Set();
  for (const ev of step.events || []) {
    if (ev.type !== "built") continue;
    if (ev.edge) edges.add(`${ev.edge[0]}-${ev.edge[1]}`);
    else nodes.add(ev.node);
  }
  return { nodes, edges };
}

function show(k) {
  at = Math.max(0, Math.min(steps.length - 1, k));
  const step = steps[at];
  if (!step) return;
  board.render(step.view, { names, recent: recent(step) });
  renderBar(step.view, names, null);
  slider.value = String(at);
  $("rp-step").textContent = `Step ${at} of ${steps.length - 1}`;
  $("rp-text").textContent = text(at);
  renderSeats(step.view);
  const summary = $("hf-summary");
  const over = step.view.phase === "over";
  summary.hidden = !over;
  if (over) renderSummary($("hf-summary-body"), step.view, names);
  for (const li of $("move-log").children) li.classList.toggle("current", Number(li.dataset.step) === at);
  $("rp-first").disabled = $("rp-prev").disabled = at === 0;
  $("rp-last").disabled = $("rp-next").disabled = at === steps.length - 1;
}

function fillLog() {
  const log = $("move-log");
  steps.forEach((step, k) => {
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
  const btn = $("rp-play");
  if (timer) {
    clearInterval(timer);
    timer = null;
  } else {
    if (at === steps.length - 1) show(0);
    timer = setInterval(() => {
      if (at >= steps.length - 1) togglePlay();
      else show(at + 1);
    }, 500);
  }
  btn.textContent = timer ? "Pause" : "Play";
  btn.setAttribute("aria-pressed", String(Boolean(timer)));
}

if (steps.length) {
  $("rp-first").addEventListener("click", () => show(0));
  $("rp-prev").addEventListener("click", () => show(at - 1));
  $("rp-next").addEventListener("click", () => show(at + 1));
  $("rp-last").addEventListener("click", () => show(steps.length - 1));
  $("rp-play").addEventListener("click", togglePlay);
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, select, textarea")) return;
    if (e.key === "ArrowRight") show(at + 1);
    else if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(steps.length - 1);
    else return;
    e.preventDefault();
  });
  $("zoom-board")?.addEventListener("click", (e) => {
    const on = document.querySelector(".board-wrap").classList.toggle("zoomed");
    e.currentTarget.setAttribute("aria-pressed", String(on));
  });
  fillLog();
  show(steps.length - 1);
}
