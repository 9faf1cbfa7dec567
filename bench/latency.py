"""Platform latency: from an accepted action to every seat's socket receiving it.

Goal (issue point 15; issue 14, points 5 and 6): with Daphne, Redis, PostgreSQL and Celery
workers on one machine, 100 concurrent bot matches keep the time from an accepted action to
every seat's socket receiving it under 50 ms at the 95th percentile, measured on an idle
machine, also with two Daphnes behind one proxy port and two workers, every seat receiving
every message.

Run (PostgreSQL and Redis on 127.0.0.1)::

    .venv/bin/python bench/latency.py [--games hextopia|all|mixed|a,b] [--moves bots|sockets|both]
        [--spectators 1] [--matches 100] [--seconds 60] [--bot-delay 1.0]
        [--daphnes 1] [--proxy haproxy|nginx] [--workers 1] [--pool prefork] [--concurrency 2]
        [--conn-max-age 60] [--channel-layer pubsub] [--force] [--wait-idle SECONDS]
        [--database-url postgres://postgres@127.0.0.1:5432/hexagora_bench]
        [--redis-url redis://127.0.0.1:6379/0] [--json results.json] [--raw arrivals.json] [--trace]

What it does, all on loopback, stopping everything it started at the end:

1. creates the database of ``--database-url`` if missing (default ``hexagora_bench``, never
   the development or test database; ``BENCH_DATABASE_URL`` overrides) and migrates it;
2. per game of ``--games`` (one after the other, same services; issue 29, point 1), makes
   ``(4 + spectators) x matches`` players of the default community, a signed-in session each
   (``SessionStore``), and ``matches`` open 4-seat matches, one player per seat and
   ``--spectators`` members watching, unlimited turn time. ``--moves bots``: every seat handed
   to the takeover bot (``Seat.bot_takeover``), so bots play every move while each seat has
   its owner's socket; ``--moves sockets``: the seats' sockets play, a random legal action one
   ``--bot-delay`` after each state that offers one (a person's move over the WebSocket);
   ``--moves both``: each game measured twice in the same run, bots then sockets;
3. measures the machine's load for 5 s (``bench/latency_parts/load.py`` says whose CPU is
   whose: "other processes" are all but the bench's own, the PostgreSQL and Redis servers
   serving it, and the kernel) and stops there, exit status 3, when the other processes
   use more than a quarter of the cores, unless ``--force`` (``--wait-idle SECONDS`` samples
   again for up to that long first);
4. starts ``--daphnes`` Daphnes (each on its own port) and ``--workers`` Celery workers
   (default: one prefork worker with two processes, which keeps every bot on its pace; two
   ``-P solo`` workers use less CPU per task but, each holding its own share of the
   countdown tasks, start many of them late) on a queue and channel prefix of this run only,
   with ``BOT_DELAY_SECONDS = --bot-delay`` (default 1.0 s, the site's own pace, so all
   matches run at once), ``CONN_MAX_AGE = --conn-max-age`` (default 60 s: database
   connections kept, as a deployment sets it) and ``CHANNEL_LAYER = --channel-layer`` (the
   settings' default, ``pubsub``); with ``--proxy`` also HAProxy or nginx from Debian on one
   port in front of the Daphnes (``bench/latency_parts/proxy.py``; the services then run
   with ``TRUSTED_PROXY_COUNT=1``), and the clients connect only to that port. Several
   Daphnes need a proxy;
5. connects one WebSocket per seat and spectator (session cookie and Origin like a browser;
   ``websockets``), starts the matches spread over one bot delay, and for
   ``--seconds`` records, per socket, when each ``state`` version arrives (wall clock), and
   the machine's load while doing so;
6. reads each action's ``MoveRecord.created_at`` (stamped just before its commit; same clock)
   and reports, for the actions committed after a warm-up and early enough to arrive: the
   delay to the slowest socket of its match (the goal's "every seat") and to each socket
   (p50/p95/p99/max, ms), the deliveries missed (over 2 s late counts as missed), whether
   every socket got every move its match accepted, the sockets per Daphne, the action rate
   beside the pace's ceiling (matches / bot delay), and the CPU per action of each process
   (each Daphne, each worker with its pool, the proxy, the client, PostgreSQL's backends of
   the bench's database and its shared processes, Redis, the kernel, the other processes).
   When the other processes took more than a quarter of the cores while measuring it prints
   no figures and exits 3; ``--force`` prints them marked NOT IDLE, for development only.
   With several games, a summary table follows. With bots, also each bot turn's lag: from
   its due time (``--bot-delay`` after the move before committed) to its own commit, per game
   (p50/p95/max, ms). ``--games mixed`` plays the matches of every game at once, shared
   evenly, each with its strongest bot (``bench/latency_parts/mixed.py``; issue 29, point 5:
   slow bots must not hold the others up).

``--trace`` also says where the time goes: the services then load
``bench/latency_trace/sitecustomize.py``, which stamps each broadcast in the worker (messages
built, handed to the channel layer, sent) and each message a Daphne consumer forwards, and
the report splits the delay into those legs (it adds a little work to each, so take the
headline figures from a run without it).

Needs PostgreSQL and Redis: without them it says so and exits 0 (``make bench`` runs every
script, also on a machine that has neither). Results go in docs/performance.md, "Platform
latency", and README.md, "Running at scale".
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
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

from bench.latency_parts import figures as fig  # noqa: E402  (needs ROOT on the path)
from bench.latency_parts import load, mixed, proxy  # noqa: E402
from bench.latency_parts.measure import measure  # noqa: E402
from bench.latency_parts.tables import records_read, tables_create, tables_drop  # noqa: E402

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hexagora_bench"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
SEATS = fig.SEATS
READY_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 20.0
LOG_DIR = ROOT / "var" / "bench-latency"
TRACE_DIR = ROOT / "bench" / "latency_trace"
TRACE_PREFIX = LOG_DIR / "trace"
EXIT_NOT_IDLE = 3


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
    daphnes: int = 1
    proxy: str | None = None
    force: bool = False
    wait_idle: float = 0.0
    games: tuple[str, ...] = ("hextopia",)
    moves: str = "bots"
    spectators: int = 1
    game: str = "hextopia"  # the one being measured
    postgres_pid: int | None = None
    load_before: load.Window | None = None
    tag: str = field(default_factory=lambda: f"bench-{os.getpid()}")
    port: int = 0  # the one the clients use: the proxy's, else the Daphne's
    daphne_ports: list[int] = field(default_factory=list)
    sockets_per_daphne: list[int] = field(default_factory=list)
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
            "TRUSTED_PROXY_COUNT": "1" if self.proxy else "0",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
        if self.trace:
            env["PYTHONPATH"] = os.pathsep.join(p for p in (str(TRACE_DIR), os.environ.get("PYTHONPATH", "")) if p)
            env["HEXAGORA_LATENCY_TRACE"] = str(TRACE_PREFIX)
        return env

    def roles(self) -> load.Roles:
        """Who is who for the load figures (``bench/latency_parts/load.py``)."""
        roots = {p.pid: name for name, p in self.processes.items()}
        roots[os.getpid()] = load.CLIENT
        return load.Roles(roots=roots, database=urlsplit(self.database_url).path.lstrip("/"),
                          postmaster=self.postgres_pid, redis_port=urlsplit(self.redis_url).port or 6379)


def parse_args(argv=None) -> Run:
    """The options (``--help``); bad ones exit 2 with argparse's message."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--games", default="hextopia", help="the games, one after the other with the same services: "
                   "comma-separated slugs, or 'all'")
    p.add_argument("--moves", choices=("bots", "sockets", "both"), default="bots", help="who moves: every seat's "
                   "takeover bot (a worker), or the seat's socket, a random legal action one pace after each state; "
                   "both: each game twice, bots then sockets, in one run")
    p.add_argument("--spectators", type=int, default=1, help="sockets per match of members at no seat")
    p.add_argument("--seconds", type=float, default=60.0, help="measuring time after the matches start")
    p.add_argument("--bot-delay", type=float, default=1.0, help="BOT_DELAY_SECONDS of the server (the site's 1.0)")
    p.add_argument("--daphnes", type=int, default=1, help="Daphne processes (more than one needs --proxy)")
    p.add_argument("--proxy", choices=proxy.PROXIES, help="put this proxy (Debian's package) on one port in front "
                   "of the Daphnes; the clients connect only to it")
    p.add_argument("--workers", type=int, default=1, help="Celery worker processes")
    p.add_argument("--pool", default="prefork", help="Celery pool of each worker (prefork, solo, threads)")
    p.add_argument("--concurrency", type=int, default=2, help="pool size of each worker")
    p.add_argument("--conn-max-age", type=int, default=60, help="CONN_MAX_AGE of the services (seconds)")
    p.add_argument("--channel-layer", default="pubsub", choices=("pubsub", "core"),
                   help="CHANNEL_LAYER of the services (channels-redis Pub/Sub or sorted-set layer)")
    p.add_argument("--force", action="store_true", help="measure and print the figures even when other "
                   "processes load the machine, marked NOT IDLE (for development only)")
    p.add_argument("--wait-idle", type=float, default=0.0, metavar="SECONDS", help="before the run, sample the "
                   "load again every 5 s for up to this long until the machine is idle")
    p.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    p.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL))
    p.add_argument("--json", dest="json_path", help="also write the figures to this JSON file")
    p.add_argument("--trace", action="store_true", help="split the delay into its legs (see above)")
    p.add_argument("--raw", dest="raw_path", help="write every action's commit stamp and arrival per seat "
                   "([match, version, created, [arrival or null per seat]], Unix seconds) for profiling")
    a = p.parse_args(argv)
    least = fig.WARMUP_SECONDS + fig.DRAIN_SECONDS
    if a.matches < 1 or a.seconds <= least or a.bot_delay < 0 or a.workers < 1 or a.daphnes < 1 or a.spectators < 0:
        p.error(f"need --matches >= 1, --seconds > {least:g}, --bot-delay >= 0, --workers >= 1, --daphnes >= 1, "
                "--spectators >= 0")
    from games import registry

    games = tuple(registry.slugs()) if a.games == "all" else tuple(g.strip() for g in a.games.split(",") if g.strip())
    unknown = [g for g in games if g not in (*registry.slugs(), mixed.MIXED)]
    if not games or unknown:
        p.error(f"--games: unknown {unknown or 'none given'}; choose from {', '.join(registry.slugs())}, all or "
                "mixed (every game's matches at once)")
    if a.daphnes > 1 and not a.proxy:
        p.error(f"--daphnes {a.daphnes} needs --proxy ({' or '.join(proxy.PROXIES)}): the clients use one port")
    return Run(matches=a.matches, seconds=a.seconds, bot_delay=a.bot_delay, workers=a.workers, pool=a.pool,
               concurrency=a.concurrency, conn_max_age=a.conn_max_age, channel_layer=a.channel_layer,
               database_url=a.database_url, redis_url=a.redis_url, json_path=a.json_path, raw_path=a.raw_path,
               trace=a.trace, daphnes=a.daphnes, proxy=a.proxy, force=a.force,
               wait_idle=a.wait_idle, games=games, moves=a.moves, spectators=a.spectators, game=games[0])


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


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def service_start(run: Run, name: str, argv: list[str]) -> None:
    """Starts ``argv`` with the run's environment, its output in ``LOG_DIR/<name>.log``."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, **run.env}
    for key in ("PYTEST_CURRENT_TEST", "SQLITE_TEST_NAME"):
        env.pop(key, None)
    with open(LOG_DIR / f"{name}.log", "w") as log:
        run.processes[name] = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                               stdin=subprocess.DEVNULL)


def http_ok(port: int) -> bool:
    """True when the sign-in page answers 200 on 127.0.0.1:``port``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=2) as r:
            return r.status == 200
    except (urllib.error.URLError, OSError):
        return False


