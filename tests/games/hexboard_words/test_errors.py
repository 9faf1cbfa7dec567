"""Bad input (issue 11, point 7: "a word not in the dictionary, a steal that drops a letter or
adds only an S, a tile that is not on the board, matching a letter already matched, acting
after the hourglass ran out, a malformed payload: ... an error naming the rule, state
unchanged"). Each case asserts the exact message and an unchanged state."""
import copy

import pytest

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hexboard_words.helpers import position

SLOTS = [("act", "ac."), ("dog", "d.."), ("sun", "..."), ("pen", "..."), None, ("hat", "...")]


def table():
    return position(board="terqs", slots=SLOTS, held=[[("bad", "bad")], [("act", "act")]])


CASES = [
    ("not a dict", E.NOT_AN_ACTION),
    ({}, E.NOT_AN_ACTION),
    ({"type": "pass"}, E.NOT_AN_ACTION),
    ({"type": None}, E.NOT_AN_ACTION),
    ({"type": "match", "slot": 0, "position": 2}, E.BAD_KEYS),
    ({"type": "end_turn", "now": True}, E.BAD_KEYS),
    ({"type": "steal", "target": "act", "word": "cater", "tiles": []}, E.BAD_KEYS),
    ({"type": "match", "slot": "0", "position": 2, "letter": "t"}, E.BAD_FIELD),
    ({"type": "match", "slot": True, "position": 2, "letter": "t"}, E.BAD_FIELD),
    ({"type": "match", "slot": 6, "position": 2, "letter": "t"}, E.BAD_FIELD),
    ({"type": "match", "slot": 0, "position": 3, "letter": "t"}, E.BAD_FIELD),
    ({"type": "match", "slot": 0, "position": 2, "letter": "T"}, E.BAD_FIELD),
    ({"type": "match", "slot": 0, "position": 2, "letter": "tt"}, E.BAD_FIELD),
    ({"type": "steal", "target": "act", "word": "CATER"}, E.BAD_FIELD),
    ({"type": "steal", "target": "act", "word": ""}, E.BAD_FIELD),
    ({"type": "steal", "target": "act", "word": "x" * 31}, E.BAD_FIELD),
    ({"type": "steal", "target": 3, "word": "cater"}, E.BAD_FIELD),
    ({"type": "match", "slot": 4, "position": 0, "letter": "t"}, E.NO_SUCH_CARD),
    ({"type": "match", "slot": 0, "position": 0, "letter": "a"}, E.ALREADY_MATCHED),
    ({"type": "match", "slot": 0, "position": 2, "letter": "e"}, E.LETTER_MISMATCH),
    ({"type": "match", "slot": 1, "position": 1, "letter": "o"}, E.TILE_NOT_ON_BOARD),
    ({"type": "match", "slot": 0, "position": 2, "letter": "?"}, E.TILE_NOT_ON_BOARD),
    ({"type": "steal", "target": "zebra", "word": "zebras"}, E.NO_SUCH_WORD),
    ({"type": "steal", "target": "bad", "word": "bread"}, E.OWN_WORD),
    ({"type": "steal", "target": "act", "word": "catqer"}, E.NOT_A_WORD),
    ({"type": "steal", "target": "act", "word": "care"}, E.STEAL_DROPS_LETTER),
    ({"type": "steal", "target": "act", "word": "acts"}, E.STEAL_ONLY_S),
    ({"type": "steal", "target": "act", "word": "catch"}, E.STEAL_TILES_MISSING),
    ({"type": "steal", "target": "act", "word": "cat"}, E.STEAL_ADDS_NOTHING),
]


@pytest.mark.parametrize("action, rule", CASES, ids=[f"{i}-{r.code}" for i, (_, r) in enumerate(CASES)])
def test_bad_input_names_the_rule_and_changes_nothing(action, rule):
    st = table()
    before = ENGINE.encode(st)
    sent = copy.deepcopy(action)
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(st, 0, action)
    assert (exc.value.code, exc.value.message) == (rule.code, rule.message)
    assert ENGINE.encode(st) == before and action == sent


def test_out_of_turn_and_after_the_end():
    """Only the seat whose turn it is acts; nobody acts once the game is over."""
    st = table()
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(st, 1, {"type": "end_turn"})
    assert exc.value.message == E.NOT_YOUR_TURN.message
    assert ENGINE.legal_actions(st, 1) == []
    over = st.copy()
    over.turn, over.winners, over.ended = -1, (0,), "cards"
    with pytest.raises(IllegalAction) as exc:
        ENGINE.apply(over, 0, {"type": "end_turn"})
    assert exc.value.message == E.GAME_OVER.message
    with pytest.raises(IllegalAction):
        ENGINE.timeout_action(over, 0)
    with pytest.raises(IllegalAction):
        ENGINE.timeout_action(st, 1)


def test_messages_name_the_rule():
    """DEVELOPERS.md: errors name the broken rule in words a player understands."""
    assert E.STEAL_ONLY_S.message == "Adding only an S does not steal a word."
    assert E.NOT_A_WORD.message == "That word is not in this game's dictionary."
    assert E.STEAL_DROPS_LETTER.message == "A steal uses every letter of the word it steals."
    assert E.TILE_NOT_ON_BOARD.message == "There is no such letter-tile face up on the board."
    assert E.ALREADY_MATCHED.message == "That letter of the word-card is already matched."
