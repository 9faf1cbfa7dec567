"""The HexBoard Words state: immutable-by-convention fields of tuples, exact JSON round-trip.

Tiles are codes (constants.py). Where every tile is, at any time (126, or 127 with the
blank): ``bag`` (undrawn, in draw order; secret), ``board`` (face up in the centre, in the
order placed), ``hands`` (each seat's hidden tile or None), ``slots`` (the six word-cards
around the board, each ``(word, (tile | None,) * 3)`` or None once the deck is empty) and
``held`` (per seat, its completed word-cards ``(card, word, tiles)``: ``card`` the 3-letter
word printed on it, ``word`` what its tiles spell now, ``tiles`` in the word's letter order).
"""
from __future__ import annotations

import random
from typing import Any

from games.hexboard_words.engine.constants import BLANK, LETTER_TILES, TILE_LETTER
from games.hexboard_words.engine.words import LETTER_INDEX

ENCODING_VERSION = 1
Slot = tuple[str, tuple[str | None, ...]]  # a word-card around the board: (word, tile per letter)
HeldCard = tuple[str, str, tuple[str, ...]]  # (card, word, tiles): see ``held``
_blank = object.__new__


class WordsState:
    """One moment of a game. Treat as immutable: ``apply`` changes only a fresh ``copy()``.

    Fields: ``n`` (seats), ``teams`` (team per seat or None), the options ``level``,
    ``strict``, ``target`` (cards to win), ``blank`` (the blank tile is in the game) and
    ``turn_seconds``; ``seed`` and ``draws`` (RNG seed and tiles drawn so far; secret),
    ``bag``, ``deck`` (card words still to come, in order; secret), ``slots``, ``board``,
    ``hands``, ``held`` (module docstring), ``blank_as`` (the letter the blank stands for
    once it is on a word-card, else ""), ``turn`` (seat to act, -1 once over),
    ``turn_number`` (0 for the first turn), ``words_in_turn`` (cards completed or stolen in
    the running turn), ``began_empty`` (the running turn began with an empty bag),
    ``quiet`` (turns in a row begun with an empty bag that made no word), ``first_draw``
    (rounds of ``(seat, tile)`` of the draw for first player), ``starter``, ``winners``
    (seats; empty while running) and ``ended`` ("", "cards" or "bag_empty").
    ``counts`` caches ``board_counts``.
    """

    __slots__ = (
        "n", "teams", "level", "strict", "target", "blank", "turn_seconds", "seed", "draws",
        "bag", "deck", "slots", "board", "hands", "held", "blank_as", "turn", "turn_number",
        "words_in_turn", "began_empty", "quiet", "first_draw", "starter", "winners", "ended",
        "counts",
    )
    _FIELDS = __slots__[:-1]

    # The fields' types, for the checker (annotations only: the slots hold the values).
    n: int
    teams: tuple[int | None, ...]
    level: str
    strict: bool
    target: int
    blank: bool
    turn_seconds: int
    seed: int
    draws: int
    bag: tuple[str, ...]
    deck: tuple[str, ...]
    slots: tuple[Slot | None, ...]
    board: tuple[str, ...]
    hands: tuple[str | None, ...]
    held: tuple[tuple[HeldCard, ...], ...]
    blank_as: str
    turn: int
    turn_number: int
    words_in_turn: int
    began_empty: bool
    quiet: int
    first_draw: tuple[tuple[tuple[int, str], ...], ...]
    starter: int
    winners: tuple[int, ...]
    ended: str
    counts: tuple[list[int], bool] | None

    def __init__(self, **fields: Any):
        for name in self._FIELDS:
            setattr(self, name, fields[name])
        self.counts = None

    def copy(self) -> WordsState:
        """A shallow copy (every field is a scalar or a tuple)."""
        new = _blank(WordsState)
        for name in self._FIELDS:
            setattr(new, name, getattr(self, name))
        new.counts = None
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WordsState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable, the documented way; typeshed wants a method

    def __repr__(self) -> str:
        return f"WordsState(n={self.n}, turn={self.turn}, turn_number={self.turn_number})"

    @property
    def over(self) -> bool:
        return self.turn < 0

    def letter(self, tile: str) -> str:
        """The letter a tile shows: its own, the blank's ``blank_as`` on a word-card, or "?"."""
        if tile == BLANK:
            return self.blank_as or "?"
        return TILE_LETTER[tile]

    def board_counts(self) -> tuple[list[int], bool]:
        """26 counts of the lettered tiles on the board, and whether the blank is there
        (cached: the state must not change once read)."""
        if self.counts is None:
            counts = [0] * 26
            has_blank = False
            for t in self.board:
                if t == BLANK:
                    has_blank = True
                else:
                    counts[LETTER_INDEX[TILE_LETTER[t]]] += 1
            self.counts = (counts, has_blank)
        return self.counts

    def group(self, seat: int) -> tuple[int, ...]:
        """The seats that win together with ``seat`` (its team, or itself)."""
        t = self.teams[seat]
        if t is None:
            return (seat,)
        return tuple(s for s in range(self.n) if self.teams[s] == t)

    def group_cards(self, seat: int) -> int:
        """Word-cards held by ``seat``'s team (or by ``seat`` alone)."""
        return sum(len(self.held[s]) for s in self.group(seat))

    def on_table(self) -> frozenset:
        """Every word held by a player."""
        return frozenset(c[1] for cards in self.held for c in cards)

    def all_tiles(self) -> list[str]:
        """Every tile wherever it is (for the conservation invariant)."""
        out = list(self.bag) + list(self.board) + [t for t in self.hands if t is not None]
        for slot in self.slots:
            if slot is not None:
                out.extend(t for t in slot[1] if t is not None)
        for cards in self.held:
            for c in cards:
                out.extend(c[2])
        return out


