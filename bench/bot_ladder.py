"""Every game's bot levels rated against each other (issue 30, point 2): a ladder with measured
strengths, the numbers the lobby and the rules pages show.

Run: ``.venv/bin/python bench/bot_ladder.py [--games N] [--game SLUG ...] [--players N ...]
[--processes P] [--seed S] [--write]`` (default 1,000 matches per game and player count, every game, 2
processes, seed 1). Each match seats a level drawn at random in every seat (at least two
different levels at the table), no teams, and plays it to the end through the engine, each bot
deciding from its seat's view and legal actions only, as on the site. The matches are then
rated in their order with OpenSkill's Plackett-Luce model, as people's matches are
(``gameplatform.ratings.skill``: each seat an entry starting from its level's current skill;
a level's mu moves by the sum of its seats' changes, its sigma is their mean), and shown on the people's scale
(``40 * (mu - 3 sigma) + 1000``). For each pair of neighbouring levels the margin is how often
the upper level's best seat finished ahead of the lower level's best seat at the tables they
shared (ties count half). ``--write`` stores the ladder in ``games/ladder.json``
(``games.ladder``), which the lobby and the rules pages read; figures go in
docs/performance.md with the machine's load. Not part of ``make test``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from gameplatform.ratings import skill  # noqa: E402  (pure Python: OpenSkill only)
from games.ladder import LADDER_PATH, USUAL_PLAYERS  # noqa: E402
from games.protocol import SeatSpec  # noqa: E402
from games.registry import get_engine, slugs  # noqa: E402

MAX_ACTIONS = 20_000  # a match still going after this many actions is counted as unfinished


def seat_levels(kinds: list[str], players: int, rng: random.Random) -> list[str]:
    """A level per seat, drawn at random, with at least two different levels at the table."""
    while True:
        levels = [rng.choice(kinds) for _ in range(players)]
        if len(set(levels)) > 1:
            return levels


def play_match(job: tuple[str, int, int]) -> dict:
    """One match ``(game, players, seed)`` played to its end by bots of random levels:
    ``{"levels": [...], "ranks": [...] | None, "seconds": {kind: [decision seconds]}}``."""
    slug, players, seed = job
    rng = random.Random(seed)
    engine = get_engine(slug)
    factories = engine.bots()
    levels = seat_levels(list(factories), players, rng)
    bots = [factories[kind]() for kind in levels]
    state = engine.setup({}, [SeatSpec()] * players, rng.randrange(2**62))
    seconds: dict[str, list[float]] = {kind: [] for kind in factories}
    for _ in range(MAX_ACTIONS):
        result = engine.result(state)
        if result is not None:
            return {"levels": levels, "ranks": list(result.ranks), "seconds": seconds}
        acted = False
        for seat in engine.to_act(state):
            legal = engine.legal_actions(state, seat)
            if not legal:
                continue
            started = time.process_time()
            action = bots[seat].choose(engine.view(state, seat), legal, rng)
            seconds[levels[seat]].append(time.process_time() - started)
            if action is None:
                continue
            state, _ = engine.apply(state, seat, action)
            acted = True
            break
        if not acted:
            break
    return {"levels": levels, "ranks": None, "seconds": seconds}


def rate_levels(matches: list[dict], kinds: list[str]) -> dict[str, skill.Skill]:
    """Each level's skill after rating ``matches`` in order (module docstring)."""
    levels = {kind: skill.Skill() for kind in kinds}
    for match in matches:
        if match["ranks"] is None:
            continue
        entries = [skill.Entry(key=seat, side=seat, rank=rank, skill=levels[kind])
                   for seat, (kind, rank) in enumerate(zip(match["levels"], match["ranks"], strict=True))]
        new = skill.rate(entries)
        for kind in set(match["levels"]):
            seats = [new[seat] for seat, k in enumerate(match["levels"]) if k == kind]
            # The seats' changes of mu added up (a mean would let three seats of one level
            # that lose to one of another lose a third as much as that one gains: the scale
            # would drift upward with every table of repeated levels).
            mu = levels[kind].mu + sum(s.mu - levels[kind].mu for s in seats)
            levels[kind] = skill.Skill(mu, sum(s.sigma for s in seats) / len(seats))
    return levels


def margin(matches: list[dict], upper: str, lower: str) -> dict:
    """How often ``upper``'s best seat finished ahead of ``lower``'s (ties half), over the
    finished matches where both sat: ``{"upper", "lower", "wins", "games"}``."""
    score, games = 0.0, 0
    for match in matches:
        if match["ranks"] is None or upper not in match["levels"] or lower not in match["levels"]:
            continue
        best = {k: min(r for lv, r in zip(match["levels"], match["ranks"], strict=True) if lv == k) for k in (upper, lower)}
        score += 1.0 if best[upper] < best[lower] else 0.5 if best[upper] == best[lower] else 0.0
        games += 1
    return {"upper": upper, "lower": lower, "wins": round(score / games, 3) if games else None, "games": games}


def ladder_of(slug: str, players: int, games: int, seed: int, processes: int) -> dict:
    """The ladder of ``slug`` at ``players`` seats from ``games`` matches (module docstring)."""
    kinds = list(get_engine(slug).bots())
    rng = random.Random(f"{seed}:{slug}:{players}")
    jobs = [(slug, players, rng.randrange(2**62)) for _ in range(games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(processes) as pool:
        matches = list(pool.map(play_match, jobs, chunksize=4))
    levels = rate_levels(matches, kinds)
    order = sorted(kinds, key=lambda k: levels[k].display, reverse=True)
    decisions = {k: sorted(s for m in matches for s in m["seconds"][k]) for k in kinds}
    return {
        "players": players, "games": games, "finished": sum(m["ranks"] is not None for m in matches),
        "seconds": round(time.perf_counter() - started, 1),
        "levels": {k: {"rating": levels[k].display, "mu": round(levels[k].mu, 3), "sigma": round(levels[k].sigma, 3),
                       "decision_ms_p50": _ms(decisions[k], 0.5), "decision_ms_p95": _ms(decisions[k], 0.95)}
                   for k in kinds},
        "order": order,
        "margins": [margin(matches, a, b) for a, b in zip(order, order[1:], strict=False)],
    }


def _ms(values: list[float], q: float) -> float | None:
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 2) if values else None


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", action="append", choices=slugs())
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (the others already stored are kept)")
    parser.add_argument("--write", action="store_true", help=f"store the ladder in {LADDER_PATH}")
    args = parser.parse_args(argv)
    out = json.loads(LADDER_PATH.read_text()) if args.write and LADDER_PATH.exists() else {}
    for slug in args.game or slugs():
        kept = {ladder["players"]: ladder for ladder in out.get(slug, [])}
        for n in USUAL_PLAYERS[slug]:
            if args.players and n not in args.players:
                continue
            kept[n] = ladder_of(slug, n, args.games, args.seed, args.processes)
            print(slug, json.dumps(kept[n]), flush=True)
        out[slug] = [kept[n] for n in sorted(kept)]
    if args.write:
        LADDER_PATH.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    return out


if __name__ == "__main__":
    main()
