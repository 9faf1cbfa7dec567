"""Hexal Classic bots: strong against greedy and greedy against random in 2-player games, and
the strong bot's decision time with 150 cards on the table.

Run: ``.venv/bin/python bench/hexal_bots.py [games] [positions]`` (default 400 games per pairing,
40 positions; the duels in ``BENCH_PROCS`` processes, default 2, the same games whatever the
count; the decision times afterwards in one process, on an otherwise idle machine). Goals
(issue 10, point 4; docs/performance.md, "Hexal Classic bots"): strong beats greedy in at
least 60% of 2-player games, greedy beats random in at least 95%; the strong bot decides in
under 100 ms at the median and under 1 s at the 95th percentile with 150 cards on the table.

Games come in pairs: one seed played twice with the seats swapped, so both bots meet the same
deal from both chairs; a game counts as a win only when the bot wins alone (a shared first
place is a tie, not a win). Bots decide from the seat's view and legal actions only, as on the
site. Decision time: 4-player games between greedy bots with the target score at 200 are
played until 150 cards are on the table; from there the strong bot plays whole turns for the
seat to act, and each ``choose`` is timed (wall clock, the view built by the caller).
"""
from __future__ import annotations

import multiprocessing
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexal.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

GAMES = 400
POSITIONS = 40
SEED = 1
PROCS = int(os.environ.get("BENCH_PROCS", "2"))  # processes for the duels; timings run alone
TABLE = 150
GOALS = {("strong", "greedy"): 0.60, ("greedy", "random"): 0.95}


def play_game(bots: list, seed: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One 2-player game to the end; returns (winners, totals)."""
    state = ENGINE.setup({}, [SeatSpec()] * 2, seed)
    rng = random.Random(seed)
    while True:
        acting = ENGINE.to_act(state)
        if not acting:
            return ENGINE.result(state).winners, state.totals
        seat = acting[0]
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal, rng)
        state, _ = ENGINE.apply(state, seat, action)


class Timed:
    """A bot whose ``choose`` calls are timed into ``times`` (seconds)."""

    def __init__(self, bot, times: list):
        self.bot, self.times = bot, times

    def choose(self, view, legal, rng):
        t0 = time.perf_counter()
        action = self.bot.choose(view, legal, rng)
        self.times.append(time.perf_counter() - t0)
        return action


def summary(times: list) -> str:
    """Median, p95 and max of ``times`` in ms."""
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {times[-1] * 1000:.1f} ms")


def _pair(args: tuple) -> list[tuple[bool, bool, int, list]]:
    """Both games of one seed (``kind`` in seat 0, then in seat 1): for each, whether
    ``kind`` won outright, whether first place was shared, ``kind``'s margin and its decision
    times."""
    kind, other, game_seed = args
    kinds = ENGINE.bots()
    out = []
    for mine in (0, 1):
        times: list = []
        bots = [kinds[other](), kinds[other]()]
        bots[mine] = Timed(kinds[kind](), times)
        winners, totals = play_game(bots, game_seed)
        out.append((winners == (mine,), len(winners) > 1, totals[mine] - totals[1 - mine], times))
    return out


def duel(kind: str, other: str, games: int, seed: int = SEED, procs: int = PROCS) -> float:
    """``games`` games of ``kind`` against ``other`` (pairs of seats swapped), the pairs
    shared among ``procs`` processes (the same games whatever the count); prints and returns
    ``kind``'s share of outright wins, and ``kind``'s decision times in these games."""
    rng = random.Random(seed)
    jobs = [(kind, other, rng.randrange(2**62)) for _ in range((games + 1) // 2)]
    started = time.perf_counter()
    if procs > 1:
        with multiprocessing.Pool(procs) as pool:
            pairs = pool.map(_pair, jobs, chunksize=1)
    else:
        pairs = [_pair(job) for job in jobs]
    games_ = [g for pair in pairs for g in pair][:games]
    wins = sum(g[0] for g in games_)
    ties = sum(g[1] for g in games_)
    margins = [g[2] for g in games_]
    times = [t for g in games_ for t in g[3]]
    rate = wins / games
    print(f"{kind} vs {other}, 2 players: {wins}/{games} wins = {rate:.1%}, {ties} ties "
          f"(goal {GOALS[(kind, other)]:.0%}); mean margin {statistics.mean(margins):+.2f} points "
          f"(sd {statistics.pstdev(margins):.1f}) in {time.perf_counter() - started:.0f}s "
          f"({procs} processes); {len(times)} {kind} decisions: {summary(times)}", flush=True)
    return rate


def positions(count: int, seed: int = SEED) -> list:
    """``count`` states of 4-player greedy games (target 200) with at least ``TABLE`` cards on
    the table, at the start of a turn."""
    greedy = ENGINE.bots()["greedy"]()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = ENGINE.setup({"target_score": 200}, [SeatSpec()] * 4, rng.randrange(2**62))
        while ENGINE.to_act(state) and len(out) < count:
            seat = state.current
            if state.phase == "target" and len(state.where) >= TABLE:
                out.append(state)
                break
            action = greedy.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat), rng)
            state, _ = ENGINE.apply(state, seat, action)
    return out


def decision_times(count: int) -> list[float]:
    """Seconds of each strong ``choose`` over whole turns from ``count`` positions."""
    strong = ENGINE.bots()["strong"]()
    rng = random.Random(SEED)
    times = []
    for state in positions(count):
        seat, turn = state.current, state.turn
        while ENGINE.to_act(state) and state.turn == turn:
            view, legal = ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)
            t0 = time.perf_counter()
            action = strong.choose(view, legal, rng)
            times.append(time.perf_counter() - t0)
            state, _ = ENGINE.apply(state, seat, action)
    return times


def main(games: int = GAMES, count: int = POSITIONS) -> None:
    duel("greedy", "random", games)
    duel("strong", "greedy", games)
    times = decision_times(count)
    print(f"strong decisions with >= {TABLE} cards on the table: {len(times)} decisions from {count} "
          f"positions, {summary(times)} (goals 100 ms and 1 s)")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
