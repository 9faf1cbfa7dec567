"""WebSocket test helpers: sockets on the real stack (``routing.websocket_application``), on
the Redis channel layer when REDIS_URL is set (CI) and the in-memory one otherwise.

``connect_socket(user, match, host=..., origin=...)`` opens a socket as ``user`` (None:
anonymous) with a real session cookie and returns a ``Socket``; ``race_match(players)`` starts
a match of the test game "race" whose seats are ``players``.
"""
from __future__ import annotations

import asyncio
import json

import pytest
import pytest_asyncio
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from gameplatform.realtime import broadcast
from gameplatform.routing import websocket_application

HOST = "testserver"
ORIGIN = "http://testserver"
# Generous: on Redis a message makes two network hops; a passing test never waits this long.
TIMEOUT = 5.0
# How long "nothing arrives" is watched for.
QUIET = 0.3


class Socket:
    """A client socket. ``recv()`` -> the next JSON message; ``send(dict)``; ``raw`` frames."""

    def __init__(self, communicator: WebsocketCommunicator):
        self.comm = communicator
        self.received: list[dict] = []

    async def recv(self, timeout: float = TIMEOUT) -> dict:
        msg = await self.comm.receive_json_from(timeout=timeout)
        self.received.append(msg)
        return msg

    async def recv_type(self, kind: str, timeout: float = TIMEOUT) -> dict:
        """The next message, which must be of type ``kind``."""
        msg = await self.recv(timeout)
        assert msg["type"] == kind, msg
        return msg

    async def send(self, data: dict) -> None:
        await self.comm.send_json_to(data)

    async def send_text(self, text: str) -> None:
        await self.comm.send_to(text_data=text)

    async def send_bytes(self, data: bytes) -> None:
        await self.comm.send_to(bytes_data=data)

    async def request(self, data: dict) -> dict:
        """Send ``data`` and return the first answer."""
        await self.send(data)
        return await self.recv()

    async def quiet(self, timeout: float = QUIET) -> bool:
        """True when nothing arrives within ``timeout`` seconds."""
        return await self.comm.receive_nothing(timeout=timeout)

    async def closed_with(self, timeout: float = TIMEOUT) -> int:
        """The close code of the next output, which must be a close."""
        out = await self.comm.receive_output(timeout)
        assert out["type"] == "websocket.close", out
        return out.get("code", 1000)

    async def close(self) -> None:
        await self.comm.disconnect()


def session_cookie(user) -> str:
    """A ``sessionid=...`` cookie of a fresh signed-in session of ``user``."""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def ws_headers(*, cookie: str | None, host: str | None = HOST, origin: str | None = ORIGIN) -> list:
    headers = []
    if host is not None:
        headers.append((b"host", host.encode()))
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    return headers


@pytest.fixture
def ws_app():
    return websocket_application()


@pytest_asyncio.fixture
async def connect_socket(ws_app):
    """``await connect(user, match_or_id, *, host, origin, cookie) -> (accepted, code, Socket)``.

    ``accepted``: whether the handshake succeeded; ``code``: the close code when refused at
    the handshake, else when the server closes right after accepting, else None (open).
    Sockets left open are closed after the test.
    """
    opened: list[Socket] = []

    async def connect(user, match, *, host=HOST, origin=ORIGIN, cookie=None):
        if cookie is None and user is not None:
            cookie = await database_sync_to_async(session_cookie)(user)
        match_id = match if isinstance(match, int) else match.pk
        comm = WebsocketCommunicator(
            ws_app, f"/ws/matches/{match_id}/", headers=ws_headers(cookie=cookie, host=host, origin=origin)
        )
        sock = Socket(comm)
        accepted, detail = await comm.connect(timeout=TIMEOUT)
        if not accepted:
            return False, detail, sock
        opened.append(sock)
        # Right after accept comes either the first state or a close.
        out = await comm.receive_output(TIMEOUT)
        if out["type"] == "websocket.close":
            return True, out.get("code", 1000), sock
        assert out["type"] == "websocket.send", out
        sock.received.append(json.loads(out["text"]))
        return True, None, sock

    yield connect
    for sock in opened:
        try:
            await sock.close()
        except Exception:  # already closed by the server
            pass


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Each test signs up a few people: skip the deliberately slow production hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def clean_layer():
    """An empty channel layer and no recorded server loop around every test."""
    layer = get_channel_layer()
    async_to_sync(layer.flush)()
    broadcast.server_loop_forget()
    yield
    broadcast.server_loop_forget()
    async_to_sync(get_channel_layer().flush)()


@pytest.fixture
def race_match(match_factory):
    """``make(players, **kwargs) -> Match``: a started match of the test game "race"."""

    def make(players, **kwargs):
        return match_factory("race", players, **kwargs)

    return make


def first_state(sock: Socket) -> dict:
    """The state a socket got on connect."""
    assert sock.received and sock.received[0]["type"] == "state", sock.received
    return sock.received[0]


async def until(predicate, timeout: float = TIMEOUT):
    """Polls an async-safe ``predicate()`` until truthy (returns it) or fails the test."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if loop.time() > end:
            pytest.fail(f"condition not met within {timeout} s")
        await asyncio.sleep(0.02)
