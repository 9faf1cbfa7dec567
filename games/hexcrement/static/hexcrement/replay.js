// Hexcrement replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed) with the shared controls and seat list of js/replay.js. Each step
// shows the board after the move, the last roll in the tray and the turn so far told with its
// cards and battles. The replay module of GameUI: exports renderStep(view, step, ctx) and
// describe(events, ctx).

import { byId } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { startReplay } from "../js/replay.js";
import { actionWords } from "./access.js";
import { HexcrementBoard } from "./board.js";
import { describeEvents, gameData } from "./describe.js";
import { fitBoard } from "./fit.js";
import { latestTurn, renderBeetles, renderStory, toldCells } from "./panels.js";

const help = byId("hx-help");
const showHelp = (text) => {
  if (help) help.textContent = text;
};
const board = new HexcrementBoard(byId("board"), gameData(), { onHelp: showHelp });
fitBoard(byId("board"));

/** The last roll at or before step `k` (the tray keeps showing it until the next one), among
 * the steps fetched (js/replay.js fetches the 30 before the one shown). */
function rollOf(steps, k) {
  for (let i = k; i >= 0; i--) {
    const ev = [...(steps[i]?.events || [])].reverse().find((e) => e.type === "rolled");
    if (ev) return { seat: ev.seat, dice: ev.dice, steps: ev.steps, mode: ev.mode };
  }
  return null;
}

const STORY_STEPS = 24; // steps looked back for the turn told (a turn is rarely more than 4)

export function renderStep(view, step, { names, k, replay, colourBlind = false }) {
  // The turn told so far, up to this step: its cards and battles, its last move.
  // replay.steps holds the steps fetched so far (js/replay.js keeps the ones just before k).
  const from = Math.max(0, k - STORY_STEPS);
  const turn = latestTurn(Array.from({ length: k + 1 - from }, (_, i) => replay.steps[from + i]?.events || []));
  const moved = [...turn.events].reverse().find((e) => e.type === "moved");
  const ctx = { names, mySeat: null, view, colourBlind };
  board.render(view, {
    perspective: 0, names, mySeat: null, colourBlind,
    lastMove: moved ? { seat: moved.seat, from: moved.from, to: moved.to } : null,
    roll: rollOf(replay.steps, k),
    told: toldCells(turn),
  });
  renderStory(byId("hx-story"), turn, ctx, { onHelp: showHelp });
  renderBeetles(byId("hx-beetle-list"), view, ctx, { onHelp: showHelp });
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, actionWords, intervalMs: 700, setupText: gettext("The mats are laid out.") });
