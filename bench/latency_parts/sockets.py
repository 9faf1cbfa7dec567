"""The bench's WebSocket clients: one per seat and per spectator, recording when each ``state``
arrives; with ``--moves sockets`` the seats' sockets also play."""
from __future__ import annotations

import asyncio
import json
import random
import re
import time
import uuid
from dataclasses import dataclass, field

from bench.latency_parts.figures import SEATS
from bench.latency_parts.tables import Table

# The start of a state message as the consumer sends it: {"type": "state", **snapshot}.
STATE_HEAD = re.compile(r'\{"type": "state", "match": \d+, "version": (\d+),')
RETRIES = 5  # other actions a playing socket tries after a refused one, per state


@dataclass
class Receipts:
    """What the sockets got: ``(match_id, seat) -> {version: arrival (Unix seconds)}``."""

    arrivals: dict[tuple[int, int], dict[int, float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    closed_early: int = 0
    wrong_seat: int = 0
    duplicates: int = 0  # a version a socket got twice


async def seat_listen(port: int, table: Table, seat: int, receipts: Receipts, ready: asyncio.Semaphore,
                      connected: asyncio.Event | None, stop: asyncio.Event, *, play_after: float | None = None) -> None:
    """One socket to 127.0.0.1:``port`` (the proxy's or the Daphne's) with a session cookie and
    the site's Origin: seat ``seat``'s owner's, or for ``seat >= SEATS`` the match's spectator
    ``seat - SEATS``. Records each ``state`` version's arrival (a version seen twice counts as a
    duplicate) until cancelled. ``play_after`` (seconds; seats only): the socket plays as a
    person would, a random legal action of each state that offers it some, sent that long after
    the state arrived (``{"type": "action", ...}``, docs/contracts.md), unless a newer state
    came first."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    url = f"ws://127.0.0.1:{port}/ws/matches/{table.match_id}/"
    got = receipts.arrivals.setdefault((table.match_id, seat), {})
    session = table.sessions[seat] if seat < SEATS else table.spectators[seat - SEATS]
    rng = random.Random(table.match_id * 31 + seat)
    pending: asyncio.Task | None = None
    last: dict | None = None  # the latest state, while it is the current one
    tries, refused, kind = 0, set(), None
    async with ready:
        ws = await connect(url, origin=f"http://127.0.0.1:{port}", proxy=None, compression=None,
                           additional_headers={"Cookie": f"sessionid={session}"},
                           max_size=2**22, max_queue=None, ping_interval=None)
    try:
        first = json.loads(await ws.recv())
        if first.get("type") != "state" or first.get("seat") != (seat if seat < SEATS else None):
            receipts.wrong_seat += 1
        if connected is not None:
            connected.set()
        while True:  # until cancelled at the end of the run
            raw = await ws.recv()
            now = time.time()
            # The version is near the start of a state message: reading it from there spares
            # this process (which shares the machine with the services) parsing it all, unless
            # it plays.
            head = STATE_HEAD.match(raw) if play_after is None else None
            msg = None if head is not None else json.loads(raw)
            if head is not None or msg.get("type") == "state":
                version = int(head.group(1)) if head is not None else msg["version"]
                if version in got:
                    receipts.duplicates += 1
                else:
                    got[version] = now
                if msg is not None and play_after is not None:
                    if pending is not None:
                        pending.cancel()  # that state is gone: its move would be stale
                    last, tries = msg, 0
                    pending, kind = _move_later(ws, msg, rng, play_after, refused)
            elif msg.get("type") == "error":
                receipts.errors.append(f"{table.match_id}/{seat}: {msg.get('code')} {msg.get('message', '')[:80]}")
                # A legal action that is a form still to fill in (HexBoard Words' steal names the
                # word the player types): another type of action, now and from then on.
                if play_after is not None and last is not None and tries < RETRIES and msg.get("code") != "stale_version":
                    tries += 1
                    refused.add(kind)
                    pending, kind = _move_later(ws, last, rng, 0.0, refused)
    except asyncio.CancelledError:
        pass
    except ConnectionClosed:
        if not stop.is_set():
            receipts.closed_early += 1
    finally:
        if pending is not None:
            pending.cancel()
        await ws.close()


def _move_later(ws, state: dict, rng: random.Random, delay: float,
                refused: set) -> tuple[asyncio.Task | None, str | None]:
    """``(task, type)``: a task sending one of ``state``'s legal actions (of a type not in
    ``refused``) after ``delay`` seconds, and that action's type; ``(None, None)`` when the
    match is not active or the seat has no such action."""
    legal = [a for a in state.get("legal_actions") or [] if a.get("type") not in refused]
    if state.get("status") != "active" or not legal:
        return None, None
    action = rng.choice(legal)
    frame = json.dumps({"type": "action", "action": action, "expected_version": state["version"],
                        "client_action_id": uuid.uuid4().hex})

    async def send() -> None:
        from websockets.exceptions import ConnectionClosed

        await asyncio.sleep(delay)
        try:
            await ws.send(frame)
        except ConnectionClosed:
            pass  # the socket's own loop counts a close

    return asyncio.create_task(send()), action.get("type")
