"""The strong Hexcrement bot against random-legal bots, and its decision time.

Run: ``.venv/bin/python bench/hexcrement_bots.py [--games N] [--seed S] [--length long|quick]``
(default 400 games of each kind, seed 1, the long game). Plays N 2-player games (the strong bot
in seat 0 and 1 by turns) and N 4-player games against three random bots (the strong bot in
seats 0-3 by turns). A game counts for the strong bot only when it finishes first: it wins
outright (home with the dung), or ranks first alone at the round limit. Goals (issue 12, point
4): **at least 75% of 2-player games, first in at least 50% of 4-player games, a median
decision under 100 ms and a 95th percentile under 1 s**. Decision time is the wall-clock time
of ``choose`` (the view is built by the caller, as on the site), over every decision the
strong bot makes; the bench also gives it over decisions with more than one legal action.
Both bots decide from the seat's view and legal actions only; the engine is imported directly.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexcrement.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

GAMES = 400
SEED = 1
GOALS = {2: 0.75, 4: 0.50}


def play_game(players: int, strong_seat: int, seed: int, length: str, rng: random.Random,
              times: list, open_times: list) -> tuple[bool, int, str]:
    """One game; returns (the strong bot finished first, rounds played, how it ended)."""
    kinds = ENGINE.bots()
    bots = [kinds["random"]() for _ in range(players)]
    bots[strong_seat] = kinds["strong"]()
    state = ENGINE.setup({"length": length}, [SeatSpec()] * players, seed)
    while True:
        acting = ENGINE.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(view, legal, rng)
        if seat == strong_seat:
            dt = time.perf_counter() - t0
            times.append(dt)
            if len(legal) > 1:
                open_times.append(dt)
        state, _ = ENGINE.apply(state, seat, action)
    res = ENGINE.result(state)
    first = res.winners == (strong_seat,)
    return first, state.turn_number // players, state.ended


def pct(values: list, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(games: int = GAMES, seed: int = SEED, length: str = "long") -> dict:
    rng = random.Random(seed)
    times: list = []
    open_times: list = []
    out = {}
    started = time.perf_counter()
    for players in (2, 4):
        wins, rounds, limits = 0, [], 0
        t0 = time.perf_counter()
        for g in range(games):
            first, r, ended = play_game(players, g % players, rng.randrange(2**62), length, rng, times, open_times)
            wins += first
            rounds.append(r)
            limits += ended == "limit"
        rate = wins / games
        out[players] = rate
        print(f"{players} players ({length}): strong first in {wins}/{games} = {rate:.1%} "
              f"(goal {GOALS[players]:.0%}); median {statistics.median(rounds):.0f} rounds, "
              f"{limits} at the round limit; {time.perf_counter() - t0:.0f}s")
    print(f"decisions: {len(times):,}; median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {pct(times, 0.95) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms (goal: median < 100 ms, "
          f"p95 < 1 s); with a real choice ({len(open_times):,}): median "
          f"{statistics.median(open_times) * 1000:.2f} ms, p95 {pct(open_times, 0.95) * 1000:.2f} ms, "
          f"max {max(open_times) * 1000:.1f} ms; {time.perf_counter() - started:.0f}s in all")
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--length", choices=["long", "quick"], default="long")
    args = parser.parse_args()
    main(args.games, args.seed, args.length)
