"""Hexcrement engine speed: random legal players, 4 players, legal-action generation + apply.

Run: ``.venv/bin/python bench/hexcrement_engine.py [seconds] [players] [length]`` (default 5 s,
4 players, the long game). Prints actions per second of CPU time on one core (and the
wall-clock rate, which a busy machine lowers); the goal is at least 20,000 (issue 12, point 8;
docs/performance.md, "Hexcrement engine"). Only ``to_act``, ``legal_actions`` and ``apply``
are timed, through the public protocol; the engine is imported directly (not through the
registry).
"""
from __future__ import annotations

import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexcrement.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

SECONDS = 5.0
PLAYERS = 4
SEED = 1
GOAL = 20_000


def main(seconds: float = SECONDS, players: int = PLAYERS, length: str = "long") -> float:
    """Play random games back to back for about ``seconds`` of CPU time; returns actions per
    CPU second."""
    engine = ENGINE
    rng = random.Random(SEED)
    seats = [SeatSpec()] * players
    actions = games = 0
    timed = wall = 0.0
    clock = time.process_time  # CPU time of this process: honest on a shared, busy machine
    while timed < seconds:
        state = engine.setup({"length": length}, seats, rng.randrange(2**62))
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
    print(f"hexcrement engine, {players} players, {length} game, random legal play: {rate:,.0f} actions/s "
          f"of CPU time ({actions:,} actions, {games} games, {timed:.1f}s CPU, {actions / wall:,.0f}/s wall "
          f"clock; goal {GOAL:,}) on {platform.python_implementation()} {platform.python_version()}")
    return rate


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    n = int(sys.argv[2]) if len(sys.argv) > 2 else PLAYERS
    game_length = sys.argv[3] if len(sys.argv) > 3 else "long"
    main(secs, n, game_length)
