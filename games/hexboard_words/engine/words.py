"""The dictionaries and the word-card deck (data in ``games/hexboard_words/dictionary/``).

Interpretation, "Dictionary": "English word lists generated from SCOWL ... level 35 "junior",
50 "standard" (default), 70 "expert". ... Lower-case entries only: no proper nouns,
abbreviations, hyphens or apostrophes." The lists are made by ``dictionary/build.py``.

``lexicon(level)`` maps the list's pack (``packed.py``: built once per machine, then shared by
every process through the page cache): ``word in lexicon(level)`` (a binary search over the
anagram keys), ``Lexicon.anagrams`` (sorted letters -> words, a read-only mapping) and the
steal indexes of the word-cards (``Lexicon.card``). ``deck()`` is the word-card deck:
``(word, suggestions)`` pairs in a fixed order.
"""
from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from pathlib import Path

from games.hexboard_words.engine.packed import (
    ALPHABET,
    LETTER_INDEX,
    Bitsets,
    CardIndex,
    bitsets,
    open_pack,
    sorted_letters,
)

DATA = Path(__file__).resolve().parents[1] / "dictionary"
CARDS_FILE = DATA / "cards.json"
LEVELS = ("junior", "standard", "expert")
DEFAULT_LEVEL = "standard"


class _Anagrams(Mapping):
    """Sorted letters -> tuple of words, read from the pack (nothing is copied up front)."""

    def __init__(self, lexicon: Lexicon):
        self._lex = lexicon

    def __getitem__(self, key: str) -> tuple[str, ...]:
        i = self._lex.pack.index_of(key)
        if i < 0:
            raise KeyError(key)
        return self._lex.pack.words_at(i)

    def __iter__(self) -> Iterator[str]:
        pack = self._lex.pack
        return (pack.key(i) for i in range(pack.count))

    def __len__(self) -> int:
        return self._lex.pack.count


class Lexicon:
    """One word list, read from its mapped pack. ``word in lexicon``: is it a word (O(log n));
    ``anagrams``: sorted letters -> words; ``pack``: the ``packed.Pack``; ``words``: every word
    as a frozenset, made on first use (tools and tests: a process that plays never needs it)."""

    def __init__(self, level: str, pack):
        self.level = level
        self.pack = pack
        self.anagrams = _Anagrams(self)
        self._words: frozenset[str] | None = None
        self._sets: Bitsets | None = None

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        i = self.pack.index_of(sorted_letters(word))
        return i >= 0 and word in self.pack.words_at(i)

    @property
    def words(self) -> frozenset[str]:
        if self._words is None:
            pack = self.pack
            self._words = frozenset(w for i in range(pack.count) for w in pack.words_at(i))
        return self._words

    def card(self, key: str) -> CardIndex | None:
        """The packed steal index of a word-card's key (``packed.CardIndex``), else None."""
        return self.pack.card(key)

    def keys(self) -> list[str]:
        """Every anagram key, ascending (index = the pack's key index)."""
        pack = self.pack
        return [pack.key(i) for i in range(pack.count)]

    def bitsets(self) -> Bitsets:
        """The whole list's ``packed.Bitsets``, built on first use: only for the steal index of
        a key that is no card's (the packs hold every card's)."""
        if self._sets is None:
            self._sets = bitsets(self.keys())
        return self._sets


@cache
def lexicon(level: str) -> Lexicon:
    """The word list of ``level`` (one of ``LEVELS``), its pack mapped once per process (and
    built first when the machine has none); raises ``KeyError`` for another level."""
    if level not in LEVELS:
        raise KeyError(level)
    return Lexicon(level, open_pack(DATA, level, CARDS_FILE))


def is_word(word: str, level: str = DEFAULT_LEVEL) -> bool:
    """Is ``word`` (lower case) in the ``level`` list? A binary search over the mapped keys."""
    return word in lexicon(level)


@lru_cache(maxsize=1)
def deck() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The word-card deck: ``((word, (suggested, ...)), ...)`` sorted by word (interpretation,
    "Word-cards": "common 3-letter words that can be extended into many 4-6 letter words (not
    only by adding S), each with 4-6 suggested words")."""
    data = json.loads(CARDS_FILE.read_text(encoding="ascii"))
    return tuple((w, tuple(s)) for w, s in data)


@lru_cache(maxsize=1)
def suggestions() -> dict[str, tuple[str, ...]]:
    """Card word -> its suggested words."""
    return dict(deck())


__all__ = ["ALPHABET", "DATA", "DEFAULT_LEVEL", "LETTER_INDEX", "LEVELS", "Lexicon", "deck",
           "is_word", "lexicon", "sorted_letters", "suggestions"]
