"""Hexfolk engine speed against catanatron 3.2.1: random legal players, 4 players, standard map.

Run: ``.venv/bin/python bench/hexfolk_engine.py [games] [seed]`` (default 40 games, seed 1)
after ``pip install -r requirements/bench.txt``. Both engines play complete games (catanatron
stops at its own 1000-turn cap) in the same process, alternating game by game so machine load
hits both alike. Our side uses only the engine protocol, as the platform and bots do:
``to_act``, ``legal_actions``, a uniformly random choice (``RandomBot``), and ``apply``, which
copies the state (catanatron changes its state in place). Times are CPU seconds of this
process (``time.process_time``), so other work on the machine does not skew one side. Prints
actions per second of each, the ratio, and the goal (at least 2x; docs/performance.md,
"Hexfolk engine").
"""
from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexfolk.engine import ENGINE  # noqa: E402
from games.protocol import RandomBot, SeatSpec  # noqa: E402

GAMES = 40
SEED = 1
PLAYERS = 4
GOAL = 2.0


def play_hexfolk(seed: int, rng: random.Random) -> tuple[int, float]:
    """One complete game with random legal players; returns (actions, seconds)."""
    bot = RandomBot()
    engine = ENGINE
    seats = [SeatSpec()] * PLAYERS
    started = time.process_time()
    state = engine.setup({}, seats, seed)
    actions = 0
    while True:
        acting = engine.to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = engine.legal_actions(state, seat)
        state, _ = engine.apply(state, seat, bot.choose(None, legal, rng))
        actions += 1
    return actions, time.process_time() - started


def play_catanatron(seed: int) -> tuple[int, float]:
    """One catanatron game with four ``RandomPlayer``s; returns (actions, seconds)."""
    from catanatron import Color, Game, RandomPlayer

    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
    started = time.process_time()
    game = Game(players, seed=seed)
    game.play()
    return len(game.state.actions), time.process_time() - started


def main(games: int = GAMES, seed: int = SEED) -> float:
    """Play ``games`` games on each engine; prints and returns our speed over catanatron's."""
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit("catanatron is not installed: pip install -r requirements/bench.txt")
    rng = random.Random(seed)
    ours = [0, 0.0]
    theirs = [0, 0.0]
    for _ in range(games):
        game_seed = rng.randrange(1, 2**31)
        a, t = play_hexfolk(game_seed, rng)
        ours[0] += a
        ours[1] += t
        a, t = play_catanatron(game_seed)
        theirs[0] += a
        theirs[1] += t
    our_rate = ours[0] / ours[1]
    their_rate = theirs[0] / theirs[1]
    ratio = our_rate / their_rate
    print(f"hexfolk:    {our_rate:9.0f} actions/s ({ours[0]} actions in {ours[1]:.2f}s, "
          f"{ours[0] / games:.0f} per game)")
    print(f"catanatron: {their_rate:9.0f} actions/s ({theirs[0]} actions in {theirs[1]:.2f}s, "
          f"{theirs[0] / games:.0f} per game)")
    print(f"ratio: {ratio:.2f}x (goal {GOAL:.1f}x) over {games} games of {PLAYERS} players")
    return ratio


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
