// Hextopia replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed). Keys: arrows step, Home/End jump.

import { readJsonScript, seatNames } from "../js/match.js";
import { startReplay } from "../js/replay.js";
import { HextopiaBoard, colourHex } from "./board.js";
import { describeEvents } from "./describe.js";

const replay = readJsonScript("match-replay");
const $ = (id) => document.getElementById(id);
const steps = replay?.steps || [];
const names = seatNames(replay);
const board = new HextopiaBoard($("board"));

function text(i) {
  const step = steps[i];
  if (!step) return "";
  return describeEvents(step.events, { names, view: step.view, mySeat: null }) || (i === 0 ? "Setup." : "");
}

function renderSeats(view, last) {
  const list = $("seat-list");
  list.replaceChildren();
  for (const s of view.seats || []) {
    const li = document.createElement("li");
    if ((view.to_act || []).includes(s.seat)) li.classList.add("acting");
    const sw = document.createElement("span");
    sw.className = "seat-swatch";
    sw.style.background = colourHex(s.colour);
    sw.textContent = String(s.seat + 1);
    sw.setAttribute("aria-hidden", "true");
    const main = document.createElement("div");
    main.className = "seat-main";
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = names[s.seat];
    const extra = document.createElement("span");
    extra.className = "seat-extra";
    const inLane = s.pieces.filter((p) => p.where === "hextopia").length;
    if (s.team !== null && s.team !== undefined) {
      const badge = document.createElement("span");
      badge.className = `team-badge team-${s.team}`;
      badge.textContent = `Team ${"ABCDEF"[s.team]}`;
      name.append(" ", badge);
    }
    const rank = replay.result?.ranks?.[s.seat];
    extra.textContent = `${s.colour} · ${inLane}/4 in HEXTOPIA${last && rank ? ` · rank ${rank}` : ""}`;
    main.append(name, extra);
    li.append(sw, main);
    list.appendChild(li);
  }
}

startReplay({
  steps,
  text,
  intervalMs: 700,
  render(step, k, last) {
    board.render(step.view, { perspective: 0, names });
    renderSeats(step.view, last);
  },
});
