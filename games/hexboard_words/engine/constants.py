"""Fixed numbers of HexBoard Words: tiles, seats, options, colours.

Tiles (interpretation, "Tiles": "126. ... we use A10 B2 C4 D5 E15 F3 G3 H6 I8 J1 K2 L5 M3 N8
O9 P2 Q1 R9 S7 T10 U5 V2 W2 X1 Y2 Z1 ... Lobby option: one blank (wild) tile"). A tile is a
string code, unique in the game: the letter in capitals and its number ("E1" .. "E15"), the
blank ``"BLANK"``; its letter is lower case (``"e"``; the blank ``"?"`` until it is placed).
"""
from __future__ import annotations

SLUG = "hexboard-words"
NAME = "HexBoard Words"
MIN_SEATS, MAX_SEATS = 2, 6

TILE_COUNTS = {
    "a": 10, "b": 2, "c": 4, "d": 5, "e": 15, "f": 3, "g": 3, "h": 6, "i": 8, "j": 1, "k": 2,
    "l": 5, "m": 3, "n": 8, "o": 9, "p": 2, "q": 1, "r": 9, "s": 7, "t": 10, "u": 5, "v": 2,
    "w": 2, "x": 1, "y": 2, "z": 1,
}
BLANK = "BLANK"
BLANK_LETTER = "?"
LETTER_TILES = tuple(f"{ch.upper()}{i}" for ch, n in TILE_COUNTS.items() for i in range(1, n + 1))
TILE_LETTER = {code: code[0].lower() for code in LETTER_TILES}
TILE_LETTER[BLANK] = BLANK_LETTER

SLOTS = 6  # "The board is designed to hold 6 word-cards in place around the board."
CENTRE_TILES = 5  # "One player takes 5 letter-tiles from the bag and places them, face-up"
CARD_LETTERS = 3

# Lobby options
DEFAULT_TURN_SECONDS, MIN_TURN_SECONDS, MAX_TURN_SECONDS = 60, 30, 180
DEFAULT_CARDS_TO_WIN, MIN_CARDS_TO_WIN, MAX_CARDS_TO_WIN = 5, 5, 6

# Team layouts: seat index -> team; teammates never sit side by side, so turns alternate.
LAYOUT_NONE = "none"
TEAM_LAYOUTS: dict[int, dict[str, tuple[int, ...]]] = {
    4: {"2v2": (0, 1, 0, 1)},
    6: {"3x2": (0, 1, 2, 0, 1, 2), "2x3": (0, 1, 0, 1, 0, 1)},
}
TEAM_LAYOUT_LABELS = {
    "2v2": "2 v 2: partners sit across and pool their word-cards",
    "3x2": "3 teams of 2: partners sit across and pool their word-cards",
    "2x3": "2 teams of 3: every other seat, pooling their word-cards",
}

COLOURS = (
    ("#c0392b", "red"), ("#2471a3", "blue"), ("#229954", "green"),
    ("#d4ac0d", "yellow"), ("#7d3c98", "purple"), ("#ca6f1e", "orange"),
)

# Game phases
PLAY, OVER = "play", "over"
ENDED_CARDS, ENDED_BAG = "cards", "bag_empty"
