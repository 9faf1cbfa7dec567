"""The dictionaries and the word-card deck (data in ``games/hexboard_words/dictionary/``).

Interpretation, "Dictionary": "English word lists generated from SCOWL ... level 35 "junior",
50 "standard" (default), 70 "expert". ... Lower-case entries only: no proper nouns,
abbreviations, hyphens or apostrophes." The lists are made by ``dictionary/build.py``.

``lexicon(level)`` loads one list on first use and caches it (a few tens of milliseconds):
``Lexicon.words`` (a frozenset: O(1) lookup), ``Lexicon.anagrams`` (sorted letters -> words)
and, built on first use, the letter-count bitsets ``steals.py`` searches with. ``deck()`` is
the word-card deck: ``(word, suggestions)`` pairs in a fixed order.
"""
from __future__ import annotations

import gzip
import json
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

DATA = Path(__file__).resolve().parents[1] / "dictionary"
LEVELS = ("junior", "standard", "expert")
DEFAULT_LEVEL = "standard"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LETTER_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}


def sorted_letters(word: str) -> str:
    """The anagram key of ``word``: its letters in alphabetical order ("cater" -> "acert")."""
    return "".join(sorted(word))


class Lexicon:
    """One word list. ``words``: frozenset of lower-case words (3+ letters); ``anagrams``:
    dict sorted letters -> tuple of words; ``keys``: the anagram keys in a fixed order (index
    = bit position in ``need``); ``need[x][c]``: an int whose bit i is set when key i holds at
    least c copies of letter index x (c >= 1; ``need[x][0]`` is unused); ``columns``: the
    counts themselves, one byte per key."""

    def __init__(self, level: str, words: list[str]):
        self.level = level
        self.words = frozenset(words)
        anagrams: dict[str, list[str]] = {}
        for w in words:
            anagrams.setdefault("".join(sorted(w)), []).append(w)
        self.anagrams = {k: tuple(v) for k, v in anagrams.items()}
        self._sets: _Bitsets | None = None  # built on first use

    def __contains__(self, word: object) -> bool:
        return word in self.words

    @property
    def keys(self) -> tuple[str, ...]:
        return self._bitsets().keys

    @property
    def key_index(self) -> dict[str, int]:
        return self._bitsets().key_index

    @property
    def need(self) -> list[list[int]]:
        return self._bitsets().need

    @property
    def columns(self) -> list[bytes]:
        """Per letter index x: one byte per key (in ``keys`` order), its count of x."""
        return self._bitsets().columns

    def _bitsets(self) -> _Bitsets:
        sets = self._sets
        if sets is not None:
            return sets
        keys = tuple(sorted(self.anagrams))
        cols = [bytearray(len(keys)) for _ in ALPHABET]
        for i, k in enumerate(keys):
            for ch in k:
                cols[LETTER_INDEX[ch]][i] += 1
        columns = [bytes(c) for c in cols]
        need = [[0] + [bits_at_least(c, n) for n in range(1, max(c, default=0) + 1)] for c in columns]
        sets = self._sets = _Bitsets(keys, {k: i for i, k in enumerate(keys)}, need, columns)
        return sets


class _Bitsets(NamedTuple):
    """What ``Lexicon`` builds on first use of its ``keys``, ``key_index``, ``need`` or ``columns``."""

    keys: tuple[str, ...]
    key_index: dict[str, int]
    need: list[list[int]]
    columns: list[bytes]


# _AT_LEAST[n] maps a count byte to b"1" when it is >= n, else b"0"
_AT_LEAST = [bytes.maketrans(bytes(range(256)), bytes(49 if v >= n else 48 for v in range(256)))
             for n in range(256)]


def bits_at_least(counts: bytes, n: int) -> int:
    """An int whose bit i is set when ``counts[i] >= n`` (C-speed: translate, then parse)."""
    if not counts:
        return 0
    return int(counts.translate(_AT_LEAST[n])[::-1], 2)


@cache
def lexicon(level: str) -> Lexicon:
    """The word list of ``level`` (one of ``LEVELS``), loaded once; raises ``KeyError`` for
    another level."""
    if level not in LEVELS:
        raise KeyError(level)
    with gzip.open(DATA / f"{level}.txt.gz", "rt", encoding="ascii") as fh:
        words = fh.read().split()
    return Lexicon(level, words)


def is_word(word: str, level: str = DEFAULT_LEVEL) -> bool:
    """Is ``word`` (lower case) in the ``level`` list? O(1) after the first load."""
    return word in lexicon(level).words


@lru_cache(maxsize=1)
def deck() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The word-card deck: ``((word, (suggested, ...)), ...)`` sorted by word (interpretation,
    "Word-cards": "common 3-letter words that can be extended into many 4-6 letter words (not
    only by adding S), each with 4-6 suggested words")."""
    data = json.loads((DATA / "cards.json").read_text(encoding="ascii"))
    return tuple((w, tuple(s)) for w, s in data)


@lru_cache(maxsize=1)
def suggestions() -> dict[str, tuple[str, ...]]:
    """Card word -> its suggested words."""
    return dict(deck())
