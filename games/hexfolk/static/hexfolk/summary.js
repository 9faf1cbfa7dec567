// End-of-game summary: points by source, the dice distribution (rolled against expected) and
// the resources each player produced, from a finished view (view.players[].points and
// victory_point_cards appear only once the game is over).

import { el, h, title } from "../js/dom.js";
import { seatColour } from "./board.js";
import { gettext, ngettext } from "../js/i18n.js";
import { resource } from "./describe.js";
import { RESOURCES, turnsPlayed } from "./words.js";

const SETTLEMENTS = 5; // supply per player (engine rules.py)
const CITIES = 4;
const WAYS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

/** Points of each seat by source: [{settlements, cities, longest, army, cards, total}]. */
export function pointsBySource(view) {
  return view.players.map((p) => {
    const settlements = SETTLEMENTS - p.settlements_left;
    const cities = CITIES - p.cities_left;
    const row = {
      settlements,
      cities: cities * 2,
      longest: p.longest_road ? 2 : 0,
      army: p.largest_army ? 2 : 0,
      cards: p.victory_point_cards ?? 0,
    };
    row.total = p.points ?? row.settlements + row.cities + row.longest + row.army + row.cards;
    return row;
  });
}

function table(caption, head, rows) {
  const t = h("table", { class: "result-table hf-table scroll-x" });
  t.append(h("caption", { class: "visually-hidden", text: caption }));
  const tr = h("tr");
  // A header is a text or [short text, full words] (the short one keeps phones unscrolled).
  for (const c of head) {
    const [short, full] = Array.isArray(c) ? c : [c, null];
    tr.append(h("th", { scope: "col" }, full ? h("abbr", { title: full, text: short }) : short));
  }
  t.append(h("thead", {}, tr));
  const body = h("tbody");
  for (const r of rows) {
    const row = h("tr");
    r.forEach((c, i) => row.append(i === 0 ? c : h("td", { text: String(c) })));
    body.append(row);
  }
  t.append(body);
  return t;
}

function nameCell(view, names, seat, winner) {
  const th = h("th", { scope: "row" });
  const sw = h("span", { class: "hf-swatch", "aria-hidden": "true" });
  sw.style.background = seatColour(view, seat);
  const name = names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  th.append(sw, seat === winner ? gettext("%(name)s (winner)", { name }) : name);
  return th;
}

function diceChart(counts) {
  const rolls = Object.values(counts).reduce((a, b) => a + b, 0);
  const W = 330;
  const H = 150;
  const bar = 24;
  const top = Math.max(1, ...Object.values(counts), ...Object.keys(WAYS).map((k) => (rolls * WAYS[k]) / 36));
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "hf-dice-chart", role: "img", "aria-label": ngettext("Dice rolled %(n)s time: each number's count against the expected count", "Dice rolled %(n)s times: each number's count against the expected count", rolls) });
  for (let n = 2; n <= 12; n++) {
    const x = 10 + (n - 2) * 29;
    const got = counts[String(n)] || 0;
    const expected = (rolls * WAYS[n]) / 36;
    const hh = (got / top) * (H - 40);
    const r = el("rect", { x, y: H - 22 - hh, width: bar, height: hh, class: `hf-chart-bar${n === 7 ? " hf-chart-seven" : ""}` }, svg);
    title(r, ngettext("%(n)s: rolled %(got)s time, expected %(expected)s", "%(n)s: rolled %(got)s times, expected %(expected)s", got,
      { n, got, expected: expected.toFixed(1) }));
    const ey = H - 22 - (expected / top) * (H - 40);
    el("line", { x1: x - 2, x2: x + bar + 2, y1: ey, y2: ey, class: "hf-chart-expected" }, svg);
    const label = el("text", { x: x + bar / 2, y: H - 8, "text-anchor": "middle", class: "hf-chart-label" }, svg);
    label.textContent = String(n);
    const value = el("text", { x: x + bar / 2, y: H - 26 - hh, "text-anchor": "middle", class: "hf-chart-value" }, svg);
    value.textContent = String(got);
  }
  return svg;
}

/** Fills `node` with the summary of a finished `view`; `names` by seat. */
export function renderSummary(node, view, names) {
  node.replaceChildren();
  const winner = view.winner;
  const pts = pointsBySource(view);
  const seats = view.players.map((p) => p.seat);
  const order = [...seats].sort((a, b) => (a === winner ? -1 : b === winner ? 1 : pts[b].total - pts[a].total));
  // Turns as the log numbers them ("Turn N: ..."), see turnsPlayed.
  const turns = ngettext("%(n)s turn", "%(n)s turns", turnsPlayed(view));
  const lead = winner !== null && winner !== undefined
    ? gettext("%(name)s won with %(points)s points (target %(target)s) in turn %(turn)s.",
      { name: names[winner] || gettext("Seat %(n)s", { n: winner + 1 }), points: pts[winner].total, target: view.victory_points_target, turn: turnsPlayed(view) })
    : view.ended === "no_score"
      ? gettext("Nobody could reach %(target)s points any more, so the game ended after %(turns)s: the most points wins.", { target: view.victory_points_target, turns })
      : gettext("The round limit was reached after %(turns)s.", { turns });
  node.append(h("p", { text: lead }));
  node.append(h("h3", { class: "hf-sub", text: gettext("Points by source") }));
  node.append(table(gettext("Points by source"), [gettext("Player"), [gettext("Settl."), gettext("Settlements, 1 point each")], [gettext("Cities"), gettext("Cities, 2 points each")],
    [gettext("Road"), gettext("Longest Road, 2 points")], [gettext("Army"), gettext("Largest Army, 2 points")], [gettext("VP"), gettext("Victory point cards, 1 point each")], gettext("Total")],
    order.map((st) => [nameCell(view, names, st, winner), pts[st].settlements, pts[st].cities, pts[st].longest, pts[st].army, pts[st].cards, pts[st].total])));
  const counts = view.stats?.dice_counts || {};
  const rolls = Object.values(counts).reduce((a, b) => a + b, 0);
  node.append(h("h3", { class: "hf-sub", text: ngettext("Dice: %(n)s roll, against the expected count (line)", "Dice: %(n)s rolls, against the expected count (line)", rolls) }));
  node.append(diceChart(counts));
  node.append(h("h3", { class: "hf-sub", text: gettext("Resources produced") }));
  const produced = view.stats?.produced || [];
  node.append(table(gettext("Resources produced"), [gettext("Player"), ...RESOURCES.map(resource), gettext("Total")],
    order.map((st) => {
      const p = produced[st] || {};
      const total = RESOURCES.reduce((a, r) => a + (p[r] || 0), 0);
      return [nameCell(view, names, st, winner), ...RESOURCES.map((r) => p[r] || 0), total];
    })));
  node.append(h("p", { class: "small muted", text: gettext("Trades between players: %(n)s.", { n: view.stats?.trades_made ?? 0 }) }));
}
