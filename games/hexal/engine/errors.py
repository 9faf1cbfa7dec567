"""Why an action is refused: stable codes and player-facing messages (``games.protocol.Rule``).

Tests assert the exact text: change a message here and in its test together. Messages quote
the rule they enforce (the rule numbers of the Hexal Classic rule text).
"""
from __future__ import annotations

from games.protocol import Rule

# Whose turn, which phase
GAME_OVER = Rule("game_over", "The game is over.")
NOT_YOUR_TURN = Rule("not_your_turn", "It is not your turn.")
TARGET_FIRST = Rule(
    "target_first",
    "Name a target card first (rule 7: the current player determines a target card from the cards in play).",
)
TARGET_ALREADY = Rule(
    "target_already",
    "You have already named a target this turn; clear it (with no card placed) to name another.",
)
ALREADY_PLACED = Rule(
    "already_placed",
    "You have placed cards this turn: take them back before you discard, pass or change the target.",
)
NOTHING_PLACED = Rule(
    "nothing_placed",
    "Place at least one card before ending your turn; if you cannot or will not play, discard "
    "one and draw one (or pass when there is nothing to draw).",
)

# Malformed actions
NOT_AN_ACTION = Rule(
    "malformed",
    'An action is an object whose "type" is one of target, place, take_back, end_turn, '
    "clear_target, discard or pass.",
)
BAD_KEYS = Rule(
    "malformed",
    "This action has missing or unknown fields: target, take_back and discard have type and "
    "card; place has type, card, q and r; end_turn, clear_target and pass have type only.",
)
BAD_CARD = Rule("malformed", 'A card is a code such as "RC1": colour R O Y G B P, shape C T S P H X, number 1-6.')
BAD_CELL = Rule("malformed", "A cell is given by two whole numbers q and r.")

# Which card
NOT_IN_HAND = Rule("not_in_hand", "You can only play or discard a card from your own hand.")
NOT_IN_PLAY = Rule(
    "not_in_play", "Rule 7: the target is a card in play, on the table."
)
NO_PLACE_FOR_TARGET = Rule(
    "target_no_place",
    "None of your cards can be played on that target: it has no free side or top where one fits.",
)
NOT_PLACED_THIS_TURN = Rule(
    "not_placed_this_turn", "Only a card you placed this turn can be taken back."
)

# Where a card goes
NOT_TOUCHING_TARGET = Rule(
    "not_touching_target",
    "Rule 7: cards are placed in direct contact with the target card, on one of its six sides or on top.",
)
SIDE_TAKEN = Rule(
    "side_taken", "Rule 8: that side of the target is already taken at the target's level."
)
SIDE_UNSUPPORTED = Rule(
    "side_unsupported",
    "A card on a side of the target sits at the target's level: that cell's stack is not as "
    "high as the target, so the card would not be supported.",
)
TOP_TAKEN = Rule(
    "top_taken", "Rule 8: one card may be played on top of the target, and it already has one."
)
NO_MATCH = Rule(
    "no_match",
    "Rule 9: all cards played must have at least one matching attribute (colour, shape or "
    "number) with every card they contact, including each side and below.",
)

# Discarding and passing
MUST_DISCARD = Rule(
    "must_discard",
    "You can still draw: a player who cannot or will not play discards one card and draws one.",
)
CANNOT_DRAW = Rule(
    "cannot_draw", "There is nothing left to draw: pass instead of discarding."
)
