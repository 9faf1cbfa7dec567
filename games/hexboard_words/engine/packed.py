"""HexBoard Words' word data packed in one read-only file per list, memory-mapped (issue 29,
point 6: "word data loaded once").

A list's words, its anagram keys and the steal index of every word-card's 3-letter word
(``steals.Extensions``) are built once per machine into ``<pack_dir()>/<level>-<digest>.bin``
and then mapped by every process that plays: Daphnes, Celery workers and their forked pool
share one copy in the page cache, a fresh process answers its first search as fast as its
thousandth, and no process keeps the lists as Python objects (a ``frozenset`` of the expert
list's 115,564 words alone took 40 MiB per process). The digest covers the list, the deck and
``FORMAT``, so a new list or format gets a new file (and the old one is removed; a process
that still maps it keeps reading it).

Layout (native byte order and ``uint32`` offsets; the file never leaves the machine that
built it): ``MAGIC``, a ``uint32`` header length, a JSON header, then the sections, each at a
4-byte-aligned offset from the start of the data (the header gives them):

- ``key_off`` (``keys + 1`` offsets) into ``key_blob``: the anagram keys, sorted ascending;
- ``word_off`` (``keys + 1`` offsets) into ``word_blob``: each key's words, space-separated;
- per card key (the header gives ``[found_at, n, nbytes, spec_at, rows]``): ``found``, the
  ascending indices of the n keys that strictly contain it (not it plus one S); for each letter
  x that some of them hold more of, ``extra`` bitsets of ``nbytes`` each (little-endian: bit j
  set when key ``found[j]`` adds at least c copies of x, c = 1 .. extra) at ``offset``; and the
  ``rows`` triples ``(x, offset, extra)`` at ``spec_at``.

Building a list costs 1-5 s (the expert list's 226 indexes); a lock file keeps two processes
from building the same pack at once, and the file appears whole (written aside, then renamed).
"""
from __future__ import annotations

import hashlib
import json
import logging
import mmap
import os
import re
import sys
import tempfile
from array import array
from operator import itemgetter
from pathlib import Path
from typing import NamedTuple

try:
    import fcntl
except ImportError:  # not POSIX: concurrent builders each write their own file, the last rename wins
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

FORMAT = 2
MAGIC = b"HXWORDS\x01"
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LETTER_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}
# Where packs go when HEXBOARD_WORDS_PACK_DIR is unset: beside the lists, else a temporary folder.
PACK_DIR_ENV = "HEXBOARD_WORDS_PACK_DIR"
# Keys whose words a process keeps decoded (``Pack.words_at``): about 0.5 MiB a list at most.
WORDS_CACHED = 4096


def sorted_letters(word: str) -> str:
    """The anagram key of ``word``: its letters in alphabetical order ("cater" -> "acert")."""
    return "".join(sorted(word))


# _AT_LEAST[n] maps a count byte to b"1" when it is >= n, else b"0"
_AT_LEAST = [bytes.maketrans(bytes(range(256)), bytes(49 if v >= n else 48 for v in range(256)))
             for n in range(256)]


def bits_at_least(counts: bytes, n: int) -> int:
    """An int whose bit i is set when ``counts[i] >= n`` (C-speed: translate, then parse)."""
    if not counts:
        return 0
    return int(counts.translate(_AT_LEAST[n])[::-1], 2)


class Bitsets(NamedTuple):
    """The whole list's search data: ``need[x][c]``, an int whose bit i is set when key i holds
    at least c copies of letter index x (c >= 1; ``need[x][0]`` unused); ``columns[x]``, one
    count byte per key. Built to make the packs (and for a key no pack holds)."""

    need: list[list[int]]
    columns: list[bytes]


def bitsets(keys: list[str]) -> Bitsets:
    """``Bitsets`` of the sorted anagram ``keys`` (0.1-0.5 s)."""
    cols = [bytearray(len(keys)) for _ in ALPHABET]
    for i, k in enumerate(keys):
        for ch in k:
            cols[LETTER_INDEX[ch]][i] += 1
    columns = [bytes(c) for c in cols]
    need = [[0] + [bits_at_least(c, n) for n in range(1, max(c, default=0) + 1)] for c in columns]
    return Bitsets(need, columns)


_NONZERO = re.compile(rb"[^\x00]")
_BITS = [tuple(b for b in range(8) if v >> b & 1) for v in range(256)]


