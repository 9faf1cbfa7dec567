"""Which steals exist, and is one steal valid (rules, section 5; interpretation, "Steal
restrictions": "all letters of the old word are used; at least one board tile is added;
adding only an S is refused; the new word may not already be on the table. Lobby option
"strict": the old word may not appear unbroken inside the new one").

Search: the lexicon keeps, per letter x and count c, an int whose bit i says "anagram key i
has at least c copies of x". The keys strictly containing a word W's letters (bar W+S) are
the AND of W's ints; for a position a key is out of reach when it needs more of some letter
than the board has: one OR per letter (with the blank: when it lacks more than one letter).
A word's first ``DIRECT_SEARCHES`` searches run so on the whole list (``direct_reachable``,
about a millisecond with the expert list); then it gets an ``Extensions`` index of its own
small ints over its extensions only (cached; microseconds a search). A stolen word reuses the
index of the 3-letter word printed on its card, whose extensions contain its own
(``Extensions.within``). Board letters are a list of 26 counts.
"""
from __future__ import annotations

import re
from functools import lru_cache
from operator import itemgetter

from games.hexboard_words.engine import errors as E
from games.hexboard_words.engine.words import ALPHABET, LETTER_INDEX, bits_at_least, lexicon, sorted_letters

_NONZERO = re.compile(rb"[^\x00]")
_BITS = [tuple(b for b in range(8) if v >> b & 1) for v in range(256)]
MAX_WORD = 30  # longest word a steal may name (far beyond any list entry)


def _set_bits(value: int, nbytes: int) -> list[int]:
    """Positions of the set bits of ``value``, ascending."""
    raw = value.to_bytes(nbytes, "little")
    out: list[int] = []
    for m in _NONZERO.finditer(raw):
        i = m.start()
        base = i << 3
        out.extend(base + b for b in _BITS[raw[i]])
    return out


class Extensions:
    """The keys one letter-set W can be stolen into. ``keys[j]``: a key strictly containing
    W (not W plus one S); ``rows``: ``[(x, (bits of keys adding >= 1 x, >= 2 x, ...))]``;
    ``all``: every bit set; ``position``: key -> j."""

    __slots__ = ("key", "keys", "rows", "all", "nbytes", "position")
    key: str
    keys: tuple[str, ...]
    rows: tuple[tuple[int, tuple[int, ...]], ...]
    all: int
    nbytes: int
    position: dict[str, int]

    def __init__(self, level: str, key: str):
        lex = lexicon(level)
        need, keys = lex.need, lex.keys
        counts: dict[str, int] = {}
        for ch in key:
            counts[ch] = counts.get(ch, 0) + 1
        sup = (1 << len(keys)) - 1
        for ch, c in counts.items():
            rows = need[LETTER_INDEX[ch]]
            sup &= rows[c] if c < len(rows) else 0
        index = lex.key_index
        for own in (key, sorted_letters(key + "s")):
            if own in index:
                sup &= ~(1 << index[own])
        positions = _set_bits(sup, (len(keys) + 8) // 8)
        found = [keys[i] for i in positions]
        extensions: list[tuple[int, tuple[int, ...]]] = []
        if positions:
            pick = itemgetter(*positions) if len(positions) > 1 else (lambda col: (col[positions[0]],))
            for x, col in enumerate(lex.columns):
                sub = bytes(pick(col))  # this letter's count in each key found
                have = counts.get(ALPHABET[x], 0)
                extra = max(sub) - have
                if extra > 0:
                    extensions.append((x, tuple(bits_at_least(sub, have + c) for c in range(1, extra + 1))))
        self.key = key
        self.keys = tuple(found)
        self.rows = tuple(extensions)
        self.all = (1 << len(found)) - 1
        self.nbytes = (len(found) + 8) // 8
        self.position = {k: j for j, k in enumerate(found)}

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
            j = self.position.get(own)
            if j is not None:
                mask &= ~(1 << j)
        return added, mask

    def reachable(self, board: list[int], blank: bool, added: list[int] | None = None,
                  mask: int | None = None) -> list[str]:
        """The keys whose letters beyond this key (beyond it plus ``added``, among ``mask``:
        see ``within``) are on the ``board`` (26 counts), the blank standing for at most one
        missing letter."""
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
        keys = self.keys
        return [keys[j] for j in _set_bits(ok, self.nbytes)]


@lru_cache(maxsize=4096)
def extensions(level: str, key: str) -> Extensions:
    """The cached ``Extensions`` of anagram key ``key`` in the ``level`` list (built from the
    whole list: 5-20 milliseconds for a 3-letter key)."""
    return Extensions(level, key)


@lru_cache(maxsize=16384)
def _derived(level: str, base: str, key: str) -> tuple[Extensions, list[int], int] | None:
    ext = extensions(level, base)
    found = ext.within(key)
    return None if found is None else (ext, *found)


def direct_reachable(level: str, key: str, board: list[int], blank: bool) -> list[str]:
    """What ``Extensions(level, key).reachable(board, blank)`` returns, computed on the whole
    list's bitsets without building an index (about a millisecond with the expert list:
    cheaper for one search, dearer for many)."""
    lex = lexicon(level)
    need, keys, index = lex.need, lex.keys, lex.key_index
    counts = [0] * 26
    for ch in key:
        counts[LETTER_INDEX[ch]] += 1
    ok = (1 << len(keys)) - 1
    for x, c in enumerate(counts):
        if c:
            rows = need[x]
            ok &= rows[c] if c < len(rows) else 0
    for own in (key, sorted_letters(key + "s")):
        if own in index:
            ok &= ~(1 << index[own])
    if not ok:
        return []
    out = seen = 0
    for x, rows in enumerate(need):
        b = counts[x] + board[x] + 1  # a key needing this many x is short of one
        if b < len(rows):
            short = rows[b]
            if blank:
                out |= seen & short
                seen |= short
                if b + 1 < len(rows):
                    out |= rows[b + 1]
            else:
                out |= short
    ok &= ~out
    return [keys[i] for i in _set_bits(ok, (len(keys) + 8) // 8)] if ok else []


# Searches of a key before its index is built: a key seen once or twice (a bot's look at a
# position, a bench) is answered directly; one searched again and again (play) gets an index.
DIRECT_SEARCHES = 2
_searched: dict[tuple[str, str], int] = {}


def reachable_keys(level: str, word: str, board: list[int], blank: bool, base: str | None = None) -> list[str]:
    """The anagram keys ``word`` can be stolen into with the board's tiles (not ``word`` plus
    one S). ``base``: a word whose letters ``word`` contains (the 3-letter word printed on its
    card): the search then reuses that word's index instead of building one for ``word``."""
    key = sorted_letters(word)
    index_key = sorted_letters(base) if base is not None else key
    seen = _searched.get((level, index_key), 0)
    if seen < DIRECT_SEARCHES:
        if len(_searched) > 65536:
            _searched.clear()
        _searched[(level, index_key)] = seen + 1
        return direct_reachable(level, key, board, blank)
    if base is not None:
        derived = _derived(level, index_key, key)
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
    anagrams = lexicon(level).anagrams
    out = []
    for k in reachable_keys(level, word, board, blank, base):
        for new in anagrams[k]:
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
    if new not in lexicon(level).words:
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
