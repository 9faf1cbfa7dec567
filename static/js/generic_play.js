// The live table of a game without a play module of its own (GameUI.play_module None): the
// view as text, the legal actions as buttons, a log line per move (js/generic.js).

import { describeEvents, renderChoices, renderView } from "./generic.js";
import { startMatchPage } from "./match.js";

export function render(snapshot, page) {
  renderView(snapshot.view);
  renderChoices(snapshot, page);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startMatchPage({ render, describe });
