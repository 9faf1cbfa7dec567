// Hexfolk replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed). Keys: arrows step, Home/End jump. The last step shows the summary.

import { readJsonScript, seatNames } from "../js/match.js";
import { startReplay } from "../js/replay.js";
import { HexfolkBoard, seatColour, seatColourName } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar } from "./dice.js";
import { renderSummary } from "./summary.js";

const replay = readJsonScript("match-replay");
const $ = (id) => document.getElementById(id);
const steps = replay?.steps || [];
const names = seatNames(replay);
const board = new HexfolkBoard($("board"));

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

startReplay({
  steps,
  text,
  intervalMs: 500,
  startAt: "last",
  render(step) {
    board.render(step.view, { names, recent: recent(step) });
    renderBar(step.view, names, null);
    renderSeats(step.view);
    const summary = $("hf-summary");
    const over = step.view.phase === "over";
    summary.hidden = !over;
    if (over) renderSummary($("hf-summary-body"), step.view, names);
  },
});
