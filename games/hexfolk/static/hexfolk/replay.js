// Hexfolk replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed) with the shared controls and seat list of js/replay.js; the last
// step shows the summary. The replay module of GameUI: exports renderStep(view, step, ctx)
// and describe(events, ctx).

import { byId } from "../js/dom.js";
import { startReplay } from "../js/replay.js";
import { HexfolkBoard, recentBuilds } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar } from "./dice.js";
import { renderSummary } from "./summary.js";

const board = new HexfolkBoard(byId("board"));

export function renderStep(view, step, { names }) {
  board.render(view, { names, recent: recentBuilds(step.events) });
  renderBar(view, names, null);
  const summary = byId("hf-summary");
  const over = view.phase === "over";
  summary.hidden = !over;
  if (over) renderSummary(byId("hf-summary-body"), view, names);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, intervalMs: 500, startAt: "last", setupText: "The island is laid out." });
