"""The bench's measuring phase (``bench/latency.py``, step 5): every socket connected, the
matches started, ``run.seconds`` listened to, the machine's load meanwhile."""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bench.latency_parts import load, proxy
from bench.latency_parts.figures import SEATS
from bench.latency_parts.sockets import Receipts, seat_listen
from bench.latency_parts.tables import Table, tables_start

READY_TIMEOUT_SECONDS = 60.0
# More sockets take longer: each handshake's admission runs in Daphne's one database thread
# (about 10-20 ms each), so 4,000 sockets (issue 29, point 3) need about two minutes.
READY_SECONDS_PER_SOCKET = 0.04
CONNECT_CONCURRENCY = 25  # sockets opening at once (each costs Daphne a few queries)


def sockets_per_daphne(run) -> list[int]:
    """Established connections on each Daphne's port (from the clients or the proxy)."""
    try:
        table = Path("/proc/net/tcp").read_text()
    except OSError:
        return []
    counts = proxy.established_per_port(table, run.daphne_ports)
    return [counts[port] for port in run.daphne_ports]


async def measure(run, tables: list[Table]) -> tuple[Receipts, float, float, load.Window]:
    """Connects every seat, starts the matches, listens ``run.seconds``. Returns the receipts,
    the Unix time the matches started and stopped being measured, and the load meanwhile."""
    receipts = Receipts()
    stop = asyncio.Event()
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
    per_match = SEATS + run.spectators
    events = [asyncio.Event() for _ in range(len(tables) * per_match)]
    play_after = run.bot_delay if run.moves == "sockets" else None
    tasks = [
        asyncio.create_task(seat_listen(run.port, t, s, receipts, gate, events[i * per_match + s], stop,
                                        play_after=play_after if s < SEATS else None))
        for i, t in enumerate(tables) for s in range(per_match)
    ]
    waiting = asyncio.gather(*(e.wait() for e in events))
    # Returns once every socket has its first state, or as soon as one of them fails.
    ready = max(READY_TIMEOUT_SECONDS, READY_SECONDS_PER_SOCKET * len(tasks))
    await asyncio.wait([waiting, *tasks], timeout=ready, return_when=asyncio.FIRST_COMPLETED)
    if not waiting.done():
        waiting.cancel()
        stop.set()
        failed = [t.exception() for t in tasks if t.done() and t.exception()]
        raise RuntimeError(f"sockets did not all connect: {failed[:3] or 'timeout'}")
    run.sockets_per_daphne = sockets_per_daphne(run)
    print(f"{len(tasks)} sockets connected (connections per Daphne: {run.sockets_per_daphne}); starting {len(tables)} matches")
    snap0 = load.read_snapshot()
    started = time.time()
    await asyncio.to_thread(tables_start, run, tables)
    await asyncio.sleep(max(0.0, started + run.seconds - time.time()))
    ended = time.time()
    snap1 = load.read_snapshot()
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return receipts, started, ended, load.window(snap0, snap1, run.roles())
