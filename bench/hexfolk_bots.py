"""The strong Hexfolk bot against the random bot: win rates and decision times.

Run: ``.venv/bin/python bench/hexfolk_bots.py [--games 100] [--seed 1] [--turn-limit 300]``.
Plays ``games`` 1-v-1 games (the strong bot in seat 0 and 1 by turns) and ``games`` 4-player
games against three random bots (the strong bot in seats 0, 1, 2, 3 by turns) on the standard
map. A game counts as a win only when the strong bot wins outright (reaches the target on its
own turn); a game stopped by the round limit (``turn_limit`` option) is a loss. Prints the win
rates and the strong bot's decision time (``choose``, wall clock: median, 95th percentile,
maximum; then the same with ``view`` building included) against the goals of issue 3, point 5 (at least 95% and 80%; median under
100 ms, 95th percentile under 1 s); docs/performance.md, "Hexfolk bots".

Both bots go through the protocol like on the site: ``to_act``, ``legal_actions``, the seat's
``view`` (the random bot ignores it, so it gets none, which saves time) and ``apply``. While a
trade offer is open the addressed seats answer before the offering seat decides (the last
seat of ``to_act`` acts first).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexfolk.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

GAMES = 100
SEED = 1
TURN_LIMIT = 300  # rounds; uniform random players can make games long
GOAL_1V1 = 0.95
GOAL_4P = 0.80
GOAL_MEDIAN_MS = 100.0
GOAL_P95_MS = 1000.0


def play_game(players: int, strong_seat: int, seed: int, turn_limit: int, rng: random.Random,
              times: list[float], with_view: list[float]) -> tuple[bool, str, float]:
    """One game on the standard map; returns (strong bot won outright, how it ended, rounds).
    Appends the strong bot's decision times (seconds) to ``times``, and the same plus building
    its view to ``with_view``."""
    kinds = ENGINE.bots()
    bots = [kinds["random"]() for _ in range(players)]
    bots[strong_seat] = kinds["strong"]()
    state = ENGINE.setup({"turn_limit": turn_limit}, [SeatSpec()] * players, seed)
    ended, winner = "", None
    while True:
        acting = ENGINE.to_act(state)
        if not acting:
            break
        seat = acting[-1]  # the players addressed by an offer answer before the offering one
        legal = ENGINE.legal_actions(state, seat)
        if seat == strong_seat:
            viewing = time.perf_counter()
            view = ENGINE.view(state, seat)
            started = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            done = time.perf_counter()
            times.append(done - started)
            with_view.append(done - viewing)
        else:
            action = bots[seat].choose(None, legal, rng)
        state, events = ENGINE.apply(state, seat, action)
        for ev in events:
            if ev["type"] == "game_over":
                ended, winner = ev["reason"], ev["winner"]
    rounds = ENGINE.view(state, None)["turn_number"] / players
    return ended == "victory" and winner == strong_seat, ended, rounds


def run(players: int, games: int, seed: int, turn_limit: int, times: list[float],
        with_view: list[float]) -> dict:
    """``games`` games of ``players`` seats, the strong bot's seat rotating; a summary dict."""
    rng = random.Random(seed)
    wins, limited, rounds = 0, 0, []
    for g in range(games):
        won, ended, r = play_game(players, g % players, rng.randrange(2**62), turn_limit, rng, times,
                                  with_view)
        wins += won
        limited += ended == "turn_limit"
        rounds.append(r)
    return {"wins": wins, "games": games, "turn_limit_hits": limited,
            "median_rounds": statistics.median(rounds) if rounds else 0.0}


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


def main(argv: list[str] | None = None) -> dict:
    """Run both series and print the figures; returns them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per series")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--turn-limit", type=int, default=TURN_LIMIT, help="rounds before a game stops")
    args = parser.parse_args(argv)
    times: list[float] = []
    with_view: list[float] = []
    started = time.perf_counter()
    duel = run(2, args.games, args.seed, args.turn_limit, times, with_view)
    table = run(4, args.games, args.seed + 1, args.turn_limit, times, with_view)
    elapsed = time.perf_counter() - started
    p50 = statistics.median(times) * 1000
    p95 = percentile(times, 0.95) * 1000
    worst = max(times) * 1000
    for label, res, goal in (("1-v-1 vs random", duel, GOAL_1V1), ("4 players vs 3 random", table, GOAL_4P)):
        rate = res["wins"] / res["games"]
        print(f"strong bot, {label}: {res['wins']}/{res['games']} = {rate:.1%} outright wins "
              f"(goal {goal:.0%}); median {res['median_rounds']:.1f} rounds; "
              f"{res['turn_limit_hits']} stopped at {args.turn_limit} rounds")
    print(f"strong bot decisions: {len(times)}; median {p50:.2f} ms (goal < {GOAL_MEDIAN_MS:.0f} ms), "
          f"p95 {p95:.2f} ms (goal < {GOAL_P95_MS:.0f} ms), max {worst:.1f} ms")
    print(f"with building the view: median {statistics.median(with_view) * 1000:.2f} ms, "
          f"p95 {percentile(with_view, 0.95) * 1000:.2f} ms, max {max(with_view) * 1000:.1f} ms")
    print(f"total {elapsed:.1f}s")
    return {"1v1": duel, "4p": table, "p50_ms": p50, "p95_ms": p95, "max_ms": worst}


if __name__ == "__main__":
    main()
