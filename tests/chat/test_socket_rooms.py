"""Match chat over the match socket (issue 13, point 5): "a chat per match (players;
spectators in their own channel, as on Lichess)", stored and loaded on connect; lobby chat
over ws/lobby/. On the Redis channel layer with PostgreSQL in CI."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.chat.models import ChatMessage
from gameplatform.matches.models import Match
from tests.chat.conftest import chat_history, next_of, say

pytestmark = pytest.mark.django_db(transaction=True)


async def sockets(connect_socket, table):
    match, alice, bob, carol, dan = table
    out = {}
    for name, user in (("alice", alice), ("bob", bob), ("carol", carol), ("dan", dan)):
        accepted, code, sock = await connect_socket(user, match)
        assert (accepted, code) == (True, None)
        out[name] = sock
    return out


async def test_players_chat_reaches_the_seated_and_no_spectator(table, connect_socket):
    socks = await sockets(connect_socket, table)
    await say(socks["alice"], "good luck")
    for name in ("alice", "bob"):
        got = await next_of(socks[name], "chat")
        message = got["message"]
        assert (message["room"], message["author"], message["text"]) == ("players", "alice", "good luck")
        assert message["mine"] is (name == "alice")
        assert set(message) == {"id", "room", "author", "name", "text", "created", "mine"}
    assert await socks["carol"].quiet() and await socks["dan"].quiet()


async def test_spectators_chat_is_theirs_alone_during_play(table, connect_socket):
    """Lichess: players do not see the spectator room while they play."""
    socks = await sockets(connect_socket, table)
    await say(socks["carol"], "alice should move the 3")
    for name in ("carol", "dan"):
        assert (await next_of(socks[name], "chat"))["message"]["room"] == "spectators"
    assert await socks["alice"].quiet() and await socks["bob"].quiet()
    history = await chat_history(socks["alice"])
    assert history["rooms"] == ["players"] and history["write"] == "players" and history["messages"] == []
    spect = await chat_history(socks["dan"])
    assert spect["rooms"] == ["spectators"] and spect["write"] == "spectators"
    assert [m["text"] for m in spect["messages"]] == ["alice should move the 3"]


async def test_history_on_connect_is_the_recent_messages_oldest_first(table, connect_socket, settings):
    settings.CHAT_HISTORY_MESSAGES = 3
    settings.CHAT_RATE_LIMIT = 100
    match, alice, bob, carol, _ = table
    socks = await sockets(connect_socket, table)
    for i in range(5):
        await say(socks["alice" if i % 2 == 0 else "bob"], f"line {i}")
        await next_of(socks["alice"], "chat")
    accepted, _, late = await connect_socket(bob, match)
    history = await chat_history(late)
    assert [m["text"] for m in history["messages"]] == ["line 2", "line 3", "line 4"]
    assert history["muted"] == [] and history["blocked_until"] is None


async def test_once_the_match_is_over_everyone_reads_both_rooms(table, connect_socket):
    match, alice, bob, carol, _ = table
    socks = await sockets(connect_socket, table)
    await say(socks["alice"], "from the table")
    await next_of(socks["alice"], "chat")
    await say(socks["carol"], "from the stands")
    await next_of(socks["carol"], "chat")
    await next_of(socks["dan"], "chat")
    await chat_history(socks["alice"])  # the page asked for the history: changes are pushed

    def finish():
        Match.unscoped.filter(pk=match.pk).update(status=Match.Status.FINISHED, version=match.version + 1)

    await database_sync_to_async(finish)()
    await socks["alice"].send({"type": "sync"})
    pushed = await next_of(socks["alice"], "chat_history")
    assert pushed["rooms"] == ["players", "spectators"]
    assert [m["text"] for m in pushed["messages"]] == ["from the table", "from the stands"]
    spect = await chat_history(socks["dan"])
    assert [m["room"] for m in spect["messages"]] == ["players", "spectators"]
    # After the end each still writes in their own room, and everyone hears both.
    await say(socks["carol"], "well played")
    assert (await next_of(socks["alice"], "chat"))["message"]["room"] == "spectators"


async def test_messages_are_stored_with_tenant_match_room_and_author(table, connect_socket, tenant):
    match, alice, *_ = table
    socks = await sockets(connect_socket, table)
    await say(socks["alice"], "  hi\tthere  ")
    await next_of(socks["alice"], "chat")
    row = await database_sync_to_async(lambda: ChatMessage.objects.for_tenant(tenant).get())()
    assert (row.match_id, row.room, row.author_id, row.text) == (match.pk, "players", alice.pk, "hi there")


async def test_lobby_chat_reaches_the_communitys_lobby_sockets(connect_lobby, member, other_member):
    _, code, a = await connect_lobby(member)
    _, code_b, b = await connect_lobby(other_member)
    assert code is None and code_b is None
    assert (await chat_history(a))["rooms"] == ["lobby"]
    await say(a, "anyone for Hexfolk?")
    for sock in (a, b):
        got = await next_of(sock, "chat")
        assert (got["message"]["room"], got["message"]["text"]) == ("lobby", "anyone for Hexfolk?")
    later = await chat_history(b)
    assert [m["text"] for m in later["messages"]] == ["anyone for Hexfolk?"]


async def test_the_lobby_socket_takes_chat_frames_only(connect_lobby, member):
    _, _, sock = await connect_lobby(member)
    answer = await sock.request({"type": "action", "action": {}, "expected_version": 0, "client_action_id": "x"})
    assert (answer["type"], answer["code"], answer["field"]) == ("error", "unknown_type", "type")
    assert "chat_sync" in answer["message"] and "action" not in answer["message"]