def services_start(run: Run) -> None:
    """The Celery workers, the Daphnes each on a free port and the proxy in front of them;
    waits until every worker answers a ping and every port serves the sign-in page. Raises
    RuntimeError when one exits or is not ready in time, FileNotFoundError when the proxy is
    not installed."""
    bin_dir = Path(sys.executable).parent
    names = []
    for i in range(run.workers):
        name = f"{run.tag}-w{i}@localhost"
        names.append(name)
        service_start(run, f"celery-{i}", [
            str(bin_dir / "celery"), "-A", "gameplatform", "worker", "-P", run.pool, "-c", str(run.concurrency),
            "-Q", run.tag, "-n", name, "--without-heartbeat", "--without-mingle", "--without-gossip",
            "-l", "WARNING",
        ])
    run.daphne_ports = [free_port() for _ in range(run.daphnes)]
    for i, port in enumerate(run.daphne_ports):
        service_start(run, f"daphne-{i}", [
            str(bin_dir / "daphne"), "-b", "127.0.0.1", "-p", str(port), "gameplatform.asgi:application",
        ])
    wait_ready(run, set(names), set(run.daphne_ports))
    run.port = run.daphne_ports[0]
    if run.proxy:  # once every Daphne answers: nginx would take one that refused for down
        run.port = free_port()
        service_start(run, f"proxy-{run.proxy}", proxy.prepare(run.proxy, run.port, run.daphne_ports,
                                                               LOG_DIR / "proxy"))
        wait_ready(run, set(), {run.port})


