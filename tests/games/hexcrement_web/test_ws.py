"""Issue 12, point 6, over the match WebSocket (the real consumer stack; the Redis channel
layer when REDIS_URL is set): the page's own buttons only send listed actions, but a
malformed or illegal action sent by hand gets an ``error`` naming the rule, to the sender
only, and the match keeps its version, state and records.
"""
from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.hexcrement.engine import errors as E
from games.hexcrement.engine.board import COLUMN, N_CELLS
from tests.realtime import conftest as realtime
from tests.realtime.conftest import first_state

clean_layer = realtime.clean_layer

pytestmark = pytest.mark.django_db(transaction=True)

# (name, phase, action, code, message): sent by the seat to act in that phase.
CASES = [
    ("unknown type", "roll", {"type": "teleport"}, E.NOT_AN_ACTION.code, E.NOT_AN_ACTION.message),
    ("extra field", "roll", {"type": "roll", "dice": 6}, E.BAD_KEYS.code, E.BAD_KEYS.message),
    ("cell not a number", "move", {"type": "move", "cell": "home"}, E.BAD_CELL.code, E.BAD_CELL.message),
    ("cell off the board", "move", {"type": "move", "cell": 222}, E.BAD_CELL.code, E.BAD_CELL.message),
    ("move before the roll", "roll", {"type": "move", "cell": 3}, E.MUST_ROLL.code, E.MUST_ROLL.message),
    ("roll twice", "move", {"type": "roll"}, E.MUST_MOVE.code, E.MUST_MOVE.message),
    ("a target with no card", "roll", {"type": "target", "seat": 1}, E.MUST_ROLL.code, E.MUST_ROLL.message),
    ("a seat that is not at the table", "move", {"type": "target", "seat": 7}, E.BAD_SEAT.code, E.BAD_SEAT.message),
]


def stored(table):
    return table.stored()


async def test_a_malformed_or_illegal_action_is_an_error_naming_the_rule(hexcrement_table, connect_socket):
    table = await database_sync_to_async(hexcrement_table)()
    for phase in ("roll", "move"):
        st = await database_sync_to_async(table.drive)(lambda s, phase=phase: s.phase == phase)
        mover = st.seat
        accepted, code, sock = await connect_socket(table.users[mover], table.match)
        assert (accepted, code) == (True, None)
        _, watcher_code, watcher = await connect_socket(table.watcher, table.match)
        assert watcher_code is None
        assert first_state(sock)["legal_actions"]
        before = await database_sync_to_async(stored)(table)
        cases = [c for c in CASES if c[1] == phase]
        if phase == "move":  # a cell the roll does not reach, and the cell the move began on
            far = next(c for c in range(N_CELLS) if c not in st.reach and COLUMN[c] != COLUMN[st.from_cell])
            side = st.mode == "perpendicular"
            cases += [
                ("unreachable", phase, {"type": "move", "cell": far}, *(E.PERPENDICULAR if side else E.UNREACHABLE)),
                ("starting cell", phase, {"type": "move", "cell": st.from_cell}, *(E.PERPENDICULAR if side else E.START_CELL)),
            ]
        for name, _, action, code, message in cases:
            await sock.send({"type": "action", "action": action, "expected_version": before[0], "client_action_id": name})
            msg = await sock.recv()
            assert msg["type"] == "error" and msg["client_action_id"] == name, (name, msg)
            assert (msg["code"], msg["message"]) == (code, message), name
            assert await database_sync_to_async(stored)(table) == before, name
        assert await sock.quiet() and await watcher.quiet()  # refusals go to the sender only
        await sock.close()
        await watcher.close()


async def test_an_action_out_of_turn_is_refused(hexcrement_table, connect_socket):
    table = await database_sync_to_async(hexcrement_table)()
    st = await database_sync_to_async(table.state)()
    other = (st.seat + 1) % st.n
    _, _, sock = await connect_socket(table.users[other], table.match)
    before = await database_sync_to_async(stored)(table)
    await sock.send({"type": "action", "action": {"type": "roll"}, "expected_version": before[0], "client_action_id": "early"})
    msg = await sock.recv()
    assert msg["type"] == "error" and msg["code"] == "not_your_turn"
    assert await database_sync_to_async(stored)(table) == before
    await sock.close()
