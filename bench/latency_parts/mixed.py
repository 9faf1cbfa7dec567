"""The mixed run of ``bench/latency.py --games mixed`` (issue 29, point 5): the matches of
every game at once, each seat played by its game's takeover bot (the strongest level, slow
ones included), and how long each bot turn took from its start to its commit.

A bot's turn starts when the move before it commits and is due ``BOT_DELAY_SECONDS`` later;
its *lag* is what it took beyond that delay: the claim's wait, the bot's thinking, the move.
"""
from __future__ import annotations

import copy
from collections import defaultdict

from bench.latency_parts.figures import percentile
from bench.latency_parts.tables import Table, tables_create

MIXED = "mixed"


def tables_create_mixed(run) -> tuple[list[Table], dict[int, str]]:
    """``run.matches`` matches shared evenly between the registered games (the first games
    get the remainder), set up as ``tables_create`` does; returns them and each match's game."""
    from games import registry

    games = registry.slugs()
    tables: list[Table] = []
    game_of: dict[int, str] = {}
    for i, game in enumerate(games):
        part = copy.copy(run)
        part.matches = run.matches // len(games) + (1 if i < run.matches % len(games) else 0)
        if not part.matches:
            continue
        made = tables_create(part, game, keep=i > 0)
        tables.extend(made)
        game_of.update({t.match_id: game for t in made})
    return tables, game_of


def turn_lags(records: dict[tuple[int, int], float], game_of: dict[int, str], bot_delay: float) -> dict:
    """Per game and for all: ``{"n", "p50", "p95", "max"}`` of the lags in ms (module
    docstring) of consecutive moves ``(match, version)`` -> commit time in Unix seconds."""
    by_match: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for (match_id, version), created in records.items():
        by_match[match_id].append((version, created))
    lags: dict[str, list[float]] = defaultdict(list)
    for match_id, moves in by_match.items():
        moves.sort()
        for (_, before), (_, after) in zip(moves, moves[1:], strict=False):
            lag = (after - before - bot_delay) * 1000
            lags[game_of.get(match_id, "?")].append(lag)
            lags["all"].append(lag)
    return {game: {"n": len(v), "p50": round(percentile(v, 50), 1), "p95": round(percentile(v, 95), 1),
                   "max": round(max(v), 1)} for game, v in sorted(lags.items()) if v}


def report(lags: dict, bot_delay: float) -> None:
    """Prints ``turn_lags``' figures."""
    print(f"  bot turns, from due ({bot_delay:g} s after the move before) to commit, ms:")
    for game, f in lags.items():
        print(f"    {game:16} n {f['n']:6}  p50 {f['p50']:8.1f}  p95 {f['p95']:8.1f}  max {f['max']:8.1f}")
