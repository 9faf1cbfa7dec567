"""The 216 Hexal cards: ids, codes, attributes and the sharing tables (computed at import).

A card is an int id ``0..215`` = ``(colour * 6 + shape) * 6 + (number - 1)``; its code, the
only form that crosses the engine boundary, is three characters: colour letter, shape letter,
number, e.g. ``"RC1"`` (red circle 1), ``"PX6"`` (purple star 6).

Source: interpretation, "Cards: 216 = 6 x 6 x 6, each combination once: colours red, orange,
yellow, green, blue, purple; shapes circle, triangle, square, pentagon, hexagon, star;
numbers 1-6."
"""
from __future__ import annotations

COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
COLOUR_LETTERS = "ROYGBP"
SHAPES = ("circle", "triangle", "square", "pentagon", "hexagon", "star")
SHAPE_LETTERS = "CTSPHX"  # X: star (S is the square)
NUMBERS = (1, 2, 3, 4, 5, 6)
N_CARDS = 216
ALL_IDS = tuple(range(N_CARDS))


def card_id(colour: int, shape: int, number: int) -> int:
    """The id of the card with colour index, shape index (0-5) and number (1-6)."""
    return (colour * 6 + shape) * 6 + (number - 1)


COLOUR_OF = tuple(i // 36 for i in ALL_IDS)
SHAPE_OF = tuple(i // 6 % 6 for i in ALL_IDS)
NUMBER_OF = tuple(i % 6 + 1 for i in ALL_IDS)
CODE = tuple(f"{COLOUR_LETTERS[COLOUR_OF[i]]}{SHAPE_LETTERS[SHAPE_OF[i]]}{NUMBER_OF[i]}" for i in ALL_IDS)
ID_OF = {code: i for i, code in enumerate(CODE)}
BIT = tuple(1 << i for i in ALL_IDS)
FULL_MASK = (1 << N_CARDS) - 1


def _share(a: int, b: int) -> int:
    return (COLOUR_OF[a] == COLOUR_OF[b]) + (SHAPE_OF[a] == SHAPE_OF[b]) + (NUMBER_OF[a] == NUMBER_OF[b])


# SHARE[a][b]: attributes the two cards share (0-3); a card shares 3 with itself only.
SHARE = tuple(tuple(_share(a, b) for b in ALL_IDS) for a in ALL_IDS)
# COMPAT[a]: bit mask of the cards sharing at least one attribute with ``a`` (91 cards, a included).
COMPAT = tuple(sum(BIT[b] for b in ALL_IDS if SHARE[a][b]) for a in ALL_IDS)


def name_of(card: int) -> str:
    """A card in words, for the texts players read: ``"blue star 3"`` for ``BX3``."""
    return f"{COLOURS[COLOUR_OF[card]]} {SHAPES[SHAPE_OF[card]]} {NUMBER_OF[card]}"


def mask_of(cards) -> int:
    """Bit mask of an iterable of card ids."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m
