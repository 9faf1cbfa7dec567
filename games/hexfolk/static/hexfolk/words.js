// Hexfolk's words: resources, terrains, cards, costs and phases (engine/rules.py names), in
// the page's language (../js/i18n.js; English without the catalogue, as in Node's tests).

import { gettext, ngettext, pgettext } from "../js/i18n.js";

export const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"];
export const RESOURCE_LABEL = {
  lumber: pgettext("Hexfolk resource", "lumber"), brick: pgettext("Hexfolk resource", "brick"),
  wool: pgettext("Hexfolk resource", "wool"), grain: pgettext("Hexfolk resource", "grain"), ore: pgettext("Hexfolk resource", "ore"),
};
export const TERRAIN_LABEL = {
  forest: pgettext("Hexfolk terrain", "forest"), hills: pgettext("Hexfolk terrain", "hills"),
  pasture: pgettext("Hexfolk terrain", "pasture"), fields: pgettext("Hexfolk terrain", "fields"),
  mountains: pgettext("Hexfolk terrain", "mountains"), desert: pgettext("Hexfolk terrain", "desert"),
};
export const DEV_CARDS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];
export const DEV_LABEL = {
  knight: pgettext("Hexfolk card", "Knight"),
  victory_point: pgettext("Hexfolk card", "Victory point"),
  road_building: pgettext("Hexfolk card", "Road building"),
  year_of_plenty: pgettext("Hexfolk card", "Year of plenty"),
  monopoly: pgettext("Hexfolk card", "Monopoly"),
};
export const DEV_HELP = {
  knight: gettext("Move the robber and steal a card; counts for Largest Army."),
  victory_point: gettext("1 point, hidden from the others until the game ends. Never played."),
  road_building: gettext("Place up to 2 roads for free."),
  year_of_plenty: gettext("Take 2 resource cards of your choice from the bank."),
  monopoly: gettext("Name a resource: every other player gives you all of theirs."),
};
// Costs (interpretation, "Components"), resource -> count.
export const COSTS = [
  [gettext("Road"), { lumber: 1, brick: 1 }, gettext("0 points; longest road of 5+ scores 2")],
  [gettext("Settlement"), { lumber: 1, brick: 1, wool: 1, grain: 1 }, gettext("1 point")],
  [gettext("City"), { grain: 2, ore: 3 }, gettext("2 points (replaces a settlement)")],
  [gettext("Development card"), { wool: 1, grain: 1, ore: 1 }, gettext("a random card")],
];
export const PHASE_LABEL = {
  setup_settlement: gettext("place a settlement"),
  setup_road: gettext("place a road"),
  pre_roll: gettext("roll the dice"),
  discard: gettext("discard after a 7"),
  robber: gettext("move the robber"),
  main: gettext("trade and build"),
  trade: gettext("trade offer open"),
  road_building: gettext("place free roads"),
  special_build: gettext("special building phase"),
  over: gettext("game over"),
};

/** "2 lumber, 1 ore" for {lumber: 2, ore: 1}; `empty` (default "nothing") when nothing. */
export function cardsText(cards, empty = null) {
  const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => `${cards[r]} ${RESOURCE_LABEL[r]}`);
  return parts.length ? parts.join(", ") : empty ?? gettext("nothing");
}

/** "3 cards" / "1 card", in the page's language. */
export function cardCount(n) {
  return ngettext("%(n)s card", "%(n)s cards", n);
}

