"""Hexfolk over the match WebSocket (the real consumer stack; the Redis channel layer when
REDIS_URL is set): each seat's ``state`` carries its own cards only, the stolen card reaches
the thief and the victim alone, and a refused action is an ``error`` naming the rule while
the match stays as it was.
"""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from gameplatform.matches.models import Match, MoveRecord
from games.hexfolk.engine import errors as E
from tests.games.hexfolk_web.conftest import ENGINE, assert_snapshot_for
from tests.realtime import conftest as realtime
from tests.realtime.conftest import first_state

# The socket fixtures of tests/realtime (a real consumer stack, a clean channel layer).
clean_layer = realtime.clean_layer

pytestmark = pytest.mark.django_db(transaction=True)


def robbing_possible(st):
    return st.phase == "robber" and any(a["victim"] is not None for a in ENGINE.legal_actions(st, st.turn))


def stored(match_id):
    match = Match.unscoped.get(pk=match_id)
    return match.version, match.state, MoveRecord.objects.filter(match_id=match_id).count()


async def open_all(table, connect):
    """A socket per seat and one for the watcher: {seat or None: Socket}."""
    socks = {}
    for seat, user in [*enumerate(table.users), (None, table.watcher)]:
        accepted, code, socks[seat] = await connect(user, table.match)
        assert (accepted, code) == (True, None)
    return socks


async def next_state(sock):
    msg = await sock.recv()
    if msg["type"] == "ack":
        msg = await sock.recv()
    assert msg["type"] == "state", msg
    return msg


async def test_the_stolen_card_reaches_thief_and_victim_only(hexfolk_table, connect_socket):
    """ "From a player with a building at that hex, they draw a random card": everyone sees the
    theft, only the two involved see the card."""
    table = await database_sync_to_async(hexfolk_table)()
    st = await database_sync_to_async(table.drive)(robbing_possible)
    thief = st.turn
    move = next(a for a in ENGINE.legal_actions(st, thief) if a["victim"] is not None)
    victim = move["victim"]
    socks = await open_all(table, connect_socket)
    for seat, sock in socks.items():
        assert_snapshot_for(first_state(sock), seat, st)
    version, _, _ = await database_sync_to_async(stored)(table.match.pk)
    await socks[thief].send({"type": "action", "action": move, "expected_version": version, "client_action_id": "steal-1"})
    msgs = {seat: await next_state(sock) for seat, sock in socks.items()}
    st = await database_sync_to_async(table.state)()
    named = {}
    for seat, msg in msgs.items():
        assert msg["version"] == version + 1
        assert_snapshot_for(msg, seat, st)
        kinds = [e["type"] for e in msg["events"]]
        assert "robbed" in kinds
        for e in msg["events"]:
            if e["type"] == "stolen_card":
                named[seat] = e["resource"]
    assert set(named) == {thief, victim} and len(set(named.values())) == 1
    for seat in socks:
        assert await socks[seat].quiet()


async def test_each_seat_gets_its_own_hand_over_the_socket_after_a_move(hexfolk_table, connect_socket):
    """Other players' hands as counts only, on connect and after a move."""
    table = await database_sync_to_async(hexfolk_table)()
    st = await database_sync_to_async(table.drive)(lambda s: s.phase == "pre_roll")
    socks = await open_all(table, connect_socket)
    for seat, sock in socks.items():
        assert_snapshot_for(first_state(sock), seat, st)
    version, _, _ = await database_sync_to_async(stored)(table.match.pk)
    await socks[st.turn].send({"type": "action", "action": {"type": "roll"}, "expected_version": version,
                               "client_action_id": "roll-1"})
    msgs = {seat: await next_state(sock) for seat, sock in socks.items()}
    st = await database_sync_to_async(table.state)()
    for seat, msg in msgs.items():
        assert_snapshot_for(msg, seat, st)
        assert msg["view"]["dice"] == st.dice


CASES = [
    # (name, phase the acting seat is in, action, code, message)
    ("out of phase", "pre_roll", {"type": "build_road", "edge": [0, 1]}, E.ROLL_FIRST.code, E.ROLL_FIRST.message),
    ("malformed edge", "main", {"type": "build_road", "edge": "north"}, E.BAD_EDGE.code, E.BAD_EDGE.message),
    ("missing field", "main", {"type": "build_settlement"}, E.BAD_KEYS.code, E.BAD_KEYS.message),
    ("unknown type", "pre_roll", {"type": "teleport"}, E.NOT_AN_ACTION.code, E.NOT_AN_ACTION.message),
    ("card never held", "pre_roll", {"type": "play_knight"}, E.NO_SUCH_CARD.code, E.NO_SUCH_CARD.message),
    ("lacking cards", "main", {"type": "offer_trade", "give": {"ore": 9}, "get": {"wool": 1}},
     E.NOT_IN_HAND.code, E.NOT_IN_HAND.message),
]


async def test_refused_actions_are_errors_naming_the_rule_and_change_nothing(hexfolk_table, connect_socket):
    """Bad input never changes state: each refusal is an ``error`` to the sender only, with
    the rule's code and message, and the match keeps its version, state and records."""
    table = await database_sync_to_async(hexfolk_table)(n=2)
    for phase in ("pre_roll", "main"):
        st = await database_sync_to_async(table.drive)(lambda s, phase=phase: s.phase == phase)
        socks = await open_all(table, connect_socket)
        before = await database_sync_to_async(stored)(table.match.pk)
        for name, when, action, code, message in CASES:
            if when != phase:
                continue
            await socks[st.turn].send({"type": "action", "action": action, "expected_version": before[0],
                                       "client_action_id": name})
            msg = await socks[st.turn].recv()
            assert (msg["type"], msg["code"], msg["message"]) == ("error", code, message), name
            assert msg["client_action_id"] == name
            assert await database_sync_to_async(stored)(table.match.pk) == before, name
        for sock in socks.values():
            assert await sock.quiet()
            await sock.close()


async def test_acting_out_of_turn_over_the_socket_is_refused(hexfolk_table, connect_socket):
    table = await database_sync_to_async(hexfolk_table)(n=2)
    st = await database_sync_to_async(table.drive)(lambda s: s.phase == "pre_roll")
    socks = await open_all(table, connect_socket)
    before = await database_sync_to_async(stored)(table.match.pk)
    other = 1 - st.turn
    await socks[other].send({"type": "action", "action": {"type": "roll"}, "expected_version": before[0],
                             "client_action_id": "early"})
    msg = await socks[other].recv()
    assert msg["type"] == "error" and msg["code"] == "not_your_turn"
    assert await database_sync_to_async(stored)(table.match.pk) == before
