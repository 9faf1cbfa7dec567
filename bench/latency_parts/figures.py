"""The figures of a latency run and their report (see ``bench/latency.py``).

All delays are in milliseconds, from a move's ``MoveRecord.created_at`` to a seat's socket
receiving its ``state`` version; CPU costs are milliseconds of CPU per action accepted while
measuring.
"""
from __future__ import annotations

import math
import os
import platform
import statistics
import time
from collections import Counter, defaultdict
from pathlib import Path

from bench.latency_parts import load

GOAL_P95_MS = 50.0
SEATS = 4
WARMUP_SECONDS = 5.0  # actions before this (connect storms, first deals) are not measured
DRAIN_SECONDS = 2.0  # actions in the last seconds may not have reached every socket yet
LEGS = (
    "commit -> broadcast starts (worker)",
    "messages built: views (worker)",
    "group_sends to Redis (worker)",
    "group_send start -> consumer (per seat)",
    "consumer forwards (Daphne)",
    "Daphne -> client socket (per seat)",
)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100), nearest-rank on sorted data; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def stats(values: list[float]) -> dict:
    """``n``, ``p50``, ``p95``, ``p99``, ``max`` and ``mean`` of ``values``."""
    return {"n": len(values), "p50": percentile(values, 50), "p95": percentile(values, 95),
            "p99": percentile(values, 99), "max": max(values, default=float("nan")),
            "mean": statistics.fmean(values) if values else float("nan")}


def deliveries(tables, arrivals: dict, records: dict, until: float, receivers: int = SEATS) -> dict:
    """Every seat against every accepted move (issue 14, point 6): for each of the
    ``receivers`` sockets of a match (its seats, then its spectators), the moves
    its match committed up to ``until`` (Unix seconds; later ones may still be on their way)
    that its socket never received, whenever they came. ``arrivals`` is ``(match_id, seat) ->
    {version: arrival}``, ``records`` ``(match_id, version) -> created``."""
    accepted = defaultdict(list)
    for (match_id, version), created in records.items():
        if created <= until:
            accepted[match_id].append(version)
    expected = lost = complete = 0
    incomplete = []
    for t in tables:
        versions = accepted.get(t.match_id, [])
        for seat in range(receivers):
            got = arrivals.get((t.match_id, seat), {})
            missing = sum(1 for v in versions if v not in got)
            expected += len(versions)
            lost += missing
            if missing:
                incomplete.append([t.match_id, seat, missing])
            else:
                complete += 1
    return {"moves_accepted": sum(len(v) for v in accepted.values()), "seats": len(tables) * receivers,
            "seats_complete": complete, "messages_expected": expected, "messages_received": expected - lost,
            "messages_lost": lost, "seats_incomplete": incomplete[:20]}


def figures(run, tables, receipts, records: dict, started: float, ended: float, during: load.Window) -> dict:
    """Latency per action (slowest seat) and per delivery, the delivery check, counts and the
    CPU per action of each process (``during``: the load while measuring)."""
    lo, hi = started + WARMUP_SECONDS, ended - DRAIN_SECONDS
    receivers = SEATS + run.spectators
    per_action, per_delivery = [], []
    expected = missing = 0
    for t in tables:
        seat_arrivals = [receipts.arrivals.get((t.match_id, s), {}) for s in range(receivers)]
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
            if len(delays) == receivers:
                per_action.append(max(delays))
    in_window = sum(1 for created in records.values() if lo <= created <= hi)
    # CPU per action: the processes' CPU time while measuring over the actions in that time.
    during_actions = sum(1 for created in records.values() if started <= created <= ended) or 1
    cpu = dict(during.cpu)
    cpu["machine, all of it"] = sum(during.cpu.values())
    return {
        "game": run.game, "moves": run.moves, "spectators": run.spectators,
        "matches": run.matches, "seats": SEATS, "seconds": run.seconds, "bot_delay": run.bot_delay,
        "daphnes": run.daphnes, "proxy": run.proxy, "workers": run.workers, "pool": run.pool,
        "concurrency": run.concurrency, "conn_max_age": run.conn_max_age, "channel_layer": run.channel_layer,
        "actions_total": len(records), "actions_measured": in_window,
        "actions_per_second": in_window / (hi - lo),
        # Each match moves at most once per bot delay (plus the action's own time).
        "pace_ceiling_per_second": run.matches / run.bot_delay if run.bot_delay else float("inf"),
        "deliveries_expected": expected, "deliveries_missing": missing,
        "every_message": deliveries(tables, receipts.arrivals, records, hi, receivers),
        "duplicates": receipts.duplicates, "socket_errors": len(receipts.errors),
        "socket_error_codes": dict(Counter(e.split(": ", 1)[-1] for e in receipts.errors).most_common(5)),
        "sockets_closed_early": receipts.closed_early, "wrong_seat": receipts.wrong_seat,
        "sockets_per_daphne": run.sockets_per_daphne,
        "every_seat_ms": stats(per_action), "each_seat_ms": stats(per_delivery),
        "cpu_seconds": cpu, "cpu_ms_per_action": {k: v * 1000 / during_actions for k, v in cpu.items()},
        "load_before": load_json(run.load_before), "load_during": load_json(during),
        "idle": run.load_before.idle() and during.idle(),
        "load_average": os.getloadavg(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}, "
                   f"Python {platform.python_version()}",
    }


