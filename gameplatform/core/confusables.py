"""Names that cannot pass for one another: the pure part of UTS #39 that usernames
(``accounts.names``) and community names and slugs (``tenants.services.community_create``)
share. No Django, no models: text in, text out.

- ``normalize``: Unicode NFKC (``ａｌｉｃｅ`` becomes ``alice``);
- ``canonical``: NFKC then case folding (``Alice``, ``ALICE``, ``ａｌｉｃｅ`` are one name);
- ``skeleton``: the UTS #39 confusable skeleton of the canonical form, settled with case
  folding (``аlice`` with a Cyrillic а, ``b0b``/``bob``, ``rn``/``m`` share one);
- ``skeleton_cased``: the skeleton of the name as written, then folded (``AIice`` with a
  capital I and ``Alice`` share one);
- ``scripts`` / ``scripts_ok``: the scripts of a name's letters, and whether they are one
  (or ones a language writes together).

The data is ``confusable_homoglyphs``' (3.3.1; Unicode's confusables.txt and Scripts.txt). It
offers mixed-script detection and a per-character "what could this be confused with" test but
no skeleton, and it keeps confusables.txt's pairs in both directions (source -> prototype and
prototype -> source, with bidi marks around right-to-left characters). ``_prototypes``
rebuilds the source -> prototype map from it: a character whose only neighbour is a sequence
or a character with several neighbours maps to that neighbour. Where two single characters only
have each other, the direction is lost; the smaller code point stands for both, which gives the
same equality as the prototype would (``_settle`` maps until nothing changes, so a character
that is also part of a longer prototype is mapped there too).
"""
from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import categories, confusables

# Scripts that go with any other: digits and punctuation (COMMON), combining marks (INHERITED).
NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
# Scripts that one language writes together (UTS #39's "highly restrictive" level, without Latin):
# Japanese, Chinese with Bopomofo, Korean.
SCRIPT_FAMILIES = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "BOPOMOFO"}),
    frozenset({"HAN", "HANGUL"}),
)
BIDI_MARKS = dict.fromkeys(map(ord, "\u200e\u200f"))
SETTLE_ROUNDS = 8  # two suffice for Unicode's data; a bound so bad data cannot loop


def normalize(name: str) -> str:
    """``name`` in Unicode NFKC: full-width and other compatibility forms become the plain
    letters (Django's own ``AbstractBaseUser.normalize_username``)."""
    return unicodedata.normalize("NFKC", name)


def canonical(name: str) -> str:
    """NFKC then case folding: two names equal in this form are the same name to a person who
    types it (``Alice``, ``ALICE``, ``ａｌｉｃｅ``)."""
    return normalize(name).casefold()


@cache
def _prototypes() -> dict[str, str]:
    """Character -> its UTS #39 prototype (a string), built from confusable_homoglyphs' data
    (module docstring). About 6,300 entries, built once per process."""
    neighbours: dict[str, set[str]] = {}
    for key, entries in confusables.confusables_data.items():
        found = neighbours.setdefault(key.translate(BIDI_MARKS), set())
        found.update(entry["c"].translate(BIDI_MARKS) for entry in entries)
    prototypes = {}
    for char, others in neighbours.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype (several sources) or a sequence
        (other,) = others
        if len(other) > 1 or len(neighbours.get(other, ())) > 1 or other < char:
            prototypes[char] = other
    return prototypes


def _settle(text: str) -> str:
    """UTS #39's skeleton (NFD, map each character to its prototype, NFD) with case folding,
    repeated until nothing changes."""
    prototypes = _prototypes()
    for _round in range(SETTLE_ROUNDS):
        mapped = "".join(prototypes.get(char, char) for char in unicodedata.normalize("NFD", text))
        settled = unicodedata.normalize("NFD", unicodedata.normalize("NFD", mapped).casefold())
        if settled == text:
            break
        text = settled
    return text


def skeleton(name: str) -> str:
    """The skeleton of ``name`` ignoring case: ``аlice``, ``ＡＬＩＣＥ`` and ``alice`` all give
    ``alice``; ``m`` gives ``rn``."""
    return _settle(canonical(name))


def skeleton_cased(name: str) -> str:
    """The skeleton of ``name`` as written, then folded: ``AIice`` gives ``alice`` (a capital I
    looks like a small l)."""
    return _settle(normalize(name))


def skeletons(name: str) -> frozenset[str]:
    """Both skeletons of ``name``: two names look alike when these sets meet."""
    return frozenset({skeleton(name), skeleton_cased(name)})


def scripts(name: str) -> set[str]:
    """The scripts (Unicode Scripts.txt names, e.g. ``LATIN``) of the letters of ``name``,
    neutral ones (digits, punctuation, combining marks) left out."""
    return {categories.alias(char) for char in normalize(name)} - NEUTRAL_SCRIPTS


def scripts_ok(name: str) -> bool:
    """One script, or scripts one language writes together (``SCRIPT_FAMILIES``)."""
    found = scripts(name)
    return len(found) <= 1 or any(found <= family for family in SCRIPT_FAMILIES)


def stray_letters(name: str) -> str:
    """The letters of ``name`` outside its main script, each with its code point
    (``"а (U+0430)"``: a Cyrillic а shows exactly like a Latin a), comma-separated; "" when
    the name has one script."""
    normalized = normalize(name)
    counts: dict[str, int] = {}
    for char in normalized:
        script = categories.alias(char)
        if script not in NEUTRAL_SCRIPTS:
            counts[script] = counts.get(script, 0) + 1
    if len(counts) <= 1:
        return ""
    main = max(counts, key=lambda script: (counts[script], script == "LATIN"))
    stray = dict.fromkeys(c for c in normalized if categories.alias(c) not in NEUTRAL_SCRIPTS | {main})
    return ", ".join(f"{char} (U+{ord(char):04X})" for char in stray)
