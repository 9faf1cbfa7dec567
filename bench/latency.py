"""Platform latency: from an accepted action to every seat's socket receiving it.

Goal (issue point 15): with Daphne, Redis, PostgreSQL and a Celery worker on one machine,
100 concurrent bot matches keep the time from an accepted action to every seat's socket
receiving it under 50 ms at the 95th percentile.

Run (PostgreSQL and Redis on 127.0.0.1)::

    .venv/bin/python bench/latency.py [--matches 100] [--seconds 60] [--bot-delay 1.0]
        [--workers 1] [--pool prefork] [--concurrency 2] [--conn-max-age 60] [--channel-layer pubsub]
        [--database-url postgres://postgres@127.0.0.1:5432/hexagora_bench]
        [--redis-url redis://127.0.0.1:6379/0] [--json results.json] [--raw arrivals.json] [--trace]

What it does, all on loopback, stopping everything it started at the end:

1. creates the database of ``--database-url`` if missing (default ``hexagora_bench``, never
   the development or test database; ``BENCH_DATABASE_URL`` overrides) and migrates it;
2. makes ``4 x matches`` players of the default community, a signed-in session for each
   (``SessionStore``, as a login would), and ``matches`` open 4-seat Hextopia matches, one
   player per seat, every seat handed to the heuristic takeover bot (``Seat.bot_takeover``),
   unlimited turn time. So bots play every move while each seat has its owner's socket: the
   broadcast sends one ``state`` per seat (an all-bot table has no seat sockets at all);
3. starts Daphne and ``--workers`` Celery workers (default: one prefork worker with two
   processes, which keeps every bot on its pace; two ``-P solo`` workers use less CPU per
   task but, each holding its own share of the countdown tasks, start many of them late) on
   a queue and channel prefix of this run only, with ``BOT_DELAY_SECONDS =
   --bot-delay`` (default 1.0 s, the site's own pace, so all matches run at once),
   ``CONN_MAX_AGE = --conn-max-age`` (default 60 s: database connections kept, as a
   deployment sets it) and ``CHANNEL_LAYER = --channel-layer`` (the settings' default,
   ``pubsub``);
4. connects one WebSocket per seat (session cookie and Origin like a browser; the
   ``websockets`` package), starts the matches spread over one bot delay, and for
   ``--seconds`` records, per socket, when each ``state`` version arrives (wall clock);
5. reads each action's ``MoveRecord.created_at`` (stamped in the action's transaction, just
   before its commit; same machine, same clock) and reports, for the actions committed after
   a warm-up and early enough for their messages to arrive, the delay to the slowest of the
   four seats (the goal's "every seat") and to each seat (p50/p95/p99/max, milliseconds), the
   deliveries missed (a message more than 2 s late counts as missed), the action rate beside
   the pace's ceiling (matches / bot delay: below it, bot turns started late), the CPU time
   each process used, and the whole machine's (every process, other users' too).

``--trace`` also says where the time goes: the services then load
``bench/latency_trace/sitecustomize.py``, which stamps each broadcast in the worker (messages
built, handed to the channel layer, sent) and each message a Daphne consumer forwards, and
the report splits the delay into those legs (it adds a little work to each, so take the
headline figures from a run without it).

Needs PostgreSQL and Redis: without them it says so and exits 0 (``make bench`` runs every
script, also on a machine that has neither). Results go in docs/performance.md, "Platform
latency".
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_P95_MS = 50.0
# The start of a state message as the consumer sends it: {"type": "state", **snapshot}.
STATE_HEAD = re.compile(r'\{"type": "state", "match": \d+, "version": (\d+),')
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hexagora_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
TITLE = "latency bench"
SEATS = 4
WARMUP_SECONDS = 5.0  # actions before this (connect storms, first deals) are not measured
DRAIN_SECONDS = 2.0  # actions in the last seconds may not have reached every socket yet
READY_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 20.0
CONNECT_CONCURRENCY = 25  # sockets opening at once (each costs Daphne a few queries)
LOG_DIR = ROOT / "var" / "bench-latency"
# CPU figures that are not this run's alone.
SHARED_POSTGRES = "PostgreSQL server (shared)"
SHARED_REDIS = "Redis server (shared)"
MACHINE = "machine, every process"
TRACE_DIR = ROOT / "bench" / "latency_trace"
TRACE_PREFIX = LOG_DIR / "trace"


# --- settings of this run -----------------------------------------------------------------


@dataclass
class Run:
    """The options, and what this run started."""

    matches: int
    seconds: float
    bot_delay: float
    workers: int
    pool: str
    concurrency: int
    conn_max_age: int
    channel_layer: str
    database_url: str
    redis_url: str
    json_path: str | None
    raw_path: str | None = None
    trace: bool = False
    postgres_pid: int | None = None
    load_before: tuple = ()
    tag: str = field(default_factory=lambda: f"bench-{os.getpid()}")
    port: int = 0
    processes: dict[str, subprocess.Popen] = field(default_factory=dict)

    @property
    def env(self) -> dict[str, str]:
        """The environment of this process and of every service it starts."""
        env = {
            "DJANGO_SETTINGS_MODULE": "gameplatform.settings",
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "CHANNEL_PREFIX": self.tag,
            "CELERY_QUEUE": self.tag,
            "BOT_DELAY_SECONDS": str(self.bot_delay),
            "CONN_MAX_AGE": str(self.conn_max_age),
            "CHANNEL_LAYER": self.channel_layer,
            "EMBEDDED_WORKER": "false",
            "DEBUG": "false",  # DEBUG keeps every query in memory: not how a server runs
            "ALLOWED_HOSTS": "127.0.0.1",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
        if self.trace:
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TRACE_DIR), os.environ.get("PYTHONPATH", "")) if p)
            env["HEXAGORA_LATENCY_TRACE"] = str(TRACE_PREFIX)
        return env


def parse_args(argv=None) -> Run:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--seconds", type=float, default=60.0, help="measuring time after the matches start")
    p.add_argument("--bot-delay", type=float, default=1.0, help="BOT_DELAY_SECONDS of the server (the site's 1.0)")
    p.add_argument("--workers", type=int, default=1, help="Celery worker processes")
    p.add_argument("--pool", default="prefork", help="Celery pool of each worker (prefork, solo, threads)")
    p.add_argument("--concurrency", type=int, default=2, help="pool size of each worker")
    p.add_argument("--conn-max-age", type=int, default=60, help="CONN_MAX_AGE of the services (seconds)")
    p.add_argument("--channel-layer", default="pubsub", choices=("pubsub", "core"),
                   help="CHANNEL_LAYER of the services (channels-redis Pub/Sub or sorted-set layer)")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    p.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    p.add_argument("--json", dest="json_path", help="also write the figures to this JSON file")
    p.add_argument("--trace", action="store_true", help="split the delay into its legs (see above)")
    p.add_argument("--raw", dest="raw_path", help="write every action's commit stamp and arrival per seat "
                   "([match, version, created, [arrival or null per seat]], Unix seconds) for profiling")
    a = p.parse_args(argv)
    if a.matches < 1 or a.seconds <= WARMUP_SECONDS + DRAIN_SECONDS or a.bot_delay < 0:
        p.error(f"need --matches >= 1, --seconds > {WARMUP_SECONDS + DRAIN_SECONDS:g}, --bot-delay >= 0")
    return Run(matches=a.matches, seconds=a.seconds, bot_delay=a.bot_delay, workers=a.workers, pool=a.pool,
               concurrency=a.concurrency, conn_max_age=a.conn_max_age, channel_layer=a.channel_layer,
               database_url=a.database_url,
               redis_url=a.redis_url, json_path=a.json_path, raw_path=a.raw_path,
               trace=a.trace)


# --- services -----------------------------------------------------------------------------


def reachable(url: str, default_port: int) -> bool:
    """True when something listens at the URL's host and port."""
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
    admin = urlunsplit((parts.scheme.replace("postgres", "postgresql", 1) if parts.scheme == "postgres" else parts.scheme,
                        parts.netloc, "/postgres", "", ""))
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            conn.execute(f'CREATE DATABASE "{name}"')
            print(f"created database {name}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def service_start(run: Run, name: str, argv: list[str]) -> None:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **run.env}
    for key in ("PYTEST_CURRENT_TEST", "SQLITE_TEST_NAME"):
        env.pop(key, None)
    with open(LOG_DIR / f"{name}.log", "w") as log:
        run.processes[name] = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                               stdin=subprocess.DEVNULL)


