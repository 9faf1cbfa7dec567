"""Hextopia engine speed: random legal players, 4 players, legal-action generation + apply.

Run: ``.venv/bin/python bench/hextopia_engine.py [seconds] [players]`` (default 5 s, 4 players).
Prints actions per second of CPU time on one core (and the wall-clock rate, which a busy
machine lowers); the goal is at least 50,000 of CPU time (issue 14; docs/performance.md,
"Engine"). Only ``legal_actions`` and ``apply`` are timed, through the public protocol.
"""
from __future__ import annotations

import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.protocol import SeatSpec  # noqa: E402
from games.registry import get_engine  # noqa: E402

SECONDS = 5.0
PLAYERS = 4
SEED = 1
GOAL = 50_000


def main(seconds: float = SECONDS, players: int = PLAYERS) -> float:
    """Play random games back to back for about ``seconds`` of CPU time; returns actions per
    CPU second."""
    engine = get_engine("hextopia")
    rng = random.Random(SEED)
    seats = [SeatSpec()] * players
    actions = games = 0
    timed = wall = 0.0
    # CPU time of this process: the figure stays honest on a shared, busy machine
    clock = time.process_time
    while timed < seconds:
        state = engine.setup({}, seats, rng.randrange(2**62))
        t0, w0 = clock(), time.perf_counter()
        to_act, legal_actions, apply = engine.to_act, engine.legal_actions, engine.apply
        while True:
            acting = to_act(state)
            if not acting:
                break
            seat = acting[0]
            legal = legal_actions(state, seat)
            state, _ = apply(state, seat, rng.choice(legal))
            actions += 1
        timed += clock() - t0
        wall += time.perf_counter() - w0
        games += 1
    rate = actions / timed
    print(f"hextopia engine, {players} players, random legal play: {rate:,.0f} actions/s of CPU time "
          f"({actions:,} actions, {games} games, {timed:.1f}s CPU, {actions / wall:,.0f}/s wall clock; "
          f"goal {GOAL:,}) on {platform.python_implementation()} {platform.python_version()}")
    return rate


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    n = int(sys.argv[2]) if len(sys.argv) > 2 else PLAYERS
    main(secs, n)
