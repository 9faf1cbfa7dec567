"""A tournament round at scale (issue 28, point 8): "a 256-player correspondence Swiss of 4-player
Hexfolk runs its pairing, match creation and alerts for one round in under 10 s of worker time".

Run (PostgreSQL on 127.0.0.1)::

    .venv/bin/python bench/tournament_round.py [--players 256] [--repeat 3]
        [--database-url postgres://postgres@127.0.0.1:5432/hexagora_scaling]

What it does, ``--repeat`` times: creates 256 members and a correspondence Swiss (3 days per
move, 4-player Hexfolk tables, start when full) in a fresh community, registers them, then times
what the worker does (``lifecycle.advance``, one transaction each):

1. the start: ratings read, round 1 paired (64 tables), 64 matches created and started through
   the lobby's start (``engine.setup``, seeds, clocks, "your turn" alerts in the transaction
   and the after-commit work: broadcasts, timers, mails queued);
2. round 2: every round-1 table is given a finishing order (as if its match had ended), then
   one ``advance`` decides the 64 tables, pairs round 2 by the standings (no repeat meeting)
   and starts its 64 matches.

The channel layer and cache are in-process and Celery's broker is in memory (no Redis needed),
so what is timed is the worker's own work. Prints each repeat's seconds and the median; results
go in docs/performance.md, "Tournament round at scale".
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.history_scaling import DEFAULT_DATABASE_URL, database_create, reachable  # noqa: E402

GOAL_SECONDS = 10.0


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=256)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    return p.parse_args(argv)


def one_run(players: int, tag: str) -> tuple[float, float]:
    """Seconds of ``advance`` for round 1 (the start) and round 2."""
    from django.db import transaction

    from accounts.models import User
    from gameplatform.matches.models import Match
    from gameplatform.tenants.models import Membership, Tenant
    from gameplatform.tournaments import lifecycle, services
    from gameplatform.tournaments.models import TournamentRound

    tenant = Tenant.objects.create(slug=tag, name=tag, is_open=True)
    owner = User.objects.create_user(username=f"{tag}-owner", password="x-not-used-9")
    Membership.objects.create(user=owner, tenant=tenant, role=Membership.Role.OWNER)
    people = User.objects.bulk_create([User(username=f"{tag}-{i}", password="!") for i in range(players)])
    Membership.objects.bulk_create([Membership(user=u, tenant=tenant) for u in people])
    tournament = services.tournament_create(
        tenant=tenant, user=owner, name="Scale", game="hexfolk", table_size=4, rounds=3, time_control="correspondence",
        days_per_move=3, start_when_full=True, max_players=players)
    for person in people:
        services.tournament_register(tenant=tenant, user=person, tournament_id=tournament.pk)
    started = time.perf_counter()
    lifecycle.advance(tournament.pk)
    first = time.perf_counter() - started
    rng = random.Random(28)
    with transaction.atomic():
        rnd = TournamentRound.objects.get(tournament=tournament, number=1)
        for table in rnd.tables.all():
            ranks = list(range(1, len(table.players) + 1))
            rng.shuffle(ranks)
            Match.unscoped.filter(pk=table.match_id).update(status=Match.Status.FINISHED,
                                                            result={"ranks": ranks, "scores": ranks, "winners": []})
    started = time.perf_counter()
    lifecycle.advance(tournament.pk)
    second = time.perf_counter() - started
    assert TournamentRound.objects.get(tournament=tournament, number=2).tables.count() == players // 4
    return first, second


def main(argv=None) -> int:
    args = parse_args(argv)
    if not reachable(args.database_url, 5432):
        print(f"bench/tournament_round.py needs PostgreSQL at {args.database_url}: not reachable (skipped).")
        return 0
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "gameplatform.settings", "DATABASE_URL": args.database_url, "REDIS_URL": "",
        "DEBUG": "false", "CONN_MAX_AGE": "60", "EMBEDDED_WORKER": "false", "LOG_LEVEL": "WARNING",
    })
    database_create(args.database_url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    firsts, seconds = [], []
    for i in range(args.repeat):
        first, second = one_run(args.players, f"t{os.getpid()}-{i}")
        firsts.append(first)
        seconds.append(second)
        print(f"run {i + 1}: round 1 (start) {first:.2f} s, round 2 {second:.2f} s")
    print(f"median: round 1 {statistics.median(firsts):.2f} s, round 2 {statistics.median(seconds):.2f} s "
          f"({args.players} players, {args.players // 4} tables a round; goal under {GOAL_SECONDS:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
