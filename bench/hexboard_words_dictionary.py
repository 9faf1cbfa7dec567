"""HexBoard Words dictionary speed: loading a list, validating a steal, finding all steals.

Run: ``.venv/bin/python bench/hexboard_words_dictionary.py [positions]`` (default 400).
Measures, against the goals of issue 11 (points 5 and 9; docs/performance.md, "HexBoard
Words"):

- loading the standard list in a fresh process (a child Python that imports the engine and
  looks a word up; the import and the load timed inside it): goal under 0.5 s;
- validating a steal (``ENGINE.apply`` of a legal steal: the shape, dictionary and tile
  checks, and building the next state), median and 95th percentile: goal under 1 ms;
- finding all steals of a position with the expert list (``steals.find_steals`` over every
  held word, what the strong bot does from its view), on positions sampled from random
  expert games, 95th percentile: goal under 50 ms. The list's pack is mapped before timing
  (``engine/packed.py``). Twice: with the cards' indexes read (as in a running game, where
  ``legal_actions`` has read them already), and cold (the caches cleared before each position,
  so each card's index is read again from the mapped pack).
"""
from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from games.hexboard_words.engine import ENGINE  # noqa: E402
from games.hexboard_words.engine.steals import _derived, extensions, find_steals  # noqa: E402
from games.hexboard_words.engine.words import lexicon  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

POSITIONS = 400
SEED = 3
CHILD = """
import time
t0 = time.perf_counter()
from games.hexboard_words.engine.words import is_word
ok = is_word("steal", "standard") and not is_word("london", "standard")
print(time.perf_counter() - t0, ok)
"""


def fresh_load(runs: int = 5) -> list[float]:
    """Seconds to import the engine's word module and load the standard list, per child."""
    out = []
    for _ in range(runs):
        res = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, check=True)
        secs, ok = res.stdout.split()
        assert ok == "True"
        out.append(float(secs))
    return out


def positions(level: str, count: int, rng: random.Random) -> list:
    """States from random games (2-6 players) with at least one word held."""
    out = []
    while len(out) < count:
        n = rng.randint(2, 6)
        st = ENGINE.setup({"dictionary": level}, [SeatSpec()] * n, rng.randrange(2**62))
        while ENGINE.to_act(st) and len(out) < count:
            seat = ENGINE.to_act(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            if any(st.held) and rng.random() < 0.3:
                out.append((st, legal))
            st, _ = ENGINE.apply(st, seat, rng.choice(legal))
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(count: int = POSITIONS) -> None:
    rng = random.Random(SEED)
    loads = fresh_load()
    print(f"fresh process, import + load standard list: median {statistics.median(loads) * 1000:.0f} ms, "
          f"max {max(loads) * 1000:.0f} ms (goal < 500 ms)")

    validate = []
    for st, legal in positions("standard", count, rng):
        steals = [a for a in legal if a["type"] == "steal"]
        if not steals:
            continue
        action = rng.choice(steals)
        t0 = time.perf_counter()
        ENGINE.apply(st, st.turn, action)
        validate.append(time.perf_counter() - t0)
    print(f"validate + apply a steal (standard): median {statistics.median(validate) * 1e6:.0f} us, "
          f"p95 {pct(validate, 0.95) * 1e6:.0f} us over {len(validate)} steals (goal < 1 ms)")

    t0 = time.perf_counter()
    lexicon("expert")
    print(f"expert list's pack mapped in {(time.perf_counter() - t0) * 1000:.1f} ms (built first if this machine "
          f"had none)")
    sample = positions("expert", count, rng)
    for cold in (False, True):
        found, times = [], []
        for st, _ in sample:
            if cold:  # as if no word of this position had been searched before
                extensions.cache_clear()
                _derived.cache_clear()
            counts, blank = st.board_counts()
            table = st.on_table()
            t0 = time.perf_counter()
            total = 0
            for cards in st.held:
                for card, word, _ in cards:
                    total += len(find_steals("expert", word, counts, blank, st.strict, table, card))
            times.append(time.perf_counter() - t0)
            found.append(total)
        print(f"find all steals of a position (expert, {'cold: nothing cached' if cold else 'indexes cached'}): "
              f"median {statistics.median(times) * 1000:.2f} ms, p95 {pct(times, 0.95) * 1000:.2f} ms, "
              f"max {max(times) * 1000:.1f} ms over {len(times)} positions (median "
              f"{statistics.median(found):.0f} steals, {max(found)} at most; goal p95 < 50 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else POSITIONS)
