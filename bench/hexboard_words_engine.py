"""HexBoard Words engine speed: random legal players, legal-action generation (every steal
included) + apply.

Run: ``.venv/bin/python bench/hexboard_words_engine.py [seconds] [players] [dictionary]``
(default 10 s, 2 players, standard). Prints actions per second of CPU time on one core (and
the wall-clock rate, which a busy machine lowers); the goal is at least 5,000 (issue 11,
point 9; docs/performance.md, "HexBoard Words"). Only ``legal_actions`` and ``apply`` are
timed, through the protocol; the first game's dictionary load is timed too (a fresh process
pays it once).
"""
from __future__ import annotations

import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexboard_words.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

SECONDS = 10.0
PLAYERS = 2
LEVEL = "standard"
SEED = 1
GOAL = 5_000


def main(seconds: float = SECONDS, players: int = PLAYERS, level: str = LEVEL) -> float:
    """Play random games back to back for about ``seconds`` of CPU time; returns actions per
    CPU second."""
    rng = random.Random(SEED)
    seats = [SeatSpec()] * players
    options = {"dictionary": level}
    actions = games = 0
    timed = wall = 0.0
    clock = time.process_time  # CPU time of this process: honest on a shared machine
    to_act, legal_actions, apply = ENGINE.to_act, ENGINE.legal_actions, ENGINE.apply
    while timed < seconds:
        state = ENGINE.setup(options, seats, rng.randrange(2**62))
        t0, w0 = clock(), time.perf_counter()
        while True:
            acting = to_act(state)
            if not acting:
                break
            seat = acting[0]
            state, _ = apply(state, seat, rng.choice(legal_actions(state, seat)))
            actions += 1
        timed += clock() - t0
        wall += time.perf_counter() - w0
        games += 1
    rate = actions / timed
    print(f"hexboard-words engine, {players} players, {level} list, random legal play: "
          f"{rate:,.0f} actions/s of CPU time ({actions:,} actions, {games} games, "
          f"{actions / games:.0f} per game, {timed:.1f}s CPU, {actions / wall:,.0f}/s wall clock; "
          f"goal {GOAL:,}) on {platform.python_implementation()} {platform.python_version()}")
    return rate


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    n = int(sys.argv[2]) if len(sys.argv) > 2 else PLAYERS
    lv = sys.argv[3] if len(sys.argv) > 3 else LEVEL
    main(secs, n, lv)