def services_start(run: Run) -> None:
    """Daphne on a free port and the Celery workers; waits until both answer."""
    from gameplatform.celery import app

    bin_dir = Path(sys.executable).parent
    run.port = free_port()
    names = []
    for i in range(run.workers):
        name = f"{run.tag}-w{i}@localhost"
        names.append(name)
        service_start(run, f"celery-{i}", [
            str(bin_dir / "celery"), "-A", "gameplatform", "worker", "-P", run.pool, "-c", str(run.concurrency),
            "-Q", run.tag, "-n", name, "--without-heartbeat", "--without-mingle", "--without-gossip",
            "-l", "WARNING",
        ])
    service_start(run, "daphne", [
        str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(run.port), "gameplatform.asgi:application",
    ])
    end = time.monotonic() + READY_TIMEOUT_SECONDS
    pending = set(names)
    http_ok = False
    while pending or not http_ok:
        for name, proc in run.processes.items():
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with {proc.returncode}; see {LOG_DIR / (name + '.log')}")
        if time.monotonic() > end:
            raise RuntimeError(f"services not ready within {READY_TIMEOUT_SECONDS} s (waiting for {pending or 'Daphne'})")
        if not http_ok:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{run.port}/accounts/login/", timeout=2) as r:
                    http_ok = r.status == 200
            except (urllib.error.URLError, OSError):
                pass
        if pending:
            for reply in app.control.ping(destination=sorted(pending), timeout=0.5) or []:
                pending -= set(reply)
        time.sleep(0.2)


