"""Moving pieces: direction, captures, jumping, HEXTOPIA (rules "Game Play" and "Rules")."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hextopia.helpers import ENGINE, HOME, lane, play, position, progress_at


def refused(st, seat, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    return info.value


def track_index(st, seat, piece):
    return ENGINE.view(st, None)["seats"][seat]["pieces"][piece]["index"]


def test_pieces_move_clockwise_around_the_board():
    """Rules: "The pieces, once IN-PLAY, move clockwise around the board except when a THREE is
    played to move a piece backwards." """
    st = position(2, pieces={(1, 0): 33}, hands={1: ["5S"]}, turn=1)  # seat 1 START is space 36
    assert track_index(st, 1, 0) == 69
    new, _ = play(st, 1, "5S", "forward", piece=0)
    assert track_index(new, 1, 0) == 2  # 69 + 5 wraps past space 71 to space 2


def test_landing_on_an_opponent_sends_it_home():
    """Rules: "If a player's piece lands on a space occupied by another piece, whether it's an
    opponent's, a teammate's, or the player's own piece, the piece that occupied the space
    previously is sent back to their HOME." """
    st = position(2, hands={0: ["7H"]})
    st = position(2, pieces={(0, 0): 3, (1, 2): progress_at(st, 1, 10)}, hands={0: ["7H"]})
    new, events = play(st, 0, "7H", "forward", piece=0)
    assert new.pieces[0] == 10 and new.pieces[6] == HOME
    assert {"type": "captured", "seat": 1, "piece": 2, "by": 0, "at": 10} in events


def test_landing_on_your_own_piece_sends_it_home():
    """Rules: "whether it's an opponent's, a teammate's, or the player's own piece, the piece that
    occupied the space previously is sent back to their HOME." """
    st = position(2, pieces={(0, 0): 3, (0, 1): 10}, hands={0: ["7H"]})
    new, _ = play(st, 0, "7H", "forward", piece=0)
    assert new.pieces[:2] == (10, HOME)


def test_landing_on_a_teammate_sends_it_home():
    """Rules: "whether it's an opponent's, a teammate's, or the player's own piece" """
    st = position(4, layout="2v2")
    st = position(4, layout="2v2", pieces={(0, 0): 3, (2, 0): progress_at(st, 2, 12)}, hands={0: ["9H"]})
    new, _ = play(st, 0, "9H", "forward", piece=0)
    assert new.pieces[0] == 12 and new.pieces[8] == HOME


def test_entering_from_home_captures_the_piece_on_start():
    """Rules: "If a player's piece lands on a space occupied by another piece ... the piece that
    occupied the space previously is sent back to their HOME." (START included)."""
    st = position(2)
    st = position(2, pieces={(1, 1): progress_at(st, 1, 0)}, hands={0: ["KD"]})
    new, events = play(st, 0, "KD", "enter", piece=0)
    assert new.pieces[0] == 0 and new.pieces[5] == HOME
    assert events[1]["type"] == "captured"
    # even your own piece still sitting on START
    st = position(2, pieces={(0, 0): 0}, hands={0: ["KD"]})
    new, _ = play(st, 0, "KD", "enter", piece=1)
    assert new.pieces[:2] == (HOME, 0)


def test_a_three_landing_on_a_piece_captures_it():
    """Rules: "If a player's piece lands on a space occupied by another piece" (backwards too)."""
    st = position(2)
    st = position(2, pieces={(0, 0): 8, (1, 0): progress_at(st, 1, 5)}, hands={0: ["3C"]})
    new, _ = play(st, 0, "3C", "back", piece=0)
    assert new.pieces[0] == 5 and new.pieces[4] == HOME


def test_pieces_jump_over_pieces_in_play():
    """Rules: "A player's piece can jump over any piece IN-PLAY." """
    st = position(2)
    st = position(2, pieces={(0, 0): 2, (0, 1): 4, (1, 0): progress_at(st, 1, 6)}, hands={0: ["QS"]})
    new, events = play(st, 0, "QS", "forward", piece=0)
    assert new.pieces[0] == 14 and new.pieces[1] == 4 and new.pieces[4] != HOME
    assert [e["type"] for e in events] == ["played"]


