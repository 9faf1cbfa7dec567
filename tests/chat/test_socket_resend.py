"""No chat lost (issue 24, point 4): a message carries its page's ``client_message_id``; the
server stores it once per author and id (a repeat returns the stored message, published
again, and is not counted by the rate limit); when the database or the channel layer fails
the sender gets ``chat_error`` ``unavailable`` (retryable) and the page sends it again.

The outages are simulated here in-process (the service or the layer raising what
psycopg / redis-py raise); tests/e2e/test_socket_outages.py stops a real Redis and shuts a
real PostgreSQL database to a real Daphne.
"""
from unittest import mock

import pytest
import redis.exceptions
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import OperationalError

from gameplatform.chat import services
from gameplatform.chat.models import ChatMessage
from gameplatform.realtime import outages
from tests.chat.conftest import chat_history, next_of

pytestmark = pytest.mark.django_db(transaction=True)


def rows() -> list[tuple[str, str | None]]:
    return list(ChatMessage.unscoped.order_by("pk").values_list("text", "client_message_id"))


async def send(sock, text, mid):
    await sock.send({"type": "chat", "text": text, "client_message_id": mid})


@pytest.fixture
async def socks(table, connect_socket):
    """alice's and bob's sockets at the table."""
    match, alice, bob, *_ = table
    _, _, a = await connect_socket(alice, match)
    _, _, b = await connect_socket(bob, match)
    return a, b


def unavailable(kind, **ids):
    return {"type": kind, "code": "unavailable", "retry_after": outages.RETRY_AFTER_SECONDS,
            "message": outages.MSG_UNAVAILABLE.format(seconds=outages.RETRY_AFTER_SECONDS), **ids}


async def test_a_repeat_with_the_same_id_is_stored_once_and_echoed_as_the_same_message(socks):
    alice, bob = socks
    await send(alice, "gg", "m-1")
    first = (await next_of(alice, "chat"))["message"]
    assert first["client_message_id"] == "m-1" and first["mine"] is True
    heard = (await next_of(bob, "chat"))["message"]
    assert "client_message_id" not in heard  # the id is the author's page's, nobody else's
    await send(alice, "gg", "m-1")
    again = (await next_of(alice, "chat"))["message"]
    assert again == first
    assert (await next_of(bob, "chat"))["message"]["id"] == first["id"]  # the page shows it once (by id)
    assert await database_sync_to_async(rows)() == [("gg", "m-1")]


async def test_a_repeat_is_not_counted_by_the_rate_limit(socks):
    alice, _ = socks
    for i in range(5):
        await send(alice, f"m{i}", f"id-{i}")
        await next_of(alice, "chat")
    await send(alice, "m4", "id-4")  # the fifth again: returned, not refused
    assert (await next_of(alice, "chat"))["message"]["client_message_id"] == "id-4"
    await send(alice, "a sixth", "id-5")
    error = await next_of(alice, "chat_error")
    assert (error["code"], error["client_message_id"]) == ("rate_limited", "id-5")
    assert len(await database_sync_to_async(rows)()) == 5


async def test_a_database_error_gives_unavailable_then_the_resend_is_stored(socks):
    alice, bob = socks
    with mock.patch.object(services, "message_post", side_effect=OperationalError("the database system is shutting down")):
        await send(alice, "still there?", "m-2")
        assert await next_of(alice, "chat_error") == unavailable("chat_error", client_message_id="m-2")
    assert await database_sync_to_async(rows)() == []
    assert await bob.quiet()
    await send(alice, "still there?", "m-2")
    assert (await next_of(alice, "chat"))["message"]["client_message_id"] == "m-2"
    assert await database_sync_to_async(rows)() == [("still there?", "m-2")]


