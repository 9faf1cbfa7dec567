"""Machine load around a latency run, read from /proc (Linux), and the idle check.

Whose CPU time is whose (issue 14, point 5):

- **the bench**: this process and every process it started (each Daphne, each Celery worker
  with its pool, the proxy), found by walking each process's parents up to one of them;
- **serving the bench**: the PostgreSQL backends connected to the bench's database,
  PostgreSQL's shared processes (the postmaster, checkpointer, writers, launchers, autovacuum)
  and the Redis server of the bench's URL. While the bench runs it makes nearly all of their
  work, and a Redis server cannot say whose commands it ran, so they count as the bench's;
- **kernel**: kernel threads, and interrupt time (/proc/stat ``irq`` + ``softirq``), which the
  bench's loopback traffic makes too; reported, not counted against idleness;
- **others**: everything else, taken as the machine's ``user + nice + system`` time minus the
  three above, so that a process that started and ended inside the window (a test run, a
  compiler) counts too; backends of other databases are others. The hypervisor's ``steal``
  is reported, not counted.

A run is idle when others used at most ``IDLE_LIMIT`` (a quarter) of the cores on average, in
the sample taken before the services start and while measuring (``idle_verdict``).
"""
from __future__ import annotations

import os
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

IDLE_LIMIT = 0.25  # of the cores: others may use at most this much on average
SAMPLE_SECONDS = 5.0  # the sample before the services start
CLIENT = "bench client"
PG_BENCH = "PostgreSQL backends (bench database)"
PG_SHARED = "PostgreSQL shared processes"
REDIS = "Redis server"
KERNEL_THREADS = "kernel threads"
INTERRUPTS = "interrupts (irq, softirq)"
OTHERS = "other processes"
# A backend's title ends "user database host(port) state" or "user database [local] state".
BACKEND_HOST = re.compile(r"^(\[local\]|.*\(\d+\))$")


@dataclass(frozen=True)
class Proc:
    """One process as /proc/<pid>/stat shows it; ``cpu`` is its threads' user + system
    seconds (not its reaped children's), ``start`` its start in clock ticks after boot."""

    pid: int
    ppid: int
    start: int
    cpu: float
    comm: str
    cmdline: str = ""


@dataclass(frozen=True)
class Snapshot:
    """The whole machine at one moment: ``busy`` = all cores' user + nice + system seconds,
    ``interrupts`` = irq + softirq seconds, ``steal`` seconds, ``uptime`` seconds after boot."""

    when: float
    uptime: float
    busy: float
    interrupts: float
    steal: float
    procs: dict[int, Proc] = field(default_factory=dict)


@dataclass(frozen=True)
class Roles:
    """What tells the bench's processes and those serving it apart: ``roots`` maps this
    process and each started service (pid) to its name."""

    roots: dict[int, str]
    database: str
    postmaster: int | None = None
    redis_port: int | None = None


@dataclass
class Window:
    """CPU seconds each role used between two snapshots (``cpu``: the services by name, then
    the fixed roles above), ``others_named`` the other processes alive at the end, busiest
    first, as ``(description, pid, cpu seconds)``."""

    seconds: float
    cores: int
    cpu: dict[str, float]
    steal: float
    others_named: list[tuple[str, int, float]]

    @property
    def others_cores(self) -> float:
        """Cores the other processes used on average."""
        return self.cpu[OTHERS] / self.seconds

    def idle(self, limit: float = IDLE_LIMIT) -> bool:
        """True when the other processes stayed within ``limit`` of the cores."""
        return idle_verdict(self.cpu[OTHERS], self.seconds, self.cores, limit)[0]


def idle_verdict(others_cpu_seconds: float, seconds: float, cores: int,
                 limit: float = IDLE_LIMIT) -> tuple[bool, float]:
    """``(idle, cores used)``: the other processes used ``others_cpu_seconds`` of CPU over
    ``seconds`` of wall time on a machine of ``cores``; idle when that is at most ``limit`` x
    ``cores`` on average (issue 14, point 5: "more than a quarter of the cores" is not idle).
    A NaN use (the machine's figures unreadable) is never idle. Raises ValueError when
    ``seconds`` <= 0 or ``cores`` < 1."""
    if seconds <= 0 or cores < 1:
        raise ValueError(f"need seconds > 0 and cores >= 1, got {seconds!r}, {cores!r}")
    used = others_cpu_seconds / seconds
    return used <= limit * cores, used


def parse_cpu_line(line: str, ticks: int) -> tuple[float, float, float]:
    """``(busy, interrupts, steal)`` seconds from /proc/stat's first ("cpu ...") line: user +
    nice + system, irq + softirq, steal (guest time is already inside user)."""
    v = [int(x) for x in line.split()[1:9]]
    v += [0] * (8 - len(v))
    user, nice, system, _idle, _iowait, irq, softirq, steal = v
    return (user + nice + system) / ticks, (irq + softirq) / ticks, steal / ticks


def parse_pid_stat(text: str, ticks: int) -> Proc:
    """A ``Proc`` from the text of /proc/<pid>/stat (the name, in parentheses, may hold
    spaces and parentheses itself). Raises ValueError on a malformed line."""
    head, sep, tail = text.rpartition(")")
    if not sep or "(" not in head:
        raise ValueError("no (comm) in stat line")
    pid_text, comm = head.split("(", 1)
    f = tail.split()
    # after the name: state ppid ... utime(11) stime(12) ... starttime(19)
    return Proc(pid=int(pid_text), ppid=int(f[1]), start=int(f[19]), cpu=(int(f[11]) + int(f[12])) / ticks,
                comm=comm)