def wait_ready(run: Run, pending: set[str], ports: set[int]) -> None:
    """Waits until the Celery workers named in ``pending`` answer a ping and each port serves
    the sign-in page. Raises RuntimeError when a service exits or time runs out."""
    from gameplatform.celery import app

    end = time.monotonic() + READY_TIMEOUT_SECONDS
    while pending or ports:
        for name, proc in run.processes.items():
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with {proc.returncode}; see {LOG_DIR / (name + '.log')}")
        if time.monotonic() > end:
            raise RuntimeError(f"services not ready within {READY_TIMEOUT_SECONDS} s "
                               f"(waiting for {sorted(pending) or 'ports ' + str(sorted(ports))})")
        ports = {port for port in ports if not http_ok(port)}
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


# --- data -----------------------------------------------------------------------------------


# --- measuring -------------------------------------------------------------------------------


def refuse(window: load.Window, label: str) -> int:
    """Says why no figure is reported (the machine was not idle) and returns the exit status."""
    print(f"bench/latency.py: NOT IDLE {label}: other processes used {window.others_cores:.2f} cores, more than "
          f"{load.IDLE_LIMIT:g} x {window.cores} cores; no figures reported. Run it again when the machine "
          f"is idle (--force prints them marked NOT IDLE, for development only).", file=sys.stderr)
    return EXIT_NOT_IDLE