def load_json(w: load.Window) -> dict:
    """A load window as JSON: cores used per role, the others' verdict and the busiest others."""
    return {"seconds": w.seconds, "cores": w.cores, "idle": w.idle(), "limit_cores": load.IDLE_LIMIT * w.cores,
            "others_cores": w.others_cores, "steal_cores": w.steal / w.seconds,
            "cores_by_role": {k: v / w.seconds for k, v in w.cpu.items()},
            "others_busiest": [[name, pid, cpu / w.seconds] for name, pid, cpu in w.others_named[:5]]}


def trace_breakdown(prefix: Path, records, receipts, started: float, ended: float) -> dict:
    """The legs of the delay (``--trace``), p50/p95/mean in ms, for the measured actions."""
    broadcasts, forwards = {}, {}
    for path in prefix.parent.glob(prefix.name + ".*"):
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


def setup_line(f: dict) -> str:
    """The run's set-up in one line."""
    front = f"Daphne x{f['daphnes']}" + (f" behind {f['proxy']}" if f["proxy"] else "")
    movers = "bots" if f["moves"] == "bots" else "the seats' sockets"
    return (f"{f['game']}, moves by {movers}, {f['matches']} matches x {f['seats']} seats + {f['spectators']} "
            f"spectator(s), {f['seconds']:g} s, pace {f['bot_delay']:g} s, "
            f"{front}, Celery {f['workers']} x {f['pool']}({f['concurrency']}), CONN_MAX_AGE {f['conn_max_age']}, "
            f"channel layer {f['channel_layer']}")


