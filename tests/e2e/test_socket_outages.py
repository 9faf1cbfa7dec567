"""Issue 24, points 2-4 for the sockets, against a real Daphne (``site_factory``) and a real
WebSocket client: Redis stopped and started again (a private ``redis_server`` on a spare port,
both channel layers), the PostgreSQL database shut to new connections and its connections
killed (``ALTER DATABASE ... ALLOW_CONNECTIONS false`` + ``pg_terminate_backend``: the test
database only, the shared server is never restarted). docs/contracts.md, "WebSocket outages".

During the outage a handshake is accepted, answered ``unavailable`` and closed with 4503 (not
the HTTP 500 Daphne answered), on each of the three sockets; a socket that was open answers a
message it cannot serve with ``unavailable`` (``chat_error`` for the chat, with the message's
client id; ``error`` with the client_action_id for a move) and stays open. Afterwards a
handshake works at the first try (dead pooled Redis connections are replaced at their first
use), the move and the chat message sent again with the same ids are taken once, the sockets
that were open work on, and Daphne never logged "Exception inside application".
"""
from __future__ import annotations

import asyncio
import json
import time
from contextlib import asynccontextmanager

import pytest
from django.db import connection

from gameplatform.chat.models import ChatMessage
from gameplatform.matches.models import MoveRecord
from gameplatform.realtime.outages import CLOSE_UNAVAILABLE, RETRY_AFTER_SECONDS, UNAVAILABLE

from .sockets import app_exceptions, connected, database_switch, handshake, json_of, run, session_cookie

WORKING = {"/ws/lobby/": "chat_history", "/ws/me/": "waiting"}  # the match socket: "state"


def paths(match) -> list[str]:
    return [f"/ws/matches/{match.pk}/", "/ws/lobby/", "/ws/me/"]


async def assert_refused_with_4503(site, match, cookie):
    for path in paths(match):
        outcome = await handshake(site, path, cookie)
        assert outcome.status is None, f"{path}: HTTP {outcome.status} to the handshake"
        assert outcome.code == CLOSE_UNAVAILABLE == 4503, (path, outcome)
        [frame] = outcome.frames
        assert (frame["type"], frame["code"], frame["retry_after"]) == ("error", UNAVAILABLE, RETRY_AFTER_SECONDS)


async def assert_working_at_first_try(site, match, cookie):
    for path in paths(match):
        outcome = await handshake(site, path, cookie)
        assert outcome.code is None and outcome.status is None, (path, outcome)
        assert outcome.frames[-1]["type"] == WORKING.get(path, "state"), (path, outcome)


async def reply(ws, *kinds):
    """The next frame of one of ``kinds`` (states and chat lines on the way skipped)."""
    while True:
        msg = await json_of(ws)
        if msg["type"] in kinds:
            return msg


def chat(text, mid):
    return json.dumps({"type": "chat", "text": text, "client_message_id": mid})


async def resend_until_shown(ws, text, mid, seconds=20.0, unavailable_ok=True):
    """What a page does with a pending message: send it again (same id) until its line comes
    (through the room's group: the socket's subscription must work again). With
    ``unavailable_ok=False`` the server must take it at once (the cache and the layer work)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await ws.send(chat(text, mid))
        try:
            msg = await asyncio.wait_for(reply(ws, "chat", "chat_error"), 2)
        except TimeoutError:
            continue
        if msg["type"] == "chat" and msg["message"].get("client_message_id") == mid:
            return msg["message"]
        assert msg["type"] == "chat" or (unavailable_ok and msg["code"] == UNAVAILABLE), msg
        await asyncio.sleep(0.5)
    pytest.fail(f"chat message {mid} never shown")


def stored(mid) -> int:
    return ChatMessage.unscoped.filter(client_message_id=mid).count()


@asynccontextmanager
async def actor_sockets(site, match, cookies):
    """The three sockets of the person to act, working: (their cookie, the match socket, the
    lobby's (history read), ws/me/ (count read), the match's first state)."""
    first = await handshake(site, paths(match)[0], cookies[0])
    cookie = cookies[first.frames[0]["view"]["to_act"][0]]
    async with connected(site, paths(match)[0], cookie) as board, \
            connected(site, "/ws/lobby/", cookie) as lobby, connected(site, "/ws/me/", cookie) as me:
        state = await json_of(board, "state")
        await lobby.send(json.dumps({"type": "chat_sync"}))
        await json_of(lobby, "chat_history")
        await json_of(me, "waiting")
        yield cookie, board, lobby, me, state


@pytest.fixture
def table(match_factory, member, other_member):
    """A Hextopia match of alice and bob, and each one's session cookie."""
    match = match_factory("hextopia", [member, other_member])
    return match, {0: session_cookie(member), 1: session_cookie(other_member)}