def main(argv=None) -> int:
    """Runs the bench (module docstring). Exit status: 0 figures printed (or PostgreSQL or
    Redis missing: skipped), 2 bad options or the proxy not installed, 3 not idle."""
    run = parse_args(argv)
    if run.json_path:  # a refused run leaves no older figures behind under its name
        Path(run.json_path).unlink(missing_ok=True)
    for url, port, what in ((run.database_url, 5432, "PostgreSQL"), (run.redis_url, 6379, "Redis")):
        if not reachable(url, port):
            print(f"bench/latency.py needs {what} at {url}: not reachable, nothing measured (skipped).")
            return 0
    if run.proxy and proxy.binary(run.proxy) is None:
        print(f"bench/latency.py: --proxy {run.proxy}: not installed; apt-get install -y {run.proxy}", file=sys.stderr)
        return 2
    os.environ.update(run.env)
    database_create(run.database_url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    run.postgres_pid = postgres_server_pid()
    tables_drop()
    deadline = time.monotonic() + run.wait_idle
    while True:
        run.load_before = load.sample(run.roles())
        print(load.describe(run.load_before, "before"))
        if run.load_before.idle() or run.force or time.monotonic() >= deadline:
            break
    if not run.load_before.idle() and not run.force:
        return refuse(run.load_before, "before the run")
    results = []
    try:
        services_start(run)
        front = f"{run.proxy} on 127.0.0.1:{run.port} in front of " if run.proxy else ""
        print(f"{front}Daphne x{run.daphnes} on {', '.join(map(str, run.daphne_ports))}, "
              f"{run.workers} Celery worker(s); logs in {LOG_DIR}")
        kinds = ("bots", "sockets") if run.moves == "both" else (run.moves,)
        for game in run.games:
            for kind in kinds:
                run.game, run.moves = game, kind
                result = game_measure(run)
                if result is None:
                    return EXIT_NOT_IDLE
                results.append(result)
    finally:
        services_stop(run)
        tables_drop()
    if len(results) > 1:
        fig.summary(results)
    if run.json_path:
        Path(run.json_path).write_text(json.dumps(results[0] if len(results) == 1 else results, indent=2))
    return 0


def game_measure(run: Run) -> dict | None:
    """One game's matches set up, played for ``run.seconds`` and removed; their figures
    (reported), or None when the machine was not idle meanwhile (said why)."""
    spectators = f" and {run.matches * run.spectators} spectators" if run.spectators else ""
    print(f"\n== {run.game}: setting up {run.matches} matches ({run.matches * SEATS} players{spectators}) "
          f"in {run.database_url}")
    if run.game == mixed.MIXED:
        tables, game_of = mixed.tables_create_mixed(run)
    else:
        tables = tables_create(run, run.game)
        game_of = {t.match_id: run.game for t in tables}
    try:
        for old in TRACE_PREFIX.parent.glob(TRACE_PREFIX.name + ".*"):
            old.unlink()
        receipts, started, ended, during = asyncio.run(measure(run, tables))
        print(load.describe(during, "while measuring"))
        if not during.idle() and not run.force:
            refuse(during, "while measuring")
            return None
        records = records_read(tables)
        result = fig.figures(run, tables, receipts, records, started, ended, during)
        if run.trace:
            result["breakdown_ms"] = fig.trace_breakdown(TRACE_PREFIX, records, receipts, started, ended)
        if run.moves == "bots":
            result["bot_turn_lag_ms"] = mixed.turn_lags(records, game_of, run.bot_delay)
        fig.report(result)
        if run.moves == "bots":
            mixed.report(result["bot_turn_lag_ms"], run.bot_delay)
        if run.raw_path:
            rows = [[m, v, created, [receipts.arrivals.get((m, s), {}).get(v) for s in range(SEATS + run.spectators)]]
                    for (m, v), created in sorted(records.items())]
            Path(run.raw_path).write_text(json.dumps(rows))
        return result
    finally:
        tables_drop(settle_seconds=run.bot_delay + 2)

if __name__ == "__main__":
    sys.exit(main())
