"""Playing over the socket: actions, acks, broadcasts to every socket with only its own view,
stale versions, duplicates, resync after a gap, resume, and rechecks on every message."""
import json
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from gameplatform.matches import selectors, services
from gameplatform.matches.inputs import ACTION_INVALID
from gameplatform.matches.models import Match, MoveRecord, Seat
from gameplatform.realtime import broadcast
from gameplatform.realtime.auth import CLOSE_FORBIDDEN
from gameplatform.realtime.messages import CLOSE_TOO_BIG, MAX_FRAME_CHARS
from games.registry import get_engine
from tests.realtime.conftest import first_state

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(race_match, member, other_member, user_factory):
    """alice at seat 0, bob at seat 1 of a race; carol watches."""
    match = race_match([member, other_member])
    return match, member, other_member, user_factory("carol")


async def seated(connect_socket, table):
    """Sockets of alice, bob and carol, by seat (carol under None)."""
    match, alice, bob, carol = table
    socks = {}
    for key, user in ((0, alice), (1, bob), (None, carol)):
        accepted, code, sock = await connect_socket(user, match)
        assert (accepted, code) == (True, None)
        socks[key] = sock
    return socks


def current(match_id):
    """(engine, decoded state, version) from the database."""
    match = Match.unscoped.get(pk=match_id)
    engine = get_engine(match.game)
    return engine, engine.decode(match.state), match.version


def snapshot_for(match_id, seat):
    match = Match.unscoped.get(pk=match_id)
    return selectors.match_snapshot(match=match, seat=seat)


def action_msg(action, version, cid="a-1"):
    return {"type": "action", "action": action, "expected_version": version, "client_action_id": cid}


async def test_an_action_reaches_every_socket_each_with_only_its_own_view(table, connect_socket):
    match = table[0]
    socks = await seated(connect_socket, table)
    start = first_state(socks[0])
    version = start["version"]
    actor = start["view"]["to_act"][0]
    other = 1 - actor
    card = first_state(socks[actor])["view"]["hand"][0]

    await socks[actor].send(action_msg({"type": "play", "card": card}, version, "move-1"))
    answers = [await socks[actor].recv(), await socks[actor].recv()]
    by_type = {m["type"]: m for m in answers}
    assert by_type["ack"] == {"type": "ack", "client_action_id": "move-1", "version": version + 1}
    states = {actor: by_type["state"], other: await socks[other].recv_type("state"),
              None: await socks[None].recv_type("state")}

    engine, game, db_version = await database_sync_to_async(current)(match.pk)
    assert db_version == version + 1
    for seat, state in states.items():
        assert state["version"] == version + 1
        assert state["seat"] == seat
        assert state["view"] == engine.view(game, seat)
    # Hands: each seat its own, the spectator none.
    assert states[actor]["view"]["hand"] == game["hands"][actor]
    assert states[other]["view"]["hand"] == game["hands"][other]
    assert "hand" not in states[None]["view"]
    # The card drawn in secret is an event for the actor alone.
    drew = [e for e in states[actor]["events"] if e["type"] == "drew"]
    assert drew and "visible_to" not in drew[0]
    for seat in (other, None):
        assert [e["type"] for e in states[seat]["events"]] == ["played", "moved"]
    # The next seat must act and is told what it may do; the others are not.
    assert states[other]["legal_actions"] == engine.legal_actions(game, other)
    assert states[actor]["legal_actions"] == [] and states[None]["legal_actions"] == []
    # Nothing else arrives (one state per change).
    for sock in socks.values():
        assert await sock.quiet()


