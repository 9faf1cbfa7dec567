"""Bad input (issue 12, point 6): every refusal names the rule and leaves the state as it was."""
import pytest

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine import errors as E
from games.hexcrement.engine.state import OVER
from games.protocol import IllegalAction
from tests.games.hexcrement.helpers import edit, new_game, refused, roll


@pytest.mark.parametrize("action, rule", [
    ({}, E.NOT_AN_ACTION),
    ("roll", E.NOT_AN_ACTION),
    (None, E.NOT_AN_ACTION),
    ({"type": "fly"}, E.NOT_AN_ACTION),
    ({"type": ["roll"]}, E.NOT_AN_ACTION),
    ({"type": "roll", "dice": 6}, E.BAD_KEYS),
    ({"type": "move"}, E.BAD_KEYS),
    ({"type": "give", "seat": 1}, E.BAD_KEYS),
    ({"type": "move", "cell": "3"}, E.BAD_CELL),
    ({"type": "move", "cell": 222}, E.BAD_CELL),
    ({"type": "move", "cell": -1}, E.BAD_CELL),
    ({"type": "move", "cell": True}, E.BAD_CELL),
    ({"type": "target", "seat": 9}, E.BAD_SEAT),
    ({"type": "target", "seat": 1.0}, E.BAD_SEAT),
    ({"type": "mud", "card": "DUNG-pink"}, E.BAD_CARD),
    ({"type": "mud", "card": 3}, E.BAD_CARD),
    ({"type": "move", "cell": 3}, E.MUST_ROLL),
    ({"type": "target", "seat": 1}, E.MUST_ROLL),
])
def test_malformed_and_out_of_phase_actions(action, rule):
    """Each gets the rule's exact message; nothing changes."""
    st = new_game(3)
    refused(st, st.seat, action, rule)


def test_out_of_turn():
    st = new_game(3)
    other = (st.seat + 1) % 3
    refused(st, other, {"type": "roll"}, E.NOT_YOUR_TURN)
    refused(st, 7, {"type": "roll"}, E.NOT_YOUR_TURN)
    refused(st, "0", {"type": "roll"}, E.NOT_YOUR_TURN)
    refused(st, None, {"type": "roll"}, E.NOT_YOUR_TURN)
    assert ENGINE.legal_actions(st, other) == []


def test_a_choice_out_of_phase():
    st, _ = roll(new_game(2), 3)
    refused(st, st.seat, {"type": "fight"}, E.MUST_MOVE)
    refused(st, st.seat, {"type": "target", "seat": 0}, E.MUST_MOVE)


def test_after_the_end():
    st = edit(new_game(2), phase=OVER, winner=0, ended="goal")
    refused(st, 0, {"type": "roll"}, E.GAME_OVER)
    assert ENGINE.to_act(st) == () and ENGINE.legal_actions(st, 0) == []
    with pytest.raises(IllegalAction) as err:
        ENGINE.timeout_action(st, 0)
    assert err.value.code == E.GAME_OVER.code


def test_messages_name_the_rules():
    """Every message is words a player understands, naming the rule."""
    for name in dir(E):
        rule = getattr(E, name)
        if isinstance(rule, tuple) and len(rule) == 2 and isinstance(rule[0], str):
            assert rule.message.endswith(".") and len(rule.message) > 15
