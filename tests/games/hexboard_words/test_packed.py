"""HexBoard Words' packed word data (games/hexboard_words/engine/packed.py; issue 29, point 6:
"the word lists and steal indexes are built before the processes fork (or stored compactly,
for example in a memory-mapped file)").

A pack holds a list's anagram keys, their words and every word-card's steal index; it is built
once per machine and mapped by every process. These tests build small packs in a temporary
folder, read them back, and check that play never builds an index of its own.
"""
from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.hexboard_words.engine import packed
from games.hexboard_words.engine.packed import (
    PACK_DIR_ENV,
    Pack,
    bitsets,
    build,
    extension,
    open_pack,
    sorted_letters,
)

ROOT = Path(__file__).resolve().parents[3]
WORDS = ["act", "cat", "tac", "cater", "crate", "react", "trace", "cart", "cats", "acts", "tract", "zebra", "ace",
         "aces", "acre", "care", "race", "scare", "races", "cares", "trace", "carte", "caret"]
CARDS = ["act", "ace"]


def _pack(tmp_path: Path, words=WORDS, cards=CARDS) -> Pack:
    path = tmp_path / "test.bin"
    path.write_bytes(build(words, [sorted_letters(c) for c in cards]))
    return Pack(path)


def test_a_pack_holds_every_key_and_its_words(tmp_path):
    pack = _pack(tmp_path)
    keys = sorted({sorted_letters(w) for w in WORDS})
    assert pack.count == len(keys) and [pack.key(i) for i in range(pack.count)] == keys
    for i, key in enumerate(keys):
        assert pack.index_of(key) == i
        assert pack.words_at(i) == tuple(sorted({w for w in WORDS if sorted_letters(w) == key}))
    for absent in ("", "a", "aaaa", "zzzz", "acs", "act!", "é"):
        assert pack.index_of(absent) == -1


def test_a_cards_packed_index_is_the_one_built_from_the_whole_list(tmp_path):
    """Rules, section 5: a steal uses "all letters of the old word"; interpretation, "Steal
    restrictions": "adding only an S is refused". The packed index of "act" lists exactly the
    keys that strictly contain it, bar "act" + S, with the same per-letter rows."""
    pack = _pack(tmp_path)
    keys = [pack.key(i) for i in range(pack.count)]
    found, rows = extension(bitsets(keys), len(keys), pack.index_of, "act")
    card = pack.card("act")
    assert card is not None and list(card.found) == found
    assert card.rows == tuple((x, tuple(bits)) for x, bits in rows)
    assert {keys[i] for i in found} == {sorted_letters(w) for w in ("cater", "cart", "tract")}
    assert pack.card("cat") is None  # not a card key ("act" is)


def test_a_file_that_is_not_a_pack_is_refused(tmp_path):
    path = tmp_path / "other.bin"
    path.write_bytes(b"not a pack at all")
    with pytest.raises(ValueError, match="not a HexBoard Words pack"):
        Pack(path)


def test_a_pack_is_built_once_per_list_and_anew_for_another_list(tmp_path, monkeypatch):
    data = tmp_path / "data"
    data.mkdir()
    (data / "mini.txt.gz").write_bytes(gzip.compress("\n".join(WORDS).encode(), mtime=0))
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps([[c, []] for c in CARDS]))
    monkeypatch.setenv(PACK_DIR_ENV, str(tmp_path / "packs"))
    first = open_pack(data, "mini", cards)
    built = sorted((tmp_path / "packs").glob("*.bin"))
    assert len(built) == 1 and first.index_of("acert") >= 0
    stamp = built[0].stat().st_mtime_ns
    again = open_pack(data, "mini", cards)
    assert again.count == first.count and built[0].stat().st_mtime_ns == stamp  # mapped, not rebuilt
    (data / "mini.txt.gz").write_bytes(gzip.compress("\n".join(WORDS + ["tracer"]).encode(), mtime=0))
    newer = open_pack(data, "mini", cards)
    assert newer.index_of("acerrt") >= 0 and first.index_of("acerrt") == -1  # the old map still reads
    names = [p.name for p in (tmp_path / "packs").glob("*.bin")]
    assert len(names) == 1 and names[0] != built[0].name  # the old file is gone


def test_the_pack_folder_falls_back_to_a_temporary_one_when_the_lists_folder_is_read_only(tmp_path, monkeypatch):
    monkeypatch.delenv(PACK_DIR_ENV, raising=False)
    assert packed.pack_dir(tmp_path) == tmp_path / "packed"
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert packed.pack_dir(tmp_path).name.startswith("hexboard-words-")


PLAY = """
import random
from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.words import lexicon
from games.hexboard_words.engine.steals import extensions
from games.protocol import SeatSpec
rng = random.Random(3)
ENGINE.warm_up()
for level in ("junior", "standard", "expert"):
    for _ in range(15):
        state = ENGINE.setup({"dictionary": level}, [SeatSpec()] * 3, rng.randrange(2**62))
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            state, _ = ENGINE.apply(state, seat, rng.choice(ENGINE.legal_actions(state, seat)))
    assert lexicon(level)._sets is None, level  # the whole list's bitsets: never built in play
    cached = [e for e in (extensions(level, k) for k in lexicon(level).pack._header["cards"])]
    assert all(isinstance(e.found, memoryview) for e in cached)  # views of the mapped file
print("ok")
"""


def test_a_fresh_process_plays_without_building_any_index():
    """A fresh process (Daphne, a worker) maps the packs and plays 15 games of every list with
    every steal found from the packed indexes: it never builds the whole list's bitsets (what
    used to make a process's first 100 games four times slower) and its indexes are views of
    the shared file, not copies."""
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"
