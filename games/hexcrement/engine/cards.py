"""Hexcrement's fixed data: the 48 Hex cards, the beetle colours, seats' mats, status effects.

Cards are strings: an instruction card is its TYPE and a copy number (``"TRAP-1"``), a dung
card ``"DUNG-"`` and its colour (``"DUNG-red"``). Interpretation, "Board": "Card counts: 2 of
each type, plus 2 more TUNNEL and 1 more each of SWIPE, SHIELD, FRUIT, ODOUR (42)", and the 6
dung cards, one per beetle colour: 48 in all.
"""
from __future__ import annotations

SLUG = "hexcrement"
NAME = "Hexcrement"
MIN_SEATS, MAX_SEATS = 2, 6

TYPES = ("BLOCK", "DASH", "FLIP", "FRUIT", "GIVE", "MEAN", "MORPH", "MUD", "ODOUR", "PEEK",
         "PUSH", "ROCK", "SHIELD", "SURGE", "SWAP", "SWIPE", "TRAP", "TUNNEL")
EXTRA = {"TUNNEL": 2, "SWIPE": 1, "SHIELD": 1, "FRUIT": 1, "ODOUR": 1}
COUNTS = {t: 2 + EXTRA.get(t, 0) for t in TYPES}
DUNG = "DUNG"

# Beetle (and mat) colours, by mat: CSS colour and name.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
CSS = {"red": "#c0392b", "orange": "#e67e22", "yellow": "#f1c40f", "green": "#27ae60",
       "blue": "#2980b9", "purple": "#8e44ad"}
DUNG_CARDS = tuple(f"{DUNG}-{c}" for c in COLOURS)
INSTRUCTION_CARDS = tuple(f"{t}-{i}" for t in TYPES for i in range(1, COUNTS[t] + 1))
ALL_CARDS = INSTRUCTION_CARDS + DUNG_CARDS
KIND = {code: code.split("-")[0] for code in ALL_CARDS}
DUNG_COLOUR = {f"{DUNG}-{c}": c for c in COLOURS}
CARDS_PER_MAT = 7
POOL_SIZE = 6

# Which mats the seats play from: spread round the ring (seat i -> mat).
MATS_BY_SEATS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}

# Status effects, bits of ``State.status`` per seat: pending ones are for the seat's next turn.
FRUIT, ROCK, TRAP, BLOCK, MEAN, SURGE, SHIELD = 1, 2, 4, 8, 16, 32, 64
PENDING_MASK = FRUIT | ROCK | TRAP | BLOCK | MEAN | SURGE
STATUS_NAMES = ((FRUIT, "FRUIT"), (ROCK, "ROCK"), (TRAP, "TRAP"), (BLOCK, "BLOCK"),
                (MEAN, "MEAN"), (SURGE, "SURGE"), (SHIELD, "SHIELD"))
# Cards kept face up for one turn as a reminder (rules: "Keep this card turned over for one
# turn"): FLIP, FRUIT, ROCK, TRAP. TUNNEL stays face up for good.
REMINDER_KINDS = frozenset({"FLIP", "FRUIT", "ROCK", "TRAP"})

# Game lengths (lobby option ``length``).
LONG, QUICK = "long", "quick"
# Every game ends: after this many rounds (each seat's regular turns) the game stops and the
# seats are ranked by dung carried (RULES.md, "Turn limit").
ROUND_LIMIT = 100
# At most this many cards resolve in one move (ODOUR, MORPH and replacements chain).
CHAIN_LIMIT = 8


def status_names(bits: int) -> list[str]:
    """The names of the status bits set in ``bits``, in a fixed order."""
    return [name for bit, name in STATUS_NAMES if bits & bit]


def goal_met(quick: bool, colour: str, dung: tuple) -> bool:
    """Does carrying ``dung`` (dung card codes) win on START? Quick game: at least one dung
    card. Long game: the dung of one's own colour, or dung of two other colours."""
    if not dung:
        return False
    if quick:
        return True
    colours = {DUNG_COLOUR[d] for d in dung}
    return colour in colours or len(colours) >= 2
