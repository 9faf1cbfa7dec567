"""Why an action or an option set is refused: stable codes and player-facing messages.

Each ``Rule`` pairs the ``IllegalAction.code`` with its ``message``, which names the rule
broken; tests assert the exact text, so change a message here and in its test together.
"""
from __future__ import annotations

from games.protocol import Rule

# Whose turn, which phase
GAME_OVER = Rule("game_over", "The game is over.")
NOT_YOUR_TURN = Rule("not_your_turn", "It is not your turn to act.")
NOT_NOW = Rule("not_now", "That action is not possible at this point of the turn.")
SETUP_PLACEMENT = Rule(
    "setup_placement",
    "During initial placement each player places a settlement, then a road touching it.",
)
ROLL_FIRST = Rule("roll_first", "Roll the dice first: trading and building come after the roll.")
ALREADY_ROLLED = Rule("already_rolled", "The dice are rolled once per turn.")
DISCARDS_PENDING = Rule(
    "discards_pending", "After a 7, everyone with too many resource cards discards half first."
)
MOVE_ROBBER_FIRST = Rule("move_robber_first", "Move the robber first.")
PLACE_FREE_ROADS = Rule("place_free_roads", "Place the free roads of your road building card first.")
TRADE_OPEN = Rule(
    "trade_open", "Your trade offer is open: confirm it with a player, withdraw it, or end the turn."
)
SPECIAL_BUILD_ONLY = Rule(
    "special_build_only",
    "In the special building phase you may only build or buy development cards, or pass.",
)

# Malformed actions
NOT_AN_ACTION = Rule("malformed", 'An action is an object with a "type" naming a Hexfolk action.')
BAD_KEYS = Rule("malformed", "This action has missing or unknown fields.")
BAD_NODE = Rule("malformed", 'A "node" is the number of an intersection on this board.')
BAD_EDGE = Rule("malformed", 'An "edge" is a pair of adjacent intersections on this board, e.g. [3, 4].')
BAD_HEX = Rule("malformed", 'A "hex" is the number of a land hex on this board.')
BAD_SEAT = Rule("malformed", "Seats are whole numbers naming players at this table.")
BAD_RESOURCE = Rule("malformed", "Resources are lumber, brick, wool, grain and ore.")
BAD_CARDS = Rule(
    "malformed", 'Cards are given as {"resource": count}, with whole non-negative counts.'
)

# Building (rules, "Building and building costs" and "Initial placement")
NODE_OCCUPIED = Rule("node_occupied", "That intersection already has a building.")
DISTANCE_RULE = Rule(
    "distance_rule",
    "The distance rule: between two settlements at least one intersection must be free.",
)
SETTLEMENT_NEEDS_ROAD = Rule(
    "settlement_needs_road",
    "A new settlement needs one of your own roads leading up to its intersection.",
)
EDGE_OCCUPIED = Rule("edge_occupied", "That edge already has a road.")
ROAD_NOT_CONNECTED = Rule(
    "road_not_connected", "Roads must connect to one of your own roads, settlements or cities."
)
SETUP_ROAD_TOUCHES = Rule(
    "setup_road_touches", "Your initial road must touch the settlement you have just placed."
)
CITY_NEEDS_SETTLEMENT = Rule("city_needs_settlement", "Cities are built only from your own settlements.")
NO_ROADS_LEFT = Rule("supply_roads", "You have placed all 15 of your roads.")
NO_SETTLEMENTS_LEFT = Rule(
    "supply_settlements",
    "You have placed all 5 of your settlements: upgrade one to a city before building another.",
)
NO_CITIES_LEFT = Rule("supply_cities", "You have placed all 4 of your cities.")
CANNOT_AFFORD = Rule("cannot_afford", "You do not have the resource cards to pay for that.")
DEV_DECK_EMPTY = Rule("dev_deck_empty", "The development card deck is empty.")

