"""Hexfolk engine speed against catanatron 3.2.1: random legal players, 4 players, standard map.

Run: ``.venv/bin/python bench/hexfolk_engine.py [games] [seed]`` (default 40 games, seed 1)
after ``pip install -r requirements/bench.txt``; ``--profile`` instead profiles our engine
(cProfile, like for like) and prints the top 10 functions by own time.

Two modes, each a pair of runs (ours, then catanatron's, the order swapped every round), the
modes interleaved round by round in one process so machine load hits all four alike:

- **as played**: each engine as its random player plays it. Ours (``RandomBot``, a uniform
  choice over ``legal_actions``) offers player trades and answers them (about 40% of its
  actions); catanatron has no player-to-player trades.
- **like for like**: our random bot never offers a player trade (the ``offer_trade`` template
  is left out of its choices), so no answers either: the same action mix as catanatron
  (rolls, builds, development cards, robber, discards, bank and harbor trades, end of turn).

Our side uses only the engine protocol, as the platform and bots do: ``setup``, ``to_act``,
``legal_actions``, a uniform ``random.Random.choice`` (what ``RandomBot`` does; catanatron's
``RandomPlayer`` draws with ``random.randrange``), and ``apply``, which validates the action
and copies the state (catanatron's ``Game.play`` changes its state in place). Both engines
play complete games (catanatron stops at its own 1000-turn cap). Times are CPU seconds of
this process (``time.process_time``), so other work on the machine does not skew one side.
Prints games and actions per second of each engine in each mode and our ratio; the goal is
like for like at least 3x catanatron's games per second (docs/performance.md, "Hexfolk
engine"). Our games are the same for the same seed in every run; catanatron's are not across
processes (its average game length moves by about 10% between runs of 100 games), so record
figures over 200 games or more.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexfolk.engine import ENGINE  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

GAMES = 40
SEED = 1
PLAYERS = 4
GOAL = 3.0  # like for like, games per second
AS_PLAYED, LIKE_FOR_LIKE = "as played", "like for like"
MODES = (AS_PLAYED, LIKE_FOR_LIKE)


def play_hexfolk(seed: int, rng: random.Random, trades: bool = True) -> tuple[int, float]:
    """One complete game with random legal players; returns (actions, CPU seconds).

    ``trades=False`` leaves the player trade offer out of the bot's choices (like for like).
    """
    engine = ENGINE
    to_act, legal_actions, apply = engine.to_act, engine.legal_actions, engine.apply
    choice = rng.choice
    seats = [SeatSpec()] * PLAYERS
    started = time.process_time()
    state = engine.setup({}, seats, seed)
    actions = 0
    while True:
        acting = to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else choice(acting)
        legal = legal_actions(state, seat)
        if not trades and legal[-1]["type"] == "offer_trade":  # listed last when present
            legal.pop()
        state, _ = apply(state, seat, choice(legal))
        actions += 1
    return actions, time.process_time() - started


def play_catanatron(seed: int) -> tuple[int, float]:
    """One catanatron game with four ``RandomPlayer``s; returns (actions, CPU seconds)."""
    from catanatron import Color, Game, RandomPlayer

    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    started = time.process_time()
    game = Game(players, seed=seed)
    game.play()
    return len(game.state.actions), time.process_time() - started


def run(games: int = GAMES, seed: int = SEED) -> dict:
    """Play ``games`` rounds; each round plays one game of each engine in each mode.

    Returns ``{mode: {"hexfolk": [games, actions, seconds], "catanatron": [...]}}``.
    """
    rng = random.Random(seed)
    totals = {m: {"hexfolk": [0, 0, 0.0], "catanatron": [0, 0, 0.0]} for m in MODES}
    for i in range(games):
        game_seed = rng.randrange(1, 2**31)
        for mode in (MODES if i % 2 == 0 else MODES[::-1]):
            for name in (("hexfolk", "catanatron") if i % 2 == 0 else ("catanatron", "hexfolk")):
                if name == "hexfolk":
                    a, t = play_hexfolk(game_seed, rng, trades=mode == AS_PLAYED)
                else:
                    a, t = play_catanatron(game_seed)
                row = totals[mode][name]
                row[0] += 1
                row[1] += a
                row[2] += t
    return totals


def report(totals: dict) -> float:
    """Prints the table; returns like-for-like games/s of ours over catanatron's."""
    print(f"{'mode':<14} {'engine':<11} {'games/s':>8} {'actions/s':>10} {'actions/game':>13} "
          f"{'CPU s':>7}")
    ratios = {}
    for mode in MODES:
        rates = {}
        for name in ("hexfolk", "catanatron"):
            g, a, t = totals[mode][name]
            rates[name] = (g / t, a / t)
            print(f"{mode:<14} {name:<11} {g / t:8.2f} {a / t:10,.0f} {a / g:13.0f} {t:7.2f}")
        games_x = rates["hexfolk"][0] / rates["catanatron"][0]
        actions_x = rates["hexfolk"][1] / rates["catanatron"][1]
        ratios[mode] = games_x
        print(f"{mode:<14} {'ratio':<11} {games_x:7.2f}x {actions_x:9.2f}x")
    g = totals[LIKE_FOR_LIKE]["hexfolk"][0]
    print(f"goal: like for like >= {GOAL:.1f}x catanatron's games/s: "
          f"{'met' if ratios[LIKE_FOR_LIKE] >= GOAL else 'NOT met'} ({ratios[LIKE_FOR_LIKE]:.2f}x; "
          f"{g} games per engine and mode, {PLAYERS} players, CPU time, "
          f"{platform.python_implementation()} {platform.python_version()})")
    return ratios[LIKE_FOR_LIKE]


def profile(games: int = GAMES, seed: int = SEED, trades: bool = False) -> None:
    """cProfile of ``games`` of our games; prints the top 10 functions by own time."""
    import cProfile
    import pstats

    rng = random.Random(seed)
    seeds = [rng.randrange(1, 2**31) for _ in range(games)]
    prof = cProfile.Profile()
    prof.enable()
    for s in seeds:
        play_hexfolk(s, rng, trades=trades)
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("tottime").print_stats(10)


def main(argv: list[str] | None = None) -> float | None:
    """Command line: see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=GAMES)
    parser.add_argument("seed", nargs="?", type=int, default=SEED)
    parser.add_argument("--profile", action="store_true", help="profile our engine instead")
    parser.add_argument("--trades", action="store_true", help="profile as played (with trades)")
    args = parser.parse_args(argv)
    if args.profile:
        profile(args.games, args.seed, trades=args.trades)
        return None
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit("catanatron is not installed: pip install -r requirements/bench.txt")
    return report(run(args.games, args.seed))


if __name__ == "__main__":
    main()