def test_cannot_jump_over_a_piece_in_hextopia():
    """Rules: "A player's piece cannot jump over a piece once in HEXTOPIA." """
    base = position(2)
    st = position(2, pieces={(0, 0): lane(base, 2), (0, 1): base.track - 1}, hands={0: ["AS", "2S", "4S"]})
    legal = [(a["card"], a["piece"]) for a in ENGINE.legal_actions(st, 0) if a["type"] == "play"]
    assert ("AS", 1) in legal and ("2S", 1) not in legal and ("4S", 1) not in legal
    err = refused(st, 0, {"type": "play", "card": "4S", "move": "forward", "seat": 0, "piece": 1})
    assert (err.code, err.message) == E.NO_JUMP_IN_HEXTOPIA
    err = refused(st, 0, {"type": "play", "card": "2S", "move": "forward", "seat": 0, "piece": 1})
    assert err.message == E.NO_JUMP_IN_HEXTOPIA.message


def test_exact_count_within_hextopia():
    """Rules: "If a player's piece is two spaces away from the last available space in HEXTOPIA,
    the player can play a TWO OR an ACE and a second ACE the next turn. Any other card in this
    scenario would have to be played on another piece or discarded." """
    base = position(2)
    st = position(2, pieces={(0, 0): lane(base, 2)}, hands={0: ["2S", "AS", "4S", "QD"]})
    plays = {(a["card"], a["move"], a.get("piece")) for a in ENGINE.legal_actions(st, 0) if a["type"] == "play"}
    assert ("2S", "forward", 0) in plays and ("AS", "forward", 0) in plays
    assert not any(card in ("4S", "QD") for card, _, _ in plays)
    err = refused(st, 0, {"type": "play", "card": "4S", "move": "forward", "seat": 0, "piece": 0})
    assert (err.code, err.message) == E.HEXTOPIA_ONLY_ACE_TWO
    assert play(st, 0, "2S", "forward", piece=0)[0].pieces[0] == lane(st, 4)
    assert play(st, 0, "AS", "forward", piece=0)[0].pieces[0] == lane(st, 3)


def test_entering_hextopia_needs_the_exact_count():
    """Rules: "To move within HEXTOPIA a card or combination of cards is necessary to move the exact
    spaces required." (entering too: our reading)."""
    st = position(2, pieces={(0, 0): 70}, hands={0: ["5S", "6S", "9S"]})
    plays = [a["card"] for a in ENGINE.legal_actions(st, 0) if a["type"] == "play"]
    assert plays == ["5S"]  # 70 + 5 = slot 4, the last one
    new, events = play(st, 0, "5S", "forward", piece=0)
    assert new.pieces[0] == lane(st, 4)
    assert {"type": "entered_hextopia", "seat": 0, "piece": 0, "slot": 4} in events
    err = refused(st, 0, {"type": "play", "card": "6S", "move": "forward", "seat": 0, "piece": 0})
    assert (err.code, err.message) == E.EXACT_COUNT


def test_you_cannot_pass_your_own_start():
    """Rules: "You cannot pass your own START or go around the board more than once unless you have
    to due to the JACK, or JOKER, but must wait until you have the right cards to get into
    HEXTOPIA." """
    st = position(2, pieces={(0, 0): 71}, hands={0: ["QS", "TS", "9S", "AS"]})
    plays = {(a["card"], a["move"]) for a in ENGINE.legal_actions(st, 0) if a["type"] == "play"}
    assert plays == {("AS", "forward"), ("AS", "enter")}  # the others would overshoot HEXTOPIA


def test_a_jack_can_leave_a_piece_a_long_way_from_its_hextopia():
    """Rules: "You cannot pass your own START or go around the board more than once unless you have
    to due to the JACK" """
    st = position(2)
    # seat 0's piece just behind its START (space 71); seat 1's piece on space 1
    st = position(2, pieces={(0, 0): 71, (1, 0): progress_at(st, 1, 1)}, hands={0: ["JS"]})
    new, _ = play(st, 0, "JS", "swap", piece=0, target_seat=1, target_piece=0)
    assert new.pieces[0] == 1  # now one space past its START: a whole lap to go
    assert new.pieces[4] == progress_at(st, 1, 71)


def test_home_to_start_is_one_turn():
    """Rules: "(Moving from HOME to START is one turn regardless of the card played and player
    cannot move forward/backward from START until player's next turn)." """
    st = position(2, hands={0: ["KS", "9S"], 1: ["5D", "6D"]})
    new, _ = play(st, 0, "KS", "enter", piece=0)
    assert new.turn == 1 and new.pieces[0] == 0
