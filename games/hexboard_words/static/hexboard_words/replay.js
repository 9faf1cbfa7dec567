// HexBoard Words replay: step through a finished match (selectors.match_replay: spectator
// views rebuilt from the seed) with the shared controls and seat list of js/replay.js: the
// board, the players' word-cards and the words made and stolen in the log. The replay
// module of GameUI: exports renderStep(view, step, ctx) and describe(events, ctx).

import { byId } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { startReplay } from "../js/replay.js";
import { actionWords } from "./access.js";
import { WordsBoard } from "./board.js";
import { describeEvents } from "./describe.js";
import { renderBar, renderPlayers } from "./panels.js";
import { recentTiles } from "./recent.js";

const board = new WordsBoard(byId("board"), { onHelp: (text) => {
  const node = byId("hw-help");
  if (node && text) node.textContent = text;
} });

export function renderStep(view, step, { names, colourBlind = false }) {
  board.render(view, { recent: recentTiles(step.events) });
  renderBar(byId("hw-bar-text"), view);
  renderPlayers(byId("hw-players"), view, { names, colourBlind });
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, actionWords, intervalMs: 700, setupText: gettext("The word-cards are laid out around the board.") });
