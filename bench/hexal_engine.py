"""Hexal Classic engine speed: random legal players, 4 players, legal-action generation + apply;
and the cost of one legal-action generation with 20, 100 and 200 cards on the table.

Run: ``.venv/bin/python bench/hexal_engine.py [seconds] [players]`` (default 5 s, 4 players).
Prints actions per second of CPU time on one core (and the wall-clock rate, which a busy
machine lowers); the goal is at least 20,000 (issue 10, point 8; docs/performance.md, "Hexal
Classic engine"). Only ``legal_actions`` and ``apply`` are timed, through the engine's public
methods. The table-size part times ``legal_actions`` for the seat to act when it names a
target (which scans the table's open spots) and when it places around a named target (which
looks at seven places only), on tables grown by random valid placements (``grown_state``);
the cost must not grow faster than the table.
"""
from __future__ import annotations

import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexal.engine import ENGINE  # noqa: E402
from games.hexal.engine.board import all_spots, refresh_spots  # noqa: E402
from games.hexal.engine.cards import BIT  # noqa: E402
from games.hexal.engine.state import HexalState  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402

SECONDS = 5.0
PLAYERS = 4
SEED = 1
GOAL = 20_000
TABLE_SIZES = (20, 100, 200)


def playout_rate(seconds: float = SECONDS, players: int = PLAYERS) -> float:
    """Play random games back to back for about ``seconds`` of CPU time; returns actions per
    CPU second."""
    rng = random.Random(SEED)
    seats = [SeatSpec()] * players
    actions = games = 0
    timed = wall = 0.0
    clock = time.process_time  # CPU time of this process: honest on a shared, busy machine
    to_act, legal_actions, apply = ENGINE.to_act, ENGINE.legal_actions, ENGINE.apply
    while timed < seconds:
        state = ENGINE.setup({}, seats, rng.randrange(2**62))
        t0, w0 = clock(), time.perf_counter()
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
    print(f"hexal engine, {players} players, random legal play: {rate:,.0f} actions/s of CPU time "
          f"({actions:,} actions, {games} games, {actions / games:.0f} per game, {timed:.1f}s CPU, "
          f"{actions / wall:,.0f}/s wall clock; goal {GOAL:,}) on {platform.python_implementation()} "
          f"{platform.python_version()}")
    return rate


def grown_state(cards: int, seed: int, players: int = 2) -> HexalState:
    """A deal whose table was grown to ``cards`` cards by random valid placements (each card on
    an open spot where it shares an attribute with everything it touches, rule 9), the seat to
    act holding 6 cards that fit somewhere; the 216 cards stay conserved."""
    rng = random.Random(seed)
    st = ENGINE.setup({}, [SeatSpec()] * players, seed).copy()
    pool = list(st.deck)
    table = dict(st.table)
    spots = all_spots(table)
    while sum(len(s) for s in table.values()) < cards:
        card = pool.pop(rng.randrange(len(pool)))
        fits = [k for k, (_, mask, _) in spots.items() if mask & BIT[card]]
        if not fits:
            pool.append(card)
            continue
        k = rng.choice(sorted(fits))
        table[k] = table.get(k, ()) + (card,)
        refresh_spots(spots, table, k)
    st.table, st.deck = table, tuple(pool)
    st.reindex()
    return st


def generation_cost(cards: int, repeat: int = 200) -> tuple[float, float, int, int]:
    """Median microseconds of one ``legal_actions`` call with ``cards`` on the table: naming a
    target, and placing around the first legal target; with the action counts."""
    st = grown_state(cards, seed=cards)
    seat = st.current
    legal = ENGINE.legal_actions(st, seat)
    target = next(a for a in legal if a["type"] == "target")
    placing, _ = ENGINE.apply(st, seat, target)
    out = []
    for state in (st, placing):
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter()
            n_actions = len(ENGINE.legal_actions(state, seat))
            times.append(time.perf_counter() - t0)
        times.sort()
        out.append((times[len(times) // 2] * 1e6, n_actions))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def main(seconds: float = SECONDS, players: int = PLAYERS) -> None:
    playout_rate(seconds, players)
    for cards in TABLE_SIZES:
        naming, placing, n_targets, n_places = generation_cost(cards)
        print(f"legal actions with {cards:3d} cards on the table: naming a target {naming:7.1f} us "
              f"({n_targets} actions, {naming / cards:.2f} us per card), placing {placing:5.1f} us "
              f"({n_places} actions)")


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    n = int(sys.argv[2]) if len(sys.argv) > 2 else PLAYERS
    main(secs, n)
