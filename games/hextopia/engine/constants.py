"""Hextopia numbers: board geometry, cards and dealing (pure Python).

Source: ../shared/rules/hextopia.txt and ../shared/docs/interpretations/hextopia.md (the board
geometry is ours; the text gives no drawing). Every number the rules use is named here.
"""
from __future__ import annotations

SLUG = "hextopia"
NAME = "Hextopia"
MIN_SEATS = 2
MAX_SEATS = 6

# Board: two closed tracks around a hexagon, six colour stations evenly spaced (one per side).
STATIONS = 6
INNER_TRACK = 72  # 12 spaces per side, 2-4 players
OUTER_TRACK = 108  # 18 spaces per side, 5-6 players
OUTER_TRACK_FROM = 5  # players from which the outer track is used
PIECES = 4  # pieces per player
LANE = 4  # HEXTOPIA spaces per player
HOME = -1  # a piece's progress value while it is at HOME

# Stations used per player count (seat i sits at the i-th station listed).
STATIONS_USED: dict[int, tuple[int, ...]] = {
    2: (0, 3),
    3: (0, 2, 4),
    4: (0, 1, 3, 4),
    5: (0, 1, 2, 3, 4),
    6: (0, 1, 2, 3, 4, 5),
}
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")  # by station
# CSS colours of the stations, chosen to differ in lightness too (the envelope's "colour").
COLOUR_HEX = {"red": "#d32f2f", "blue": "#1e63c4", "green": "#2e8b3a", "yellow": "#e3b505",
              "purple": "#7b3fa6", "orange": "#ef6c00"}

# Team layouts: name -> team id per seat. "none" is always allowed.
LAYOUT_NONE = "none"
TEAM_LAYOUTS: dict[int, dict[str, tuple[int, ...]]] = {
    4: {"2v2": (0, 1, 0, 1)},  # partners face each other: stations 0+3 and 1+4
    6: {"3x2": (0, 1, 2, 0, 1, 2), "2x3": (0, 1, 0, 1, 0, 1)},  # partners across / alternating
}
TEAM_LAYOUT_LABELS = {
    "2v2": "2 v 2: partners face each other",
    "3x2": "3 teams of 2: partners across",
    "2x3": "2 teams of 3: alternating seats",
}

# Cards: rank + suit; jokers X1, X2 only with the JOKER variant.
RANKS = "A23456789TJQK"
SUITS = "SHDC"
JOKER_CARDS = ("X1", "X2")
STANDARD_DECK = tuple(r + s for s in SUITS for r in RANKS)  # 52 cards
JOKER_DECK = STANDARD_DECK + JOKER_CARDS  # 54 cards
DRAW_ORDER = "23456789TJQKA"  # dealer draw: high card deals, Ace high

# What a card does ("kind"), by rank character.
KING, ACE, TWO, THREE, NUMBER, QUEEN, JACK, JOKER = (
    "king", "ace", "two", "three", "number", "queen", "jack", "joker",
)
KIND_OF_RANK = {
    "K": KING, "A": ACE, "2": TWO, "3": THREE, "Q": QUEEN, "J": JACK, "X": JOKER,
    "4": NUMBER, "5": NUMBER, "6": NUMBER, "7": NUMBER, "8": NUMBER, "9": NUMBER, "T": NUMBER,
}
ACE_STEPS = 1
TWO_STEPS = 2
THREE_STEPS = 3  # backwards
QUEEN_STEPS = 12
FORWARD_STEPS = {
    "A": ACE_STEPS, "2": TWO_STEPS, "Q": QUEEN_STEPS,
    "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10,
}

# Moves named in actions.
ENTER, FORWARD, BACK, SWAP, JOKER_MOVE = "enter", "forward", "back", "swap", "joker"
MOVES_OF_KIND: dict[str, tuple[str, ...]] = {
    KING: (ENTER,),
    ACE: (ENTER, FORWARD),
    TWO: (ENTER, FORWARD),
    THREE: (BACK,),
    NUMBER: (FORWARD,),
    QUEEN: (FORWARD,),
    JACK: (SWAP,),
    JOKER: (JOKER_MOVE,),
}

# Dealing: cards per HAND; the first entry is the first HAND of a DEAL, the last entry repeats.
HAND_SIZES: dict[int, tuple[int, ...]] = {2: (4,), 3: (4,), 4: (5, 4), 5: (5,), 6: (4,)}

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES = {"T": "10"}


def track_length(players: int) -> int:
    """Spaces on the track used by ``players`` (72 inner for 2-4, 108 outer for 5-6)."""
    return OUTER_TRACK if players >= OUTER_TRACK_FROM else INNER_TRACK


def start_index(station: int, track: int) -> int:
    """Track index of a station's START: ``station * track / 6``."""
    return station * track // STATIONS


def hand_size(players: int, hand_number: int) -> int:
    """Cards per player in HAND ``hand_number`` (1-based) of a DEAL."""
    sizes = HAND_SIZES[players]
    return sizes[min(hand_number, len(sizes)) - 1]


def card_label(card: str) -> str:
    """Human label of a card code: "7H" -> "7♥", "TS" -> "10♠", "X1" -> "JOKER"."""
    if card[0] == "X":
        return "JOKER"
    return RANK_NAMES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]

# Hands are kept sorted: by rank (Ace first, King last), then suit; jokers last.


def _sort_key(card: str) -> tuple[int, str]:
    return (RANKS.index(card[0]) if card[0] in RANKS else len(RANKS), card[1])


CARD_ORDER = {card: n for n, card in enumerate(sorted(JOKER_DECK, key=_sort_key))}
