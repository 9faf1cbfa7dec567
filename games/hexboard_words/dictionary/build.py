"""Regenerate HexBoard Words' word lists and word-card deck from Debian's ``scowl`` package.

Run (needs ``apt-get install scowl``; tests and ``make run`` never do)::

    python games/hexboard_words/dictionary/build.py [/usr/share/dict/scowl]

Writes beside this script, deterministically (same package, same bytes):

- ``junior.txt.gz``, ``standard.txt.gz``, ``expert.txt.gz``: one word per line, sorted, gzip
  with no timestamp. Cumulative SCOWL size levels 35, 50 and 70 of the ``english``,
  ``american`` and ``british`` "words" lists (both spellings: "color" and "colour"). Accents
  are dropped ("café" -> "cafe"); then only entries made of the letters a-z are kept (no
  capitals: proper nouns and abbreviations live in other SCOWL lists anyway; no hyphens or
  apostrophes), 3 letters or more (the game never needs shorter words).
- ``cards.json``: the word-card deck, ``[[word, [suggested, ...]], ...]``: one card per
  anagram class of common 3-letter words (SCOWL level <= 20, tile letters with more than one
  tile) that the standard list extends into at least ``MIN_EXTENSIONS`` words of 4-6 letters
  other than by an added S; each card carries 4-6 suggested words, the most common first.
- ``COPYRIGHT-SCOWL``: the package's copyright file (its licence asks for the notice).
"""
from __future__ import annotations

import gzip
import json
import shutil
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCOWL = Path("/usr/share/dict/scowl")
COPYRIGHT = Path("/usr/share/doc/scowl/copyright")
CATEGORIES = ("english", "american", "british")
SIZES = (10, 20, 35, 40, 50, 55, 60, 70)
LEVELS = {"junior": 35, "standard": 50, "expert": 70}
MIN_LENGTH = 3
ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")

# The deck
CARD_MAX_LEVEL = 20  # "common": SCOWL's two smallest sizes
CARD_LETTERS_EXCLUDED = frozenset("jqxz")  # one tile each: a card would wait for it
MIN_EXTENSIONS = 25
SUGGESTIONS = (4, 6)  # at least, at most
EXTENSION_LENGTHS = (4, 6)
# Words a family game does not print on a card (they stay valid in play).
NOT_ON_CARDS = frozenset("""
ass fag gay sex tit pee poo cum hoe pus hag pis pot gin rum bra die kill nazi damn hell
arse bitch crap piss shit slut tits whore anus rape raped rapes sexy fart
""".split())


def read_levels(root: Path) -> dict[str, int]:
    """Every usable word with the smallest SCOWL size that lists it."""
    level: dict[str, int] = {}
    for size in SIZES:
        for cat in CATEGORIES:
            path = root / f"{cat}-words.{size}"
            if not path.exists():
                continue
            for line in path.read_text(encoding="utf-8").split("\n"):
                w = fold(line.strip())
                if len(w) >= MIN_LENGTH and set(w) <= ALPHABET and w not in level:
                    level[w] = size
    return level


def fold(word: str) -> str:
    """Accents dropped ("café" -> "cafe"): the tiles have none, and a player types "cafe"."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii") \
        if not word.isascii() else word


def key(word: str) -> str:
    return "".join(sorted(word))


def contains(big: str, small: str) -> bool:
    """Is the multiset of ``small``'s letters inside ``big``'s?"""
    rest = list(big)
    for ch in small:
        if ch not in rest:
            return False
        rest.remove(ch)
    return True


def build_cards(level: dict[str, int]) -> list[list]:
    """The deck (module docstring), sorted by card word."""
    standard = [w for w, lv in level.items() if lv <= LEVELS["standard"]]
    lo, hi = EXTENSION_LENGTHS
    longer = [w for w in standard if lo <= len(w) <= hi]
    candidates = sorted(w for w, lv in level.items()
                        if len(w) == 3 and lv <= CARD_MAX_LEVEL and w not in NOT_ON_CARDS
                        and not set(w) & CARD_LETTERS_EXCLUDED)
    by_class: dict[str, list[str]] = defaultdict(list)
    for w in candidates:
        by_class[key(w)].append(w)
    deck = []
    for _, words in sorted(by_class.items()):
        card = min(words, key=lambda w: (level[w], w))  # "cat" rather than "act" if commoner
        ext = [w for w in longer if contains(w, card) and key(w) != key(card + "s")
               and w not in NOT_ON_CARDS]
        if len(ext) < MIN_EXTENSIONS:
            continue
        ext.sort(key=lambda w: (level[w], len(w), w))
        chosen: list[str] = []
        added_seen: set[str] = set()
        for w in ext:  # vary the added letters first
            added = key(_minus(w, card))
            if added not in added_seen:
                chosen.append(w)
                added_seen.add(added)
            if len(chosen) == SUGGESTIONS[1]:
                break
        for w in ext:
            if len(chosen) >= SUGGESTIONS[1]:
                break
            if w not in chosen:
                chosen.append(w)
        assert len(chosen) >= SUGGESTIONS[0], card
        deck.append([card, chosen])
    deck.sort()
    _check_unique(deck)
    return deck


def _minus(big: str, small: str) -> str:
    rest = list(big)
    for ch in small:
        rest.remove(ch)
    return "".join(rest)


def _check_unique(deck: list[list]) -> None:
    """No card's suggestions appear as a run inside another's (views are checked for hidden
    suggestion lists by value)."""
    lists = [tuple(s) for _, s in deck]
    for i, a in enumerate(lists):
        for j, b in enumerate(lists):
            if i != j and any(b[k:k + len(a)] == a for k in range(len(b) - len(a) + 1)):
                raise SystemExit(f"suggestions of {deck[i][0]} repeat those of {deck[j][0]}")


def write_gz(path: Path, words: list[str]) -> None:
    data = ("\n".join(words) + "\n").encode("ascii")
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                                compresslevel=9) as gz:
        gz.write(data)


def main(root: Path = SCOWL) -> None:
    if not root.is_dir():
        raise SystemExit(f"{root} not found: apt-get install scowl")
    level = read_levels(root)
    for name, size in LEVELS.items():
        words = sorted(w for w, lv in level.items() if lv <= size)
        write_gz(HERE / f"{name}.txt.gz", words)
        print(f"{name}: {len(words)} words (SCOWL size <= {size})")
    deck = build_cards(level)
    text = "[\n" + ",\n".join(json.dumps(c) for c in deck) + "\n]\n"
    (HERE / "cards.json").write_text(text, encoding="ascii")
    print(f"cards: {len(deck)} word-cards")
    shutil.copyfile(COPYRIGHT, HERE / "COPYRIGHT-SCOWL")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else SCOWL)
