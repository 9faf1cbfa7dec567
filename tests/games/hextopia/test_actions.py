"""Malformed and out-of-turn actions are refused with a message and change nothing."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hextopia.helpers import ENGINE, position

GOOD = {"type": "play", "card": "7H", "move": "forward", "seat": 0, "piece": 0}


@pytest.fixture
def st():
    return position(2, pieces={(0, 0): 5, (1, 0): 5}, hands={0: ["7H", "KS"], 1: ["8D"]})


@pytest.mark.parametrize(("seat", "action", "rule"), [
    (1, GOOD, E.NOT_YOUR_TURN),
    (None, GOOD, E.NOT_YOUR_TURN),
    ("0", GOOD, E.NOT_YOUR_TURN),
    (0, [], E.NOT_AN_ACTION),
    (0, {}, E.NOT_AN_ACTION),
    (0, {"type": "pass"}, E.NOT_AN_ACTION),
    (0, {"type": "play", "card": "7H", "seat": 0, "piece": 0}, E.BAD_MOVE),
    (0, {**GOOD, "move": "fly"}, E.BAD_MOVE),
    (0, {**GOOD, "move": ["forward"]}, E.BAD_MOVE),
    (0, {**GOOD, "x": [1]}, E.BAD_KEYS),
    (0, {**GOOD, "target_seat": 1}, E.BAD_KEYS),
    (0, {"type": "play", "card": "7H", "move": "forward", "seat": 0}, E.BAD_KEYS),
    (0, {**GOOD, "seat": True}, E.BAD_FIELD),
    (0, {**GOOD, "piece": "0"}, E.BAD_FIELD),
    (0, {**GOOD, "piece": 1.0}, E.BAD_FIELD),
    (0, {**GOOD, "card": 7}, E.BAD_FIELD),
    (0, {**GOOD, "piece": 4}, E.NO_SUCH_PIECE),
    (0, {**GOOD, "seat": 2}, E.NO_SUCH_PIECE),
    (0, {**GOOD, "seat": -1}, E.NO_SUCH_PIECE),
    (0, {**GOOD, "card": "8D"}, E.NOT_IN_HAND),
    (0, {**GOOD, "card": "ZZ"}, E.NOT_IN_HAND),
    (0, {**GOOD, "seat": 1}, E.NOT_YOUR_PIECE),
    (0, {"type": "discard", "card": "7H", "seat": 0}, E.BAD_KEYS),
    (0, {"type": "discard", "card": "8D"}, E.NOT_IN_HAND),
    (0, {"type": "discard"}, E.BAD_KEYS),
    (0, {"type": "sit_out", "card": "7H"}, E.BAD_KEYS),
])
def test_bad_actions_name_the_rule_and_leave_the_state_alone(st, seat, action, rule):
    """Rules: "Each player plays a card in turn" (a malformed or out-of-turn action is refused)."""
    before = ENGINE.encode(st)
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    assert (info.value.code, info.value.message) == rule
    assert ENGINE.encode(st) == before


def test_messages_are_in_player_words():
    """Rules: "KING: Allows the player to move a piece from HOME to START only." """
    assert E.KING_ONLY_ENTERS.message == "A KING only moves a piece from HOME to START."
    assert E.NOT_YOUR_TURN.message == "It is not your turn."
    assert E.NOT_IN_HAND.message == "You can only play or discard a card from your own hand."


def test_a_good_action_applies_without_touching_its_input(st):
    """Rules: "4-10: Allows the player to move a piece IN-PLAY forward the face value of the card." """
    before = ENGINE.encode(st)
    new, _ = ENGINE.apply(st, 0, dict(GOOD))
    assert ENGINE.encode(st) == before and new.pieces[0] == 12 and new.turn == 1
