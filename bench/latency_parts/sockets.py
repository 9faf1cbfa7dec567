"""The bench's WebSocket clients: one per seat, recording when each ``state`` arrives."""
from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field

from bench.latency_parts.tables import Table

# The start of a state message as the consumer sends it: {"type": "state", **snapshot}.
STATE_HEAD = re.compile(r'\{"type": "state", "match": \d+, "version": (\d+),')


@dataclass
class Receipts:
    """What the sockets got: ``(match_id, seat) -> {version: arrival (Unix seconds)}``."""

    arrivals: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    closed_early: int = 0
    wrong_seat: int = 0
    duplicates: int = 0  # a version a socket got twice


async def seat_listen(port: int, table: Table, seat: int, receipts: Receipts, ready: asyncio.Semaphore,
                      connected: asyncio.Event | None, stop: asyncio.Event) -> None:
    """One seat's socket to 127.0.0.1:``port`` (the proxy's or the Daphne's), with the seat
    owner's session cookie and the site's Origin: records each ``state`` version's arrival
    (a version seen twice counts as a duplicate) until cancelled."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    url = f"ws://127.0.0.1:{port}/ws/matches/{table.match_id}/"
    got = receipts.arrivals.setdefault((table.match_id, seat), {})
    async with ready:
        ws = await connect(url, origin=f"http://127.0.0.1:{port}", proxy=None, compression=None,
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
            msg = None if head is not None else json.loads(raw)
            if head is not None or msg.get("type") == "state":
                version = int(head.group(1)) if head is not None else msg["version"]
                if version in got:
                    receipts.duplicates += 1
                else:
                    got[version] = now
            elif msg.get("type") == "error":
                receipts.errors.append(f"{table.match_id}/{seat}: {msg.get('code')}")
    except asyncio.CancelledError:
        pass
    except ConnectionClosed:
        if not stop.is_set():
            receipts.closed_early += 1
    finally:
        await ws.close()
