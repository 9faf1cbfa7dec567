"""Issue 11, point 3, through a real Celery worker: "the turn clock ... restarts after each
completed or stolen word within the same turn; when it runs out the turn ends as the rules
say" (rules 3B "Set the hourglass timer to begin your turn", 4D "Reset the hourglass timer",
5D "You must be sure to reset the hourglass timer after you add a letter or steal a word",
3E "If ... your time runs out ... your turn is over. Leave your letter-tile on the board, draw
a new letter from the bag").

The platform turns the hourglass through the engine's ``clock_restarts`` hook: the deadline
of a running turn moves only when the hook says so. In HexBoard Words every accepted move
either makes a word or passes the turn (a plain match ends it), so within a turn the other
moves a player can try are refused ones, which leave the clock alone. The turn time (the
hourglass option) is written straight to the row here: a few seconds, not the lobby's 30-180.
"""
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match, MoveRecord, Seat
from games.hexboard_words.engine import ENGINE
from tests.games.hexboard_words_web.conftest import SLOTS

pytestmark = pytest.mark.celery_worker

SECONDS = 4
SLACK = timedelta(seconds=0.6)


def deadline_of(match) -> "timezone.datetime":
    match.refresh_from_db()
    return match.deadline


def test_the_hourglass_turns_on_each_word_and_its_end_ends_the_turn(task_worker, words_table, wait_for):
    table = words_table(turn_seconds=SECONDS)
    table.arrange(board="iertk", slots=SLOTS, held=[[], [("act", "act")]], hands=["", "m"], bag="po")
    match = table.match
    first = deadline_of(match)
    assert first is not None

    # Refused moves are no moves: neither the state nor the hourglass changes.
    time.sleep(1)
    version = Match.unscoped.get(pk=match.pk).version
    for bad, code in (({"type": "steal", "target": "act", "word": "tacer"}, "not_a_word"),
                      ({"type": "match", "slot": 0, "position": 0, "letter": "d"}, "already_matched")):
        with pytest.raises(ServiceError) as err:
            table.submit(0, bad)
        assert (err.value.status, err.value.code) == (400, code)
    assert deadline_of(match) == first and match.version == version

    # A completed word turns the hourglass: the turn's deadline starts again from the move.
    outcome = table.submit(0, {"type": "match", "slot": 0, "position": 1, "letter": "i"})
    assert "completed" in [e["type"] for e in outcome.events]
    record = MoveRecord.objects.get(match=match, seq=outcome.version)
    after_completion = deadline_of(match)
    assert after_completion >= first + timedelta(seconds=1) - SLACK
    assert abs(after_completion - (record.created_at + timedelta(seconds=SECONDS))) < SLACK
    assert ENGINE.to_act(table.state()) == (0,)  # the same turn goes on

    # So does a stolen word.
    time.sleep(1)
    outcome = table.submit(0, {"type": "steal", "target": "act", "word": "cater"})
    assert "stolen" in [e["type"] for e in outcome.events]
    stolen_at = MoveRecord.objects.get(match=match, seq=outcome.version).created_at
    after_steal = deadline_of(match)
    assert after_steal >= after_completion + timedelta(seconds=1) - SLACK
    assert abs(after_steal - (stolen_at + timedelta(seconds=SECONDS))) < SLACK
    before = table.state()

    # The timers of the first two deadlines find their version gone; the last one ends the turn.
    timeout = wait_for(lambda: MoveRecord.objects.filter(match=match, actor="timeout").first(), timeout=30)
    assert timeout.seq == outcome.version + 1 and timeout.created_at >= after_steal
    assert MoveRecord.objects.filter(match=match, actor="timeout").count() == 1
    assert timeout.action == {"type": "end_turn"} and timeout.seat == 0
    types = [e["type"] for e in timeout.events]
    assert types[:3] == ["turn_ended", "drew", "hidden_tile"] and types[-2:] == ["turn", "placed"]
    st = table.state()
    # "Leave your letter-tile on the board, draw a new letter from the bag."
    assert set(before.board) <= set(st.board) and st.hands[0] == before.bag[0]
    assert st.turn == 1 and st.hands[1] is None  # bob's tile went face up as his turn began
    assert Seat.objects.get(match=match, index=0).timeouts_in_row == 1
    # Bob's turn has a full hourglass of its own.
    assert abs(deadline_of(match) - (timeout.created_at + timedelta(seconds=SECONDS))) < SLACK

    # Acting after the hourglass ran out is refused, and changes nothing.
    version = Match.unscoped.get(pk=match.pk).version
    with pytest.raises(ServiceError) as err:
        table.submit(0, {"type": "end_turn"})
    assert (err.value.status, err.value.code) == (409, "not_your_turn")
    assert Match.unscoped.get(pk=match.pk).version == version
    Match.unscoped.filter(pk=match.pk).update(turn_seconds=None, deadline=None)  # stop the clock