def read_snapshot(proc: str = "/proc") -> Snapshot:
    """Reads the machine's counters and every visible process (one that ends while being read
    is left out: the residual still counts its time)."""
    ticks = os.sysconf("SC_CLK_TCK")
    root = Path(proc)
    busy, interrupts, steal = parse_cpu_line((root / "stat").read_text().split("\n", 1)[0], ticks)
    uptime = float((root / "uptime").read_text().split()[0])
    procs = {}
    for entry in os.scandir(root):
        if not entry.name.isdigit():
            continue
        try:
            p = parse_pid_stat((root / entry.name / "stat").read_text(), ticks)
            cmdline = (root / entry.name / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except (OSError, ValueError, IndexError):
            continue
        procs[p.pid] = Proc(p.pid, p.ppid, p.start, p.cpu, p.comm, " ".join(cmdline.split()))
    return Snapshot(time.monotonic(), uptime, busy, interrupts, steal, procs)


def backend_database(title: str) -> str | None:
    """The database of a PostgreSQL backend from its process title ("postgres: 15/main:
    user database 127.0.0.1(5432) idle"), or None for a shared process ("... checkpointer")."""
    words = title.rsplit(": ", 1)[-1].split()
    if len(words) >= 3 and BACKEND_HOST.match(words[2]):
        return words[1]
    return None


def role(p: Proc, procs: dict[int, Proc], roles: Roles) -> str:
    """The role of ``p`` (module docstring): the name of the bench process it descends from,
    one of the serving or kernel roles, or ``OTHERS``."""
    pid, hops = p.pid, 0
    while pid in procs and hops < 64:  # the chain ends at pid 1 (ppid 0)
        if pid in roles.roots:
            return roles.roots[pid]
        pid, hops = procs[pid].ppid, hops + 1
    if p.pid == 2 or p.ppid == 2:  # kthreadd and its children
        return KERNEL_THREADS
    if roles.postmaster is not None and p.pid == roles.postmaster:
        return PG_SHARED
    if roles.postmaster is not None and p.ppid == roles.postmaster:
        database = backend_database(p.cmdline)
        if database is None:
            return PG_SHARED
        return PG_BENCH if database == roles.database else OTHERS
    if p.comm == "redis-server" and (roles.redis_port is None or f":{roles.redis_port}" in p.cmdline):
        return REDIS
    return OTHERS


def window(a: Snapshot, b: Snapshot, roles: Roles, cores: int | None = None) -> Window:
    """What each role used between snapshots ``a`` and ``b`` (module docstring). A process
    seen only in ``b`` counts whole when it started after ``a``; a pid reused in between is a
    new process."""
    cores = cores or os.cpu_count() or 1
    ticks = os.sysconf("SC_CLK_TCK")
    used: dict[str, float] = defaultdict(float)
    named = []
    for pid, p in b.procs.items():
        before = a.procs.get(pid)
        if before is not None and before.start == p.start:
            delta = p.cpu - before.cpu
        elif p.start / ticks >= a.uptime - 1.0:
            delta = p.cpu
        else:  # alive at ``a`` but not read then: its time stays in the residual
            continue
        r = role(p, b.procs, roles)
        if r == OTHERS:
            if delta > 0:
                named.append(((p.cmdline or p.comm)[:60], pid, delta))
            continue
        used[r] += max(0.0, delta)
    accounted = sum(used.values())
    order = [*roles.roots.values(), PG_BENCH, PG_SHARED, REDIS, KERNEL_THREADS]
    cpu = {name: used.get(name, 0.0) for name in order}
    cpu[INTERRUPTS] = b.interrupts - a.interrupts
    cpu[OTHERS] = max(0.0, b.busy - a.busy - accounted)
    named.sort(key=lambda row: -row[2])
    return Window(seconds=b.when - a.when, cores=cores, cpu=cpu, steal=b.steal - a.steal, others_named=named)


def sample(roles: Roles, seconds: float = SAMPLE_SECONDS) -> Window:
    """The load over the next ``seconds`` (sleeps that long)."""
    a = read_snapshot()
    time.sleep(seconds)
    return window(a, read_snapshot(), roles)


def describe(w: Window, label: str, limit: float = IDLE_LIMIT) -> str:
    """One line: how busy the machine was during ``label`` and who the others were."""
    busiest = ", ".join(f"{name} (pid {pid}) {cpu / w.seconds:.2f}" for name, pid, cpu in w.others_named[:3])
    verdict = "idle" if w.idle(limit) else "NOT IDLE"
    return (f"load {label}: {verdict}: other processes {w.others_cores:.2f} cores on average over {w.seconds:.1f} s "
            f"(limit {limit:g} x {w.cores} cores = {limit * w.cores:.2f}); bench, its servers, kernel "
            f"{sum(v for k, v in w.cpu.items() if k != OTHERS) / w.seconds:.2f} cores, steal {w.steal / w.seconds:.2f}"
            + (f"; busiest others (cores): {busiest}" if busiest else ""))