async def test_a_publish_error_gives_unavailable_and_the_stored_message_still_arrives(socks):
    alice, bob = socks
    layer = get_channel_layer()
    down = redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
    with mock.patch.object(layer, "group_send", side_effect=down):
        await send(alice, "stored, not published", "m-3")
        assert await next_of(alice, "chat_error") == unavailable("chat_error", client_message_id="m-3")
    assert await database_sync_to_async(rows)() == [("stored, not published", "m-3")]
    # The next chat_sync has it: with its id for alice (her page drops its pending line),
    # without for bob.
    [mine] = (await chat_history(alice))["messages"]
    assert (mine["text"], mine["client_message_id"]) == ("stored, not published", "m-3")
    [his] = (await chat_history(bob))["messages"]
    assert "client_message_id" not in his and his["id"] == mine["id"]
    # The page sends it again: the stored one, published now, no second row.
    await send(alice, "stored, not published", "m-3")
    assert (await next_of(alice, "chat"))["message"]["id"] == mine["id"]
    assert (await next_of(bob, "chat"))["message"]["id"] == mine["id"]
    assert len(await database_sync_to_async(rows)()) == 1


async def test_a_lobby_message_whose_sender_cannot_be_checked_is_unavailable(connect_lobby, member):
    _, _, sock = await connect_lobby(member)
    with mock.patch("gameplatform.realtime.admission.session_user_still_allowed",
                    side_effect=OperationalError("server closed the connection unexpectedly")):
        await send(sock, "hello lobby", "m-4")
        assert await sock.recv() == unavailable("chat_error", client_message_id="m-4")
        await sock.send({"type": "chat_sync"})
        assert await sock.recv() == unavailable("error")
    await send(sock, "hello lobby", "m-4")
    assert (await sock.recv())["message"]["client_message_id"] == "m-4"


async def test_refusals_echo_the_id_and_an_id_of_another_room_is_refused(socks, connect_lobby, table):
    alice, _ = socks
    await send(alice, "y" * 501, "m-5")
    error = await next_of(alice, "chat_error")
    assert (error["code"], error["client_message_id"]) == ("text_too_long", "m-5")
    await send(alice, "at the table", "m-6")
    await next_of(alice, "chat")
    _, _, lobby = await connect_lobby(table[1])
    await send(lobby, "in the lobby", "m-6")
    error = await lobby.recv()
    assert error == {"type": "chat_error", "code": "client_message_id_used", "field": "client_message_id",
                     "client_message_id": "m-6", "message": services.CLIENT_ID_USED}
    assert await database_sync_to_async(rows)() == [("at the table", "m-6")]


async def test_a_repeat_of_a_removed_message_is_refused_and_not_shown(socks, table, moderator):
    alice, bob = socks
    await send(alice, "spam", "m-7")
    said = (await next_of(alice, "chat"))["message"]
    await next_of(bob, "chat")
    message = await database_sync_to_async(ChatMessage.unscoped.get)(pk=said["id"])
    await database_sync_to_async(services.message_delete)(message=message, by=moderator)
    for sock in (alice, bob):
        assert await next_of(sock, "chat_deleted") == {"type": "chat_deleted", "id": said["id"]}
    await send(alice, "spam", "m-7")
    error = await next_of(alice, "chat_error")
    assert (error["code"], error["client_message_id"]) == ("message_removed", "m-7")
    assert await bob.quiet()


@pytest.mark.parametrize("mid", [5, "", "x" * 65, None, ["a"]])
async def test_a_bad_client_message_id_is_refused_naming_the_field(socks, mid):
    alice, _ = socks
    await alice.send({"type": "chat", "text": "hi", "client_message_id": mid})
    error = await next_of(alice, "chat_error")
    assert (error["code"], error["field"]) == ("invalid_field", "client_message_id")
    assert "client_message_id" in error["message"]
    assert await database_sync_to_async(rows)() == []


async def test_a_message_without_an_id_is_still_taken(socks):
    """Pages before this change (a tab left open) send none."""
    alice, _ = socks
    await alice.send({"type": "chat", "text": "old page"})
    said = (await next_of(alice, "chat"))["message"]
    assert said["text"] == "old page" and "client_message_id" not in said
    assert await database_sync_to_async(rows)() == [("old page", None)]
