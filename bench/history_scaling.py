"""Flat costs as a game grows (issue 14, point 3): the match page, a history page, the replay
page, a replay step and one action, at 10, 500 and 5,000 moves.

Run (PostgreSQL on 127.0.0.1)::

    .venv/bin/python bench/history_scaling.py [--sizes 10,500,5000] [--rounds 15]
        [--database-url postgres://postgres@127.0.0.1:5432/hexagora_scaling]

What it does:

1. creates the database of ``--database-url`` if missing (default ``hexagora_scaling``, never
   the development or test database; ``BENCH_DATABASE_URL`` overrides) and migrates it; runs
   with ``DEBUG`` off and database connections kept (``CONN_MAX_AGE`` 60), as a server does;
   the channel layer and cache are in-process (no Redis needed);
2. for each size, a 4-seat Hexfolk match (4 people, victory points 15) is started through
   the services and given that many moves: random legal moves from a fixed seed that never
   end the game (a move that would win is passed over), applied by the engine and stored as
   ``MoveRecord`` rows exactly as ``submit_action`` stores them (so the match replays);
3. in ``--rounds`` rounds, alternating the sizes (so the machine's load hits all alike), it
   measures through Django's test client, signed in as seat 0's player: the match page, the
   history API's latest page (``before``) and its first page, 10 entries each (the smallest
   match has no more, and a page's cost does not depend on its depth), and one action
   (``submit_action`` of a legal move of the seat to act, which also adds a move);
4. then marks each match finished (its state is the last step: the replay checks it) and
   measures the first replay page (which stores the checkpoints once), then in rounds the
   replay page, one step (as seat 1 saw it) and a window (``replay/steps/``, 10 steps from a
   random start, as js/replay.js asks), the cache emptied first.

Prints, per size, the median time (ms) and size (bytes as sent, gzip; and uncompressed) of
each, and the ratio of the largest size's figures to the smallest's (goal: within 1.5x).
Results go in docs/performance.md, "History and replay scaling".
"""
from __future__ import annotations

import argparse
import gzip
import os
import random
import socket
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hexagora_scaling"
SIZES = (10, 500, 5000)
ROUNDS = 15
SEED = 14
SEATS = 4
GOAL = 1.5
WINDOW = 10  # steps per replay request, as js/replay.js asks
PAGE = 10  # history entries per page: as many as the smallest match has, so pages compare
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip"}


def reachable(url: str, default_port: int) -> bool:
    """Does something listen at the host and port of ``url``?"""
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or default_port), timeout=2):
            return True
    except OSError:
        return False


