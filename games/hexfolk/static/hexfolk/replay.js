// Hexfolk replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed, and what each seat saw) with the shared controls, seat list and
// "View as" chooser of js/replay.js. Viewed as a seat, that seat's resource and development
// cards show under the island; the last step shows the summary. The replay module of GameUI:
// exports renderStep(view, step, ctx) and describe(events, ctx).

import { byId, h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { startReplay } from "../js/replay.js";
import { actionWords } from "./access.js";
import { HexfolkBoard, recentBuilds } from "./board.js";
import { describeEvents, devCard } from "./describe.js";
import { renderBar } from "./dice.js";
import { renderSummary } from "./summary.js";
import { resourceChip } from "./widgets.js";
import { DEV_CARDS, RESOURCES, seatSummary } from "./words.js";

const board = new HexfolkBoard(byId("board"));

/** The viewer's cards in one line under the island: resource chips and development cards. */
function renderHand(view, viewer, names) {
  const line = byId("hf-replay-hand");
  if (!line) return;
  line.hidden = viewer === null || !view.hand;
  if (line.hidden) return;
  const devs = DEV_CARDS.filter((c) => view.dev_cards?.[c]).map((c) => `${devCard(c)} ×${view.dev_cards[c]}`);
  line.replaceChildren(h("strong", { text: `${gettext("Hand of %(name)s:", { name: names[viewer] || gettext("Seat %(n)s", { n: viewer + 1 }) })} ` }),
    h("span", { class: "hf-chips" }, ...RESOURCES.map((r) => resourceChip(r, view.hand[r] || 0))),
    ` · ${gettext("development cards: %(cards)s", { cards: devs.join(", ") || gettext("none") })}`);
}

export function renderStep(view, step, { names, viewer = null, colourBlind = false }) {
  board.render(view, { names, recent: recentBuilds(step.events), colourBlind });
  renderBar(view, names, viewer);
  renderHand(view, viewer, names);
  const summary = byId("hf-summary");
  const over = view.phase === "over";
  summary.hidden = !over;
  if (over) renderSummary(byId("hf-summary-body"), view, names);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, seatSummary, actionWords, intervalMs: 500, startAt: "last", setupText: gettext("The island is laid out.") });
