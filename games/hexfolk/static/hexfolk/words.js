// Hexfolk's words: resources, terrains, cards, costs and phases (engine/rules.py names).

export const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"];
export const RESOURCE_LABEL = { lumber: "lumber", brick: "brick", wool: "wool", grain: "grain", ore: "ore" };
export const TERRAIN_LABEL = { forest: "forest", hills: "hills", pasture: "pasture", fields: "fields", mountains: "mountains", desert: "desert" };
export const DEV_CARDS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];
export const DEV_LABEL = {
  knight: "Knight",
  victory_point: "Victory point",
  road_building: "Road building",
  year_of_plenty: "Year of plenty",
  monopoly: "Monopoly",
};
export const DEV_HELP = {
  knight: "Move the robber and steal a card; counts for Largest Army.",
  victory_point: "1 point, hidden from the others until the game ends. Never played.",
  road_building: "Place up to 2 roads for free.",
  year_of_plenty: "Take 2 resource cards of your choice from the bank.",
  monopoly: "Name a resource: every other player gives you all of theirs.",
};
// Costs (interpretation, "Components"), resource -> count.
export const COSTS = [
  ["Road", { lumber: 1, brick: 1 }, "0 points; longest road of 5+ scores 2"],
  ["Settlement", { lumber: 1, brick: 1, wool: 1, grain: 1 }, "1 point"],
  ["City", { grain: 2, ore: 3 }, "2 points (replaces a settlement)"],
  ["Development card", { wool: 1, grain: 1, ore: 1 }, "a random card"],
];
export const PHASE_LABEL = {
  setup_settlement: "place a settlement",
  setup_road: "place a road",
  pre_roll: "roll the dice",
  discard: "discard after a 7",
  robber: "move the robber",
  main: "trade and build",
  trade: "trade offer open",
  road_building: "place free roads",
  special_build: "special building phase",
  over: "game over",
};

/** "2 lumber, 1 ore" for {lumber: 2, ore: 1}; `empty` when nothing. */
export function cardsText(cards, empty = "nothing") {
  const parts = RESOURCES.filter((r) => cards?.[r]).map((r) => `${cards[r]} ${RESOURCE_LABEL[r]}`);
  return parts.length ? parts.join(", ") : empty;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** "alice", "alice and bob", "alice, bob and carol". */
export function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The first letter in capitals. */
export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** `text` as the start of a sentence: our own first words ("you", "your", "waiting") get a
 * capital; a player's name is left as they spell it. */
export function sentence(text) {
  return /^(you|your|waiting)\b/.test(text || "") ? capitalise(text) : text;
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
 * Who must act now, from the view's `to_act` (what the seat list marks) rather than
 * `current` (whose turn it is): they differ while players discard after a 7, while an offer
 * waits for answers and in the special building phase. `nameOf(seat)` gives "you" for the
 * page's own seat, else the name. "" once the game is over.
 *   "bob and carol must discard", "waiting for you to answer alice's offer",
 *   "alice chooses a trade partner", "bob may build now (special building phase)",
 *   "alice's turn: roll the dice", "your turn: trade and build"
 */
export function actingText(view, nameOf) {
  const acting = view?.to_act || [];
  const current = view?.current;
  const whose = (seat) => (nameOf(seat) === "you" ? "your" : `${nameOf(seat)}'s`);
  const list = (seats) => listWords(seats.map(nameOf));
  switch (view?.phase) {
    case "over":
    case undefined:
      return "";
    case "discard":
      return acting.length ? `${list(acting)} must discard` : "";
    case "trade": {
      const pending = acting.filter((s) => s !== current);
      if (pending.length) return `waiting for ${list(pending)} to answer ${whose(current)} offer`;
      return `${nameOf(current)} ${nameOf(current) === "you" ? "choose" : "chooses"} a trade partner`;
    }
    case "special_build":
      return `${list(acting)} may build now (special building phase)`;
    default:
      return `${whose(current)} turn: ${PHASE_LABEL[view.phase] || view.phase}`;
  }
}

// --- Help on the island's elements (the <title> on hover, the help line on a tap) ----------
export const TERRAIN_RESOURCE = { forest: "lumber", hills: "brick", pasture: "wool", fields: "grain", mountains: "ore" };
const WAYS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };

/** What a hex is: `hex` = {terrain, number}; `robber` true when the robber stands on it. */
export function hexHelp(hex, robber = false) {
  const name = TERRAIN_LABEL[hex.terrain] || hex.terrain;
  const res = TERRAIN_RESOURCE[hex.terrain];
  if (!res) return `Desert: produces nothing${robber ? "; the robber stands here" : ""}.`;
  const when = hex.number ? `when the dice show ${hex.number}` : "never (it has no number)";
  const blocked = robber ? " The robber stands here: it produces nothing until he moves." : "";
  return `${capitalise(name)}${hex.number ? ` ${hex.number}` : ""} produces ${res} ${when}, 1 card for each settlement and 2 for each city on its corners, whoever owns them.${blocked}`;
}

/** What a number token is. */
export function numberHelp(hex) {
  const n = hex.number;
  const ways = WAYS[n] || 0;
  const red = n === 6 || n === 8 ? " Red numbers (6 and 8) come up most often." : "";
  return `Number ${n} on ${TERRAIN_LABEL[hex.terrain] || hex.terrain}: the hex produces ${TERRAIN_RESOURCE[hex.terrain] || "nothing"} when the two dice add up to ${n}. The ${plural(ways, "dot")} count the ways to roll it: ${ways} of 36.${red} A 7 produces nothing and brings the robber.`;
}

/** What a harbor is: `hb` = {kind, rate}. */
export function harborHelp(hb) {
  const what = hb.kind === "generic" ? `${hb.rate} cards of one resource` : `${hb.rate} ${RESOURCE_LABEL[hb.kind] || hb.kind}`;
  const name = hb.kind === "generic" ? `${hb.rate}:1 harbor` : `${hb.rate}:1 ${RESOURCE_LABEL[hb.kind] || hb.kind} harbor`;
  return `${name}: with a settlement or city on one of the two intersections its piers touch, you may trade ${what} for 1 card of your choice with the bank, on your turn. Without a harbor the bank takes 4 alike.`;
}

/** What the robber is; `where` names his hex ("fields 8"). */
export function robberHelp(where) {
  return `The robber, on ${where}: that hex produces nothing while he stands there. A roll of 7 or a knight card moves him, and the mover steals a random card from a player with a building at his new hex.`;
}

/** What a building is: `kind` "settlement" | "city", `owner` the name, `place` its hexes. */
export function buildingHelp(kind, owner, place) {
  if (kind === "city") return `${owner}'s city at ${place}: 2 points; takes 2 cards when a hex it touches produces. Built on one's own settlement for 2 grain + 3 ore.`;
  return `${owner}'s settlement at ${place}: 1 point; takes 1 card when a hex it touches produces. No building may stand on a neighbouring intersection. Upgrade it to a city for 2 grain + 3 ore.`;
}

/** What a road is: `owner` the name, `length` the owner's longest road. */
export function roadHelp(owner, length, longest) {
  const title = longest ? ` ${owner} holds the Longest Road (2 points).` : " The first continuous road of 5 or more takes the Longest Road (2 points).";
  return `${owner}'s road (their longest road: ${length}). Roads lead to new settlements and cost 1 lumber + 1 brick.${title}`;
}
