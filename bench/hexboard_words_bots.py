"""Strong bot against the random bot in 2-player HexBoard Words games, alternating seats.

Run: ``.venv/bin/python bench/hexboard_words_bots.py [games] [seed] [opponent]`` (default 400
games, seed 1, opponent "random"). Prints the strong bot's win rate (a game counts only when
it wins alone) and its decision times; the goal is at least 95% against random (issue 11,
point 5; docs/performance.md, "HexBoard Words"). Both bots decide from the seat's view and
legal actions only, like on the site.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexboard_words.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

GAMES = 400
SEED = 1
GOAL = 0.95
PLAYERS = 2


def play_game(bots: list, seed: int, rng: random.Random, times: list[float]) -> tuple[tuple[int, ...], str]:
    """Play one game to the end; returns the winners and how it ended. Appends the strong
    bot's decision times to ``times``."""
    state = ENGINE.setup({}, [SeatSpec()] * PLAYERS, seed)
    while True:
        acting = ENGINE.to_act(state)
        if not acting:
            return ENGINE.result(state).winners, state.ended
        seat = acting[0]
        legal = ENGINE.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng)
        if bots[seat].name == "strong":
            times.append(time.perf_counter() - t0)
        state, _ = ENGINE.apply(state, seat, action)


def main(games: int = GAMES, seed: int = SEED, opponent: str = "random") -> float:
    """Play ``games`` games, the strong bot in seat 0 on even games and seat 1 on odd ones."""
    kinds = ENGINE.bots()
    rng = random.Random(seed)
    wins = 0
    ends: dict[str, int] = {}
    times: list[float] = []
    started = time.perf_counter()
    for g in range(games):
        strong_seat = g % PLAYERS
        bots = [kinds[opponent]() for _ in range(PLAYERS)]
        bots[strong_seat] = kinds["strong"]()
        winners, ended = play_game(bots, rng.randrange(2**62), rng, times)
        wins += winners == (strong_seat,)
        ends[ended] = ends.get(ended, 0) + 1
    rate = wins / games
    elapsed = time.perf_counter() - started
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"strong vs {opponent}, {PLAYERS} players: {wins}/{games} wins = {rate:.1%} (goal {GOAL:.0%}; "
          f"endings {ends}) in {elapsed:.1f}s; strong decision median "
          f"{statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.0f} ms")
    return rate


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else GAMES, int(args[1]) if len(args) > 1 else SEED,
         args[2] if len(args) > 2 else "random")
