"""The JOKER variant (rules "Game Variation")."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hextopia.helpers import ENGINE, HOME, lane, position, progress_at


def joker(st, seat, target_seat, target_piece, card="X1"):
    return ENGINE.apply(st, seat, {"type": "play", "card": card, "move": "joker",
                                   "target_seat": target_seat, "target_piece": target_piece})


def refused(st, seat, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    return info.value


def test_joker_sends_another_players_piece_back_to_its_start():
    """Rules: "(Game Variation: JOKER: Allows player to send any one of another player's pieces
    IN-PLAY back to START.)" """
    st = position(2, jokers=True, pieces={(1, 0): 30, (1, 1): HOME, (0, 0): 4}, hands={0: ["X1", "5S"]})
    legal = [a for a in ENGINE.legal_actions(st, 0) if a["card"] == "X1"]
    assert legal == [{"type": "play", "card": "X1", "move": "joker", "target_seat": 1, "target_piece": 0}]
    new, events = joker(st, 0, 1, 0)
    assert new.pieces[4] == 0
    assert events[0] == {"type": "played", "seat": 0, "card": "X1", "move": "joker",
                         "target_seat": 1, "target_piece": 0, "from": 30, "to": 0}


def test_joker_sends_the_piece_already_on_that_start_home():
    """Rules: "JOKER: Allows player to send any one of another player's pieces IN-PLAY back to
    START." (our reading: a piece already on that START is landed on, so it goes HOME)."""
    st = position(2, jokers=True)
    on_start = progress_at(st, 0, st.starts[1])  # seat 0's own piece sitting on seat 1's START
    st = position(2, jokers=True, pieces={(1, 0): 30, (0, 2): on_start}, hands={0: ["X2"]})
    new, events = joker(st, 0, 1, 0, card="X2")
    assert new.pieces[4] == 0 and new.pieces[2] == HOME
    assert {"type": "captured", "seat": 0, "piece": 2, "by": 0, "at": 36} in events


def test_joker_may_target_a_teammate():
    """Rules: "send any one of another player's pieces IN-PLAY back to START" """
    st = position(4, layout="2v2", jokers=True, pieces={(2, 0): 30}, hands={0: ["X1"]})
    assert ENGINE.legal_actions(st, 0) == [
        {"type": "play", "card": "X1", "move": "joker", "target_seat": 2, "target_piece": 0}]


def test_joker_is_not_played_on_your_own_piece_or_a_safe_one():
    """Rules: "send any one of another player's pieces IN-PLAY back to START" and "HEXTOPIA is a
    safe zone." """
    base = position(2, jokers=True)
    st = position(2, jokers=True, pieces={(0, 0): 20, (1, 0): lane(base, 1), (1, 1): 0},
                  hands={0: ["X1"]})
    assert ENGINE.legal_actions(st, 0) == [{"type": "discard", "card": "X1"}]
    cases = [((0, 0), E.JOKER_OTHER_PLAYER), ((1, 0), E.JOKER_TARGET_IN_PLAY),
             ((1, 2), E.JOKER_TARGET_IN_PLAY), ((1, 1), E.JOKER_ALREADY_ON_START)]
    for (ts, tp), rule in cases:
        err = refused(st, 0, {"type": "play", "card": "X1", "move": "joker", "target_seat": ts,
                              "target_piece": tp})
        assert (err.code, err.message) == rule


def test_joker_has_only_the_joker_move():
    """Rules: "JOKER: Allows player to send any one of another player's pieces IN-PLAY back to START." """
    st = position(2, jokers=True, pieces={(1, 0): 30}, hands={0: ["X1"]})
    err = refused(st, 0, {"type": "play", "card": "X1", "move": "enter", "seat": 0, "piece": 0})
    assert (err.code, err.message) == E.JOKER_MOVES