/** "alice", "alice and bob", "alice, bob and carol". */
export function listWords(items) {
  if (items.length < 2) return items.join("");
  return gettext("%(items)s and %(last)s", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

/**
 * The turns the log told ("Turn N: ..."): the turn the game was won in, else (a turn limit,
 * nobody able to win any more) the last turn played, since the engine ends the game as it
 * counts the next turn, which never starts.
 */
export function turnsPlayed(view) {
  const n = view?.turn_number || 0;
  return view?.ended === "victory" ? n : Math.max(n - 1, 0);
}

/**
 * Who must act now, as a sentence, from the view's `to_act` (what the seat list marks) rather
 * than `current` (whose turn it is): they differ while players discard after a 7, while an
 * offer waits for answers and in the special building phase. `nameOf(seat)` gives a seat's
 * name; `mySeat` is the page's own seat (null for a spectator): it is told as "you".
 *   "Bob and carol must discard", "Waiting for you to answer alice's offer",
 *   "alice chooses a trade partner", "bob may build now (special building phase)",
 *   "alice's turn: roll the dice", "Your turn: trade and build". "" once the game is over.
 */
export function actingText(view, nameOf, mySeat = null) {
  const acting = view?.to_act || [];
  const current = view?.current;
  const mine = (s) => s === mySeat && s !== null && s !== undefined;
  const others = (seats) => listWords(seats.filter((s) => !mine(s)).map(nameOf));
  const phase = view?.phase;
  if (phase === "over" || phase === undefined) return "";
  if (phase === "discard") {
    if (!acting.length) return "";
    if (!acting.some(mine)) return gettext("%(names)s must discard", { names: others(acting) });
    return acting.length === 1 ? gettext("You must discard") : gettext("%(names)s and you must discard", { names: others(acting) });
  }
  if (phase === "trade") {
    const pending = acting.filter((s) => s !== current);
    if (!pending.length) return mine(current) ? gettext("You choose a trade partner") : gettext("%(name)s chooses a trade partner", { name: nameOf(current) });
    if (mine(current)) return gettext("Waiting for %(names)s to answer your offer", { names: others(pending) });
    const p = { names: others(pending), name: nameOf(current) };
    if (!pending.some(mine)) return gettext("Waiting for %(names)s to answer %(name)s's offer", p);
    return pending.length === 1 ? gettext("Waiting for you to answer %(name)s's offer", p)
      : gettext("Waiting for you and %(names)s to answer %(name)s's offer", p);
  }
  if (phase === "special_build") {
    if (acting.some(mine)) return gettext("You may build now (special building phase)");
    return gettext("%(who)s may build now (special building phase)", { who: others(acting) });
  }
  const what = PHASE_LABEL[phase] || phase;
  return mine(current) ? gettext("Your turn: %(phase)s", { phase: what }) : gettext("%(name)s's turn: %(phase)s", { name: nameOf(current), phase: what });
}

// --- Help on the island's elements (the <title> on hover, the help line on a tap) ----------
export const TERRAIN_RESOURCE = { forest: "lumber", hills: "brick", pasture: "wool", fields: "grain", mountains: "ore" };
const WAYS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

/** A terrain's name with a capital, as the start of a help sentence. */
function capitalised(terrain) {
  const name = TERRAIN_LABEL[terrain] || terrain;
  return name ? name[0].toUpperCase() + name.slice(1) : name;
}

/** What a hex is: `hex` = {terrain, number}; `robber` true when the robber stands on it. */
export function hexHelp(hex, robber = false) {
  const res = TERRAIN_RESOURCE[hex.terrain];
  if (!res) return robber ? gettext("Desert: produces nothing; the robber stands here.") : gettext("Desert: produces nothing.");
  const p = { hex: hex.number ? `${capitalised(hex.terrain)} ${hex.number}` : capitalised(hex.terrain), resource: RESOURCE_LABEL[res], n: hex.number };
  const text = hex.number
    ? gettext("%(hex)s produces %(resource)s when the dice show %(n)s, 1 card for each settlement and 2 for each city on its corners, whoever owns them.", p)
    : gettext("%(hex)s produces %(resource)s never (it has no number).", p);
  return robber ? `${text} ${gettext("The robber stands here: it produces nothing until he moves.")}` : text;
}

/** What a number token is. */
export function numberHelp(hex) {
  const n = hex.number;
  const ways = WAYS[n] || 0;
  const res = TERRAIN_RESOURCE[hex.terrain];
  const p = { n, terrain: TERRAIN_LABEL[hex.terrain] || hex.terrain, resource: res ? RESOURCE_LABEL[res] : gettext("nothing"), ways };
  const bits = [
    gettext("Number %(n)s on %(terrain)s: the hex produces %(resource)s when the two dice add up to %(n)s.", p),
    ngettext("The %(ways)s dot counts the ways to roll it: %(ways)s of 36.", "The %(ways)s dots count the ways to roll it: %(ways)s of 36.", ways, p),
  ];
  if (n === 6 || n === 8) bits.push(gettext("Red numbers (6 and 8) come up most often."));
  bits.push(gettext("A 7 produces nothing and brings the robber."));
  return bits.join(" ");
}

/** What a harbor is: `hb` = {kind, rate}. */
export function harborHelp(hb) {
  const rest = gettext("Without a harbor the bank takes 4 alike.");
  if (hb.kind === "generic") {
    return `${gettext("%(rate)s:1 harbor: with a settlement or city on one of the two intersections its piers touch, you may trade %(rate)s cards of one resource for 1 card of your choice with the bank, on your turn.", { rate: hb.rate })} ${rest}`;
  }
  const p = { rate: hb.rate, resource: RESOURCE_LABEL[hb.kind] || hb.kind };
  return `${gettext("%(rate)s:1 %(resource)s harbor: with a settlement or city on one of the two intersections its piers touch, you may trade %(rate)s %(resource)s for 1 card of your choice with the bank, on your turn.", p)} ${rest}`;
}

/** What the robber is; `where` names his hex ("fields 8"). */
export function robberHelp(where) {
  return gettext("The robber, on %(hex)s: that hex produces nothing while he stands there. A roll of 7 or a knight card moves him, and the mover steals a random card from a player with a building at his new hex.", { hex: where });
}

/** What a building is: `kind` "settlement" | "city", `owner` the name, `place` its hexes. */
export function buildingHelp(kind, owner, place) {
  const p = { owner, place };
  if (kind === "city") return gettext("%(owner)s's city at %(place)s: 2 points; takes 2 cards when a hex it touches produces. Built on one's own settlement for 2 grain + 3 ore.", p);
  return gettext("%(owner)s's settlement at %(place)s: 1 point; takes 1 card when a hex it touches produces. No building may stand on a neighbouring intersection. Upgrade it to a city for 2 grain + 3 ore.", p);
}

/** What a road is: `owner` the name, `length` the owner's longest road. */
export function roadHelp(owner, length, longest) {
  const p = { owner, length };
  const title = longest ? gettext("%(owner)s holds the Longest Road (2 points).", p) : gettext("The first continuous road of 5 or more takes the Longest Road (2 points).");
  return `${gettext("%(owner)s's road (their longest road: %(length)s). Roads lead to new settlements and cost 1 lumber + 1 brick.", p)} ${title}`;
}

// --- The shared page's texts from the view (GameUI hooks phaseText and seatSummary) --------
/** The phase in words for the turn line ("Trade and build"): the envelope's phase_text in the
 * page's language. */
export function phaseText(view) {
  const text = PHASE_LABEL[view?.phase];
  return text ? text[0].toUpperCase() + text.slice(1) : view?.phase_text || "";
}

/** A seat's public line in the seat list: cards, development cards, points, knights, road,
 * titles, debt (the envelope's summary, engine/view.py, in the page's language). */
export function seatSummary(view, seat) {
  const p = view?.players?.[seat];
  if (!p) return view?.seats?.[seat]?.summary || "";
  const points = p.points ?? p.visible_points;
  const bits = [cardCount(p.resource_count), ngettext("%(n)s dev", "%(n)s dev", p.dev_card_count), ngettext("%(n)s point", "%(n)s points", points)];
  if (p.knights_played) bits.push(ngettext("%(n)s knight", "%(n)s knights", p.knights_played));
  bits.push(gettext("road %(n)s", { n: p.road_length }));
  if (p.longest_road) bits.push(gettext("Longest Road"));
  if (p.largest_army) bits.push(gettext("Largest Army"));
  if (p.discard_owed) bits.push(gettext("must discard %(n)s", { n: p.discard_owed }));
  return bits.join(" · ");
}
