"""Helpers of the alerts tests.

``play(match, users, action=None)``: the seat to act plays (default: a roll) as its person.
``connect_me(user, *, host, origin, cookie)``: a ``ws/me/`` socket on the real stack (the Redis
channel layer when REDIS_URL is set), returning ``(accepted, close code or None, Socket)``.
"""
from __future__ import annotations

import json

import pytest
import pytest_asyncio
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from gameplatform.matches import services
from gameplatform.matches.models import Match
from gameplatform.realtime import broadcast
from gameplatform.routing import websocket_application
from games.registry import get_engine
from tests.realtime.conftest import HOST, ORIGIN, TIMEOUT, Socket, session_cookie, ws_headers


def play(match, users, action=None):
    """The (first) seat to act plays ``action`` (default ``{"type": "roll"}``) as its person;
    ``users`` maps seat index -> user. Returns the ``ActionOutcome``."""
    match = Match.unscoped.get(pk=getattr(match, "pk", match))
    engine = get_engine(match.game)
    seat = engine.to_act(engine.decode(match.state))[0]
    return services.submit_action(match_id=match.pk, action=action or {"type": "roll"},
                                  expected_version=match.version, tenant=match.tenant, user=users[seat])


def to_act(match) -> list[int]:
    match = Match.unscoped.get(pk=getattr(match, "pk", match))
    engine = get_engine(match.game)
    return list(engine.to_act(engine.decode(match.state)))


@pytest.fixture(autouse=True)
def clean_layer():
    """An empty channel layer and no recorded server loop around every test."""
    async_to_sync(get_channel_layer().flush)()
    broadcast.server_loop_forget()
    yield
    broadcast.server_loop_forget()
    async_to_sync(get_channel_layer().flush)()


@pytest_asyncio.fixture
async def connect_me():
    """``await connect(user, *, host, origin, cookie) -> (accepted, code, Socket)``; the first
    message after accept (the count) is in ``Socket.received``."""
    app = websocket_application()
    opened: list[Socket] = []

    async def connect(user, *, host=HOST, origin=ORIGIN, cookie=None, path="/ws/me/"):
        if cookie is None and user is not None:
            cookie = await database_sync_to_async(session_cookie)(user)
        comm = WebsocketCommunicator(app, path, headers=ws_headers(cookie=cookie, host=host, origin=origin))
        sock = Socket(comm)
        accepted, detail = await comm.connect(timeout=TIMEOUT)
        if not accepted:
            return False, detail, sock
        opened.append(sock)
        out = await comm.receive_output(TIMEOUT)
        if out["type"] == "websocket.close":
            return True, out.get("code", 1000), sock
        sock.received.append(json.loads(out["text"]))
        return True, None, sock

    yield connect
    for sock in opened:
        try:
            await sock.close()
        except Exception:
            pass


@pytest.fixture
def api_as(db):
    """``api_as(user, host="testserver")``: a DRF APIClient with that user's token."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    def make(user, host: str = "testserver"):
        client = APIClient(HTTP_HOST=host)
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


@pytest.fixture
def waiting_match(race_engine, match_factory):
    """``make(person, tenant=...) -> Match``: a started race of ``person`` against a bot where it
    is the person's turn."""
    from gameplatform.bots.services import bot_take_turn

    def make(person, **kwargs):
        match = match_factory("race", [person, "random"], **kwargs)
        if to_act(match) != [0]:
            bot_take_turn(match_id=match.pk, version=Match.unscoped.get(pk=match.pk).version)
        assert to_act(match) == [0]
        return Match.unscoped.get(pk=match.pk)

    return make
