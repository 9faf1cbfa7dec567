"""Why a Hexcrement action is refused: stable codes and the rule in a player's words.

Each ``Rule`` pairs the ``IllegalAction.code`` with its ``message``; tests assert the exact
text, so change a message here and in its test together.
"""
from __future__ import annotations

from games.protocol import Rule

GAME_OVER = Rule("game_over", "The game is over.")
NOT_YOUR_TURN = Rule("not_your_turn", "It is not your turn.")

# Malformed actions
NOT_AN_ACTION = Rule(
    "malformed",
    'An action is an object whose "type" is one of roll, move, target, give, morph, peek, mud, '
    "odour, fight, swipe or take.",
)
BAD_KEYS = Rule(
    "malformed",
    "This action has missing or unknown fields: roll and fight have only a type; move, morph, "
    "peek and odour a cell; target and swipe a seat; mud a card; give and take a seat and a card.",
)
BAD_CELL = Rule("bad_cell", "A cell is a whole number from 0 to 221.")
BAD_SEAT = Rule("bad_seat", "A seat is the whole number of a player at this table.")
BAD_CARD = Rule("bad_card", 'A card is named by its code, such as "DUNG-red" or "SWIPE-2".')

# Out of phase
MUST_ROLL = Rule("must_roll", "Roll your die first: your move depends on the roll.")
MUST_MOVE = Rule("must_move", "You have rolled: move your beetle to one of the cells you can reach.")
MUST_CHOOSE = Rule("must_choose", "Finish the card or battle in progress first: {what}.")
NOT_NOW = Rule("not_now", "There is no card or battle waiting for that choice now.")

# Movement (rules, "Movement rule")
UNREACHABLE = Rule(
    "unreachable",
    "Your beetle moves exactly the number of spaces rolled, each step into the next column in "
    "its direction of play, without going backwards or skipping spaces: it cannot end its move "
    "on that cell.",
)
START_CELL = Rule(
    "start_cell",
    "You may not return to the space where you started, nor stay in the same column as your "
    "starting position, unless a Hex card allows you to.",
)
PERPENDICULAR = Rule(
    "perpendicular",
    "This turn your beetle moves only perpendicular to the direction of play: straight along its "
    "column towards the centre or the outer edge, exactly the number rolled.",
)

# Targets (cards)
TARGET_SELF = Rule("target_self", "Choose another player, not yourself.")
SHIELDED = Rule(
    "shielded",
    "That beetle is protected by SHIELD until its next turn: it cannot lose its cards nor be "
    "the target of another card.",
)
MEAN_TWICE = Rule("mean_twice", "MEAN: a player can be chosen only once per turn; that player already is.")
SWAP_SAME_CELL = Rule("swap_same_cell", "SWAP: that beetle already stands on your cell.")
NOT_CARRIED = Rule("not_carried", "You can only give or drop a dung or swipe card that you carry.")
GIVE_ORDER = Rule(
    "give_order",
    "GIVE: you must give one of your dung cards; a swipe card only if you have no dung card.",
)
NOT_FACE_DOWN = Rule("not_face_down", "Choose a cell holding another face-down Hex card.")
PEEK_KNOWN = Rule("peek_known", "PEEK: every player already knows that card; look at an unknown one.")
ODOUR_NEAREST = Rule(
    "odour_nearest",
    "ODOUR: move in your direction of play to the nearest Hex card; that one is not the nearest.",
)

# Battles (rules, "Battle rules")
NOT_IN_BATTLE = Rule("not_in_battle", "SWIPE: you can steal only from a beetle carrying dung on your cell.")
TAKE_COLOUR = Rule(
    "take_colour",
    "A player who loses a battle must give the dung card of the challenger's colour if they "
    "carry it; otherwise the challenger chooses.",
)
TAKE_LOWEST = Rule(
    "take_lowest",
    "In a battle of several beetles the challenger steals only from the player with the lowest "
    "roll it beat.",
)
TAKE_NOT_CARRIED = Rule("take_not_carried", "That player does not carry that dung card.")
CHOICE = Rule("bad_choice", "That is not one of the choices open now.")

# Lobby options and seats (OptionsError messages)
SEATS_NO_TEAMS = "Hexcrement has no teams: every beetle plays for itself."
