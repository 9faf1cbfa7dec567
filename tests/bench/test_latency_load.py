"""bench/latency.py's idle check and delivery count (issue 14, points 5 and 6): pure functions
on made-up /proc snapshots and arrivals; nothing is timed."""
import os

import pytest

from bench.latency_parts import load
from bench.latency_parts.figures import deliveries
from bench.latency_parts.tables import Table

TICKS = os.sysconf("SC_CLK_TCK")


@pytest.mark.parametrize(
    ("others", "seconds", "cores", "idle"),
    [
        (0.0, 10, 2, True),
        (5.0, 10, 2, True),  # 0.5 cores of 2: exactly a quarter is still idle
        (5.1, 10, 2, False),  # "more than a quarter of the cores" is not
        (9.0, 10, 4, True),
        (float("nan"), 10, 2, False),  # unreadable counters never pass for idle
    ],
)
def test_idle_verdict_allows_a_quarter_of_the_cores(others, seconds, cores, idle):
    assert load.idle_verdict(others, seconds, cores)[0] is idle


@pytest.mark.parametrize(("seconds", "cores"), [(0, 2), (-1, 2), (10, 0)])
def test_idle_verdict_refuses_an_empty_window(seconds, cores):
    with pytest.raises(ValueError, match="seconds > 0"):
        load.idle_verdict(1.0, seconds, cores)


def test_pid_stat_name_with_spaces_and_parentheses():
    text = "4242 (tmux: client (1)) S 7 4242 4242 0 -1 4194560 0 0 0 0 250 50 3 4 20 0 1 0 9000 0 0"
    p = load.parse_pid_stat(text, TICKS)
    assert (p.pid, p.ppid, p.comm, p.start) == (4242, 7, "tmux: client (1)", 9000)
    assert p.cpu == pytest.approx(300 / TICKS)  # utime + stime, not the reaped children's


def test_cpu_line_splits_busy_interrupts_and_steal():
    busy, interrupts, steal = load.parse_cpu_line("cpu  100 10 50 9000 40 5 15 7 0 0", TICKS)
    assert (busy, interrupts, steal) == pytest.approx((160 / TICKS, 20 / TICKS, 7 / TICKS))


@pytest.mark.parametrize(
    ("title", "database"),
    [
        ("postgres: 15/main: postgres hexagora_bench 127.0.0.1(45678) idle", "hexagora_bench"),
        ("postgres: bob test_x [local] SELECT", "test_x"),
        ("postgres: 15/main: checkpointer", None),
        ("postgres: 15/main: autovacuum worker hexagora_bench", None),
        ("postgres: 15/main: logical replication launcher", None),
    ],
)
def test_backend_database_from_the_process_title(title, database):
    assert load.backend_database(title) == database


def proc(pid, ppid, cpu, comm="python", cmdline="", start=100):
    return load.Proc(pid=pid, ppid=ppid, start=start, cpu=cpu, comm=comm, cmdline=cmdline)


def snapshot(when, busy, procs, interrupts=0.0):
    return load.Snapshot(when=when, uptime=1000.0 + when, busy=busy, interrupts=interrupts, steal=0.0,
                         procs={p.pid: p for p in procs})


def machine(cpu):
    """The same machine at two moments: ``cpu`` maps pid -> (before, after) CPU seconds."""
    layout = {
        1: (0, "init", ""), 2: (0, "kthreadd", ""), 30: (2, "kworker/0:1", ""),
        100: (1, "python", "python bench/latency.py"), 110: (100, "daphne", "daphne -p 1"),
        120: (100, "celery", "celery worker"), 121: (120, "celery", "celery worker"),
        200: (1, "postgres", "/usr/lib/postgresql/15/bin/postgres -D x"),
        201: (200, "postgres", "postgres: 15/main: checkpointer"),
        210: (200, "postgres", "postgres: 15/main: postgres hexagora_bench 127.0.0.1(5000) idle"),
        220: (200, "postgres", "postgres: 15/main: postgres test_other 127.0.0.1(5001) idle"),
        300: (1, "redis-server", "redis-server 127.0.0.1:6379"),
        400: (1, "python", "python -m pytest"),
    }
    before = [proc(pid, ppid, cpu.get(pid, (0, 0))[0], comm, cmd) for pid, (ppid, comm, cmd) in layout.items()]
    after = [proc(pid, ppid, cpu.get(pid, (0, 0))[1], comm, cmd) for pid, (ppid, comm, cmd) in layout.items()]
    return before, after


