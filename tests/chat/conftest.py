"""Chat test helpers: the realtime sockets (tests/realtime/conftest.py: the real stack, on the
Redis layer when REDIS_URL is set) plus ``connect_lobby(user, host=...)`` for ``ws/lobby/``,
and ``table`` (alice and bob seated at a race match, carol watching)."""
from __future__ import annotations

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.realtime.conftest import (  # noqa: F401 - fixtures
    HOST,
    ORIGIN,
    TIMEOUT,
    Socket,
    clean_layer,
    connect_socket,
    fast_passwords,
    race_match,
    session_cookie,
    ws_app,
    ws_headers,
)


@pytest_asyncio.fixture
async def connect_lobby(ws_app):  # noqa: F811
    """``await connect_lobby(user, *, host, origin, cookie) -> (accepted, code, Socket)``; the
    socket sends nothing first, so ``code`` is the close code when refused, else None."""
    opened: list[Socket] = []

    async def connect(user, *, host=HOST, origin=ORIGIN, cookie=None):
        if cookie is None and user is not None:
            cookie = await database_sync_to_async(session_cookie)(user)
        comm = WebsocketCommunicator(ws_app, "/ws/lobby/", headers=ws_headers(cookie=cookie, host=host, origin=origin))
        sock = Socket(comm)
        accepted, detail = await comm.connect(timeout=TIMEOUT)
        if not accepted:
            return False, detail, sock
        opened.append(sock)
        if not await comm.receive_nothing(timeout=0.2):
            out = await comm.receive_output(TIMEOUT)
            assert out["type"] == "websocket.close", out
            return True, out.get("code", 1000), sock
        return True, None, sock

    yield connect
    for sock in opened:
        try:
            await sock.close()
        except Exception:
            pass


@pytest.fixture
def table(race_match, member, other_member, user_factory):  # noqa: F811
    """alice at seat 0, bob at seat 1 of a started race match; carol and dan watching."""
    match = race_match([member, other_member])
    return match, member, other_member, user_factory("carol"), user_factory("dan")


async def chat_history(sock: Socket) -> dict:
    """Sends ``chat_sync`` and returns the ``chat_history`` answer (skipping states)."""
    await sock.send({"type": "chat_sync"})
    return await next_of(sock, "chat_history")


async def next_of(sock: Socket, kind: str, timeout: float = TIMEOUT) -> dict:
    """The next message of type ``kind``, skipping ``state`` messages on the way."""
    while True:
        msg = await sock.recv(timeout)
        if msg["type"] == kind:
            return msg
        assert msg["type"] == "state", msg


async def say(sock: Socket, text) -> None:
    await sock.send({"type": "chat", "text": text})