async def test_no_socket_ever_sees_another_seats_hand(table, connect_socket):
    """Several moves; every frame each socket got holds no other seat's cards."""
    match = table[0]
    socks = await seated(connect_socket, table)
    for n in range(4):
        engine, game, version = await database_sync_to_async(current)(match.pk)
        actor = engine.to_act(game)[0]
        await socks[actor].send(action_msg({"type": "play", "card": game["hands"][actor][0]}, version, f"m{n}"))
        await socks[actor].recv()
        await socks[actor].recv()
        await socks[1 - actor].recv_type("state")
        await socks[None].recv_type("state")
    for seat, sock in socks.items():
        for msg in sock.received:
            if msg["type"] != "state":
                continue
            assert ("hand" in msg["view"]) == (seat is not None)
            private = [e for e in msg["events"] if e["type"] in ("drew", "hand")]
            assert all(e["seat"] == seat for e in private), (seat, private)
            assert msg["seed"] is None
    # Each socket's last state is exactly the REST snapshot of its seat.
    for seat, sock in socks.items():
        fresh = await database_sync_to_async(snapshot_for)(match.pk, seat)
        assert sock.received[-1] == {"type": "state", **fresh}


# The message types of the match socket, as its errors list them.
TYPES = "action, sync, resume, hint, chat, chat_sync, chat_mute, chat_unmute, chat_report"
# Frames a client may send by mistake or malice: (frame, code, message, field).
BAD_FRAMES = [
    ('{"type": "action"', "malformed", "Messages must be valid JSON.", None),
    ("[1, 2]", "malformed", "Messages must be JSON objects with a 'type' field.", None),
    ('"sync"', "malformed", "Messages must be JSON objects with a 'type' field.", None),
    ("{}", "missing_field", f"Field 'type' is required: one of {TYPES}.", "type"),
    ('{"type": "fly"}', "unknown_type", f"Field 'type' must be one of {TYPES}.", "type"),
    ('{"type": 5}', "unknown_type", f"Field 'type' must be one of {TYPES}.", "type"),
    ('{"type": "sync", "x": 1}', "unexpected_field", "Field 'x' is not part of a 'sync' message.", "x"),
    ('{"type": "action", "expected_version": 1, "client_action_id": "c"}', "missing_field",
     "Field 'action' is required in an action message.", "action"),
    ('{"type": "action", "action": {"type": "roll"}, "client_action_id": "c"}', "missing_field",
     "Field 'expected_version' is required in an action message.", "expected_version"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": 1}', "missing_field",
     "Field 'client_action_id' is required in an action message.", "client_action_id"),
    ('{"type": "action", "action": "roll", "expected_version": 1, "client_action_id": "c"}', "invalid_action",
     ACTION_INVALID, "action"),
    ('{"type": "action", "action": {"card": 1}, "expected_version": 1, "client_action_id": "c"}', "invalid_action",
     ACTION_INVALID, "action"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": "1", "client_action_id": "c"}',
     "invalid_expected_version", "Field 'expected_version' must be a whole number, 0 or more.", "expected_version"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": true, "client_action_id": "c"}',
     "invalid_expected_version", "Field 'expected_version' must be a whole number, 0 or more.", "expected_version"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": -1, "client_action_id": "c"}',
     "invalid_expected_version", "Field 'expected_version' must be a whole number, 0 or more.", "expected_version"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": 1.5, "client_action_id": "c"}',
     "invalid_expected_version", "Field 'expected_version' must be a whole number, 0 or more.", "expected_version"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": 1, "client_action_id": 7}',
     "invalid_client_action_id", "Field 'client_action_id' must be a string of 1 to 64 characters.", "client_action_id"),
    ('{"type": "action", "action": {"type": "roll"}, "expected_version": 1, "client_action_id": ""}',
     "invalid_client_action_id", "Field 'client_action_id' must be a string of 1 to 64 characters.", "client_action_id"),
    (json.dumps(action_msg({"type": "roll"}, 1, "c" * 65)),
     "invalid_client_action_id", "Field 'client_action_id' must be a string of 1 to 64 characters.", "client_action_id"),
    ("[" * 5_000 + "]" * 5_000, "malformed", "Messages must be valid JSON.", None),
]


async def test_malformed_messages_get_errors_naming_the_field_and_change_nothing(table, connect_socket):
    match = table[0]
    socks = await seated(connect_socket, table)
    version = first_state(socks[0])["version"]
    actor = first_state(socks[0])["view"]["to_act"][0]
    sock = socks[actor]
    for frame, code, message, field in BAD_FRAMES:
        await sock.send_text(frame)
        err = await sock.recv()
        assert err["type"] == "error" and err["code"] == code and err["message"] == message, (frame[:80], err)
        assert err.get("field") == field
    await sock.send_bytes(b'{"type": "sync"}')
    assert await sock.recv() == {
        "type": "error", "code": "malformed", "message": "Messages must be JSON text frames, not binary ones."
    }
    # Well-formed but against the rules: the engine's code and message, for the action field.
    await sock.send(action_msg({"type": "play", "card": 99}, version, "bad-card"))
    assert await sock.recv() == {"type": "error", "code": "not_in_hand", "field": "action",
                                 "message": "You can only play a card from your hand.", "client_action_id": "bad-card"}
    await socks[1 - actor].send(action_msg({"type": "roll"}, version, "early"))
    err = await socks[1 - actor].recv()
    assert (err["code"], err["client_action_id"], err["version"]) == ("not_your_turn", "early", version)
    await socks[None].send(action_msg({"type": "roll"}, version, "watcher"))
    err = await socks[None].recv()
    assert (err["code"], err["client_action_id"]) == ("not_seated", "watcher")
    # Nothing changed, nobody was told anything, and the socket still answers.
    assert (await database_sync_to_async(current)(match.pk))[2] == version
    for other in (1 - actor, None):
        assert await socks[other].quiet()
    state = await sock.request({"type": "sync"})
    assert (state["type"], state["version"]) == ("state", version)


@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
async def test_an_oversized_frame_gets_an_error_naming_the_limit_and_close_4009(
    table, connect_socket, race_match, binary
):
    """Only that socket closes: the other seats' sockets, the same player's socket on another
    match, and the match itself go on; the player reconnects and plays."""
    match, alice, bob, _ = table
    socks = await seated(connect_socket, table)
    version = first_state(socks[0])["version"]
    actor = first_state(socks[0])["view"]["to_act"][0]
    player = alice if actor == 0 else bob
    other_match = await database_sync_to_async(race_match)([player, "random"])
    elsewhere = await connect_socket(player, other_match)
    elsewhere_sock = elsewhere[2]
    first_state(elsewhere_sock)

    size = MAX_FRAME_CHARS + 1
    if binary:
        await socks[actor].send_bytes(b"[" * size)
    else:
        await socks[actor].send_text("[" * size)
    err = await socks[actor].recv()
    assert err == {
        "type": "error", "code": "message_too_large", "limit": MAX_FRAME_CHARS,
        "message": f"Messages are limited to {MAX_FRAME_CHARS} characters; this one had {size}. "
                   "The socket closes (4009): reconnect to go on.",
    }
    assert await socks[actor].closed_with() == CLOSE_TOO_BIG == 4009

    for other in (1 - actor, None):
        state = await socks[other].request({"type": "sync"})
        assert (state["type"], state["version"]) == ("state", version)
    state = await elsewhere_sock.request({"type": "sync"})
    assert state["type"] == "state" and state["match"] == other_match.pk
    assert (await database_sync_to_async(current)(match.pk))[2] == version
    # Reconnected, the player plays on.
    _, _, again = await connect_socket(player, match)
    assert first_state(again)["version"] == version
    ack = await again.request(action_msg({"type": "roll"}, version, "after-4009"))
    assert ack == {"type": "ack", "client_action_id": "after-4009", "version": version + 1}


async def test_stale_version_is_refused_with_the_current_version(table, connect_socket):
    match = table[0]
    socks = await seated(connect_socket, table)
    version = first_state(socks[0])["version"]
    actor = first_state(socks[0])["view"]["to_act"][0]
    for stale in (version - 1, version + 3):
        err = await socks[actor].request(action_msg({"type": "roll"}, stale, f"stale-{stale}"))
        assert err == {
            "type": "error", "code": "stale_version", "field": "expected_version",
            "message": services.STALE_VERSION, "client_action_id": f"stale-{stale}", "version": version,
        }
    assert (await database_sync_to_async(current)(match.pk))[2] == version
    assert await socks[1 - actor].quiet()


