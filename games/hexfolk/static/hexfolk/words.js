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
