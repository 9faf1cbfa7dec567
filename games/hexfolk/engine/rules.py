"""Hexfolk's numbers, each named once (rules: ../shared/rules/hexfolk.en.md; decisions:
../shared/docs/interpretations/hexfolk.md and games/hexfolk/RULES.md).

Resources, terrains and development cards are small integers in the state (indexes into the
tuples below) and names in actions, views and events.
"""
from __future__ import annotations

SLUG = "hexfolk"
NAME = "Hexfolk"
MIN_SEATS = 2  # "players 2-8"
MAX_SEATS = 8

# Resources and the terrain that produces each ("forest produces lumber, hills brick, ...").
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
N_RESOURCES = len(RESOURCES)
TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert")
TERRAIN_INDEX = {name: i for i, name in enumerate(TERRAINS)}
DESERT = TERRAIN_INDEX["desert"]  # terrain i < DESERT produces RESOURCES[i]
HARBOR_KINDS = RESOURCES + ("generic",)  # a special 2:1 harbor per resource, generic 3:1
GENERIC_HARBOR = len(RESOURCES)

# Costs as (lumber, brick, wool, grain, ore) (interpretation, "Components").
ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_CARD_COST = (0, 0, 1, 1, 1)
CHEAPEST_BUILD = min(sum(c) for c in (ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_CARD_COST))

# Supply per player: "15 roads, 5 settlements and 4 cities".
ROADS_PER_PLAYER = 15
SETTLEMENTS_PER_PLAYER = 5
CITIES_PER_PLAYER = 4

# Development cards, and the deck by player count: (up to seats, counts in DEV_CARDS order).
DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DEV_INDEX = {name: i for i, name in enumerate(DEV_CARDS)}
KNIGHT, VICTORY_POINT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(len(DEV_CARDS))
DEV_DECKS = ((4, (14, 5, 2, 2, 2)), (6, (20, 5, 3, 3, 3)), (8, (26, 5, 4, 4, 4)))  # 25, 34, 43
# Bank per resource: "19 cards per resource, from 5 players up 24, from 7 players up 29".
BANK_SIZES = ((4, 19), (6, 24), (8, 29))

# Points.
SETTLEMENT_POINTS = 1
CITY_POINTS = 2
VICTORY_POINT_CARD_POINTS = 1
LONGEST_ROAD_POINTS = 2
LARGEST_ARMY_POINTS = 2
LONGEST_ROAD_MIN = 5  # "a continuous road of at least 5 segments"
LARGEST_ARMY_MIN = 3  # "the first player to have played 3 knight cards"

# Dice, the robber and trades.
DICE = 2
DIE_SIDES = 6
ROBBER_ROLL = 7
FRIENDLY_ROBBER_MAX_POINTS = 2  # "players with at most 2 visible victory points"
BANK_RATE = 4
GENERIC_RATE = 3
SPECIAL_RATE = 2
ROAD_BUILDING_ROADS = 2  # "places up to 2 free roads"
YEAR_OF_PLENTY_CARDS = 2
SETUP_ROUNDS = 2  # two settlements with a road each, the second round in reverse order
SPECIAL_BUILD_MIN_SEATS = 5  # "From 5 players up there is also the special building phase"

# Lobby options: bounds and defaults.
VICTORY_POINTS_MIN = 8
VICTORY_POINTS_MAX = 15
VICTORY_POINTS_DEFAULT = 10
DISCARD_LIMIT_MIN = 4
DISCARD_LIMIT_MAX = 20
DISCARD_LIMIT_DEFAULT = 7  # "Everyone who has more than 7 resource cards gives up half"
TURN_LIMIT_MAX = 1000  # rounds; 0 (the default) means no limit
STANDARD_MAP = "standard"  # picks the 19-, 30- or 44-hex board by player count
STANDARD_BY_SEATS = ((4, "standard"), (6, "standard-30"), (8, "standard-44"))


def by_seats(table: tuple, seats: int):
    """The value of ``table`` ((up_to_seats, value), ...) for ``seats`` players."""
    for up_to, value in table:
        if seats <= up_to:
            return value
    return table[-1][1]

# Player colours by seat (the view envelope's "colour"): distinct from the terrains and from
# each other in lightness too.
SEAT_COLOURS = (("red", "#d32f2f"), ("blue", "#1e5bc6"), ("white", "#f7f7f2"), ("orange", "#f57c00"),
                ("purple", "#7b1fa2"), ("pink", "#ec5f9f"), ("teal", "#00838f"), ("black", "#263238"))
# Phases in words (the envelope's "phase_text").
PHASE_TEXT = {
    "setup_settlement": "Place a settlement", "setup_road": "Place a road", "pre_roll": "Roll the dice",
    "discard": "Discard after a 7", "robber": "Move the robber", "main": "Trade and build",
    "trade": "Trade offer open", "road_building": "Place free roads",
    "special_build": "Special building phase", "over": "Game over",
}
