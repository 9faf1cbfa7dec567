// Hextopia replay: step through a finished match (selectors.match_replay: spectator views
// rebuilt from the seed, and what each seat saw) with the shared controls, seat list and
// "View as" chooser of js/replay.js. Viewed as a seat, the board turns to that seat's station
// and its hand shows under the board; the last step explains the score. The replay module of
// GameUI: exports renderStep(view, step, ctx) and describe(events, ctx).

import { h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { startReplay } from "../js/replay.js";
import { HextopiaBoard } from "./board.js";
import { describeEvents } from "./describe.js";
import { cardButton, spokenCards } from "./cards.js";
import { showScore } from "./score.js";

const board = new HextopiaBoard(document.getElementById("board"));

/** The viewer's cards in one line under the board. */
function renderHand(view, viewer, names) {
  const line = document.getElementById("hx-replay-hand");
  if (!line) return;
  line.hidden = viewer === null || !Array.isArray(view.hand);
  if (line.hidden) return;
  const cards = view.hand.map((card) => {
    const b = cardButton(card);
    b.disabled = true;
    b.classList.add("card-small");
    return b;
  });
  line.replaceChildren(h("strong", { text: `${gettext("Hand of %(name)s:", { name: names[viewer] || gettext("Seat %(n)s", { n: viewer + 1 }) })} ` }),
    ...(cards.length ? cards : [h("span", { class: "muted", text: gettext("no cards") })]));
}

export function renderStep(view, step, { names, viewer = null, colourBlind = false }) {
  const me = viewer === null ? null : (view.seats || []).find((s) => s.seat === viewer);
  board.render(view, { perspective: me ? me.station : 0, names, colourBlind });
  renderHand(view, viewer, names);
  showScore(view, view.result, names);
}

export function describe(events, ctx) {
  return describeEvents(events, ctx);
}

startReplay({ renderStep, describe, spoken: spokenCards, intervalMs: 700 });
