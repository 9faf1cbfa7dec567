// The panels around the Hexal table, for the live page and the replay: the score strip above
// the board (every player's score, hand and stack, who acts, the turn's running total; the
// deck and the target score) and, at the end, the summary (each player's points per turn with
// the best turn, and the running totals as a chart).

import { el, h, title } from "../js/dom.js";
import { inkOn } from "../js/seats.js";
import { gettext, labelled, ngettext } from "../js/i18n.js";

function nameOf(names, seat, mySeat) {
  const name = names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
  return seat === mySeat ? gettext("%(name)s (you)", { name }) : name;
}

function swatch(env, seat) {
  const s = h("span", { class: "hl-swatch", "aria-hidden": "true", text: String(seat + 1) });
  s.style.background = env?.colour || "#888";
  s.style.color = inkOn(env?.colour || "#888");
  return s;
}

/** The seats in the order of play, from the first player. */
export function playOrder(view) {
  const n = (view.seats || []).length;
  const first = view.first_player ?? 0;
  return Array.from({ length: n }, (_, i) => (first + i) % n);
}

/** Fills the score strip `node` from `view`; `names` by seat. A chip per seat in the order of
 * play: its number in its colour, the name, the score and the hand (and stack) count. */
export function renderScores(node, view, names, mySeat = null) {
  if (!node) return;
  node.replaceChildren();
  const acting = new Set(view.to_act || []);
  const list = h("ol", { class: "hl-score-list", "aria-label": gettext("Scores") });
  for (const seat of playOrder(view)) {
    const env = view.seats[seat];
    const li = h("li", { class: `hl-score${acting.has(seat) ? " hl-acting" : ""}${seat === mySeat ? " hl-me" : ""}`, "data-seat": seat });
    const count = env.stack_count ? `${env.hand_count}+${env.stack_count}` : String(env.hand_count);
    const parts = [ngettext("%(n)s point", "%(n)s points", env.score), ngettext("%(n)s card in hand", "%(n)s cards in hand", env.hand_count)];
    if (view.options?.personal_stack) parts.push(gettext("%(n)s in the stack", { n: env.stack_count }));
    if (acting.has(seat)) parts.push(gettext("to act"));
    const words = labelled(nameOf(names, seat, mySeat), parts.join(", "));
    li.title = words;
    li.append(
      swatch(env, seat),
      h("span", { class: "hl-score-name", text: nameOf(names, seat, mySeat) }),
      h("strong", { class: "hl-score-points", text: String(env.score) }),
      h("span", { class: "hl-score-extra", "aria-hidden": "true" }, h("span", { class: "hl-mini-card" }), count),
      h("span", { class: "visually-hidden", text: words }),
    );
    if (acting.has(seat) && view.phase === "play") li.append(h("span", { class: "hl-score-turn", text: `+${view.turn_points}` }));
    list.append(li);
  }
  if ((view.seats || []).length > 5) list.classList.add("hl-many");
  node.append(list);
  // The deck and the target score, over the table's bottom corner (a line saved above it).
  const info = node.parentElement?.querySelector("#hl-table-info");
  if (info) {
    const bits = [ngettext("Deck: %(n)s card", "Deck: %(n)s cards", view.deck_count), gettext("target score %(n)s", { n: view.options?.target_score ?? "" })];
    if (view.final_round && view.phase !== "over") bits.push(gettext("final round"));
    if (view.passes_in_a_row) bits.push(ngettext("%(n)s pass in a row", "%(n)s passes in a row", view.passes_in_a_row));
    info.textContent = bits.join(" · ");
  }
}

function chart(view, names, order) {
  const series = order.map((seat) => {
    let total = 0;
    return [0, ...(view.seats[seat].turns || []).map((p) => (total += p))];
  });
  const rounds = Math.max(1, ...series.map((s) => s.length - 1));
  const top = Math.max(view.options?.target_score || 0, ...series.flat(), 1);
  const W = 360;
  const H = 170;
  const L = 34;
  const B = 22;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "hl-chart", role: "img",
    "aria-label": ngettext("Running totals over %(n)s round", "Running totals over %(n)s rounds", rounds) });
  const x = (k) => L + ((W - L - 8) * k) / rounds;
  const y = (v) => H - B - ((H - B - 8) * v) / top;
  el("line", { x1: L, y1: y(0), x2: W - 8, y2: y(0), class: "hl-chart-axis" }, svg);
  const target = view.options?.target_score;
  if (target) {
    el("line", { x1: L, y1: y(target), x2: W - 8, y2: y(target), class: "hl-chart-target" }, svg);
    const t = el("text", { x: L - 4, y: y(target) + 4, class: "hl-chart-label", "text-anchor": "end" }, svg);
    t.textContent = String(target);
  }
  const zero = el("text", { x: L - 4, y: y(0) + 4, class: "hl-chart-label", "text-anchor": "end" }, svg);
  zero.textContent = "0";
  const last = el("text", { x: W - 8, y: H - 6, class: "hl-chart-label", "text-anchor": "end" }, svg);
  last.textContent = gettext("round %(n)s", { n: rounds });
  order.forEach((seat, i) => {
    const pts = series[i].map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const line = el("polyline", { points: pts, class: "hl-chart-line", stroke: view.seats[seat].colour }, svg);
    const points = series[i][series[i].length - 1];
    title(line, ngettext("%(name)s: %(points)s point", "%(name)s: %(points)s points", points, { name: nameOf(names, seat), points }));
  });
  return svg;
}

