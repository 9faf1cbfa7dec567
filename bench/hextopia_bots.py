"""Heuristic bot against the random bot in 2-player Hextopia games, alternating seats.

Run: ``.venv/bin/python bench/hextopia_bots.py [games] [seed]`` (default 200 games, seed 1).
Prints the heuristic bot's win rate; the goal is at least 80% (docs/performance.md, "Bots").
Both bots decide from the seat's view and legal actions only, like on the site.
"""
from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.protocol import SeatSpec  # noqa: E402
from games.registry import get_engine  # noqa: E402

GAMES = 200
SEED = 1
GOAL = 0.80
PLAYERS = 2


def play_game(engine, bots: list, seed: int, rng: random.Random) -> tuple[int, ...]:
    """Play one game to the end; returns the winners."""
    state = engine.setup({}, [SeatSpec()] * PLAYERS, seed)
    while True:
        acting = engine.to_act(state)
        if not acting:
            return engine.result(state).winners
        seat = acting[0]
        legal = engine.legal_actions(state, seat)
        action = bots[seat].choose(engine.view(state, seat), legal, rng)
        state, _ = engine.apply(state, seat, action)


def main(games: int = GAMES, seed: int = SEED) -> float:
    """Play ``games`` games, the heuristic bot in seat 0 on even games and seat 1 on odd ones."""
    engine = get_engine("hextopia")
    kinds = engine.bots()
    rng = random.Random(seed)
    wins = 0
    started = time.perf_counter()
    for g in range(games):
        heuristic_seat = g % PLAYERS
        bots = [kinds["random"]() for _ in range(PLAYERS)]
        bots[heuristic_seat] = kinds["heuristic"]()
        winners = play_game(engine, bots, rng.randrange(2**62), rng)
        wins += heuristic_seat in winners
    rate = wins / games
    elapsed = time.perf_counter() - started
    print(f"heuristic vs random, {PLAYERS} players: {wins}/{games} wins = {rate:.1%} "
          f"(goal {GOAL:.0%}) in {elapsed:.1f}s")
    return rate


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