def report(f: dict) -> None:
    """Prints the figures (``figures``), marked NOT IDLE when the machine was not."""
    e, d, m = f["every_seat_ms"], f["each_seat_ms"], f["every_message"]
    banner = "" if f["idle"] else "  ** NOT IDLE: other processes used the machine; for development only **"
    print(f"\nPlatform latency: {setup_line(f)}")
    if banner:
        print(banner)
    if f["sockets_per_daphne"]:
        # The seats' sockets, and through HAProxy also its idle pooled connection to each.
        print(f"  connections per Daphne: {', '.join(str(n) for n in f['sockets_per_daphne'])}")
    print(f"  actions measured: {f['actions_measured']} ({f['actions_per_second']:.1f}/s of the pace's "
          f"{f['pace_ceiling_per_second']:.0f}/s ceiling; {f['actions_total']} in all)")
    print(f"  deliveries: {f['deliveries_expected']} expected, {f['deliveries_missing']} missing; "
          f"socket errors {f['socket_errors']} {f['socket_error_codes'] or ''}, closed early {f['sockets_closed_early']}, wrong seat {f['wrong_seat']}")
    lost = ", ".join(f"{mid}/{seat}: {n}" for mid, seat, n in m["seats_incomplete"][:5])
    print(f"  every seat got every message: {'yes' if m['messages_lost'] == 0 else 'NO'}: "
          f"{m['seats_complete']} of {m['seats']} seats complete, {m['messages_received']} of "
          f"{m['messages_expected']} seat messages for {m['moves_accepted']} moves accepted, "
          f"{m['messages_lost']} lost, {f['duplicates']} duplicates" + (f" (match/seat: lost {lost})" if lost else ""))
    receivers = f["seats"] + f["spectators"]
    for label, s in ((f"every socket (slowest of {receivers})", e), ("each socket", d)):
        print(f"  accepted -> {label}: p50 {s['p50']:.1f} ms, p95 {s['p95']:.1f} ms, p99 {s['p99']:.1f} ms, "
              f"max {s['max']:.1f} ms, mean {s['mean']:.1f} ms (n={s['n']})")
    print("  CPU while measuring, per process (ms of CPU per action; seconds in all):")
    for name, seconds in f["cpu_seconds"].items():
        print(f"    {name:40s} {f['cpu_ms_per_action'][name]:7.2f} ms/action  {seconds:7.2f} s")
    for label in ("before", "during"):
        w = f[f"load_{label}"]
        print(f"  load {label}: other processes {w['others_cores']:.2f} cores (limit {w['limit_cores']:.2f}), "
              f"steal {w['steal_cores']:.2f}: {'idle' if w['idle'] else 'NOT IDLE'}")
    print(f"  machine: {f['machine']}")
    if "breakdown_ms" in f:
        print("  where the time goes (--trace):")
        for name, s in f["breakdown_ms"].items():
            print(f"    {name:42s} p50 {s['p50']:6.1f} ms, p95 {s['p95']:6.1f} ms, mean {s['mean']:6.1f} ms (n={s['n']})")
    ok = e["p95"] < GOAL_P95_MS and f["deliveries_missing"] == 0 and m["messages_lost"] == 0
    print(f"  goal p95 < {GOAL_P95_MS:g} ms to every seat, every message: {'met' if ok else 'MISSED'}"
          + ("" if f["idle"] else " (NOT IDLE)"))
    print(f"  row for the tables of README.md and docs/performance.md: {markdown_row(f)}")


def markdown_row(f: dict) -> str:
    """The run as a row of the "Running at scale" tables: date, set-up, every-seat
    p50/p95/p99, actions/s, lost messages, CPU ms per action of each process, others' cores
    before / while measuring."""
    e, m, per = f["every_seat_ms"], f["every_message"], f["cpu_ms_per_action"]
    skip = {load.OTHERS, "machine, all of it"}
    costs = ", ".join(f"{name} {v:.1f}" for name, v in per.items() if name not in skip and not math.isnan(v))
    idle = "" if f["idle"] else " **NOT IDLE**"
    return (f"| {time.strftime('%Y-%m-%d')} | {f['game']} ({f['moves']}, +{f['spectators']} spectator), Daphne x{f['daphnes']}{' + ' + f['proxy'] if f['proxy'] else ''}, Celery {f['workers']} x "
            f"{f['pool']}({f['concurrency']}), {f['matches']} matches, {f['seconds']:g} s{idle} | "
            f"{e['p50']:.1f} / {e['p95']:.1f} / {e['p99']:.1f} | {f['actions_per_second']:.1f} | "
            f"{m['messages_lost']} of {m['messages_expected']} | {costs}; all {per['machine, all of it']:.1f} | "
            f"{f['load_before']['others_cores']:.2f} / {f['load_during']['others_cores']:.2f} |")


def summary(results: list[dict]) -> None:
    """The games of one run side by side (issue 29, point 1): actions per second, the p95 to
    every socket, and the CPU per action of the whole machine, the workers, the Daphnes,
    PostgreSQL with Redis, and the kernel (ms)."""
    def part(f: dict, *words: str) -> float:
        return sum(v for k, v in f["cpu_ms_per_action"].items()
                   if k != "machine, all of it" and any(w in k.lower() for w in words))

    print("\n| game | moves by | actions/s | p95 every socket, ms | CPU ms/action: machine | workers | Daphnes "
          "| PostgreSQL + Redis | kernel |")
    print("|---|---|---|---|---|---|---|---|---|")
    for f in results:
        idle = "" if f["idle"] else " **NOT IDLE**"
        print(f"| {f['game']}{idle} | {f['moves']} | {f['actions_per_second']:.1f} | {f['every_seat_ms']['p95']:.1f} "
              f"| {f['cpu_ms_per_action']['machine, all of it']:.1f} | {part(f, 'celery', 'worker'):.1f} "
              f"| {part(f, 'daphne'):.1f} | {part(f, 'postgres', 'redis'):.1f} | {part(f, 'kernel', 'interrupts'):.1f} |")
