"""Issue 24, point 7, against a real Daphne (``site_factory``) and a real WebSocket client:
close codes Daphne accepts (docs/contracts.md, "WebSocket close codes").

- A frame of 16,385 characters gets the ``message_too_large`` error, then the close code 4009,
  on each of the three sockets (Daphne refuses the 1009 the application sent before: it
  logged "invalid close code 1009" and the client saw 1011).
- A frame over Daphne's own limit (1 MiB, autobahn's ``maxMessagePayloadSize``) never reaches
  the application: Daphne closes with 1009 "message too big" and a close frame
  (``realtime.server_options``: without it autobahn dropped the TCP connection, 1006).
- Daphne logs no "Exception inside application".
"""
from __future__ import annotations

import asyncio
import json

import pytest
import websockets

from gameplatform.realtime.messages import CLOSE_TOO_BIG, MAX_FRAME_CHARS

from .sockets import TIMEOUT, app_exceptions, connected, json_of, run, session_cookie

DAPHNE_LIMIT = 1024 * 1024  # daphne's --websocket-max-message-size default


@pytest.fixture
def site(site_factory):
    return site_factory(worker=False)


async def too_big(site, path, cookie, frame: str):
    """Sends ``frame`` on an open socket of ``path``; returns (frames received after it, the
    close code and reason the client got)."""
    async with connected(site, path, cookie) as ws:
        if path.startswith("/ws/matches/"):
            await json_of(ws, "state")
        elif path == "/ws/me/":
            await json_of(ws, "waiting")
        await ws.send(frame)
        frames = []
        try:
            while True:
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)))
        except websockets.ConnectionClosed as exc:
            return frames, (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (1006, "")


async def first_answer(site, path, cookie, frame) -> dict:
    """Sends ``frame`` on a new socket of ``path``; the first frame that comes back."""
    async with connected(site, path, cookie) as ws:
        await ws.send(frame)
        return await json_of(ws)


def paths(match):
    return [f"/ws/matches/{match.pk}/", "/ws/lobby/", "/ws/me/"]


def test_a_frame_over_16384_characters_gets_the_error_then_close_4009(site, match_factory, member):
    match = match_factory("hextopia", [member, "random"])
    cookie = session_cookie(member)
    size = MAX_FRAME_CHARS + 1
    for path in paths(match):
        frames, (code, _) = run(too_big(site, path, cookie, "[" * size))
        assert frames == [{
            "type": "error", "code": "message_too_large", "limit": MAX_FRAME_CHARS,
            "message": f"Messages are limited to {MAX_FRAME_CHARS} characters; this one had {size}. "
                       "The socket closes (4009): reconnect to go on.",
        }], path
        assert code == CLOSE_TOO_BIG == 4009, path
    # A frame of exactly the limit is read (and refused as bad JSON, the socket staying open).
    assert run(first_answer(site, "/ws/lobby/", cookie, "[" * MAX_FRAME_CHARS))["code"] == "malformed"
    assert app_exceptions(site) == []




def test_a_frame_over_daphnes_limit_is_closed_with_1009_and_a_close_frame(site, match_factory, member):
    match = match_factory("hextopia", [member, "random"])
    cookie = session_cookie(member)
    for path in paths(match):
        frames, (code, reason) = run(too_big(site, path, cookie, "x" * (DAPHNE_LIMIT + 100 * 1024)))
        assert frames == [], path  # the application never saw it
        assert code == 1009, path  # 1006 (no close frame) without realtime.server_options
        assert "exceeds payload limit of 1048576 octets" in reason
    # Daphne and the sockets go on.
    assert run(first_answer(site, "/ws/lobby/", cookie, json.dumps({"type": "chat_sync"})))["type"] == "chat_history"
    assert app_exceptions(site) == []