ROLES = load.Roles(roots={110: "daphne-0", 120: "celery-0", 100: load.CLIENT}, database="hexagora_bench",
                   postmaster=200, redis_port=6379)


def test_window_sorts_the_cpu_into_bench_servers_kernel_and_others():
    before, after = machine({110: (1, 3), 120: (0, 1), 121: (0, 4), 100: (0, 1), 201: (0, 0.5), 210: (0, 2),
                             220: (0, 1), 300: (0, 1), 30: (0, 0.5), 400: (0, 3)})
    # 20 s of the machine's busy time: 16 s above plus 4 s of a process that came and went.
    w = load.window(snapshot(0, 100, before), snapshot(10, 120, after, interrupts=0.5), ROLES, cores=2)
    assert w.cpu["daphne-0"] == pytest.approx(2)
    assert w.cpu["celery-0"] == pytest.approx(5)  # the worker and its pool process
    assert w.cpu[load.CLIENT] == pytest.approx(1)
    assert w.cpu[load.PG_BENCH] == pytest.approx(2)
    assert w.cpu[load.PG_SHARED] == pytest.approx(0.5)
    assert w.cpu[load.REDIS] == pytest.approx(1)
    assert w.cpu[load.KERNEL_THREADS] == pytest.approx(0.5)
    assert w.cpu[load.INTERRUPTS] == pytest.approx(0.5)
    # pytest 3 s, the other database's backend 1 s, the one that ended 4 s: 8 s = 0.8 cores
    assert w.cpu[load.OTHERS] == pytest.approx(8)
    assert w.others_cores == pytest.approx(0.8)
    assert not w.idle()
    assert [pid for _, pid, _ in w.others_named] == [400, 220]
    assert "NOT IDLE" in load.describe(w, "while measuring")


def test_window_is_idle_when_only_the_bench_works():
    before, after = machine({110: (0, 6), 121: (0, 8), 400: (0, 0.4)})
    w = load.window(snapshot(0, 0, before), snapshot(10, 15, after), ROLES, cores=2)
    assert w.others_cores == pytest.approx(0.1)
    assert w.idle()


def test_a_reused_pid_counts_as_a_new_process():
    before = [proc(500, 1, 50.0, start=100)]
    after = [proc(500, 1, 2.0, start=100_000 * TICKS)]  # started after the first snapshot
    w = load.window(snapshot(0, 0, before), snapshot(10, 2, after),
                    load.Roles(roots={500: "daphne-0"}, database="x"), cores=2)
    assert w.cpu["daphne-0"] == pytest.approx(2.0)


def test_deliveries_count_every_move_per_seat():
    tables = [Table(1, ["a", "b", "c", "d"]), Table(2, ["e", "f", "g", "h"])]
    records = {(1, 1): 10.0, (1, 2): 11.0, (2, 1): 10.5, (2, 2): 30.0}  # (2, 2) after ``until``
    arrivals = {(1, s): {1: 10.01, 2: 11.01} for s in range(4)}
    arrivals.update({(2, s): {1: 10.51} for s in range(4)})
    del arrivals[(1, 3)][2]  # seat 3 of match 1 missed move 2
    d = deliveries(tables, arrivals, records, until=20.0)
    assert d["moves_accepted"] == 3
    assert (d["messages_expected"], d["messages_received"], d["messages_lost"]) == (12, 11, 1)
    assert (d["seats"], d["seats_complete"]) == (8, 7)
    assert d["seats_incomplete"] == [[1, 3, 1]]


def test_deliveries_count_the_spectators_sockets_after_the_seats():
    """Issue 29, point 1: "4 seats with a socket each plus one spectator": the spectator's
    socket (index 4) must get every move too."""
    tables = [Table(1, ["a", "b", "c", "d"], ["s"])]
    records = {(1, 1): 10.0, (1, 2): 11.0}
    arrivals = {(1, s): {1: 10.01, 2: 11.01} for s in range(5)}
    del arrivals[(1, 4)][2]  # the spectator missed move 2
    d = deliveries(tables, arrivals, records, until=20.0, receivers=5)
    assert (d["messages_expected"], d["messages_lost"], d["seats"]) == (10, 1, 5)
    assert d["seats_incomplete"] == [[1, 4, 1]]
