// Hextopia replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed) with the shared controls and seat list of js/replay.js. The replay
// module of GameUI: exports renderStep(view, step, ctx) and describe(events, ctx).

import { startReplay } from "../js/replay.js";
import { HextopiaBoard } from "./board.js";
import { describeEvents } from "./describe.js";

const board = new HextopiaBoard(document.getElementById("board"));

export function renderStep(view, step, { names }) {
  board.render(view, { perspective: 0, names });
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, intervalMs: 700 });
