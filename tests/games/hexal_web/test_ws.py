"""Hexal Classic over the match WebSocket (the real consumer stack; the Redis channel layer
when REDIS_URL is set): each seat's ``state`` carries its own hand only and no deck or stack
card, the drawn cards reach the drawer alone, and a refused action is an ``error`` naming the
rule while the match stays as it was (issue 10, points 3 and 6).
"""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from gameplatform.matches.models import Match, MoveRecord
from games.hexal.engine import errors as E
from games.hexal.engine.cards import CODE
from tests.games.hexal.helpers import position
from tests.games.hexal_web.conftest import assert_reveals_nothing
from tests.realtime import conftest as realtime
from tests.realtime.conftest import first_state

clean_layer = realtime.clean_layer

pytestmark = pytest.mark.django_db(transaction=True)


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


async def test_each_seat_gets_its_own_hand_and_the_drawer_its_draw(hexal_table, connect_socket):
    """ "Other players' hands as counts; deck and stacks as counts": on connect and after the
    end of a turn, whose drawn cards only the drawer's socket names."""
    table = await database_sync_to_async(hexal_table)(n=3, options={"personal_stack": True})
    st = await database_sync_to_async(table.drive)(lambda s: s.phase == "play" and len(s.placed) >= 1)
    socks = await open_all(table, connect_socket)
    for seat, sock in socks.items():
        snap = first_state(sock)
        assert snap["view"]["viewer"] == seat
        assert_reveals_nothing(snap, st, seat, "connect")
    drawer = st.current
    version, _, _ = await database_sync_to_async(stored)(table.match.pk)
    await socks[drawer].send({"type": "action", "action": {"type": "end_turn"}, "expected_version": version,
                              "client_action_id": "end-1"})
    msgs = {seat: await next_state(sock) for seat, sock in socks.items()}
    st = await database_sync_to_async(table.state)()
    for seat, msg in msgs.items():
        assert msg["version"] == version + 1
        assert_reveals_nothing(msg, st, seat, "after the turn")
        kinds = [e["type"] for e in msg["events"]]
        assert "turn_scored" in kinds and "drew" in kinds
        assert ("drew_cards" in kinds) == (seat == drawer), seat
        own = msg["view"]["hand"]
        assert own == (None if seat is None else [CODE[c] for c in st.hands[seat]])
    for sock in socks.values():
        assert await sock.quiet()


CASES = [
    # (name, action, code, message): the seat to act has named the red circle 2, top of a stack of 2.
    ("unsupported side", {"type": "place", "card": "RC3", "q": 0, "r": 1}, E.SIDE_UNSUPPORTED.code, E.SIDE_UNSUPPORTED.message),
    ("sharing nothing", {"type": "place", "card": "BH6", "q": 1, "r": 0}, E.NO_MATCH.code, E.NO_MATCH.message),
    ("not in the hand", {"type": "place", "card": "GS5", "q": 1, "r": 0}, E.NOT_IN_HAND.code, E.NOT_IN_HAND.message),
    ("out of phase", {"type": "target", "card": "RC1"}, E.TARGET_ALREADY.code, E.TARGET_ALREADY.message),
    ("malformed", {"type": "place", "card": "RC3"}, E.BAD_KEYS.code, E.BAD_KEYS.message),
    ("unknown type", {"type": "fold"}, E.NOT_AN_ACTION.code, E.NOT_AN_ACTION.message),
]


async def test_refused_actions_are_errors_naming_the_rule_and_change_nothing(hexal_table, connect_socket):
    table = await database_sync_to_async(hexal_table)()

    def arrange():
        table.put(position(2, current=0, table={(0, 0): ["RC1", "RC2"], (1, 0): ["RT1"], (-1, 0): ["GS5"]},
                           hands={0: ["RC3", "RT3", "BH6", "RS4", "RP1", "OC2"]}))
        table.submit(0, {"type": "target", "card": "RC2"})

    await database_sync_to_async(arrange)()
    socks = await open_all(table, connect_socket)
    before = await database_sync_to_async(stored)(table.match.pk)
    for name, action, code, message in CASES:
        await socks[0].send({"type": "action", "action": action, "expected_version": before[0], "client_action_id": name})
        msg = await socks[0].recv()
        assert (msg["type"], msg["code"], msg["message"]) == ("error", code, message), name
        assert msg["client_action_id"] == name
        assert await database_sync_to_async(stored)(table.match.pk) == before, name
    await socks[1].send({"type": "action", "action": {"type": "end_turn"}, "expected_version": before[0],
                         "client_action_id": "early"})
    msg = await socks[1].recv()
    assert msg["type"] == "error" and msg["code"] == "not_your_turn"
    assert await database_sync_to_async(stored)(table.match.pk) == before
    for sock in socks.values():
        assert await sock.quiet()
