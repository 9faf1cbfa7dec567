"""Chat limits and input over the socket (issue 13, points 5 and 8): "length and rate limits;
escaped everywhere"; every bad frame gets an error naming the field and changes nothing."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.chat.models import MAX_TEXT_CHARS, ChatMessage
from tests.chat.conftest import chat_history, next_of, say

pytestmark = pytest.mark.django_db(transaction=True)


def stored() -> list[str]:
    return list(ChatMessage.unscoped.order_by("pk").values_list("text", flat=True))


@pytest.fixture
async def alice_sock(table, connect_socket):
    match, alice, *_ = table
    _, _, sock = await connect_socket(alice, match)
    return sock


async def test_a_message_of_500_characters_passes_and_501_is_refused(alice_sock):
    await say(alice_sock, "x" * MAX_TEXT_CHARS)
    assert len((await next_of(alice_sock, "chat"))["message"]["text"]) == 500
    await say(alice_sock, "y" * 501)
    error = await next_of(alice_sock, "chat_error")
    assert error == {"type": "chat_error", "code": "text_too_long", "field": "text",
                     "message": "Field 'text' is limited to 500 characters; this one has 501."}
    assert await database_sync_to_async(stored)() == ["x" * 500]


async def test_the_sixth_message_in_ten_seconds_is_refused_and_not_stored(alice_sock):
    for i in range(5):
        await say(alice_sock, f"m{i}")
        await next_of(alice_sock, "chat")
    await say(alice_sock, "one too many")
    error = await next_of(alice_sock, "chat_error")
    assert error["code"] == "rate_limited" and "wait" in error["message"]
    assert await database_sync_to_async(stored)() == [f"m{i}" for i in range(5)]


async def test_the_rate_counts_per_person_across_rooms_and_sockets(table, connect_socket, connect_lobby):
    match, alice, bob, *_ = table
    _, _, table_sock = await connect_socket(alice, match)
    _, _, lobby_sock = await connect_lobby(alice)
    _, _, bob_sock = await connect_socket(bob, match)
    for i in range(5):
        await say(table_sock if i % 2 else lobby_sock, f"m{i}")
        await next_of(table_sock if i % 2 else lobby_sock, "chat")
    await say(lobby_sock, "again")
    assert (await next_of(lobby_sock, "chat_error"))["code"] == "rate_limited"
    await say(bob_sock, "bob is not limited")
    heard = [(await next_of(bob_sock, "chat"))["message"]["author"] for _ in range(3)]
    assert heard == ["alice", "alice", "bob"]  # alice's two lines at the table, then his own


async def test_html_arrives_as_text_and_is_stored_as_typed(alice_sock, table, connect_socket):
    """Escaping is the renderer's (textContent in js/chat.js, autoescape in templates): the
    socket carries the characters, never markup the server made."""
    evil = '<img src=x onerror="alert(1)"> & <script>alert(2)</script>'
    await say(alice_sock, evil)
    assert (await next_of(alice_sock, "chat"))["message"]["text"] == evil
    assert await database_sync_to_async(stored)() == [evil]


async def test_control_and_bidi_characters_are_dropped(alice_sock):
    await say(alice_sock, "ab\x00c\u202edef\u200b\r\nline")
    assert (await next_of(alice_sock, "chat"))["message"]["text"] == "abcdef\nline"


BAD = [
    ({"type": "chat"}, "missing_field", "text"),
    ({"type": "chat", "text": 5}, "invalid_field", "text"),
    ({"type": "chat", "text": ["a"]}, "invalid_field", "text"),
    ({"type": "chat", "text": "   "}, "invalid_text", "text"),
    ({"type": "chat", "text": "\x00\x01"}, "invalid_text", "text"),
    ({"type": "chat", "text": "hi", "room": "players"}, "unexpected_field", "room"),
    ({"type": "chat_mute"}, "missing_field", "user"),
    ({"type": "chat_mute", "user": 3}, "invalid_field", "user"),
    ({"type": "chat_mute", "user": "nobody"}, "user_not_found", "user"),
    ({"type": "chat_mute", "user": "alice"}, "mute_self", "user"),
    ({"type": "chat_report", "message": "1", "reason": "spam"}, "invalid_field", "message"),
    ({"type": "chat_report", "message": 0, "reason": "spam"}, "invalid_field", "message"),
    ({"type": "chat_report", "message": True, "reason": "spam"}, "invalid_field", "message"),
    ({"type": "chat_report", "message": 2**70, "reason": "spam"}, "invalid_field", "message"),
    ({"type": "chat_report", "message": 1, "reason": "rude"}, "invalid_reason", "reason"),
    ({"type": "chat_report", "message": 999999, "reason": "spam"}, "message_not_found", "message"),
    ({"type": "chat_sync", "since": 4}, "unexpected_field", "since"),
]


@pytest.mark.parametrize("frame, code, field", BAD)
async def test_a_bad_chat_frame_gets_a_chat_error_naming_the_field(alice_sock, frame, code, field):
    await alice_sock.send(frame)
    error = await next_of(alice_sock, "chat_error")
    assert (error["code"], error.get("field")) == (code, field)
    assert field in error["message"] or code in ("user_not_found", "message_not_found", "invalid_text")
    assert await database_sync_to_async(stored)() == []
    # The socket carries on.
    assert (await chat_history(alice_sock))["messages"] == []


async def test_bad_frames_on_the_lobby_socket(connect_lobby, member):
    _, _, sock = await connect_lobby(member)
    await sock.send_text("{not json")
    assert (await sock.recv())["code"] == "malformed"
    await sock.send({"type": "chat", "text": 7})
    error = await sock.recv()
    assert (error["type"], error["code"], error["field"]) == ("error", "invalid_field", "text")
    await sock.send_text('{"type": "chat", "text": "' + "z" * 20000 + '"}')
    assert (await sock.recv())["code"] == "message_too_large"
    assert await sock.closed_with() == 4009
    assert await database_sync_to_async(stored)() == []
