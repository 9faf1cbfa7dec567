// The replay of a game without a replay module of its own (GameUI.replay_module None): each
// step's view as text, a log line per move (js/generic.js), the shared controls (js/replay.js).

import { describeEvents, renderView } from "./generic.js";
import { startReplay } from "./replay.js";

export function renderStep(view) {
  renderView(view);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe });
