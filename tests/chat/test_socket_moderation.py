"""Mutes, reports, deletes, time-outs and bans as the sockets see them (issue 13, points 5,
6 and 8): "a ban or suspension taking effect on open WebSockets at once"; chat never shows a
member of one community to another."""
import pytest
from channels.db import database_sync_to_async

from gameplatform.chat import services
from gameplatform.chat.models import ChatMessage, Report
from gameplatform.core.errors import ServiceError
from gameplatform.realtime.auth import CLOSE_FORBIDDEN
from gameplatform.tenants import moderation
from gameplatform.tenants.models import AuditEntry, Membership
from gameplatform.tenants.services import membership_require
from tests.chat.conftest import chat_history, next_of, say

pytestmark = pytest.mark.django_db(transaction=True)

OTHER_HOST, OTHER_ORIGIN = "elsewhere.test", "http://elsewhere.test"


def membership(user, tenant) -> Membership:
    return Membership.objects.select_related("user", "tenant").get(user=user, tenant=tenant)


async def test_a_ban_closes_the_members_sockets_of_that_community_at_once(
    table, connect_socket, connect_lobby, moderator, tenant, other_tenant
):
    match, alice, bob, *_ = table
    await database_sync_to_async(Membership.objects.create)(user=alice, tenant=other_tenant)
    _, _, at_table = await connect_socket(alice, match)
    _, _, in_lobby = await connect_lobby(alice)
    _, code, elsewhere = await connect_lobby(alice, host=OTHER_HOST, origin=OTHER_ORIGIN)
    assert code is None
    _, _, bobs = await connect_socket(bob, match)

    ban = database_sync_to_async(moderation.member_ban)
    await ban(membership=await database_sync_to_async(membership)(alice, tenant), by=moderator, reason="abuse")
    for sock in (at_table, in_lobby):
        assert await next_of(sock, "error") == {"type": "error", "code": "banned",
                                                 "message": "You are banned from this community."}
        assert await sock.closed_with() == CLOSE_FORBIDDEN
    # Her socket in the other community and bob's stay open.
    assert (await chat_history(elsewhere))["rooms"] == ["lobby"]
    assert (await chat_history(bobs))["rooms"] == ["players"]
    # She cannot come back, not even to the open community's lobby.
    accepted, code, _ = await connect_lobby(alice)
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
    accepted, code, _ = await connect_socket(alice, match)
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
    with pytest.raises(ServiceError) as info:
        await database_sync_to_async(membership_require)(user=alice, tenant=tenant)
    assert info.value.code == "banned"
    log = await database_sync_to_async(lambda: list(AuditEntry.objects.for_tenant(tenant).values_list(
        "action", "actor_id", "target_id", "reason")))()
    assert log == [("ban", moderator.pk, alice.pk, "abuse")]


async def test_a_time_out_blocks_the_chat_at_once_but_not_the_table(table, connect_socket, moderator, tenant):
    match, alice, bob, *_ = table
    _, _, sock = await connect_socket(alice, match)
    _, _, bobs = await connect_socket(bob, match)
    timeout = database_sync_to_async(moderation.member_timeout)
    await timeout(membership=await database_sync_to_async(membership)(alice, tenant), by=moderator, seconds=3600)
    blocked = await next_of(sock, "chat_blocked")
    assert blocked["until"] and blocked["message"]
    await say(sock, "let me talk")
    assert (await next_of(sock, "chat_error"))["code"] == "timed_out"
    assert await bobs.quiet()
    assert (await chat_history(sock))["blocked_until"] == blocked["until"]
    # She still plays: a sync answers with the state.
    assert (await sock.request({"type": "sync"}))["type"] == "state"


