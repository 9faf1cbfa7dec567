// Hextopia's end screen: how the scores (total progress) and the ranks came about, from a
// finished view and its result (RULES.md, "End of the game and the result"): the winner (or
// the winning team) ranks first; the others by total progress, a team's progress being the
// sum of its members'; per piece 0 at HOME, 1 on START and one more per space from there, up
// to L on the last track space, L+1 to L+4 in HEXTOPIA 1-4.
//
//   scoreRows(view, result) -> [{seat, rank, team, hextopia: {count, points}, track: {...},
//                               home: {count}, pieces: [points...], total, group, groupTotal}]
//   renderScore(node, view, result, names)   fills #hx-score-body

import { h } from "../js/dom.js";
import { gettext } from "../js/i18n.js";
import { TEAM_LETTERS, listNames, teamText } from "../js/seats.js";

/** The progress one piece counts for (its `progress` from the view; null at HOME). */
export function piecePoints(piece) {
  return piece.where === "home" || piece.progress === null || piece.progress === undefined ? 0 : piece.progress + 1;
}

/** One row per seat, ordered by rank then seat (see the module comment). */
export function scoreRows(view, result) {
  const seats = view?.seats || [];
  const rows = seats.map((s) => {
    const pieces = s.pieces || [];
    const part = (where) => {
      const ps = pieces.filter((p) => p.where === where);
      return { count: ps.length, points: ps.reduce((a, p) => a + piecePoints(p), 0) };
    };
    const points = pieces.map(piecePoints);
    return {
      seat: s.seat,
      rank: result?.ranks?.[s.seat] ?? null,
      team: s.team ?? null,
      hextopia: part("hextopia"),
      track: part("track"),
      home: part("home"),
      pieces: points,
      total: points.reduce((a, b) => a + b, 0),
      group: s.team === null || s.team === undefined ? `seat ${s.seat}` : `team ${s.team}`,
    };
  });
  const sums = {};
  for (const r of rows) sums[r.group] = (sums[r.group] || 0) + r.total;
  for (const r of rows) r.groupTotal = sums[r.group];
  return rows.sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || a.seat - b.seat);
}

function cell(text, attrs = {}) {
  return h("td", { ...attrs, text: String(text) });
}

function head(short, full) {
  return h("th", { scope: "col" }, full ? h("abbr", { title: full, text: short }) : short);
}

/** The sentence on how the winner won. */
function winnerText(view, result, names) {
  const winners = result?.winners || [];
  if (!winners.length) return gettext("The game is over.");
  const team = view.seats.find((s) => s.seat === winners[0])?.team;
  const who = listNames(winners.map((s) => names[s] || gettext("Seat %(n)s", { n: s + 1 })));
  if (team !== null && team !== undefined && winners.length > 1) return gettext("%(team)s (%(names)s) won: every piece of the team reached HEXTOPIA first.", { team: teamText(team), names: who });
  return gettext("%(names)s won: all four pieces reached HEXTOPIA first.", { names: who });
}

/** Shows the panel #hx-score with the explanation once `result` is there, else hides it. */
export function showScore(view, result, names) {
  const panel = document.getElementById("hx-score");
  if (!panel) return;
  panel.hidden = !result;
  if (result) renderScore(document.getElementById("hx-score-body"), view, result, names);
}

/** Fills `node` with the explanation of a finished `view` (`result` = ranks, scores, winners). */
export function renderScore(node, view, result, names) {
  if (!node) return;
  node.replaceChildren();
  if (!view || !result) return;
  const L = view.track_length || 72;
  const rows = scoreRows(view, result);
  const teams = rows.some((r) => r.team !== null);
  node.append(h("p", { text: winnerText(view, result, names) }));
  const how = teams
    ? gettext("The other teams rank by their total progress, the sum over their members (every member gets the team's rank); equal progress shares a rank.")
    : gettext("The others rank by total progress; equal progress shares a rank.");
  node.append(h("p", { class: "small", text: `${how} ${gettext("A piece counts 0 at HOME, 1 on its START and one more for every space it has come round the track (up to %(last)s on the last space before HEXTOPIA), and %(low)s to %(high)s in HEXTOPIA 1 to 4. A player's score is their own total.", { last: L, low: L + 1, high: L + 4 })}` }));
  const table = h("table", { class: "result-table hx-score-table scroll-x" });
  table.append(h("caption", { class: "visually-hidden", text: gettext("Scores: pieces and progress per player") }));
  const hr = h("tr", {}, head(gettext("Rank")), head(gettext("Player")));
  if (teams) hr.append(head(gettext("Team")));
  hr.append(head("HEXTOPIA", gettext("Pieces in HEXTOPIA (their progress)")), head(gettext("Track"), gettext("Pieces on the track (their progress)")),
    head(gettext("HOME"), gettext("Pieces at HOME (0 each)")), head(gettext("Pieces"), gettext("Each piece's progress")), head(gettext("Score"), gettext("Total progress")));
  if (teams) hr.append(head(gettext("Team total"), gettext("The team's progress: what the teams rank by")));
  table.append(h("thead", {}, hr));
  const body = h("tbody");
  for (const r of rows) {
    const name = `${names[r.seat] || gettext("Seat %(n)s", { n: r.seat + 1 })}${result.winners?.includes(r.seat) ? ` ${gettext("(winner)")}` : ""}`;
    const tr = h("tr", { "data-seat": r.seat }, cell(r.rank ?? "-"), h("th", { scope: "row", text: name }));
    if (teams) tr.append(cell(r.team === null ? "-" : TEAM_LETTERS[r.team] || r.team + 1));
    tr.append(
      cell(`${r.hextopia.count} (${r.hextopia.points})`),
      cell(`${r.track.count} (${r.track.points})`),
      cell(r.home.count),
      cell(r.pieces.join(" + ")),
      cell(r.total, { class: "hx-score-total" }),
    );
    if (teams) tr.append(cell(r.groupTotal));
    body.append(tr);
  }
  table.append(body);
  node.append(table);
}