def services_stop(run: Run) -> None:
    """SIGTERM every service (warm shutdown), then SIGKILL whatever lingers; then drop this
    run's queue and channel-layer keys from Redis."""
    for proc in run.processes.values():
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in run.processes.values():
        try:
            proc.wait(STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(STOP_TIMEOUT_SECONDS)
    try:
        import redis

        client = redis.Redis.from_url(run.redis_url)
        keys = list(client.scan_iter(match=f"{run.tag}*", count=1000))
        keys += list(client.scan_iter(match=f"_kombu.binding*.{run.tag}", count=1000))
        if keys:
            client.delete(*keys)
        client.close()
    except Exception as exc:  # the figures are still worth printing
        print(f"warning: could not clean Redis keys of {run.tag}: {exc}")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` and its reaped children, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    # fields[11:15] are utime, stime, cutime, cstime (stat fields 14-17)
    return sum(int(x) for x in fields[11:15]) / ticks


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of ``pid`` and its live children (a prefork worker's pool processes)."""
    total = process_cpu_seconds(pid)
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    return total + sum(process_cpu_seconds(int(c)) for c in children)


# --- data -----------------------------------------------------------------------------------


@dataclass
class Table:
    """One match: its id and, per seat, the owner's session key."""

    match_id: int
    sessions: list[str]


def tables_create(run: Run) -> list[Table]:
    """Players, sessions and open matches (see the module docstring); removes the matches of
    earlier runs first."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from gameplatform.matches import services
    from gameplatform.matches.models import Match, Seat
    from gameplatform.tenants.models import Membership
    from gameplatform.tenants.selectors import tenant_default

    Match.unscoped.filter(title=TITLE).delete()
    tenant = tenant_default()
    names = [f"bench-{i:04d}" for i in range(run.matches * SEATS)]
    existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    new = []
    for name in names:
        if name not in existing:
            user = User(username=name, email=f"{name}@bench.invalid")
            user.set_unusable_password()
            new.append(user)
    User.objects.bulk_create(new)
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    Membership.objects.bulk_create(
        [Membership(user=u, tenant=tenant, role=Membership.Role.PLAYER) for u in users.values()],
        ignore_conflicts=True,
    )
    sessions = {}
    for name, user in users.items():
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions[name] = store.session_key
    tables = []
    for m in range(run.matches):
        seat_users = [users[names[m * SEATS + i]] for i in range(SEATS)]
        match = services.match_create(tenant=tenant, user=seat_users[0], game="hextopia", seats=SEATS, title=TITLE)
        for i, user in enumerate(seat_users):
            Seat.objects.filter(match=match, index=i).update(user=user, bot_kind="", bot_takeover=True)
        tables.append(Table(match.pk, [sessions[u.username] for u in seat_users]))
    return tables


def tables_start(run: Run, tables: list[Table]) -> None:
    """Starts the matches, spread evenly over one bot delay so their bots do not move in step."""
    from gameplatform.matches import services
    from gameplatform.matches.models import Match
    from gameplatform.tenants.selectors import tenant_default

    tenant = tenant_default()
    gap = run.bot_delay / len(tables)
    for t in tables:
        creator = Match.unscoped.get(pk=t.match_id).created_by
        services.match_start(tenant=tenant, user=creator, match_id=t.match_id)
        time.sleep(gap)


def records_read(tables: list[Table]) -> dict[tuple[int, int], float]:
    """``(match_id, version) -> created_at`` (Unix seconds) of every MoveRecord."""
    from gameplatform.matches.models import MoveRecord

    rows = MoveRecord.objects.filter(match_id__in=[t.match_id for t in tables]).values_list(
        "match_id", "seq", "created_at"
    )
    return {(m, seq): created.timestamp() for m, seq, created in rows}


# --- sockets --------------------------------------------------------------------------------


@dataclass
class Receipts:
    """What the sockets got: ``(match_id, seat) -> {version: arrival (Unix seconds)}``."""

    arrivals: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    closed_early: int = 0
    wrong_seat: int = 0


async def seat_listen(run: Run, table: Table, seat: int, receipts: Receipts, ready: asyncio.Semaphore,
                      connected: asyncio.Event | None, stop: asyncio.Event) -> None:
    """One seat's socket: records each ``state`` version's arrival until ``stop``."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    url = f"ws://127.0.0.1:{run.port}/ws/matches/{table.match_id}/"
    got = receipts.arrivals.setdefault((table.match_id, seat), {})
    async with ready:
        ws = await connect(url, origin=f"http://127.0.0.1:{run.port}", proxy=None, compression=None,
                           additional_headers={"Cookie": f"sessionid={table.sessions[seat]}"},
                           max_size=2**22, max_queue=None, ping_interval=None)
    try:
        first = json.loads(await ws.recv())
        if first.get("type") != "state" or first.get("seat") != seat:
            receipts.wrong_seat += 1
        if connected is not None:
            connected.set()
        while True:  # until cancelled at the end of the run
            raw = await ws.recv()
            now = time.time()
            # The version is near the start of a state message: reading it from there spares
            # this process (which shares the machine with the services) parsing it all.
            head = STATE_HEAD.match(raw)
            if head is not None:
                got.setdefault(int(head.group(1)), now)
                continue
            msg = json.loads(raw)
            if msg.get("type") == "state":
                got.setdefault(msg["version"], now)
            elif msg.get("type") == "error":
                receipts.errors.append(f"{table.match_id}/{seat}: {msg.get('code')}")
    except asyncio.CancelledError:
        pass
    except ConnectionClosed:
        if not stop.is_set():
            receipts.closed_early += 1
    finally:
        await ws.close()


async def measure(run: Run, tables: list[Table]) -> tuple[Receipts, float, float, dict[str, float]]:
    """Connects every seat, starts the matches, listens ``run.seconds``. Returns the receipts,
    the Unix time the matches started and stopped being measured, and CPU seconds used."""
    receipts = Receipts()
    stop = asyncio.Event()
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    events = [asyncio.Event() for _ in range(len(tables) * SEATS)]
    tasks = [
        asyncio.create_task(seat_listen(run, t, s, receipts, gate, events[i * SEATS + s], stop))
        for i, t in enumerate(tables) for s in range(SEATS)
    ]
    waiting = asyncio.gather(*(e.wait() for e in events))
    # Returns once every socket has its first state, or as soon as one of them fails.
    await asyncio.wait([waiting, *tasks], timeout=READY_TIMEOUT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
    if not waiting.done():
        waiting.cancel()
        stop.set()
        failed = [t.exception() for t in tasks if t.done() and t.exception()]
        raise RuntimeError(f"sockets did not all connect: {failed[:3] or 'timeout'}")
    print(f"{len(tasks)} sockets connected; starting {len(tables)} matches")
    cpu0 = cpu_snapshot(run)
    started = time.time()
    await asyncio.to_thread(tables_start, run, tables)
    await asyncio.sleep(max(0.0, started + run.seconds - time.time()))
    ended = time.time()
    cpu1 = cpu_snapshot(run)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return receipts, started, ended, {k: cpu1[k] - cpu0[k] for k in cpu0}


def cpu_snapshot(run: Run) -> dict[str, float]:
    """CPU seconds so far: each service, this process, the PostgreSQL and Redis servers (with
    whatever else uses them) and the whole machine."""
    out = {name: tree_cpu_seconds(p.pid) for name, p in run.processes.items()}
    usage = os.times()
    out["bench client"] = usage.user + usage.system
    if run.postgres_pid is not None:
        out[SHARED_POSTGRES] = tree_cpu_seconds(run.postgres_pid)
    out[SHARED_REDIS] = redis_cpu_seconds(run.redis_url)
    out[MACHINE] = machine_busy_seconds()
    return out


def postgres_server_pid() -> int | None:
    """The PostgreSQL postmaster's pid (the parent of this connection's backend) when it runs
    on this machine and /proc shows it, else None."""
    from django.db import connection

    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
        return int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def redis_cpu_seconds(url: str) -> float:
    """The Redis server's CPU seconds (``INFO cpu``: user + system, with its children)."""
    try:
        import redis

        client = redis.Redis.from_url(url)
        info = client.info("cpu")
        client.close()
    except Exception:
        return float("nan")
    return sum(float(info.get(k, 0)) for k in ("used_cpu_user", "used_cpu_sys", "used_cpu_user_children",
                                               "used_cpu_sys_children"))


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine spent busy (/proc/stat: all but idle and iowait)."""
    try:
        ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return float("nan")
    # user nice system idle iowait irq softirq steal (guest time is already in user)
    return (sum(ticks[:8]) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


# --- figures --------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100), nearest-rank on sorted data."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def figures(run: Run, tables, receipts: Receipts, records, started: float, ended: float, cpu) -> dict:
    """Latency per action (slowest seat) and per delivery, in milliseconds, plus counts."""
    lo, hi = started + WARMUP_SECONDS, ended - DRAIN_SECONDS
    per_action, per_delivery = [], []
    expected = missing = 0
    for t in tables:
        seat_arrivals = [receipts.arrivals.get((t.match_id, s), {}) for s in range(SEATS)]
        for (mid, version), created in records.items():
            if mid != t.match_id or not lo <= created <= hi:
                continue
            delays = []
            for got in seat_arrivals:
                expected += 1
                if version in got:
                    delays.append((got[version] - created) * 1000)
                else:
                    missing += 1
            per_delivery.extend(delays)
            if len(delays) == SEATS:
                per_action.append(max(delays))
    in_window = sum(1 for created in records.values() if lo <= created <= hi)
    # CPU per action: the processes' CPU time while measuring over the actions in that time.
    during = sum(1 for created in records.values() if started <= created <= ended) or 1

    def stats(values):
        return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
                "p99": percentile(values, 99), "max": max(values, default=float("nan")),
                "mean": statistics.fmean(values) if values else float("nan")}

    return {
        "matches": run.matches, "seats": SEATS, "seconds": run.seconds, "bot_delay": run.bot_delay,
        "workers": run.workers, "pool": run.pool, "concurrency": run.concurrency,
        "conn_max_age": run.conn_max_age, "channel_layer": run.channel_layer,
        "actions_total": len(records), "actions_measured": in_window,
        "actions_per_second": in_window / (hi - lo),
        # Each match moves at most once per bot delay (plus the action's own time).
        "pace_ceiling_per_second": run.matches / run.bot_delay if run.bot_delay else float("inf"),
        "deliveries_expected": expected, "deliveries_missing": missing,
        "socket_errors": len(receipts.errors), "sockets_closed_early": receipts.closed_early,
        "wrong_seat": receipts.wrong_seat,
        "every_seat_ms": stats(per_action), "each_seat_ms": stats(per_delivery),
        "cpu_seconds": cpu, "cpu_ms_per_action": {k: v * 1000 / during for k, v in cpu.items()},
        "load_average_before": run.load_before, "load_average": os.getloadavg(),
        "cores_busy": cpu.get(MACHINE, float("nan")) / (ended - started),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
                   f"Python {platform.python_version()}",
    }


LEGS = (
    "commit -> broadcast starts (worker)",
    "messages built: views (worker)",
    "group_sends to Redis (worker)",
    "group_send start -> consumer (per seat)",
    "consumer forwards (Daphne)",
    "Daphne -> client socket (per seat)",
)


def trace_breakdown(records, receipts: Receipts, started: float, ended: float) -> dict:
    """The legs of the delay (``--trace``), p50/p95/mean in ms, for the measured actions."""
    broadcasts, forwards = {}, {}
    for path in TRACE_PREFIX.parent.glob(TRACE_PREFIX.name + ".*"):
        for line in path.read_text().splitlines():
            parts = line.split()
            try:
                if parts[0] == "B":
                    broadcasts[(int(parts[1]), int(parts[2]))] = tuple(map(float, parts[3:6]))
                elif parts[0] == "D" and parts[3] != "None":
                    forwards[(int(parts[1]), int(parts[2]), int(parts[3]))] = (float(parts[4]), float(parts[5]))
            except (IndexError, ValueError):
                continue
    legs = {name: [] for name in LEGS}
    lo, hi = started + WARMUP_SECONDS, ended - DRAIN_SECONDS
    for (mid, version), created in records.items():
        stamps = broadcasts.get((mid, version))
        if not lo <= created <= hi or stamps is None:
            continue
        start, handed, end = stamps
        for name, value in zip(LEGS[:3], (start - created, handed - start, end - handed), strict=True):
            legs[name].append(value * 1000)
        for seat in range(SEATS):
            forward = forwards.get((mid, version, seat))
            arrival = receipts.arrivals.get((mid, seat), {}).get(version)
            if forward is None or arrival is None:
                continue
            legs[LEGS[3]].append((forward[0] - handed) * 1000)
            legs[LEGS[4]].append((forward[1] - forward[0]) * 1000)
            legs[LEGS[5]].append((arrival - forward[1]) * 1000)
    return {name: {"n": len(v), "p50": percentile(v, 50), "p95": percentile(v, 95),
                   "mean": statistics.fmean(v) if v else float("nan")} for name, v in legs.items()}


def report(f: dict) -> None:
    e, d = f["every_seat_ms"], f["each_seat_ms"]
    print(f"\nPlatform latency: {f['matches']} matches x {f['seats']} seats, {f['seconds']:g} s, bot delay "
          f"{f['bot_delay']:g} s, Daphne x1, Celery {f['workers']} x {f['pool']}({f['concurrency']}), "
          f"CONN_MAX_AGE {f['conn_max_age']}, channel layer {f['channel_layer']}")
    print(f"  actions measured: {f['actions_measured']} ({f['actions_per_second']:.1f}/s of the pace's "
          f"{f['pace_ceiling_per_second']:.0f}/s ceiling; {f['actions_total']} in all)")
    print(f"  deliveries: {f['deliveries_expected']} expected, {f['deliveries_missing']} missing; "
          f"socket errors {f['socket_errors']}, closed early {f['sockets_closed_early']}, wrong seat {f['wrong_seat']}")
    for label, s in (("every seat (slowest of 4)", e), ("each seat", d)):
        print(f"  accepted -> {label}: p50 {s['p50']:.1f} ms, p95 {s['p95']:.1f} ms, p99 {s['p99']:.1f} ms, "
              f"max {s['max']:.1f} ms, mean {s['mean']:.1f} ms (n={s['n']})")
    cpu = ", ".join(f"{k} {v:.1f} s ({f['cpu_ms_per_action'][k]:.1f} ms/action)" for k, v in f["cpu_seconds"].items())
    print(f"  CPU time while measuring: {cpu}")
    print(f"  machine: {f['cores_busy']:.2f} cores busy on average; load average before "
          f"{', '.join(f'{x:.2f}' for x in f['load_average_before'])}, after "
          f"{', '.join(f'{x:.2f}' for x in f['load_average'])}")
    print(f"  machine: {f['machine']}")
    if "breakdown_ms" in f:
        print("  where the time goes (--trace):")
        for name, s in f["breakdown_ms"].items():
            print(f"    {name:42s} p50 {s['p50']:6.1f} ms, p95 {s['p95']:6.1f} ms, mean {s['mean']:6.1f} ms (n={s['n']})")
    ok = e["p95"] < GOAL_P95_MS and f["deliveries_missing"] == 0
    print(f"  goal p95 < {GOAL_P95_MS:g} ms to every seat: {'met' if ok else 'MISSED'}")


def main(argv=None) -> int:
    run = parse_args(argv)
    for url, port, what in ((run.database_url, 5432, "PostgreSQL"), (run.redis_url, 6379, "Redis")):
        if not reachable(url, port):
            print(f"bench/latency.py needs {what} at {url}: not reachable, nothing measured (skipped).")
            return 0
    os.environ.update(run.env)
    database_create(run.database_url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    run.postgres_pid = postgres_server_pid()
    run.load_before = os.getloadavg()
    print(f"setting up {run.matches} matches ({run.matches * SEATS} players) in {run.database_url}")
    tables = tables_create(run)
    for old in TRACE_PREFIX.parent.glob(TRACE_PREFIX.name + ".*"):
        old.unlink()
    try:
        services_start(run)
        print(f"Daphne on 127.0.0.1:{run.port}, {run.workers} Celery worker(s); logs in {LOG_DIR}")
        receipts, started, ended, cpu = asyncio.run(measure(run, tables))
    finally:
        services_stop(run)
    records = records_read(tables)
    result = figures(run, tables, receipts, records, started, ended, cpu)
    if run.trace:
        result["breakdown_ms"] = trace_breakdown(records, receipts, started, ended)
    report(result)
    if run.json_path:
        Path(run.json_path).write_text(json.dumps(result, indent=2))
    if run.raw_path:
        rows = [[m, v, created, [receipts.arrivals.get((m, s), {}).get(v) for s in range(SEATS)]]
                for (m, v), created in sorted(records.items())]
        Path(run.raw_path).write_text(json.dumps(rows))
    from gameplatform.matches.models import Match

    Match.unscoped.filter(title=TITLE).delete()
    return 0


if __name__ == "__main__":
    sys.exit(main())