def set_bits(value: int, nbytes: int) -> list[int]:
    """Positions of the set bits of ``value``, ascending (the regex skips zero bytes at C speed)."""
    raw = value.to_bytes(nbytes, "little")
    out: list[int] = []
    for m in _NONZERO.finditer(raw):
        i = m.start()
        base = i << 3
        out.extend(base + b for b in _BITS[raw[i]])
    return out


def extension(sets: Bitsets, count: int, index_of, key: str) -> tuple[list[int], list[tuple[int, list[int]]]]:
    """The steal index of anagram ``key`` over the whole list: ``(found, rows)``, ``found`` the
    ascending indices of the keys strictly containing ``key`` (not ``key`` plus one S),
    ``rows`` ``[(x, [bits of those adding >= 1 x, >= 2 x, ...])]`` (bit j = ``found[j]``).
    ``count``: how many keys the list has; ``index_of(key) -> int`` (-1 when absent). Rules, section 5: "all letters of the old word
    are used; at least one board tile is added; adding only an S is refused"."""
    counts: dict[str, int] = {}
    for ch in key:
        counts[ch] = counts.get(ch, 0) + 1
    sup = (1 << count) - 1
    for ch, c in counts.items():
        rows = sets.need[LETTER_INDEX[ch]]
        sup &= rows[c] if c < len(rows) else 0
    for own in (key, sorted_letters(key + "s")):
        i = index_of(own)
        if i >= 0:
            sup &= ~(1 << i)
    found = set_bits(sup, (count + 8) // 8)
    out: list[tuple[int, list[int]]] = []
    if found:
        pick = itemgetter(*found) if len(found) > 1 else (lambda col: (col[found[0]],))
        for x, col in enumerate(sets.columns):
            sub = bytes(pick(col))  # this letter's count in each key found
            have = counts.get(ALPHABET[x], 0)
            extra = max(sub) - have
            if extra > 0:
                out.append((x, [bits_at_least(sub, have + c) for c in range(1, extra + 1)]))
    return found, out


def _align(buf: bytearray) -> int:
    buf.extend(b"\0" * (-len(buf) % 4))
    return len(buf)


def build(words: list[str], card_keys: list[str]) -> bytes:
    """The pack of one list (``words``, any order) with the steal indexes of ``card_keys``."""
    groups: dict[str, list[str]] = {}
    for w in sorted(set(words)):
        groups.setdefault(sorted_letters(w), []).append(w)
    keys = sorted(groups)
    position = {k: i for i, k in enumerate(keys)}
    data = bytearray()
    header: dict = {"format": FORMAT, "keys": len(keys), "byteorder": sys.byteorder, "cards": {}}
    for name, texts in (("key", keys), ("word", [" ".join(groups[k]) for k in keys])):
        blob = "".join(texts).encode("ascii")
        offsets = array("I", [0])
        for t in texts:
            offsets.append(offsets[-1] + len(t))
        header[f"{name}_off"] = _align(data)
        data += offsets.tobytes()
        header[f"{name}_blob"] = _align(data)
        data += blob
    sets = bitsets(keys)
    for card in sorted(set(card_keys)):
        found, rows = extension(sets, len(keys), lambda k: position.get(k, -1), card)
        nbytes = (len(found) + 8) // 8
        at = _align(data)
        data += array("I", found).tobytes()
        spec = array("I")
        for x, bits in rows:
            spec.extend((x, _align(data), len(bits)))
            for b in bits:
                data += b.to_bytes(nbytes, "little")
        header["cards"][card] = [at, len(found), nbytes, _align(data), len(rows)]
        data += spec.tobytes()
    head = json.dumps(header, separators=(",", ":")).encode("ascii")
    start = len(MAGIC) + 4 + len(head)
    pad = -start % 4
    return MAGIC + len(head).to_bytes(4, "little") + head + b"\0" * pad + bytes(data)


class CardIndex(NamedTuple):
    """One card key's steal index in a pack: ``found`` (ascending key indices, a view of the
    mapped file) and ``rows`` as ``steals.Extensions`` wants them."""

    found: memoryview
    rows: tuple[tuple[int, tuple[int, ...]], ...]


class Pack:
    """One mapped pack (see the module's docstring). ``count``: how many anagram keys."""

    def __init__(self, path: Path):
        with open(path, "rb") as fh:
            self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        if self._map[:len(MAGIC)] != MAGIC:
            raise ValueError(f"{path}: not a HexBoard Words pack")
        size = int.from_bytes(self._map[len(MAGIC):len(MAGIC) + 4], "little")
        start = len(MAGIC) + 4
        self._header = json.loads(self._map[start:start + size])
        base = start + size + (-(start + size) % 4)
        self._base = base
        self.count: int = self._header["keys"]
        view = memoryview(self._map)
        self._key_off = view[base + self._header["key_off"]:][:4 * (self.count + 1)].cast("I")
        self._word_off = view[base + self._header["word_off"]:][:4 * (self.count + 1)].cast("I")
        self._key_blob = base + self._header["key_blob"]
        self._word_blob = base + self._header["word_blob"]
        self._view = view
        self._words: dict[int, tuple[str, ...]] = {}

    def key(self, i: int) -> str:
        """The anagram key at index ``i`` (0 <= i < count)."""
        off = self._key_off
        return self._map[self._key_blob + off[i]:self._key_blob + off[i + 1]].decode("ascii")

    def index_of(self, key: str) -> int:
        """The index of anagram ``key``, or -1 (a binary search: about 17 steps)."""
        target = key.encode("ascii", "replace")
        off, blob, mm = self._key_off, self._key_blob, self._map
        lo, hi = 0, self.count
        while lo < hi:
            mid = (lo + hi) >> 1
            if mm[blob + off[mid]:blob + off[mid + 1]] < target:
                lo = mid + 1
            else:
                hi = mid
        if lo < self.count and mm[blob + off[lo]:blob + off[lo + 1]] == target:
            return lo
        return -1

    def words_at(self, i: int) -> tuple[str, ...]:
        """The words of the anagram key at index ``i``, sorted (the last ``WORDS_CACHED`` keys'
        words are kept: steals search the same few thousand keys again and again)."""
        words = self._words.get(i)
        if words is None:
            if len(self._words) >= WORDS_CACHED:
                self._words.clear()
            off = self._word_off
            raw = self._map[self._word_blob + off[i]:self._word_blob + off[i + 1]]
            words = self._words[i] = tuple(raw.decode("ascii").split(" "))
        return words

    def card(self, key: str) -> CardIndex | None:
        """The packed steal index of card key ``key``, or None when the pack has none."""
        record = self._header["cards"].get(key)
        if record is None:
            return None
        at, n, nbytes, spec_at, count = record
        view, mm, base = self._view, self._map, self._base
        found = view[base + at:][:4 * n].cast("I")
        spec = view[base + spec_at:][:12 * count].cast("I")
        rows = tuple((spec[3 * r], tuple(int.from_bytes(mm[base + spec[3 * r + 1] + c * nbytes:
                                                           base + spec[3 * r + 1] + (c + 1) * nbytes], "little")
                                         for c in range(spec[3 * r + 2])))
                     for r in range(count))
        return CardIndex(found, rows)


def pack_dir(data: Path) -> Path:
    """Where packs are kept: ``$HEXBOARD_WORDS_PACK_DIR``, else ``<data>/packed`` when the lists'
    folder is writable, else a folder of this user's in the temporary directory."""
    chosen = os.environ.get(PACK_DIR_ENV)
    if chosen:
        return Path(chosen)
    if os.access(data, os.W_OK):
        return data / "packed"
    return Path(tempfile.gettempdir()) / f"hexboard-words-{os.getuid() if hasattr(os, 'getuid') else 'user'}"


def open_pack(data: Path, level: str, cards_file: Path) -> Pack:
    """The pack of list ``<data>/<level>.txt.gz`` with the indexes of the deck in
    ``cards_file``, built first when this machine has none for them (see the module)."""
    import gzip  # only here: a built pack never needs it

    source = (data / f"{level}.txt.gz").read_bytes()
    cards = cards_file.read_bytes()
    digest = hashlib.sha256(b"%d\0%s\0" % (FORMAT, sys.byteorder.encode()) + source + b"\0" + cards).hexdigest()[:16]
    folder = pack_dir(data)
    path = folder / f"{level}-{digest}.bin"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / f"{level}.lock", "a+b") as lock:
            if fcntl is not None:
                fcntl.flock(lock, fcntl.LOCK_EX)
            if not path.exists():  # another process may have built it while we waited
                log.info("building %s (HexBoard Words' %s list, once per machine)", path, level)
                words = gzip.decompress(source).decode("ascii").split()
                card_keys = [sorted_letters(w) for w, _ in json.loads(cards)]
                aside = folder / f".{level}-{digest}.{os.getpid()}.tmp"
                aside.write_bytes(build(words, card_keys))
                os.replace(aside, path)
                for stale in folder.glob(f"{level}-*.bin"):  # an older list's or format's pack
                    if stale != path:
                        stale.unlink(missing_ok=True)
    return Pack(path)