async def test_a_muted_persons_messages_never_reach_the_muter(table, connect_socket, connect_lobby):
    match, alice, bob, *_ = table
    _, _, sock = await connect_socket(alice, match)
    _, _, other_tab = await connect_lobby(alice)
    _, _, bobs = await connect_socket(bob, match)
    await say(bobs, "before")
    await next_of(sock, "chat")
    await next_of(bobs, "chat")
    await sock.send({"type": "chat_mute", "user": "bob"})
    for s in (sock, other_tab):  # every socket of hers learns it
        assert await next_of(s, "chat_mutes") == {"type": "chat_mutes", "muted": ["bob"]}
    await say(bobs, "after")
    assert (await next_of(bobs, "chat"))["message"]["text"] == "after"
    assert await sock.quiet()
    history = await chat_history(sock)
    assert history["messages"] == [] and history["muted"] == ["bob"]
    await sock.send({"type": "chat_unmute", "user": "bob"})
    assert (await next_of(sock, "chat_mutes"))["muted"] == []
    assert [m["text"] for m in (await chat_history(sock))["messages"]] == ["before", "after"]


async def test_a_report_reaches_the_moderators_list_and_a_delete_reaches_every_socket(
    table, connect_socket, moderator, tenant
):
    match, alice, bob, *_ = table
    _, _, sock = await connect_socket(alice, match)
    _, _, bobs = await connect_socket(bob, match)
    await say(bobs, "you are a terrible player")
    message = (await next_of(sock, "chat"))["message"]
    await next_of(bobs, "chat")
    await sock.send({"type": "chat_report", "message": message["id"], "reason": "abuse"})
    assert await next_of(sock, "chat_reported") == {"type": "chat_reported", "message": message["id"]}
    await sock.send({"type": "chat_report", "message": message["id"], "reason": "spam"})  # once per person
    await next_of(sock, "chat_reported")
    reports = await database_sync_to_async(lambda: list(Report.objects.for_tenant(tenant).values_list(
        "message_id", "reporter_id", "reason", "status")))()
    assert reports == [(message["id"], alice.pk, "abuse", "open")]

    row = await database_sync_to_async(ChatMessage.unscoped.get)(pk=message["id"])
    await database_sync_to_async(services.message_delete)(message=row, by=moderator)
    for s in (sock, bobs):
        assert await next_of(s, "chat_deleted") == {"type": "chat_deleted", "id": message["id"]}
    assert (await chat_history(sock))["messages"] == []
    status = await database_sync_to_async(lambda: Report.objects.for_tenant(tenant).get().status)()
    assert status == "resolved"


async def test_a_spectator_cannot_report_or_see_the_players_room_during_play(table, connect_socket):
    match, alice, bob, carol, _ = table
    _, _, sock = await connect_socket(alice, match)
    _, _, carols = await connect_socket(carol, match)
    await say(sock, "secret plan")
    message = (await next_of(sock, "chat"))["message"]
    await carols.send({"type": "chat_report", "message": message["id"], "reason": "spam"})
    assert (await next_of(carols, "chat_error"))["code"] == "message_not_found"


async def test_communities_never_hear_each_other(connect_lobby, member, user_factory, other_tenant):
    """Point 8: chat never shows a member of one community to another they are not in."""
    stranger = await database_sync_to_async(user_factory)("stranger", tenant=other_tenant)
    _, _, here = await connect_lobby(member)
    _, code, there = await connect_lobby(stranger, host=OTHER_HOST, origin=OTHER_ORIGIN)
    assert code is None
    await say(here, "hello community")
    message = (await next_of(here, "chat"))["message"]
    assert await there.quiet()
    assert (await chat_history(there))["messages"] == []
    # Nobody of the other community can be muted, nor a message of it reported, from here.
    await there.send({"type": "chat_mute", "user": "alice"})
    assert (await next_of(there, "chat_error"))["code"] == "user_not_found"
    await there.send({"type": "chat_report", "message": message["id"], "reason": "spam"})
    assert (await next_of(there, "chat_error"))["code"] == "message_not_found"


async def test_an_invite_only_community_refuses_a_non_member_lobby_socket(connect_lobby, member, other_tenant):
    accepted, code, _ = await connect_lobby(member, host=OTHER_HOST, origin=OTHER_ORIGIN)
    assert (accepted, code) == (True, CLOSE_FORBIDDEN)
