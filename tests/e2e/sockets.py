"""A real WebSocket client (the ``websockets`` package) for the tests that talk to a real
Daphne (``live_site`` / ``site_factory``): what a browser's socket sees, close codes and all.

    cookie = session_cookie(user)                      # a signed-in session in the test database
    with database_switch(site) as closed: ... with closed(): ...   # PostgreSQL away for a while
    outcome = run(handshake(site, "/ws/lobby/", cookie))   # Outcome(frames, code): accepted, answered, closed?
    async with connected(site, path, cookie) as ws: ...    # an open socket; json_of(ws) reads a frame

The test functions stay synchronous (their ORM calls and the database's outages are the test
process's own business) and run the client with ``run`` (``asyncio.run``).
"""
from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass

import psycopg
import websockets
from django.db import connections
from django.test import Client

TIMEOUT = 10.0


def session_cookie(user) -> str:
    """The ``sessionid`` of a fresh signed-in session of ``user`` (stored in the test database,
    which the live site reads)."""
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def run(coro):
    return asyncio.run(coro)


def ws_url(site, path: str) -> str:
    return site.url.replace("http://", "ws://", 1) + path


@asynccontextmanager
async def connected(site, path: str, cookie: str, **kwargs):
    """An open socket to ``path`` with the session ``cookie`` and the site's Origin."""
    headers = {"Cookie": f"sessionid={cookie}", "Origin": site.url}
    async with websockets.connect(ws_url(site, path), additional_headers=headers, open_timeout=TIMEOUT,
                                  max_size=None, **kwargs) as ws:
        yield ws


async def json_of(ws, kind: str | None = None, timeout: float = TIMEOUT) -> dict:
    """The next JSON frame (of type ``kind``, skipping others when given)."""
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if kind is None or msg.get("type") == kind:
            return msg


@dataclass
class Outcome:
    """What a handshake got: the frames before the close (or the first one of an open socket),
    the close code (None while open), the HTTP status of a refused handshake."""

    frames: list
    code: int | None = None
    status: int | None = None


FIRST_FRAME = {"/ws/lobby/": {"type": "chat_sync"}, "/ws/me/": None}


async def handshake(site, path: str, cookie: str) -> Outcome:
    """Connects to ``path`` and reads until the socket is closed or works: the lobby is asked
    for its history first (it sends nothing unasked), the others send a first frame
    themselves (``state`` / ``waiting``)."""
    frames = []
    try:
        async with connected(site, path, cookie) as ws:
            first = FIRST_FRAME.get(path)
            if first is not None:
                try:
                    await ws.send(json.dumps(first))
                except websockets.ConnectionClosed:
                    pass  # closed already: what it sent first is read below
            while True:
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)))
                if frames[-1].get("type") != "error":
                    return Outcome(frames)
    except websockets.ConnectionClosed as exc:
        return Outcome(frames, code=exc.rcvd.code if exc.rcvd else 1006)
    except websockets.InvalidStatus as exc:
        return Outcome(frames, status=exc.response.status_code)


def app_exceptions(site) -> list[str]:
    """Lines of Daphne's log that say the application raised (Daphne's own words)."""
    return [line for line in site.service("daphne").log_text().splitlines()
            if "Exception inside application" in line or "invalid close code" in line]


@contextmanager
def database_switch(site):
    """``closed()``: a context in which the test database refuses new connections and ``site``
    (a ``LiveSite`` of ``site_factory``) has lost its open ones, as during a PostgreSQL restart;
    reopened after it. Only the site's backends are cut (its ``db_application``): the test
    process's own connections are not all reachable from here (Playwright's sync API runs the
    test in a greenlet, whose context may hold another connection than pytest-django's), and
    another site of this process (``live_site``'s shared one) must not lose its own."""
    params = connections["default"].settings_dict
    assert site.db_application, "a site of site_factory (tests/e2e/conftest.py) names its connections"
    admin = psycopg.connect(host=params.get("HOST") or "127.0.0.1", port=params.get("PORT") or 5432,
                            user=params.get("USER") or None, password=params.get("PASSWORD") or None,
                            dbname="postgres", autocommit=True)
    name = params["NAME"]
    quoted = '"' + name.replace('"', '""') + '"'

    @contextmanager
    def closed():
        try:
            admin.execute(f"ALTER DATABASE {quoted} ALLOW_CONNECTIONS false")
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                          " WHERE datname = %s AND application_name = %s", [name, site.db_application])
            yield
        finally:
            admin.execute(f"ALTER DATABASE {quoted} ALLOW_CONNECTIONS true")

    try:
        yield closed
    finally:
        admin.execute(f"ALTER DATABASE {quoted} ALLOW_CONNECTIONS true")
        admin.close()