/** Fills `node` with the end-of-game summary of a finished `view`; `names` by seat. */
export function renderSummary(node, view, names, mySeat = null) {
  if (!node) return;
  node.replaceChildren();
  const order = playOrder(view);
  const result = view.result || {};
  const winners = result.winners || [];
  const why = view.passes_in_a_row >= order.length
    ? gettext("the deck ran out and every player passed in a row")
    : gettext("a player reached %(n)s points and the round was finished", { n: view.options?.target_score });
  const p = { names: winners.map((s) => nameOf(names, s, mySeat)).join(gettext(" and ")), points: view.seats[winners[0]]?.score, why };
  const lead = !winners.length ? gettext("Game over: %(why)s.", p)
    : winners.length > 1 ? ngettext("%(names)s share the win with %(points)s point: %(why)s.", "%(names)s share the win with %(points)s points: %(why)s.", p.points, p)
      : ngettext("%(names)s wins with %(points)s point: %(why)s.", "%(names)s wins with %(points)s points: %(why)s.", p.points, p);
  node.append(h("p", { class: "hl-summary-lead", text: lead }));

  // The totals first: rank, points, best turn, turns played, average per turn.
  const ranked = [...order].sort((a, b) => (result.ranks?.[a] ?? 99) - (result.ranks?.[b] ?? 99));
  const totals = h("table", { class: "result-table hl-totals" });
  totals.append(h("caption", { class: "visually-hidden", text: gettext("Final scores") }));
  totals.append(h("thead", {}, h("tr", {}, ...[gettext("Rank"), gettext("Player"), gettext("Points"), gettext("Best turn"), gettext("Turns"), gettext("Average")].map((t) => h("th", { scope: "col", text: t })))));
  const tbody = h("tbody");
  for (const seat of ranked) {
    const env = view.seats[seat];
    const turns = env.turns || [];
    const avg = turns.length ? (env.score / turns.length).toFixed(1) : "0";
    tbody.append(h("tr", {},
      h("td", { text: String(result.ranks?.[seat] ?? "") }),
      h("th", { scope: "row" }, swatch(env, seat), ` ${nameOf(names, seat, mySeat)}`),
      h("td", { text: String(env.score) }),
      h("td", { text: String(env.best_turn) }),
      h("td", { text: String(turns.length) }),
      h("td", { text: avg })));
  }
  totals.append(tbody);
  node.append(h("div", { class: "hl-turns-wrap hl-totals-wrap scroll-x" }, totals));

  node.append(h("h3", { class: "hl-sub", text: gettext("Points per turn") }));
  const table = h("table", { class: "result-table hl-turns" });
  table.append(h("caption", { class: "small muted", text: gettext("In the order of play. ★ the best turn; 0: a discard or a pass.") }));
  const head = h("tr", {}, h("th", { scope: "col", text: gettext("Round") }));
  for (const seat of order) head.append(h("th", { scope: "col" }, swatch(view.seats[seat], seat), ` ${nameOf(names, seat, mySeat)}`));
  table.append(h("thead", {}, head));
  const body = h("tbody");
  const rounds = Math.max(0, ...order.map((s) => (view.seats[s].turns || []).length));
  for (let k = 0; k < rounds; k++) {
    const tr = h("tr", {}, h("th", { scope: "row", text: String(k + 1) }));
    for (const seat of order) {
      const env = view.seats[seat];
      const p = env.turns?.[k];
      const best = p !== undefined && p === env.best_turn && p > 0 && env.turns.indexOf(p) === k;
      tr.append(h("td", { class: best ? "hl-best-turn" : "", text: p === undefined ? "" : `${p}${best ? " ★" : ""}` }));
    }
    body.append(tr);
  }
  table.append(body);
  node.append(h("div", { class: "hl-turns-wrap scroll-x" }, table));
  const legend = h("p", { class: "small hl-legend-line" });
  for (const seat of order) legend.append(h("span", { class: "hl-legend-item" }, swatch(view.seats[seat], seat), ` ${nameOf(names, seat, mySeat)}`));
  node.append(h("h3", { class: "hl-sub", text: gettext("Running totals") }), chart(view, names, order), legend);
}
