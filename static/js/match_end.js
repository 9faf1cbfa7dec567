// The end of a match on the live page (js/match.js): the result table (rank, name, team, and
// the score under the game's own words for it: engine.score_column) and the fair-shuffle box,
// whose seed, revealed at the end, the browser hashes again to show that it is the one
// committed to before the first move (docs/contracts.md, "Match snapshot": seed_commitment,
// seed).
//
//   renderResultTable(byId("result-panel"), byId("result-body"), snap, { names, mySeat, column });
//   await renderSeedBox(snap);   // #seed-commitment, #seed-reveal, #seed-value, #seed-command, #seed-check

import { gettext, pgettext } from "./i18n.js";
import { byId } from "./dom.js";
import { teamText } from "./seats.js";

/** The SHA-256 of `text` in hex, or null where the browser has no SubtleCrypto (plain http). */
export async function sha256Hex(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Ranks in words: "1st", "2nd"... (the ranking reads as one).
const ORDINALS = [
  () => pgettext("rank", "1st"), () => pgettext("rank", "2nd"), () => pgettext("rank", "3rd"), () => pgettext("rank", "4th"),
  () => pgettext("rank", "5th"), () => pgettext("rank", "6th"), () => pgettext("rank", "7th"), () => pgettext("rank", "8th"),
];

/** Rank `n` (1 = best) in words: "1st"; past the table's ordinals, "#9". */
export function rankText(n) {
  return ORDINALS[n - 1]?.() ?? gettext("#%(n)s", { n });
}

/** A score as the table shows it: whole numbers without ".0"; none: "-". */
function scoreText(value) {
  if (value === null || value === undefined || value === "") return "-";
  return typeof value === "number" && !Number.isInteger(value) ? String(Math.round(value * 10) / 10) : String(value);
}

/** One row per seat, in rank order (ties in seat order): "1st", the name (the page's own seat
 * marked, the winners too), the team, and the result's score (else the view envelope's),
 * under a column named by the game (`column`: the match config's `score`, {label, note},
 * engine.score_column); the panel is hidden while the match has no result. */
export function renderResultTable(panel, body, snap, { names, mySeat, column = null }) {
  if (!panel || !body) return;
  const result = snap.result;
  panel.hidden = !result;
  if (!result) return;
  const head = panel.querySelector?.("[data-score-head]");
  if (head && column?.label) head.textContent = column.label;
  const note = panel.querySelector?.("[data-score-note]");
  if (note) {
    note.textContent = column?.note || "";
    note.hidden = !column?.note;
  }
  // The team column only where there are teams.
  const teams = (snap.seats || []).some((s) => s.team !== null && s.team !== undefined);
  const teamHead = panel.querySelector?.("[data-team-head]");
  if (teamHead) teamHead.hidden = !teams;
  body.replaceChildren();
  const envelope = snap.view?.seats || [];
  const winners = result.winners || [];
  const order = (snap.seats || []).map((s) => s.index).sort((a, b) => (result.ranks?.[a] ?? 99) - (result.ranks?.[b] ?? 99) || a - b);
  for (const i of order) {
    const score = result.scores?.[i] ?? envelope.find((s) => s.seat === i)?.score;
    const tr = document.createElement("tr");
    tr.dataset.seat = String(i);
    if (winners.includes(i)) tr.classList.add("result-winner");
    const rank = result.ranks?.[i];
    const name = names[i] + (i === mySeat ? ` ${gettext("(you)")}` : "") + (winners.includes(i) ? ` · ${gettext("winner")}` : "");
    const cells = [rank ? rankText(rank) : "-", name, teams ? teamText(snap.seats[i]?.team) || "-" : null, scoreText(score)];
    for (const value of cells.filter((c) => c !== null)) {
      const td = document.createElement("td");
      td.textContent = String(value);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

/** The commitment always; once the match is over, the seed, the shell command that hashes it
 * and whether this browser's hash of it equals the commitment. */
export async function renderSeedBox(snap) {
  const c = byId("seed-commitment");
  if (c) c.textContent = snap.seed_commitment || "-";
  const reveal = byId("seed-reveal");
  if (!reveal) return;
  const hasSeed = snap.seed !== null && snap.seed !== undefined;
  reveal.hidden = !hasSeed;
  if (!hasSeed) return;
  byId("seed-value").textContent = String(snap.seed);
  // The exact text the commitment hashes (models.SEED_COMMITMENT_RULE), as a shell command.
  byId("seed-command").textContent = `printf 'hexagora-seed:%s' ${snap.seed} | sha256sum`;
  const check = byId("seed-check");
  const digest = await sha256Hex(`hexagora-seed:${snap.seed}`);
  if (check) {
    if (digest === null) check.textContent = "";
    else check.textContent = digest === snap.seed_commitment ? `✓ ${gettext("Your browser computed the same hash: the seed was fixed before the first move.")}` : `✗ ${gettext("The hash does not match the commitment.")}`;
  }
}
