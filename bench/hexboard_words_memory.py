"""HexBoard Words' word data per process (issue 29, point 6): memory and the first games' rate.

Run: ``.venv/bin/python bench/hexboard_words_memory.py [games]`` (default 1,000). For each list
(junior, standard, expert) a fresh process maps the list's pack (built first if this machine
has none: ``engine/packed.py``) and plays ``games`` random legal 2-player games through the
engine, as ``bench/hexboard_words_engine.py`` does. It prints, per block of 100 games, the
actions per second of CPU time and the process's memory (``/proc/self/status``): ``anon`` is
the process's own memory (what each extra Daphne or worker adds), ``file`` the mapped pack's
pages it touched, which every process shares through the page cache. Then one process plays
``games`` games of each list in turn: its memory after all three. Goals: each extra process adds
at most 30 MiB; the first 100 games within 20% of the steady rate (the last block's).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEVELS = ("junior", "standard", "expert")

CHILD = """
import json, random, sys, time
from games.hexboard_words.engine import ENGINE
from games.protocol import SeatSpec

def memory():
    out = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                out[key] = int(value.split()[0]) / 1024
    return out

levels, games = sys.argv[1].split(","), int(sys.argv[2])
report = {"start": memory(), "blocks": []}
getattr(ENGINE, "warm_up", lambda: None)()  # (older code: no warm-up hook)
report["mapped"] = memory()
rng = random.Random(1)
for level in levels:
    actions, clock = 0, time.process_time()
    for g in range(games):
        state = ENGINE.setup({"dictionary": level}, [SeatSpec()] * 2, rng.randrange(2**62))
        while True:
            acting = ENGINE.to_act(state)
            if not acting:
                break
            state, _ = ENGINE.apply(state, acting[0], rng.choice(ENGINE.legal_actions(state, acting[0])))
            actions += 1
        if (g + 1) % 100 == 0:
            now = time.process_time()
            report["blocks"].append({"level": level, "games": g + 1, "rate": actions / (now - clock), **memory()})
            actions, clock = 0, now
print(json.dumps(report))
"""


def run(levels: list[str], games: int) -> dict:
    """One fresh process playing ``games`` games of each of ``levels``; its report."""
    done = subprocess.run([sys.executable, "-c", CHILD, ",".join(levels), str(games)], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main(games: int = 1000) -> None:
    for level in LEVELS:
        report = run([level], games)
        blocks = report["blocks"]
        first, steady = blocks[0]["rate"], blocks[-1]["rate"]
        print(f"{level}: start anon {report['start']['RssAnon']:.1f} MiB; after mapping anon "
              f"{report['mapped']['RssAnon']:.1f}, file {report['mapped']['RssFile']:.1f}")
        for b in blocks:
            print(f"  games {b['games']:>5}: {b['rate']:>7,.0f} actions/s; rss {b['VmRSS']:.1f} MiB "
                  f"(anon {b['RssAnon']:.1f}, file {b['RssFile']:.1f})")
        print(f"  first 100 games at {first / steady:.0%} of the last 100's rate; the word data added "
              f"{blocks[-1]['RssAnon'] - report['start']['RssAnon']:.1f} MiB of the process's own memory")
    report = run(list(LEVELS), games)
    last = report["blocks"][-1]
    print(f"one process, {games} games of each list: rss {last['VmRSS']:.1f} MiB (anon {last['RssAnon']:.1f}, "
          f"file {last['RssFile']:.1f}); the word data added {last['RssAnon'] - report['start']['RssAnon']:.1f} MiB "
          f"of its own memory")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
