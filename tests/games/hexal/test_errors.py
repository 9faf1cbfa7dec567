"""Bad input (issue 10, point 6): every malformed or illegal action is refused with the rule's
exact message and leaves the state unchanged (``refused`` checks the encoding)."""
from __future__ import annotations

import pytest

from games.hexal.engine import errors as E
from tests.games.hexal.helpers import act, position, refused

HAND = ["RC2", "RT2", "BX5", "GH4", "YS3", "PP6"]


def start():
    return position(2, table={(0, 0): ["RC1"], (3, 0): ["OH6"]}, hands={0: HAND, 1: ["OT4"]})


def targeted():
    return act(start(), {"type": "target", "card": "RC1"})[0]


@pytest.mark.parametrize("action", ["target", None, 3, ["type", "pass"], {}, {"type": None}, {"type": 7},
                                    {"type": "fly"}, {"type": "x" * 300}, {"card": "RC2"}])
def test_not_an_action(action):
    err = refused(start(), 0, action)
    assert (err.code, err.message) == E.NOT_AN_ACTION
    assert err.message == ('An action is an object whose "type" is one of target, place, take_back, '
                           'end_turn, clear_target, discard or pass.')


@pytest.mark.parametrize("action", [{"type": "target"}, {"type": "pass", "card": "RC2"},
                                    {"type": "place", "card": "RC2"}, {"type": "place", "card": "RC2", "q": 1},
                                    {"type": "end_turn", "x": [1]}, {"type": "discard", "cards": ["RC2"]}])
def test_missing_or_unknown_fields(action):
    err = refused(targeted(), 0, action)
    assert (err.code, err.message) == E.BAD_KEYS


@pytest.mark.parametrize("card", ["ZZ9", "rc1", "RC7", 5, None, ["RC2"], ""])
def test_a_card_is_a_code(card):
    err = refused(start(), 0, {"type": "target", "card": card})
    assert (err.code, err.message) == E.BAD_CARD
    assert err.message == 'A card is a code such as "RC1": colour R O Y G B P, shape C T S P H X, number 1-6.'


@pytest.mark.parametrize("q, r", [("1", 0), (True, 0), (1.0, 0), (None, None), (1, [0])])
def test_a_cell_is_two_whole_numbers(q, r):
    err = refused(targeted(), 0, {"type": "place", "card": "RC2", "q": q, "r": r})
    assert (err.code, err.message) == E.BAD_CELL


def test_a_cell_far_away_is_not_touching():
    err = refused(targeted(), 0, {"type": "place", "card": "RC2", "q": 10**12, "r": -10**12})
    assert (err.code, err.message) == E.NOT_TOUCHING_TARGET


@pytest.mark.parametrize("seat", [1, -1, 2, "0", None])
def test_out_of_turn(seat):
    err = refused(start(), seat, {"type": "target", "card": "RC1"})
    assert (err.code, err.message) == E.NOT_YOUR_TURN == ("not_your_turn", "It is not your turn.")


def test_a_card_not_in_the_hand():
    err = refused(targeted(), 0, {"type": "place", "card": "OT4", "q": 1, "r": 0})
    assert (err.code, err.message) == E.NOT_IN_HAND
    assert err.message == "You can only play or discard a card from your own hand."
    assert refused(start(), 0, {"type": "discard", "card": "OT4"}).code == "not_in_hand"


def test_out_of_phase():
    st = start()
    for action in ({"type": "place", "card": "RC2", "q": 1, "r": 0}, {"type": "clear_target"}):
        err = refused(st, 0, action)
        assert (err.code, err.message) == E.TARGET_FIRST
    assert refused(st, 0, {"type": "take_back", "card": "RC2"}).code == "not_placed_this_turn"
    assert refused(targeted(), 0, {"type": "target", "card": "RC1"}).code == "target_already"


def test_a_target_without_a_place_for_any_hand_card():
    # OH6 shares nothing with any card of this all-red hand of circles, triangles and squares
    st = position(2, table={(0, 0): ["RC1"], (3, 0): ["OH6"]}, hands={0: ["RC2", "RT2", "RS3", "RC4", "RT5", "RS2"]})
    err = refused(st, 0, {"type": "target", "card": "OH6"})
    assert (err.code, err.message) == E.NO_PLACE_FOR_TARGET


def test_unsupported_place_no_match_second_on_top():
    """The issue's list: an unsupported place, a card sharing nothing with a neighbour, a
    second card on top."""
    st = position(2, table={(0, 0): ["RC1", "RT1"], (1, 0): ["GP5"]}, hands={0: HAND})
    st, _ = act(st, {"type": "target", "card": "RT1"})
    assert refused(st, 0, {"type": "place", "card": "RT2", "q": 0, "r": 1}).code == "side_unsupported"
    assert refused(st, 0, {"type": "place", "card": "RT2", "q": 1, "r": 0}).code == "no_match"  # GP5 below
    st, _ = act(st, {"type": "place", "card": "RT2", "q": 0, "r": 0})
    err = refused(st, 0, {"type": "place", "card": "RC2", "q": 0, "r": 0})
    assert (err.code, err.message) == E.TOP_TAKEN
    assert err.message == "Rule 8: one card may be played on top of the target, and it already has one."
