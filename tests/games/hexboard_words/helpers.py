"""Building HexBoard Words positions for rule tests: a game after setup whose tiles are then
moved where a test needs them (every tile still comes from the game's own set, so the 126 or
127 tiles still add up)."""
from __future__ import annotations

from collections import Counter

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.constants import BLANK, TILE_LETTER
from games.hexboard_words.engine.state import WordsState
from games.protocol import SeatSpec

SEED = 11


def new_game(n: int = 2, seed: int = SEED, teams=None, **options) -> WordsState:
    """A fresh game after setup."""
    seats = [SeatSpec(team=t) for t in teams] if teams else [SeatSpec()] * n
    return ENGINE.setup(options, seats, seed)


def position(n: int = 2, *, board: str = "", slots=None, held=None, hands=None, turn: int = 0,
             bag: str | None = None, seed: int = SEED, teams=None, blank_as: str = "",
             **options) -> WordsState:
    """A game where: ``board`` spells the centre tiles ("?" the blank); ``slots`` is a list of
    six entries ``(word, matched)`` with ``matched`` like ``"a.t"`` (dots unmatched) or None;
    ``held`` a list per seat of ``(card, word)``; ``hands`` a string per seat ("" none);
    ``turn`` the seat to act (its turn just begun); ``bag``: the letters drawn next, in order
    (the other tiles follow in the game's order). The blank on a card stands for ``blank_as``."""
    st = new_game(n, seed, teams, **options).copy()
    pool = list(st.all_tiles())
    pool.sort(key=lambda t: st.bag.index(t) if t in st.bag else -1)

    def take(letter: str) -> str:
        want = BLANK if letter == "?" else None
        for i, t in enumerate(pool):
            if t == want or (want is None and t != BLANK and TILE_LETTER[t] == letter):
                return pool.pop(i)
        raise AssertionError(f"no tile {letter!r} left")

    if hands is not None:
        st.hands = tuple(take(h) if h else None for h in hands)
    else:
        for t in st.hands:
            if t is not None:
                pool.remove(t)
    st.board = tuple(take(ch) for ch in board)
    if slots is not None:
        out = []
        for entry in slots:
            if entry is None:
                out.append(None)
                continue
            word, matched = entry
            out.append((word, tuple(None if m == "." else take("?" if m == "?" else word[i])
                                    for i, m in enumerate(matched))))
        st.slots = tuple(out)
    if held is not None:
        st.held = tuple(tuple((card, word, tuple(take(ch) for ch in word)) for card, word in cards)
                        for cards in held)
    first = tuple(take(ch) for ch in (bag or ""))
    st.bag = first + tuple(pool)
    st.blank_as = blank_as
    st.first_draw = ()  # its tiles may have moved
    st.turn = turn
    st.words_in_turn = 0
    st.began_empty = not st.bag
    st.quiet = 0
    used = {c[0] for cards in st.held for c in cards} | {s[0] for s in st.slots if s}
    st.deck = tuple(w for w in st.deck if w not in used)
    st.counts = None
    return st


def letters(st: WordsState, tiles) -> str:
    """The letters tiles show, as one string."""
    return "".join(st.letter(t) for t in tiles)


def board_letters(st: WordsState) -> Counter:
    return Counter(letters(st, st.board))


def act(st: WordsState, seat: int, action: dict):
    """``ENGINE.apply``, kept short for tests."""
    return ENGINE.apply(st, seat, action)
