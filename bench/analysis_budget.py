"""What the analysis after a game does within its budget (issue 30, point 3: "a budget per
match (stated; at most a few minutes of worker time for a long Hexfolk game)").

Run: ``.venv/bin/python bench/analysis_budget.py [--budget SECONDS] [--game SLUG ...]
[--players N] [--seed S]`` (default the site's 120 s, every game, 4 players (2 for Hexal), seed 1). For each
game: a match played to its end with seat 0 by the game's weakest level above random (else
random: a beginner) and the other seats by the strongest, then seat 0's decisions analysed as
the background task does (``games.analysis``: slices of 5 s, the work carried between them as
JSON), on one core. Prints the decisions, the play-outs run, the seconds spent, how many
decisions got their first look within the first pass, the marks and the costliest steps.
Figures go in docs/performance.md with the machine's load. Not part of ``make test``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games import analysis  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402
from games.registry import get_engine, slugs  # noqa: E402

SLICE_SECONDS = 5.0


def played_match(slug: str, players: int, seed: int) -> tuple[object, list[tuple[int, dict, bool]]]:
    """``(setup state, records)`` of a match played to its end by bots (module docstring)."""
    engine = get_engine(slug)
    kinds = list(engine.bots())
    learner = kinds[1] if len(kinds) > 2 else kinds[0]
    rng = random.Random(seed)
    state = start = engine.setup({}, [SeatSpec()] * players, rng.randrange(2**62))
    bots = [engine.bots()[learner if seat == 0 else kinds[-1]]() for seat in range(players)]
    records: list[tuple[int, dict, bool]] = []
    while engine.result(state) is None and len(records) < 20_000:
        for seat in engine.to_act(state):
            action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
            if action is not None:
                records.append((seat, action, True))
                state, _ = engine.apply(state, seat, action)
                break
        else:
            break
    return start, records


def measure(slug: str, players: int, budget: float, seed: int) -> dict:
    """One game's figures (module docstring)."""
    engine = get_engine(slug)
    start, records = played_match(slug, players, seed)
    decisions = analysis.decisions_of(engine, start, records, 0)
    spent, done, slices, wall = 0.0, False, 0, time.perf_counter()
    while not done:
        carried = [json.loads(json.dumps(d.work())) for d in decisions]
        decisions = analysis.decisions_of(engine, start, records, 0)
        for d, work in zip(decisions, carried, strict=True):
            d.resume(work)
        spent, done = analysis.analyse(engine, decisions, 0, budget=budget, spent=spent, seed=seed,
                                       until=time.monotonic() + SLICE_SECONDS)
        slices += 1
    report = analysis.report(decisions, seconds=spent)
    rows = report["decisions"]
    return {"game": slug, "players": players, "moves": len(records), "decisions": len(rows),
            "differ": sum(not r["same"] for r in rows), "playouts": report["playouts"],
            "seconds": report["seconds"], "wall": round(time.perf_counter() - wall, 1), "slices": slices,
            "mistakes": sum(r["mark"] == "mistake" for r in rows), "blunders": sum(r["mark"] == "blunder" for r in rows),
            "costliest": [(k, next(r["loss"] for r in rows if r["step"] == k)) for k in report["costliest"]]}


def main(argv: list[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--game", action="append", choices=slugs())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out = []
    for slug in args.game or slugs():
        players = min(max(args.players, get_engine(slug).min_seats), get_engine(slug).max_seats)
        if slug == "hexal":
            players = 2
        out.append(measure(slug, players, args.budget, args.seed))
        print(json.dumps(out[-1]), flush=True)
    return out


if __name__ == "__main__":
    main()
