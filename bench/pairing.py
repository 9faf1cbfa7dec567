"""Swiss pairing speed (issue 28, point 2: "A Swiss of 512 players at 4-player tables pairs a
round in under 1 s").

Run::

    .venv/bin/python bench/pairing.py [--players 512] [--table-size 4] [--rounds 8]

Builds a field of ``--players`` with random ratings (fixed seed), then plays ``--rounds``
Swiss rounds: each is paired by ``gameplatform.tournaments.pairing.swiss_round`` (timed) and
given random finishing orders scored 3/2/1/0. Prints each round's pairing time and repeats,
then a hard round (the 8 lowest ranked have all met each other), then the slowest (goal:
under 1 s). Pure Python: no database, no Django.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gameplatform.tournaments.pairing import Round, Standing, repeats, swiss_round  # noqa: E402
from gameplatform.tournaments.scoring import place_points  # noqa: E402


def play(standings: dict[str, Standing], result: Round, rng: random.Random) -> dict[str, Standing]:
    """The standings after ``result`` with random finishing orders at each table."""
    out = dict(standings)
    points = place_points(len(result.tables[0])) if result.tables else ()
    for table in result.tables:
        order = list(table)
        rng.shuffle(order)
        for place, p in enumerate(order):
            s = out[p]
            out[p] = Standing(player=p, points=s.points + points[place], rating=s.rating, byes=s.byes,
                              opponents=s.opponents + tuple(q for q in table if q != p))
    for p in result.byes:
        s = out[p]
        out[p] = Standing(player=p, points=s.points + result.bye_points, rating=s.rating,
                          byes=s.byes + 1, opponents=s.opponents)
    return out


def field_after(*, rounds: int, players: int, table_size: int, seed: int) -> list[Standing]:
    """A field of ``players`` after ``rounds`` random Swiss rounds (the tests use it too)."""
    rng = random.Random(seed)
    standings = {f"p{i}": Standing(player=f"p{i}", rating=rng.uniform(1000, 2000)) for i in range(players)}
    for rnd in range(rounds):
        standings = play(standings, swiss_round(list(standings.values()), table_size, rnd), rng)
    return list(standings.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=512)
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    rng = random.Random(1)
    standings = {f"p{i}": Standing(player=f"p{i}", rating=rng.uniform(1000, 2000))
                 for i in range(args.players)}
    slowest = 0.0
    for rnd in range(args.rounds):
        start = time.perf_counter()
        result = swiss_round(list(standings.values()), args.table_size, rnd)
        took = time.perf_counter() - start
        slowest = max(slowest, took)
        met = {p: frozenset(s.opponents) for p, s in standings.items()}
        print(f"round {rnd + 1}: {took * 1000:.1f} ms, {len(result.tables)} tables, "
              f"{len(result.byes)} byes, {repeats(result.tables, met)} repeats")
        standings = play(standings, result, rng)
    # the hard case: the lowest-ranked players all met each other (search, then swaps)
    names = [f"p{i:03d}" for i in range(args.players)]
    low = set(names[-8:])
    hard = [Standing(player=p, points=float(args.players - i),
                     opponents=tuple(sorted(low - {p})) if p in low else ()) for i, p in enumerate(names)]
    start = time.perf_counter()
    result = swiss_round(hard, args.table_size, 0)
    took = time.perf_counter() - start
    slowest = max(slowest, took)
    met = {s.player: frozenset(s.opponents) for s in hard}
    print(f"last 8 all met: {took * 1000:.1f} ms, {repeats(result.tables, met)} repeats")
    print(f"slowest round: {slowest * 1000:.1f} ms (goal: under 1000 ms)")


if __name__ == "__main__":
    main()