async def test_a_repeated_client_action_id_is_applied_once_and_acked_again(table, connect_socket):
    match = table[0]
    socks = await seated(connect_socket, table)
    version = first_state(socks[0])["version"]
    actor = first_state(socks[0])["view"]["to_act"][0]
    msg = action_msg({"type": "roll"}, version, "only-once")
    await socks[actor].send(msg)
    first = {m["type"]: m for m in [await socks[actor].recv(), await socks[actor].recv()]}
    assert first["ack"]["version"] == version + 1
    await socks[1 - actor].recv_type("state")
    # The client did not see the ack (say the line dropped) and sends it again.
    again = await socks[actor].request(msg)
    assert again == {"type": "ack", "client_action_id": "only-once", "version": version + 1}
    assert await socks[actor].quiet() and await socks[1 - actor].quiet()

    def records():
        return (Match.unscoped.get(pk=match.pk).version,
                MoveRecord.objects.filter(match_id=match.pk, client_action_id="only-once").count())

    assert await database_sync_to_async(records)() == (version + 1, 1)


async def test_a_client_that_missed_a_change_resyncs_to_the_current_version(table, connect_socket):
    """Zulip's check: after a gap, ``sync`` brings the socket to the same snapshot a fresh
    connection gets."""
    match, alice, bob, _ = table
    socks = await seated(connect_socket, table)
    users = {0: alice, 1: bob}
    start = first_state(socks[0])["version"]

    def play(version):
        m = Match.unscoped.get(pk=match.pk)
        engine = get_engine(m.game)
        actor = engine.to_act(engine.decode(m.state))[0]
        services.submit_action(match_id=match.pk, action={"type": "roll"}, expected_version=version,
                               tenant=m.tenant, user=users[actor])

    # One broadcast is lost...
    with mock.patch.object(broadcast, "match_changed"):
        await database_sync_to_async(play)(start)
    assert await socks[0].quiet()
    # ...so the next one shows a gap.
    await database_sync_to_async(play)(start + 1)
    news = await socks[0].recv_type("state")
    assert news["version"] == start + 2 > start + 1
    synced = await socks[0].request({"type": "sync"})
    assert synced["version"] == start + 2
    accepted, _, fresh = await connect_socket(alice, match)
    assert synced == first_state(fresh)
    assert synced == {"type": "state", **await database_sync_to_async(snapshot_for)(match.pk, 0)}


async def test_a_suspended_users_socket_is_closed_at_once(table, connect_socket):
    """Issue 13, point 6: "a ban or suspension taking effect on open WebSockets at once"
    (chat.signals: the person's group ``user.<id>``), before they send anything."""
    match, alice, _, _ = table
    socks = await seated(connect_socket, table)

    def suspend():
        alice.is_active = False
        alice.save(update_fields=["is_active"])

    await database_sync_to_async(suspend)()
    assert await socks[0].recv() == {"type": "error", "code": "suspended", "message": "This account is suspended."}
    assert await socks[0].closed_with() == CLOSE_FORBIDDEN
    # The others carry on.
    assert (await socks[1].request({"type": "sync"}))["type"] == "state"


async def test_a_signed_out_session_ends_the_socket_at_its_next_message(table, connect_socket):
    from django.contrib.sessions.models import Session

    socks = await seated(connect_socket, table)
    await database_sync_to_async(lambda: Session.objects.all().delete())()
    await socks[None].send({"type": "sync"})
    assert (await socks[None].recv())["code"] == "not_member"
    assert await socks[None].closed_with() == CLOSE_FORBIDDEN


async def test_a_move_after_signing_out_is_refused_and_not_applied(table, connect_socket):
    """The move's frame is rechecked in the move's own database call (issue 29): signed out,
    it is refused with 4403 and the match does not move."""
    from django.contrib.sessions.models import Session

    match = table[0]
    socks = await seated(connect_socket, table)
    engine, state, version = await database_sync_to_async(current)(match.pk)
    seat = engine.to_act(state)[0]
    await database_sync_to_async(lambda: Session.objects.all().delete())()
    await socks[seat].send(action_msg(engine.legal_actions(state, seat)[0], version))
    assert (await socks[seat].recv())["code"] == "not_member"
    assert await socks[seat].closed_with() == CLOSE_FORBIDDEN
    assert (await database_sync_to_async(current)(match.pk))[2] == version


