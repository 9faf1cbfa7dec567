"""Which steals exist, and is one steal valid (rules, section 5; interpretation, "Steal
restrictions": "all letters of the old word are used; at least one board tile is added;
adding only an S is refused; the new word may not already be on the table. Lobby option
"strict": the old word may not appear unbroken inside the new one").

Search: each 3-letter word printed on a word-card has a steal index (``Extensions``) over the
anagram keys that strictly contain it: per letter x and count c, an int whose bit j says "key j
adds at least c copies of x". For a position a key is out of reach when it needs more of some
letter than the board has: one OR per letter (with the blank: when it lacks more than one
letter). The indexes come ready from the list's pack (``packed.py``, shared by every process),
so a search costs microseconds from a process's first game on. A stolen word reuses the index
of the 3-letter word printed on its card, whose extensions contain its own
(``Extensions.within``). Board letters are a list of 26 counts.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine.packed import extension, set_bits
from games.hexboard_words.engine.words import ALPHABET, LETTER_INDEX, lexicon, sorted_letters

MAX_WORD = 30  # longest word a steal may name (far beyond any list entry)


class Extensions:
    """The keys one letter-set W can be stolen into. ``found[j]``: the list's index of a key
    strictly containing W (not W plus one S), ascending; ``rows``: ``[(x, (bits of keys adding
    >= 1 x, >= 2 x, ...))]``; ``all``: every bit set."""

    __slots__ = ("level", "key", "found", "rows", "all", "nbytes")
    level: str
    key: str
    found: Sequence[int]
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    all: int
    nbytes: int

    def __init__(self, level: str, key: str, found: Sequence[int], rows):
        self.level = level
        self.key = key
        self.found = found
        self.rows = tuple((x, tuple(bits)) for x, bits in rows)
        self.all = (1 << len(found)) - 1
        self.nbytes = (len(found) + 8) // 8

    def _position(self, key: str) -> int:
        """The bit of ``key`` in this index, or -1."""
        i = lexicon(self.level).pack.index_of(key)
        if i < 0:
            return -1
        j = bisect_left(self.found, i)
        return j if j < len(self.found) and self.found[j] == i else -1

    def within(self, key: str) -> tuple[list[int], int] | None:
        """For a key strictly containing this one: the letters it adds (26 counts) and the
        bits of the keys that strictly contain it (not it plus one S); None when ``key`` does
        not contain this one. The same key: no letters added, every bit."""
        added = [0] * 26
        rest = list(key)
        for ch in self.key:
            try:
                rest.remove(ch)
            except ValueError:
                return None
        for ch in rest:
            added[LETTER_INDEX[ch]] += 1
        if not rest:
            return added, self.all
        mask = self.all
        by_letter = dict(self.rows)
        for x, c in enumerate(added):
            if c:
                rows = by_letter.get(x, ())
                mask &= rows[c - 1] if c <= len(rows) else 0
        for own in (key, sorted_letters(key + "s")):
            j = self._position(own)
            if j >= 0:
                mask &= ~(1 << j)
        return added, mask

    def reachable(self, board: list[int], blank: bool, added: list[int] | None = None,
                  mask: int | None = None) -> list[int]:
        """The list's indices of the keys whose letters beyond this key (beyond it plus
        ``added``, among ``mask``: see ``within``) are on the ``board`` (26 counts), the blank
        standing for at most one missing letter."""
        ok = self.all if mask is None else mask
        if not ok:
            return []
        out = 0
        if not blank:
            for x, rows in self.rows:
                b = board[x] + (added[x] if added else 0)
                if b < len(rows):
                    out |= rows[b]
        else:
            seen = 0
            for x, rows in self.rows:
                b = board[x] + (added[x] if added else 0)
                if b < len(rows):
                    short = rows[b]
                    out |= seen & short  # short of two letters
                    seen |= short
                    if b + 1 < len(rows):
                        out |= rows[b + 1]  # short of two of one letter
        ok &= ~out
        if not ok:
            return []
        found = self.found
        return [found[j] for j in set_bits(ok, self.nbytes)]


@lru_cache(maxsize=1024)
def extensions(level: str, key: str) -> Extensions:
    """The ``Extensions`` of anagram key ``key`` in the ``level`` list: a word-card's from the
    pack (a view of the mapped file, its rows read once), any other key's built from the whole
    list (5-20 ms, and the list's bitsets once per process: no play needs one)."""
    lex = lexicon(level)
    card = lex.card(key)
    if card is not None:
        return Extensions(level, key, card.found, card.rows)
    found, rows = extension(lex.bitsets(), lex.pack.count, lex.pack.index_of, key)
    return Extensions(level, key, found, rows)


# A stolen word's (index, added letters, mask) by its card key: bounded, since a mask is as
# long as its card's index (up to 2.9 KB with the expert list).
@lru_cache(maxsize=1024)
def _derived(level: str, base: str, key: str) -> tuple[Extensions, list[int], int] | None:
    ext = extensions(level, base)
    found = ext.within(key)
    return None if found is None else (ext, *found)


def reachable_keys(level: str, word: str, board: list[int], blank: bool, base: str | None = None) -> list[int]:
    """The list's indices of the anagram keys ``word`` can be stolen into with the board's
    tiles (not ``word`` plus one S). ``base``: a word whose letters ``word`` contains (the
    3-letter word printed on its card): the search then uses that word's index."""
    key = sorted_letters(word)
    if base is not None:
        derived = _derived(level, sorted_letters(base), key)
        if derived is not None:
            ext, added, mask = derived
            return ext.reachable(board, blank, added, mask)
    return extensions(level, key).reachable(board, blank)


def find_steals(level: str, word: str, board: list[int], blank: bool, strict: bool,
                on_table: frozenset | set, base: str | None = None) -> list[str]:
    """Every new word ``word`` may be stolen into with the board's tiles (``board``: 26
    letter counts; ``blank``: the blank tile is on the board), sorted; none already on the
    table (``on_table``) and, when ``strict``, none containing ``word`` unbroken. ``base``:
    see ``reachable_keys``."""
    pack = lexicon(level).pack
    out = []
    for i in reachable_keys(level, word, board, blank, base):
        for new in pack.words_at(i):
            if new in on_table or (strict and word in new):
                continue
            out.append(new)
    out.sort()
    return out


def letter_counts(word: str) -> list[int]:
    """26 counts of the letters a-z in ``word``."""
    counts = [0] * 26
    for ch in word:
        counts[LETTER_INDEX[ch]] += 1
    return counts


def added_letters(old: str, new: str) -> str | None:
    """The letters of ``new`` beyond those of ``old``, sorted (e.g. "act", "cater" -> "er"),
    or None when ``new`` lacks some letter of ``old``."""
    rest = list(new)
    for ch in old:
        try:
            rest.remove(ch)
        except ValueError:
            return None
    return "".join(sorted(rest))


def check_steal(level: str, old: str, new: str, board: list[int], blank: bool, strict: bool,
                on_table: frozenset | set) -> tuple[str, str | None]:
    """Validate stealing ``old`` into ``new`` (lower-case a-z, checked by the caller) with the
    board's tiles; returns ``(letters taken from the board, letter the blank stands for or
    None)``, real tiles used before the blank. Raises ``IllegalAction`` naming the first rule
    broken: every old letter used, at least one tile added, not only an S, a dictionary word,
    not on the table, strict, the tiles on the board."""
    added = added_letters(old, new)
    if added is None:
        raise E.STEAL_DROPS_LETTER.error()
    if not added:
        raise E.STEAL_ADDS_NOTHING.error()
    if added == "s":
        raise E.STEAL_ONLY_S.error()
    if new not in lexicon(level):
        raise E.NOT_A_WORD.error()
    if new in on_table:
        raise E.WORD_ON_TABLE.error()
    if strict and old in new:
        raise E.STRICT_STEAL.error()
    have = list(board)
    missing = []
    for ch in added:
        i = LETTER_INDEX[ch]
        if have[i]:
            have[i] -= 1
        else:
            missing.append(ch)
    if not missing:
        return added, None
    if blank and len(missing) == 1:
        return added, missing[0]
    raise E.STEAL_TILES_MISSING.error()


__all__ = ["ALPHABET", "Extensions", "added_letters", "check_steal", "extensions", "find_steals",
           "letter_counts", "reachable_keys"]
