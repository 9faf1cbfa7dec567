"""The fault test's clients: a socket per seat that behaves as the match page does, and HTTP
probes that record every answer.

``SeatSocket``: connects to one of the Daphnes (its own first, the next one when that one
refuses), keeps the highest ``state`` version it got, asks for ``sync`` when a version skips
one (as ``static/js/match.js`` does), and on a close connects again after
``RECONNECT_SECONDS`` (the page backs off likewise), counting its reconnects.

``Probe``: every ``PROBE_INTERVAL_SECONDS`` the probed paths on the next Daphne still alive
(in turn), the token endpoint every ``TOKEN_EVERY``-th round (under the API's rate limits:
240 requests a minute per account, 20 token requests per address), recording ``(time, port,
path, status)``; a refused connection or a time-out is status 0.
"""
from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field

RECONNECT_SECONDS = 0.5
# How long a handshake may take before it is tried again: long, so that on a loaded machine a
# slow handshake is waited for rather than abandoned and queued again behind the others (80
# sockets retrying every 10 s kept two busy Daphnes from ever catching up).
OPEN_TIMEOUT_SECONDS = 60
STAGGER_SECONDS = 0.05  # between the first handshakes of the sockets
PROBE_INTERVAL_SECONDS = 0.5
TOKEN_EVERY = 8
PROBE_TIMEOUT_SECONDS = 10.0


@dataclass
class SeatSocket:
    match_id: int
    seat: int
    session: str
    ports: list[int]
    latest: int = 0
    connects: int = 0
    syncs: int = 0
    errors: list[str] = field(default_factory=list)
    closes: list[int | None] = field(default_factory=list)
    port: int | None = None  # the Daphne of the socket's last connection

    async def run(self, stop: asyncio.Event) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed

        turn = self.seat % len(self.ports)
        await asyncio.sleep(STAGGER_SECONDS * (self.match_id % 20 * 4 + self.seat))  # not all at once
        while not stop.is_set():
            port = self.ports[turn % len(self.ports)]
            try:
                async with connect(f"ws://127.0.0.1:{port}/ws/matches/{self.match_id}/",
                                   origin=f"http://127.0.0.1:{port}", proxy=None, compression=None,
                                   additional_headers={"Cookie": f"sessionid={self.session}"},
                                   max_size=2**22, ping_interval=None, open_timeout=OPEN_TIMEOUT_SECONDS) as ws:
                    self.connects += 1
                    self.port = port
                    await self._listen(ws, stop)
                    return
            except ConnectionClosed as closed:
                self.closes.append(closed.rcvd.code if closed.rcvd else None)
            except Exception as exc:  # a page's socket tries again, whatever went wrong
                # Refused, timed out, or cut mid-handshake by a killed Daphne (InvalidMessage):
                # the next one is tried. Only a close after a handshake stays on the same Daphne.
                self.errors.append(f"connect {port}: {type(exc).__name__}: {exc}"[:200])
                turn += 1
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _listen(self, ws, stop: asyncio.Event) -> None:
        waiter = asyncio.ensure_future(stop.wait())
        try:
            while True:
                recv = asyncio.ensure_future(ws.recv())
                done, _ = await asyncio.wait({recv, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if waiter in done:
                    recv.cancel()
                    return
                msg = json.loads(recv.result())
                if msg.get("type") == "state":
                    version = msg["version"]
                    if self.latest and version > self.latest + 1:
                        self.syncs += 1
                        await ws.send(json.dumps({"type": "sync"}))
                    self.latest = max(self.latest, version)
                elif msg.get("type") == "error":
                    self.errors.append(f"error {msg.get('code')}")
        finally:
            waiter.cancel()


@dataclass
class Probe:
    """HTTP answers over time (module docstring)."""

    token: str
    session: str
    match_id: int
    username: str
    password: str
    answers: list[tuple[float, int, str, int]] = field(default_factory=list)
    dead_ports: set[int] = field(default_factory=set)

    def paths(self, with_token: bool) -> list[tuple[str, str, dict, bytes | None]]:
        api = {"Authorization": f"Token {self.token}"}
        page = {"Cookie": f"sessionid={self.session}"}
        paths = [
            ("GET", "/api/v1/your-turn/", api, None),
            ("GET", f"/api/v1/matches/{self.match_id}/legal-actions/", api, None),
            ("GET", "/", page, None),
        ]
        if with_token:
            login = json.dumps({"username": self.username, "password": self.password}).encode()
            paths.append(("POST", "/api/v1/auth/token/", {"Content-Type": "application/json"}, login))
        return paths

    def once(self, port: int, with_token: bool) -> None:
        for method, path, headers, body in self.paths(with_token):
            request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                                             headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=PROBE_TIMEOUT_SECONDS) as r:
                    status = r.status
            except urllib.error.HTTPError as err:
                status = err.code
            except (urllib.error.URLError, OSError):
                status = 0
            self.answers.append((time.monotonic(), port, path, status))

    async def run(self, ports: list[int], stop: asyncio.Event) -> None:
        round_ = 0
        while not stop.is_set():
            alive = [p for p in ports if p not in self.dead_ports]
            await asyncio.to_thread(self.once, alive[round_ % len(alive)], round_ % TOKEN_EVERY == 0)
            round_ += 1
            try:
                await asyncio.wait_for(stop.wait(), PROBE_INTERVAL_SECONDS)
            except TimeoutError:
                pass