async def test_removed_member_of_an_invite_only_tenant_is_refused(
    connect_socket, race_match, other_tenant, user_factory
):
    from gameplatform.tenants.models import Membership

    def make():
        owner, guest = user_factory("owner", tenant=other_tenant), user_factory("guest", tenant=other_tenant)
        watcher = user_factory("watcher", tenant=other_tenant)
        return race_match([owner, guest], tenant=other_tenant), watcher

    match, watcher = await database_sync_to_async(make)()
    accepted, code, sock = await connect_socket(watcher, match, host="elsewhere.test", origin="http://elsewhere.test")
    assert (accepted, code) == (True, None)
    await database_sync_to_async(lambda: Membership.objects.filter(user=watcher).delete())()
    await sock.send({"type": "sync"})
    assert (await sock.recv())["code"] == "not_member"
    assert await sock.closed_with() == CLOSE_FORBIDDEN


async def test_resume_hands_the_seat_back_to_its_owner(table, connect_socket):
    match = table[0]
    await database_sync_to_async(
        lambda: Seat.objects.filter(match=match, index=0).update(bot_takeover=True, timeouts_in_row=3)
    )()
    socks = await seated(connect_socket, table)
    before = first_state(socks[0])
    assert before["seats"][0]["takeover"] is True
    state = await socks[0].request({"type": "resume"})
    assert state["type"] == "state" and state["version"] == before["version"] + 1
    assert state["seats"][0]["takeover"] is False
    watched = await socks[None].recv_type("state")
    assert watched["seats"][0]["takeover"] is False
    assert not await database_sync_to_async(lambda: Seat.objects.get(match=match, index=0).bot_takeover)()
    # A spectator has no seat to resume.
    err = await socks[None].request({"type": "resume"})
    assert err["type"] == "error" and err["code"] == "not_seated"


async def test_a_watcher_who_takes_a_seat_switches_to_that_seats_view(
    race_engine, tenant, member, user_factory, connect_socket
):
    def make():
        match = services.match_create(tenant=tenant, user=member, game="race", seats=2)
        return match, user_factory("carol")

    match, carol = await database_sync_to_async(make)()
    accepted, code, sock = await connect_socket(carol, match)
    assert first_state(sock)["seat"] is None and first_state(sock)["view"] is None

    await database_sync_to_async(
        lambda: services.match_join(tenant=tenant, user=carol, match_id=match.pk)
    )()
    state = await sock.recv_type("state")
    assert state["seat"] == 1
    await database_sync_to_async(
        lambda: services.match_start(tenant=tenant, user=member, match_id=match.pk)
    )()
    started = await sock.recv_type("state")
    engine, game, _ = await database_sync_to_async(current)(match.pk)
    assert started["seat"] == 1 and started["view"]["hand"] == game["hands"][1]


async def test_a_seat_message_for_someone_else_is_never_forwarded(table, connect_socket):
    """Defence in depth: were a seat to change hands while its old owner's socket is still in
    the seat's group, that socket gets its own fresh snapshot, not the seat's."""
    match, _, bob, _ = table
    socks = await seated(connect_socket, table)
    version = first_state(socks[0])["version"]
    forged = {"type": "state", "match": match.pk, "version": 99, "view": {"hand": ["SECRET"]}}
    await get_channel_layer().group_send(
        broadcast.group_seat(match.pk, 0),
        {"type": broadcast.MESSAGE_TYPE, "match": match.pk, "version": 99, "status": "active",
         "frame": json.dumps(forged), "extra": None, "user_id": bob.pk, "seat_users": [bob.pk]},
    )
    got = await socks[0].recv_type("state")
    assert got["version"] == version and "SECRET" not in json.dumps(got)
    assert got == first_state(socks[0])
