"""Issue 11, point 7, over the match WebSocket (the real consumer stack; the Redis channel
layer when REDIS_URL is set): "a word not in the dictionary, a steal that drops a letter or
adds only an S, a tile that is not on the board, matching a letter already matched, acting
after the hourglass ran out, a malformed payload: a 4xx or WebSocket error naming the rule,
state unchanged". The page only sends what it lists; these are sent by hand. Each refusal is
an ``error`` with the rule's code and words, to the sender only, and the match keeps its
version, state and records.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from gameplatform.matches import timers
from gameplatform.matches.models import Match, MoveRecord
from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine import errors as E
from tests.realtime import conftest as realtime
from tests.realtime.conftest import first_state

clean_layer = realtime.clean_layer

pytestmark = pytest.mark.django_db(transaction=True)

# Seat 0 to act. Board T E R Q S; ACT (A, C matched) lacks its T; DOG has only its D; seat 0
# holds BAD, seat 1 ACT (the same word as the card: a card and a held word are different things).
LAYOUT = {
    "board": "terqs",
    "slots": [("act", "ac."), ("dog", "d.."), ("sun", "..."), ("pen", "..."), None, ("hat", "...")],
    "held": [[("bad", "bad")], [("act", "act")]],
}
CASES = [
    ("word not in the dictionary", {"type": "steal", "target": "act", "word": "catqer"}, E.NOT_A_WORD),
    ("steal drops a letter", {"type": "steal", "target": "act", "word": "care"}, E.STEAL_DROPS_LETTER),
    ("steal adds only an S", {"type": "steal", "target": "act", "word": "acts"}, E.STEAL_ONLY_S),
    ("steal adds no tile", {"type": "steal", "target": "act", "word": "cat"}, E.STEAL_ADDS_NOTHING),
    ("steal of one's own word", {"type": "steal", "target": "bad", "word": "bread"}, E.OWN_WORD),
    ("tile not on the board", {"type": "match", "slot": 1, "position": 1, "letter": "o"}, E.TILE_NOT_ON_BOARD),
    ("letter already matched", {"type": "match", "slot": 0, "position": 0, "letter": "a"}, E.ALREADY_MATCHED),
    ("no card there", {"type": "match", "slot": 4, "position": 0, "letter": "t"}, E.NO_SUCH_CARD),
    ("unknown type", {"type": "pass"}, E.NOT_AN_ACTION),
    ("missing field", {"type": "match", "slot": 0, "position": 2}, E.BAD_KEYS),
    ("field of the wrong kind", {"type": "match", "slot": "0", "position": 2, "letter": "t"}, E.BAD_FIELD),
    ("upper-case word", {"type": "steal", "target": "act", "word": "CATER"}, E.BAD_FIELD),
]


def stored(match_id) -> tuple:
    """What a refused action must leave as it was: version, state, number of records."""
    match = Match.unscoped.get(pk=match_id)
    return match.version, match.state, MoveRecord.objects.filter(match_id=match_id).count()


def arranged(words_table):
    table = words_table()
    table.arrange(**LAYOUT)
    return table


def run_out(match_id) -> int:
    """The hourglass runs out: the turn timer's ``turn_expire`` once the deadline has passed."""
    match = Match.unscoped.get(pk=match_id)
    Match.unscoped.filter(pk=match_id).update(deadline=timezone.now() - timedelta(seconds=1))
    return timers.turn_expire(match_id=match_id, version=match.version)


async def test_bad_input_is_an_error_naming_the_rule_and_changes_nothing(words_table, connect_socket):
    table = await database_sync_to_async(arranged)(words_table)
    mid = table.match.pk
    accepted, code, sock = await connect_socket(table.users[0], table.match)
    assert (accepted, code) == (True, None)
    _, watcher_code, watcher = await connect_socket(table.watcher, table.match)
    _, other_code, other = await connect_socket(table.users[1], table.match)
    assert watcher_code is None and other_code is None
    assert first_state(sock)["legal_actions"] and not first_state(other)["legal_actions"]
    before = await database_sync_to_async(stored)(mid)
    for name, action, rule in CASES:
        await sock.send({"type": "action", "action": action, "expected_version": before[0], "client_action_id": name})
        msg = await sock.recv()
        assert msg["type"] == "error" and msg["client_action_id"] == name, (name, msg)
        assert (msg["code"], msg["message"]) == (rule.code, rule.message), name
        assert await database_sync_to_async(stored)(mid) == before, name
    assert await sock.quiet() and await watcher.quiet() and await other.quiet()  # to the sender only

    # Out of turn: the other player's action is refused as such.
    await other.send({"type": "action", "action": {"type": "end_turn"}, "expected_version": before[0],
                      "client_action_id": "early"})
    msg = await other.recv()
    assert (msg["type"], msg["code"]) == ("error", "not_your_turn")
    assert await database_sync_to_async(stored)(mid) == before


async def test_acting_after_the_hourglass_ran_out_is_refused(words_table, connect_socket):
    """Rule 3E: "If ... your time runs out ... your turn is over": the move a player sends
    after that is refused (the game has moved on, then it is not their turn) and nothing changes."""
    table = await database_sync_to_async(arranged)(words_table)
    mid = table.match.pk
    _, _, sock = await connect_socket(table.users[0], table.match)
    chosen = {"type": "match", "slot": 0, "position": 2, "letter": "t"}  # legal before time ran out
    assert chosen in await database_sync_to_async(lambda: ENGINE.legal_actions(table.state(), 0))()
    old = first_state(sock)["version"]
    assert await database_sync_to_async(run_out)(mid) == 1
    timed_out = await sock.recv_type("state")
    assert timed_out["actor"] == "timeout" and timed_out["legal_actions"] == []
    after = await database_sync_to_async(stored)(mid)
    assert after[0] == old + 1
    for version, code in ((old, "stale_version"), (after[0], "not_your_turn")):
        await sock.send({"type": "action", "action": chosen, "expected_version": version, "client_action_id": code})
        msg = await sock.recv()
        assert (msg["type"], msg["code"], msg["client_action_id"]) == ("error", code, code), msg
        assert await database_sync_to_async(stored)(mid) == after
