"""Why an action or an option set is refused: stable codes and player-facing messages.

Each ``Rule`` pairs the ``IllegalAction.code`` with its ``message``, which names the rule
broken; tests assert the exact text, so change a message here and in its test together.
"""
from __future__ import annotations

from games.protocol import Rule

# Whose turn
GAME_OVER = Rule("game_over", "The game is over.")
NOT_YOUR_TURN = Rule("not_your_turn", "It is not your turn.")

# Malformed actions
NOT_AN_ACTION = Rule(
    "malformed", 'An action is an object whose "type" is "match", "steal" or "end_turn".'
)
BAD_KEYS = Rule(
    "malformed",
    'This action has missing or unknown fields. A match has type, slot, position and letter; '
    'a steal has type, target and word; end_turn has type only.',
)
BAD_FIELD = Rule(
    "malformed",
    'A slot is a whole number 0-5, a position 0-2, a letter one of "a"-"z" or "?" (the blank), '
    "and a word lower-case letters a-z.",
)

# Matching (rules 3C, 4A)
NO_SUCH_CARD = Rule("no_such_card", "There is no word-card in that place around the board.")
ALREADY_MATCHED = Rule("already_matched", "That letter of the word-card is already matched.")
LETTER_MISMATCH = Rule(
    "letter_mismatch",
    "Match a letter-tile to the same letter on a word-card (the blank matches any letter).",
)
TILE_NOT_ON_BOARD = Rule("tile_not_on_board", "There is no such letter-tile face up on the board.")

# Stealing (rule 5 and the interpretation's restrictions)
NO_SUCH_WORD = Rule("no_such_word", "No player holds that word.")
OWN_WORD = Rule(
    "own_word",
    "Your own completed word-cards (and your team's) are frozen: you may only steal an "
    "opponent's word.",
)
STEAL_DROPS_LETTER = Rule(
    "steal_drops_letter", "A steal uses every letter of the word it steals."
)
STEAL_ADDS_NOTHING = Rule(
    "steal_adds_nothing", "A steal adds at least one letter-tile from the board."
)
STEAL_ONLY_S = Rule("steal_only_s", "Adding only an S does not steal a word.")
NOT_A_WORD = Rule("not_a_word", "That word is not in this game's dictionary.")
WORD_ON_TABLE = Rule("word_on_table", "That word is already on the table.")
STRICT_STEAL = Rule(
    "strict_steal", "Strict steals: the old word may not appear unbroken inside the new one."
)
STEAL_TILES_MISSING = Rule(
    "steal_tiles_missing", "The letters a steal adds must be letter-tiles face up on the board."
)

# Lobby options and seats (OptionsError messages)
SEATS_COUNT = "HexBoard Words is played by 2 to 6 players."
SEATS_NOT_SPEC = "Each seat must be a seat specification with an optional team."
TEAMS_LAYOUT = (
    "Teams are 2 v 2 with 4 players, or 3 teams of 2 (partners across) or 2 teams of 3 "
    "(alternating seats) with 6 players."
)


def client_messages() -> dict[str, str]:
    """The messages of the rules a player's move can break, by code, for the web UI to say
    at once why a move would be refused (the server still decides): every ``Rule`` above
    whose code is its own, and ``"malformed"`` with ``BAD_FIELD``'s words."""
    out = {r.code: r.message for r in globals().values() if isinstance(r, Rule) and r.code != "malformed"}
    out["malformed"] = BAD_FIELD.message
    return out
