// Hexal Classic replay: step through a finished match (selectors.match_replay: spectator
// views rebuilt from the seed) with the shared controls, log and seat list of js/replay.js;
// the table pans and zooms as on the live page, and the last step shows the summary below it
// (in the board's slot, as on the live page: the replay controls keep their place). The
// replay module of GameUI: exports renderStep(view, step, ctx) and describe(events, ctx).

import { byId } from "../js/dom.js";
import { colourBlindSetting } from "../js/palette.js";
import { gettext } from "../js/i18n.js";
import { startReplay } from "../js/replay.js";
import { actionWords } from "./access.js";
import { HexalBoard } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderScores, renderSummary } from "./panels.js";
import { wirePalette } from "./prefs.js";
import { scoredCards } from "./scored.js";

let palette = "standard";
let current = null;
const help = byId("hl-help");
const board = new HexalBoard(byId("board"), {
  tools: byId("hl-tools"),
  onHelp: (text) => help && (help.textContent = text),
});

/** The cards of the last turn scored at or before step k, among the steps fetched (js/replay.js
 * fetches the 30 before the one shown). */
function recentAt(steps, k) {
  for (let i = k; i >= 0; i--) {
    const cards = scoredCards(steps[i]?.events || []);
    if (cards) return cards;
  }
  return new Set();
}

export function renderStep(view, step, ctx) {
  current = [view, step, ctx];
  board.render(view, { palette, recent: recentAt(ctx.replay.steps, ctx.k) });
  renderScores(byId("hl-scores"), view, ctx.names, null);
  const summary = byId("hl-summary");
  const over = view.phase === "over";
  summary.hidden = !over;
  if (over) renderSummary(byId("hl-summary-body"), view, ctx.names, null);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

// The player's colour-blind setting starts the table's own box (js/palette.js).
palette = wirePalette(byId("hl-palette"), (p) => {
  palette = p;
  if (current) renderStep(...current);
}, colourBlindSetting());
startReplay({ renderStep, describe, actionWords, intervalMs: 600, setupText: gettext("The cards are dealt and the initial target is turned up.") });