@pytest.mark.parametrize("layer", ["pubsub", "core"])
def test_the_sockets_through_a_redis_restart(site_factory, redis_server, table, layer):
    site = site_factory(redis_url=redis_server.url, worker=False, env={"CHANNEL_LAYER": layer})
    match, cookies = table

    async def scenario():
        async with actor_sockets(site, match, cookies) as (cookie, board, lobby, me, state):
            await asyncio.to_thread(redis_server.stop)
            await assert_refused_with_4503(site, match, cookie)
            # The chat cannot count or publish: "unavailable", with the message's id.
            await lobby.send(chat("through the outage", "r-1"))
            error = await reply(lobby, "chat_error")
            assert (error["code"], error["client_message_id"], error["retry_after"]) == (UNAVAILABLE, "r-1", 5)
            # A move needs only the database: taken (its broadcast and timer are lost: the
            # clients' quiet-time sync and the workers' sweep catch up).
            move = {"type": "action", "action": state["legal_actions"][0], "expected_version": state["version"],
                    "client_action_id": "m-1"}
            await board.send(json.dumps(move))
            ack = await reply(board, "ack", "error")
            assert ack == {"type": "ack", "client_action_id": "m-1", "version": state["version"] + 1}
            await me.send(json.dumps({"type": "sync"}))
            assert (await reply(me, "waiting", "error"))["type"] == "waiting"

            await asyncio.to_thread(redis_server.start)
            await assert_working_at_first_try(site, match, cookie)
            shown = await resend_until_shown(lobby, "through the outage", "r-1")
            assert shown["text"] == "through the outage"
            # The sockets that were open work on: the next move's broadcast reaches the board.
            await board.send(json.dumps({"type": "sync"}))
            now = await reply(board, "state")
            assert now["version"] == state["version"] + 1
            mover = now["view"]["to_act"][0]
            async with connected(site, paths(match)[0], cookies[mover]) as other:
                fresh = await json_of(other, "state")
                await other.send(json.dumps({"type": "action", "action": fresh["legal_actions"][0],
                                             "expected_version": fresh["version"], "client_action_id": "m-2"}))
                assert (await reply(other, "ack", "error"))["type"] == "ack"
            deadline = time.monotonic() + 15
            while (await asyncio.wait_for(reply(board, "state"), 15))["version"] < fresh["version"] + 1:
                assert time.monotonic() < deadline
            await me.send(json.dumps({"type": "sync"}))
            assert (await reply(me, "waiting", "error"))["type"] == "waiting"

            # Redis restarts while this Daphne is idle: its pooled connections are dead
            # without it knowing, and the first use of each must replace it, not fail.
            await asyncio.to_thread(redis_server.stop)
            await asyncio.sleep(1)
            await asyncio.to_thread(redis_server.start)
            await assert_working_at_first_try(site, match, cookie)
            assert (await resend_until_shown(lobby, "after an idle restart", "r-2", unavailable_ok=False))["mine"]

    run(scenario())
    assert stored("r-1") == 1
    assert MoveRecord.objects.filter(match=match, client_action_id="m-1").count() == 1
    assert app_exceptions(site) == []


def test_the_sockets_through_a_database_outage(site_factory, table):
    if connection.vendor != "postgresql":
        pytest.skip("shuts a PostgreSQL database (CI runs on PostgreSQL)")
    site = site_factory(worker=False)
    match, cookies = table

    async def scenario(closed):
        async with actor_sockets(site, match, cookies) as (cookie, board, lobby, me, state):
            move = json.dumps({"type": "action", "action": state["legal_actions"][0],
                               "expected_version": state["version"], "client_action_id": "d-1"})
            with closed():
                await assert_refused_with_4503(site, match, cookie)
                await lobby.send(chat("while the database restarts", "c-1"))
                error = await reply(lobby, "chat_error")
                assert (error["code"], error["client_message_id"], error["retry_after"]) == (UNAVAILABLE, "c-1", 5)
                await board.send(move)
                error = await reply(board, "ack", "error")
                assert (error["type"], error["code"], error["client_action_id"]) == ("error", UNAVAILABLE, "d-1")
                await me.send(json.dumps({"type": "sync"}))
                assert (await reply(me, "waiting", "error"))["code"] == UNAVAILABLE

            await assert_working_at_first_try(site, match, cookie)
            # The page sends its move again, same id: applied once, acked (twice: same version).
            for _ in range(2):
                await board.send(move)
                ack = await reply(board, "ack", "error")
                assert ack == {"type": "ack", "client_action_id": "d-1", "version": state["version"] + 1}
            shown = await resend_until_shown(lobby, "while the database restarts", "c-1")
            assert shown["mine"] is True
            await me.send(json.dumps({"type": "sync"}))
            assert (await reply(me, "waiting", "error"))["type"] == "waiting"

    with database_switch(site) as closed:
        run(scenario(closed))
    assert stored("c-1") == 1
    assert MoveRecord.objects.filter(match=match, client_action_id="d-1").count() == 1
    assert app_exceptions(site) == []