def tile_set(blank: bool) -> tuple[str, ...]:
    """The tiles of a game: 126, and the blank when the option is on."""
    return LETTER_TILES + ((BLANK,) if blank else ())


def shuffled(items: tuple, seed: int, what: str) -> tuple:
    """``items`` in the order the game RNG (seeded by ``seed``) puts them."""
    out = list(items)
    random.Random(f"hexboard-words:{seed}:{what}").shuffle(out)
    return tuple(out)


def encode(st: WordsState) -> dict:
    """JSON-able dict of every field; ``decode(encode(st)) == st``."""
    return {
        "v": ENCODING_VERSION, "n": st.n, "teams": list(st.teams), "level": st.level,
        "strict": st.strict, "target": st.target, "blank": st.blank,
        "turn_seconds": st.turn_seconds, "seed": st.seed, "draws": st.draws,
        "bag": list(st.bag), "deck": list(st.deck),
        "slots": [None if s is None else [s[0], list(s[1])] for s in st.slots],
        "board": list(st.board), "hands": list(st.hands),
        "held": [[[c[0], c[1], list(c[2])] for c in cards] for cards in st.held],
        "blank_as": st.blank_as, "turn": st.turn, "turn_number": st.turn_number,
        "words_in_turn": st.words_in_turn, "began_empty": st.began_empty, "quiet": st.quiet,
        "first_draw": [[list(p) for p in rnd] for rnd in st.first_draw],
        "starter": st.starter, "winners": list(st.winners), "ended": st.ended,
    }


def decode(data: dict) -> WordsState:
    """Inverse of ``encode``; raises ``KeyError``/``TypeError`` on a malformed dict."""
    return WordsState(
        n=data["n"], teams=tuple(data["teams"]), level=data["level"], strict=data["strict"],
        target=data["target"], blank=data["blank"], turn_seconds=data["turn_seconds"],
        seed=data["seed"], draws=data["draws"], bag=tuple(data["bag"]), deck=tuple(data["deck"]),
        slots=tuple(None if s is None else (s[0], tuple(s[1])) for s in data["slots"]),
        board=tuple(data["board"]), hands=tuple(data["hands"]),
        held=tuple(tuple((c[0], c[1], tuple(c[2])) for c in cards) for cards in data["held"]),
        blank_as=data["blank_as"], turn=data["turn"], turn_number=data["turn_number"],
        words_in_turn=data["words_in_turn"], began_empty=data["began_empty"], quiet=data["quiet"],
        first_draw=tuple(tuple(tuple(p) for p in rnd) for rnd in data["first_draw"]),
        starter=data["starter"], winners=tuple(data["winners"]), ended=data["ended"],
    )
