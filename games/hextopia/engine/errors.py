"""Why an action or an option set is refused: stable codes and player-facing messages.

Each ``Rule`` pairs the ``IllegalAction.code`` with its ``message``; tests assert the exact
text, so change a message here and in its test together.
"""
from __future__ import annotations

from games.protocol import Rule

# Whose turn / game state
GAME_OVER = Rule("game_over", "The game is over.")
NOT_YOUR_TURN = Rule("not_your_turn", "It is not your turn.")

# Malformed actions
NOT_AN_ACTION = Rule(
    "malformed", 'An action is an object whose "type" is "play", "discard" or "sit_out".'
)
BAD_MOVE = Rule(
    "malformed", 'A play names its "move": one of enter, forward, back, swap or joker.'
)
BAD_KEYS = Rule(
    "malformed",
    "This action has missing or unknown fields. A play has type, card, move and the piece it "
    "moves (seat, piece; a swap also target_seat, target_piece; a JOKER only target_seat, "
    "target_piece); a discard has type and card; sit_out has type only.",
)
BAD_FIELD = Rule(
    "malformed", 'Seats and pieces are whole numbers and a card is a code such as "7H".'
)
NO_SUCH_PIECE = Rule("no_such_piece", "There is no such seat or piece at this table.")
NOT_IN_HAND = Rule("not_in_hand", "You can only play or discard a card from your own hand.")

# Whose pieces
NOT_YOUR_PIECE = Rule(
    "not_your_piece",
    "You move only your own pieces, or a teammate's once all four of yours are in HEXTOPIA.",
)

# Card meanings (wrong move for the card)
KING_ONLY_ENTERS = Rule("king_enter_only", "A KING only moves a piece from HOME to START.")
ACE_MOVES = Rule(
    "ace_move",
    "An ACE moves a piece from HOME to START, or a piece IN-PLAY or in HEXTOPIA forward one space.",
)
TWO_MOVES = Rule(
    "two_move",
    "A TWO moves a piece IN-PLAY or in HEXTOPIA forward two spaces, or a piece from HOME to "
    "START when you have no piece IN-PLAY.",
)
TWO_ENTER_IN_PLAY = Rule(
    "two_enter_in_play",
    "A TWO moves a piece from HOME to START only when you have no piece IN-PLAY.",
)
THREE_MOVES = Rule("three_back", "A THREE moves a piece IN-PLAY three spaces backwards.")
NUMBER_MOVES = Rule(
    "number_forward", "A card from 4 to 10 moves a piece IN-PLAY forward its face value."
)
QUEEN_MOVES = Rule("queen_forward", "A QUEEN moves a piece IN-PLAY forward 12 spaces.")
JACK_MOVES = Rule(
    "jack_swap", "A JACK exchanges one of your pieces IN-PLAY with another player's piece IN-PLAY."
)
JOKER_MOVES = Rule(
    "joker_send", "A JOKER sends another player's piece IN-PLAY back to its START."
)

# Where pieces are
NOT_AT_HOME = Rule("not_at_home", "Only a piece at HOME can move to START.")
NOT_IN_PLAY = Rule("not_in_play", "That piece is at HOME: bring it to START first.")
HEXTOPIA_ONLY_ACE_TWO = Rule(
    "hextopia_ace_two", "Inside HEXTOPIA a piece moves only with an ACE or a TWO."
)
THREE_NOT_IN_HEXTOPIA = Rule(
    "three_hextopia", "A THREE cannot be played on a piece already in HEXTOPIA."
)
EXACT_COUNT = Rule(
    "exact_count",
    "A piece enters and moves within HEXTOPIA only with the exact count; this move goes past "
    "its last space.",
)
NO_JUMP_IN_HEXTOPIA = Rule(
    "hextopia_blocked", "A piece cannot jump over or land on a piece in HEXTOPIA."
)
JACK_OWN_IN_PLAY = Rule(
    "jack_own_in_play",
    "A JACK exchanges a piece IN-PLAY: pieces at HOME or in HEXTOPIA cannot be exchanged.",
)
JACK_TARGET_IN_PLAY = Rule(
    "jack_target_in_play",
    "A JACK cannot be played on a piece at HOME or in HEXTOPIA; HEXTOPIA is a safe zone.",
)
JACK_OTHER_PLAYER = Rule(
    "jack_other_player", "A JACK exchanges your piece with another player's piece, not your own."
)
JOKER_OTHER_PLAYER = Rule(
    "joker_other_player", "A JOKER is played on another player's piece, not on your own."
)
JOKER_TARGET_IN_PLAY = Rule(
    "joker_target_in_play",
    "A JOKER is played on a piece IN-PLAY, not on a piece at HOME or in HEXTOPIA.",
)
JOKER_ALREADY_ON_START = Rule(
    "joker_on_start", "That piece is already on its START; a JOKER would not move it."
)

# Forced play, discards, sitting out
MUST_PLAY = Rule(
    "must_play",
    "You must play a card you can play; you may discard only when no card can be played.",
)
SIT_OUT_NOT_ALLOWED = Rule(
    "sit_out_not_allowed",
    "You may discard your whole hand and sit out only when no card can be played and you have "
    "no piece IN-PLAY.",
)

# Card kind -> the rule quoted when the move does not fit the card.
RULE_OF_KIND = {
    "king": KING_ONLY_ENTERS,
    "ace": ACE_MOVES,
    "two": TWO_MOVES,
    "three": THREE_MOVES,
    "number": NUMBER_MOVES,
    "queen": QUEEN_MOVES,
    "jack": JACK_MOVES,
    "joker": JOKER_MOVES,
}

# Lobby options and seats (OptionsError messages)
OPTIONS_NOT_OBJECT = "Options must be an object of option names to values."
OPTION_UNKNOWN = "Hextopia has no such option."
OPTION_JOKERS_BOOL = "The JOKER variant is on or off (true or false)."
SEATS_COUNT = "Hextopia is played by 2 to 6 players."
SEATS_NOT_SPEC = "Each seat must be a seat specification with an optional team."
TEAMS_LAYOUT = (
    "Teams are 2 v 2 with 4 players, or 3 teams of 2 (partners across) or 2 teams of 3 "
    "(alternating seats) with 6 players; teammates never sit side by side."
)
