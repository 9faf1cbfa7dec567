// The seat list of every match page, live or replay, from the view envelope (games/protocol.py
// ViewEnvelope: view.seats[i] = {seat, colour, colour_name, score, summary}) and the platform's
// seat list (snapshot.seats / replay.seats: {index, name, is_bot, bot_kind, team, takeover}).
//
//   renderSeatList(listNode, {seats, view, mySeat, acting, ranks, takeover, clocks})
//
// A row: a swatch in the seat's colour with its number, the name (+ " (you)"), a team badge,
// then "colour name · bot kind · away note · summary" (and "rank N" when `ranks` is given);
// seats in `acting` are marked (CSS: .seat-list li.acting) and say "◀ to act" (.seat-acting).

import { gettext, pgettext } from "./i18n.js";
import { h } from "./dom.js";
import { inkOn, paintSwatch } from "./palette.js";

export { inkOn }; // where the games have always found it

export const TEAM_LETTERS = "ABCDEF";
const NEUTRAL = "#888";

/** Display name of each seat from a snapshot's or replay's "seats" list, by index. */
export function seatNames(source) {
  // Bots get a numbered name: several "strong bot"s at one table must stay apart.
  return (source?.seats || []).map((s) => (s.is_bot ? gettext("Bot %(n)s", { n: s.index + 1 }) : s.name || gettext("Seat %(n)s", { n: s.index + 1 })));
}

/** "alice", "alice and bob", "alice, bob and carol". */
export function listNames(names) {
  if (names.length < 2) return names.join("");
  return gettext("%(first)s and %(last)s", { first: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

/** "Team A" for team 0; "" without a team. */
export function teamText(team) {
  return team === null || team === undefined ? "" : gettext("Team %(letter)s", { letter: TEAM_LETTERS[team] || team + 1 });
}

/** The envelope entry of `seat` in `view` (matched by its `seat` key), or null. */
export function seatOf(view, seat) {
  return (view?.seats || []).find((s) => s.seat === seat) || null;
}

/**
 * Fills `list` (a <ul class="seat-list">) with one row per platform seat.
 * @param {HTMLElement} list
 * @param {object} o
 * @param {Array} o.seats          the platform's seats ({index, name, is_bot, bot_kind, team, takeover})
 * @param {object} o.view          a view with the envelope (its `seats` give colour and summary)
 * @param {number|null} [o.mySeat] the viewer's seat, shown as "(you)"
 * @param {number[]} [o.acting]    seats marked as acting
 * @param {number[]} [o.ranks]     ranks by seat, shown as "rank N" (the end of a replay)
 * @param {boolean} [o.takeover]   say when a bot plays for an absent person (live page only)
 * @param {boolean} [o.clocks]     leave a [data-clock-seat] node for each seat's time (live page)
 * @param {boolean} [o.colourBlind] the player's colour-blind setting: each swatch with its seat's mark (js/palette.js)
 */
// The engines' colour names (view envelopes) in the page's language. A bot seat's kind needs no
// words here: the server names the seat in the reader's language (i18n.phrases.bot_name).
const COLOUR_WORDS = {
  black: () => pgettext("seat colour", "black"), blue: () => pgettext("seat colour", "blue"), brown: () => pgettext("seat colour", "brown"),
  green: () => pgettext("seat colour", "green"), indigo: () => pgettext("seat colour", "indigo"), magenta: () => pgettext("seat colour", "magenta"),
  olive: () => pgettext("seat colour", "olive"), orange: () => pgettext("seat colour", "orange"), pink: () => pgettext("seat colour", "pink"),
  purple: () => pgettext("seat colour", "purple"), red: () => pgettext("seat colour", "red"), slate: () => pgettext("seat colour", "slate"),
  teal: () => pgettext("seat colour", "teal"), white: () => pgettext("seat colour", "white"), yellow: () => pgettext("seat colour", "yellow"),
};

/** An engine's colour name ("red") in the page's language; unknown names as they are. */
export function colourWord(name) {
  return COLOUR_WORDS[name]?.() || name;
}

export function renderSeatList(list, { seats = [], view = null, mySeat = null, acting = [], ranks = null, takeover = true, clocks = false, summary = null, colourBlind = false }) {
  if (!list) return;
  const names = seatNames({ seats });
  list.replaceChildren();
  for (const s of seats) {
    const env = seatOf(view, s.index);
    const li = h("li", { "data-seat": s.index });
    if (acting.includes(s.index)) li.classList.add("acting");
    const swatch = h("span", { class: "seat-swatch", "aria-hidden": "true", text: String(s.index + 1) });
    paintSwatch(swatch, s.index, env?.colour || NEUTRAL, colourBlind);
    const name = h("span", { class: "seat-name", text: `${names[s.index]}${s.index === mySeat ? ` ${gettext("(you)")}` : ""}` });
    if (s.team !== null && s.team !== undefined) name.append(" ", h("span", { class: `team-badge team-${s.team}`, text: teamText(s.team) }));
    // The seat's time, filled and kept counting by js/clocks.js (SeatClocks).
    if (clocks) name.append(" ", h("span", { class: "seat-clock", "data-clock-seat": s.index, hidden: true }));
    if (acting.includes(s.index)) name.append(" ", h("span", { class: "seat-acting" }, h("span", { "aria-hidden": "true", text: "◀ " }), gettext("to act")));
    const main = h("div", { class: "seat-main" }, name);
    const extra = [];
    if (env?.colour_name) extra.push(colourWord(env.colour_name));
    if (s.is_bot && s.name) extra.push(s.name); // "bot fort": the server's name of the seat, in the page's language
    if (takeover && s.takeover) extra.push(gettext("bot playing while away"));
    const line = summary ? summary(s.index, env) : env?.summary;
    if (line) extra.push(line);
    const rank = ranks?.[s.index];
    if (rank) extra.push(gettext("rank %(rank)s", { rank }));
    if (extra.length) main.append(h("span", { class: "seat-extra", text: extra.join(" · ") }));
    li.append(swatch, main);
    list.appendChild(li);
  }
}