def database_create(url: str) -> None:
    """Creates the database named in ``url`` unless it exists (connecting to ``postgres``)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    scheme = "postgresql" if parts.scheme == "postgres" else parts.scheme
    with psycopg.connect(urlunsplit((scheme, parts.netloc, "/postgres", "", "")), autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
            print(f"created database {name}")


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", default=",".join(map(str, SIZES)), help="moves per match, comma-separated")
    p.add_argument("--rounds", type=int, default=ROUNDS)
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    args = p.parse_args(argv)
    args.sizes = [int(x) for x in args.sizes.split(",")]
    return args


def match_build(size: int, users: list):
    """A started 4-seat Hexfolk match of ``users`` with ``size`` moves stored."""
    from django.db import transaction

    from gameplatform.matches import services
    from gameplatform.matches.models import Match, MoveRecord
    from gameplatform.tenants.selectors import tenant_default
    from games.registry import get_engine

    tenant = tenant_default()
    match = services.match_create(tenant=tenant, user=users[0], game="hexfolk", seats=SEATS,
                                  options={"victory_points": 15}, title=f"Scaling {size}")
    for user in users[1:]:
        services.match_join(tenant=tenant, user=user, match_id=match.pk)
    match = services.match_start(tenant=tenant, user=users[0], match_id=match.pk)
    engine = get_engine("hexfolk")
    state = engine.decode(match.state)
    rng = random.Random(SEED + size)
    records, seq = [], match.version
    while len(records) < size:  # random legal moves that never end the game
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        rng.shuffle(legal)
        for action in legal:
            new, events = engine.apply(state, seat, action)
            if engine.result(new) is None:
                break
        seq += 1
        records.append(MoveRecord(match=match, seq=seq, seat=seat, action=action, events=list(events)))
        state = new
    with transaction.atomic():
        MoveRecord.objects.bulk_create(records, batch_size=500)
        Match.unscoped.filter(pk=match.pk).update(state=engine.encode(state), version=seq, to_act_since=seq)
    return Match.unscoped.get(pk=match.pk)


def users_make(prefix: str) -> list:
    from accounts.models import User
    from gameplatform.tenants.models import Membership
    from gameplatform.tenants.selectors import tenant_default

    tenant = tenant_default()
    out = []
    for i in range(SEATS):
        user, created = User.objects.get_or_create(username=f"{prefix}{i}", defaults={"email": f"{prefix}{i}@example.org"})
        if created:
            user.set_unusable_password()
            user.save()
        Membership.objects.get_or_create(user=user, tenant=tenant)
        out.append(user)
    return out


def timed_get(client, path: str) -> tuple[float, int, int]:
    """(ms, bytes sent with gzip, bytes uncompressed) of one GET."""
    started = time.perf_counter()
    response = client.get(path, **GZIP)
    ms = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, (path, response.status_code, response.content[:300])
    sent = len(response.content)
    raw = len(gzip.decompress(response.content)) if response.get("Content-Encoding") == "gzip" else sent
    return ms, sent, raw


def action_once(match_id: int, users: list) -> float:
    """ms of one ``submit_action`` of a legal move of the seat to act (by its person)."""
    from gameplatform.matches import services
    from gameplatform.matches.models import Match
    from gameplatform.tenants.selectors import tenant_default
    from games.registry import get_engine

    engine = get_engine("hexfolk")
    match = Match.unscoped.get(pk=match_id)
    state = engine.decode(match.state)
    seat = engine.to_act(state)[0]
    legal = engine.legal_actions(state, seat)
    action = next((a for a in legal if engine.result(engine.apply(state, seat, a)[0]) is None), legal[0])
    started = time.perf_counter()
    services.submit_action(match_id=match_id, tenant=tenant_default(), user=users[seat], action=action,
                           expected_version=match.version)
    return (time.perf_counter() - started) * 1000


def median_of(samples: list[tuple]) -> tuple:
    return tuple(statistics.median(column) for column in zip(*samples, strict=True))


def report(rows: dict, sizes: list[int]) -> bool:
    """Prints the table; True when the largest size is within GOAL of the smallest everywhere."""
    small, large = sizes[0], sizes[-1]
    ok = True
    head = f"{'measure':32s}" + "".join(f"{n:>9d} moves          " for n in sizes) + f"  {large}/{small}"
    print(head)
    for name, by_size in rows.items():
        cells = []
        for n in sizes:
            ms, sent, raw = by_size[n]
            cells.append(f"{ms:7.1f} ms {sent:>7,d} B {raw:>8,d} B" if sent else f"{ms:7.1f} ms {'':>20s}")
        ratio_t = by_size[large][0] / by_size[small][0]
        ratio_b = (by_size[large][1] / by_size[small][1]) if by_size[small][1] else 1.0
        flag = "" if max(ratio_t, ratio_b) <= GOAL else "  OVER"
        ok = ok and not flag
        print(f"{name:32s}" + "  ".join(cells) + f"  time {ratio_t:.2f}x, bytes {ratio_b:.2f}x{flag}")
    return ok


def main(argv=None) -> int:
    args = parse_args(argv)
    if not reachable(args.database_url, 5432):
        print(f"bench/history_scaling.py needs PostgreSQL at {args.database_url}: not reachable, nothing measured (skipped).")
        return 0
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "gameplatform.settings", "DATABASE_URL": args.database_url, "REDIS_URL": "",
        "DEBUG": "false", "CONN_MAX_AGE": "60", "EMBEDDED_WORKER": "false", "LOG_LEVEL": "WARNING",
    })
    database_create(args.database_url)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from gameplatform.matches.models import Match

    call_command("migrate", verbosity=0, interactive=False)
    tag = f"scale{os.getpid()}-"
    users = users_make(tag)
    client = Client()
    client.force_login(users[0])
    sizes = sorted(args.sizes)
    matches = {}
    for n in sizes:
        started = time.perf_counter()
        matches[n] = match_build(n, users)
        print(f"match {matches[n].pk}: {n} moves stored in {time.perf_counter() - started:.1f} s")

    live = {"match page": {}, "history page (latest)": {}, "history page (first)": {}, "one action": {}}
    samples = {name: {n: [] for n in sizes} for name in live}
    for r in range(args.rounds + 2):  # two rounds to warm up, not counted
        for n in sizes:
            m = matches[n]
            got = {
                "match page": timed_get(client, f"/matches/{m.pk}/"),
                "history page (latest)": timed_get(client, f"/api/v1/matches/{m.pk}/history/?limit={PAGE}&before={2**31 - 1}"),
                "history page (first)": timed_get(client, f"/api/v1/matches/{m.pk}/history/?limit={PAGE}"),
                "one action": (action_once(m.pk, users), 0, 0),
            }
            if r >= 2:
                for name, value in got.items():
                    samples[name][n].append(value)
    for name in live:
        for n in sizes:
            live[name][n] = median_of(samples[name][n])

    for n in sizes:  # finished, so that it has a replay (its last step is its state)
        Match.unscoped.filter(pk=matches[n].pk).update(status=Match.Status.FINISHED, deadline=None, bot_due_at=None)
    first = {}
    for n in sizes:
        first[n] = timed_get(client, f"/matches/{matches[n].pk}/replay/")
    steps = {n: matches[n].moves.count() + 1 for n in sizes}
    rng = random.Random(SEED)
    replay = {"replay page": {}, "replay step (1 step)": {}, f"replay window ({WINDOW} steps)": {}}
    rsamples = {name: {n: [] for n in sizes} for name in replay}
    for r in range(args.rounds + 2):
        for n in sizes:
            m = matches[n]
            start = rng.randrange(max(1, steps[n] - WINDOW + 1))
            cache.clear()  # the window as its first viewer gets it: not from the cache
            got = {"replay page": timed_get(client, f"/matches/{m.pk}/replay/"),
                   "replay step (1 step)": timed_get(
                       client, f"/api/v1/matches/{m.pk}/replay/steps/?start={start + WINDOW - 1}&viewer=1"),
                   f"replay window ({WINDOW} steps)": timed_get(
                       client, f"/api/v1/matches/{m.pk}/replay/steps/?start={start}&count={WINDOW}")}
            if r >= 2:
                for name, value in got.items():
                    rsamples[name][n].append(value)
    for name in replay:
        for n in sizes:
            replay[name][n] = median_of(rsamples[name][n])

    print()
    print(f"medians of {args.rounds} alternating rounds; bytes: as sent (gzip), then uncompressed")
    ok = report({**live, **replay}, sizes)
    print()
    print("first replay request of a finished match (stores its checkpoints once): "
          + ", ".join(f"{n} moves {first[n][0]:.0f} ms" for n in sizes))
    print(f"goal: every figure at {sizes[-1]} moves within {GOAL}x of {sizes[0]}: {'met' if ok else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