# Development cards (rules, "Development cards")
ONE_CARD_PER_TURN = Rule("one_card_per_turn", "You may play at most one development card per turn.")
CARD_BOUGHT_THIS_TURN = Rule(
    "card_bought_this_turn", "You may never play a development card bought this turn."
)
NO_SUCH_CARD = Rule("no_such_card", "You do not hold that development card.")
VICTORY_POINT_NOT_PLAYED = Rule(
    "victory_point_not_played",
    "Victory point cards are never played: they count while hidden in your hand.",
)
NO_ROAD_TO_BUILD = Rule(
    "no_road_to_build", "Road building needs a road in your supply and a place to build it."
)
YEAR_OF_PLENTY_TAKE = Rule(
    "year_of_plenty_take",
    "Year of plenty takes 2 resource cards the bank holds (fewer only when the bank has fewer).",
)

# The robber and discards (rules, "The 7 and the robber")
ROBBER_MUST_MOVE = Rule("robber_must_move", "The robber must move to another land hex.")
FRIENDLY_ROBBER = Rule(
    "friendly_robber",
    "Friendly robber: it may not go next to the buildings of a player with at most 2 visible "
    "victory points.",
)
ROBBER_TO_DESERT = Rule(
    "robber_to_desert",
    "Friendly robber: every hex is protected, so the robber goes to the desert and steals nothing.",
)
BAD_VICTIM = Rule(
    "bad_victim",
    "Steal from a player with a building at the robber's new hex who has cards (nobody if there "
    "is no such player).",
)
NO_DISCARD_OWED = Rule("no_discard_owed", "You do not have to discard.")
DISCARD_COUNT = Rule(
    "discard_count", "Discard exactly half of your resource cards, rounded down."
)
NOT_IN_HAND = Rule("not_in_hand", "You can only give resource cards you hold.")

# Trade (rules, "Trade")
BANK_RATE = Rule(
    "bank_rate",
    "That rate is not yours: 4:1 with the bank, 3:1 with a generic harbor, 2:1 with a special "
    "harbor of that resource, each with a building on the harbor.",
)
BANK_LACKS = Rule("bank_lacks", "The bank has no card of that resource left.")
SAME_RESOURCE = Rule("same_resource", "Trade a resource for a different one.")
OFFER_EMPTY = Rule("offer_empty", "An offer must give or ask for at least one card.")
OFFER_OVERLAP = Rule("offer_overlap", "An offer cannot give and ask for the same resource.")
OFFER_TARGETS = Rule("offer_targets", "Make the offer to one or more other players at the table.")
NOT_ADDRESSED = Rule("not_addressed", "That offer was not made to you, or you have answered it.")
CANNOT_ACCEPT = Rule("cannot_accept", "You do not hold the cards the offer asks for.")
CONFIRM_WITH = Rule(
    "confirm_with", "Confirm the trade with a player who accepted or countered your offer."
)
TRADE_CARDS_GONE = Rule(
    "trade_cards_gone", "One side no longer holds the cards for this trade."
)

# Lobby options and seats
OPTIONS_NOT_OBJECT = "Options are an object of option names and values."
OPTION_UNKNOWN = "Hexfolk has no such option."
OPTION_VICTORY_POINTS = "Victory points are a whole number from 8 to 15."
OPTION_MAP = "There is no such map."
OPTION_BOOL = "This option is on (true) or off (false)."
OPTION_DISCARD_LIMIT = "The discard limit is a whole number from 4 to 20."
OPTION_TURN_LIMIT = "The turn limit is a whole number of rounds from 0 (none) to 1000."
SEATS_COUNT = "Hexfolk is for 2 to 8 players."
SEATS_NOT_SPEC = "Each seat must be a SeatSpec."
SEATS_NO_TEAMS = "Hexfolk is played without teams."
MAP_SEATS = "This map is not made for that many players; see its player range."
TARGET_UNREACHABLE = ("Nobody could reach {target} victory points on this map with {seats} players "
                      "(at most {best}); choose a lower target, a bigger map or turn Longest Road "
                      "and Largest Army on.")
