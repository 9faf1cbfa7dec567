"""Cards and their values (rules "Cards and Their Values")."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hextopia.helpers import ENGINE, HOME, lane, play, position


def moves_of(st, seat, card):
    """(move, seat, piece, target...) of each legal play of ``card``."""
    return [
        (a["move"], a.get("seat"), a.get("piece"), a.get("target_seat"), a.get("target_piece"))
        for a in ENGINE.legal_actions(st, seat)
        if a["type"] == "play" and a["card"] == card
    ]


def refused(st, seat, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    return info.value


def test_king_moves_a_piece_from_home_to_start_only():
    """Rules: "KING: Allows the player to move a piece from HOME to START only." """
    st = position(2, pieces={(0, 0): 10}, hands={0: ["KS", "9D"]})
    assert moves_of(st, 0, "KS") == [("enter", 0, i, None, None) for i in (1, 2, 3)]
    new, events = play(st, 0, "KS", "enter", piece=2)
    assert new.pieces[:4] == (10, HOME, 0, HOME)
    assert events[0] == {"type": "played", "seat": 0, "card": "KS", "move": "enter",
                         "piece_seat": 0, "piece": 2, "from": HOME, "to": 0}
    err = refused(st, 0, {"type": "play", "card": "KS", "move": "forward", "seat": 0, "piece": 0})
    assert (err.code, err.message) == E.KING_ONLY_ENTERS
    assert err.message == "A KING only moves a piece from HOME to START."


def test_king_cannot_move_a_piece_already_on_the_board():
    """Rules: "KING: Allows the player to move a piece from HOME to START only." """
    st = position(2, pieces={(0, 0): 10}, hands={0: ["KS", "9D"]})
    err = refused(st, 0, {"type": "play", "card": "KS", "move": "enter", "seat": 0, "piece": 0})
    assert err.message == E.NOT_AT_HOME.message


def test_ace_enters_or_moves_one_forward_in_play_or_in_hextopia():
    """Rules: "ACE: Allows the player to move from HOME to START OR for a piece IN-PLAY or
    HEXTOPIA, to move forward one space." """
    st = position(2, hands={0: ["AS", "9D"]})
    st = position(2, pieces={(0, 0): 5, (0, 1): lane(st, 1)}, hands={0: ["AS", "9D"]})
    assert moves_of(st, 0, "AS") == [
        ("enter", 0, 2, None, None), ("enter", 0, 3, None, None),
        ("forward", 0, 0, None, None), ("forward", 0, 1, None, None),
    ]
    assert play(st, 0, "AS", "forward", piece=0)[0].pieces[0] == 6
    assert play(st, 0, "AS", "forward", piece=1)[0].pieces[1] == lane(st, 2)
    err = refused(st, 0, {"type": "play", "card": "AS", "move": "back", "seat": 0, "piece": 0})
    assert err.message == E.ACE_MOVES.message


def test_two_enters_only_with_no_piece_in_play():
    """Rules: "TWO: If the player has no pieces IN-PLAY the TWO allows the player to move from HOME
    to START OR the player can move any piece IN-PLAY or in HEXTOPIA forward 2 spaces." """
    base = position(2)
    st = position(2, pieces={(0, 0): lane(base, 1)}, hands={0: ["2H", "9D"]})
    assert moves_of(st, 0, "2H") == [
        ("enter", 0, 1, None, None), ("enter", 0, 2, None, None), ("enter", 0, 3, None, None),
        ("forward", 0, 0, None, None),
    ]
    assert play(st, 0, "2H", "forward", piece=0)[0].pieces[0] == lane(st, 3)
    assert play(st, 0, "2H", "enter", piece=3)[0].pieces[3] == 0


def test_two_only_moves_forward_when_a_piece_is_in_play():
    """Rules: "If the player has one or more pieces IN-PLAY the TWO may only be used to move a
    piece IN-PLAY or in HEXTOPIA forward 2 spaces but not to move from HOME to START." """
    st = position(2, pieces={(0, 0): 7}, hands={0: ["2H", "9D"]})
    assert moves_of(st, 0, "2H") == [("forward", 0, 0, None, None)]
    err = refused(st, 0, {"type": "play", "card": "2H", "move": "enter", "seat": 0, "piece": 1})
    assert (err.code, err.message) == E.TWO_ENTER_IN_PLAY
    assert play(st, 0, "2H", "forward", piece=0)[0].pieces[0] == 9


def test_queen_moves_twelve_forward():
    """Rules: "QUEEN: Allows the player to move a piece IN-PLAY forward 12 spaces." """
    st = position(2, pieces={(0, 0): 20}, hands={0: ["QC"]})
    assert moves_of(st, 0, "QC") == [("forward", 0, 0, None, None)]
    assert play(st, 0, "QC", "forward", piece=0)[0].pieces[0] == 32
    err = refused(st, 0, {"type": "play", "card": "QC", "move": "enter", "seat": 0, "piece": 1})
    assert err.message == E.QUEEN_MOVES.message


@pytest.mark.parametrize("card,steps", [("4S", 4), ("5S", 5), ("6H", 6), ("7D", 7), ("8C", 8),
                                        ("9S", 9), ("TH", 10)])
def test_four_to_ten_move_their_face_value(card, steps):
    """Rules: "4-10: Allows the player to move a piece IN-PLAY forward the face value of the card." """
    st = position(2, pieces={(0, 0): 3}, hands={0: [card]})
    assert moves_of(st, 0, card) == [("forward", 0, 0, None, None)]
    assert play(st, 0, card, "forward", piece=0)[0].pieces[0] == 3 + steps


def test_number_cards_cannot_bring_a_piece_out_of_home():
    """Rules: "4-10: Allows the player to move a piece IN-PLAY forward the face value of the card." """
    st = position(2, hands={0: ["7D"]})
    err = refused(st, 0, {"type": "play", "card": "7D", "move": "enter", "seat": 0, "piece": 0})
    assert err.message == E.NUMBER_MOVES.message
    err = refused(st, 0, {"type": "play", "card": "7D", "move": "forward", "seat": 0, "piece": 0})
    assert err.message == E.NOT_IN_PLAY.message


def test_three_moves_three_spaces_backwards():
    """Rules: "THREE: Allows the player to move a piece IN-PLAY three spaces backwards." """
    st = position(2, pieces={(0, 0): 10}, hands={0: ["3S"]})
    assert moves_of(st, 0, "3S") == [("back", 0, 0, None, None)]
    assert play(st, 0, "3S", "back", piece=0)[0].pieces[0] == 7
    err = refused(st, 0, {"type": "play", "card": "3S", "move": "forward", "seat": 0, "piece": 0})
    assert err.message == E.THREE_MOVES.message


def test_three_backs_over_own_start_and_then_enters_hextopia_soon():
    """Rules: "Note: Cannot be played on a piece already in HEXTOPIA but can be used to back over
    the player's own START." """
    st = position(2, pieces={(0, 0): 0}, hands={0: ["3S", "4H"]})
    st, _ = play(st, 0, "3S", "back", piece=0)
    assert st.pieces[0] == st.track - 3  # three spaces behind its START
    assert ENGINE.view(st, None)["seats"][0]["pieces"][0]["index"] == 69
    st = position(2, pieces={(0, 0): st.track - 3}, hands={0: ["4H"]})
    assert play(st, 0, "4H", "forward", piece=0)[0].pieces[0] == lane(st, 2)


def test_three_cannot_move_a_piece_in_hextopia():
    """Rules: "Cannot be played on a piece already in HEXTOPIA" """
    base = position(2)
    st = position(2, pieces={(0, 0): lane(base, 2), (0, 1): 5}, hands={0: ["3S"]})
    assert moves_of(st, 0, "3S") == [("back", 0, 1, None, None)]
    err = refused(st, 0, {"type": "play", "card": "3S", "move": "back", "seat": 0, "piece": 0})
    assert (err.code, err.message) == E.THREE_NOT_IN_HEXTOPIA


def test_jack_exchanges_with_any_other_players_piece_in_play():
    """Rules: "JACK: The player exchanges any one of their pieces IN-PLAY with any other player's
    piece IN-PLAY." """
    st = position(3, pieces={(0, 0): 5, (1, 0): 10, (2, 1): 30, (2, 2): HOME}, hands={0: ["JH"]})
    # seat 0 START 0, seat 1 START 24, seat 2 START 48 on 72 spaces
    assert moves_of(st, 0, "JH") == [("swap", 0, 0, 1, 0), ("swap", 0, 0, 2, 1)]
    new, events = play(st, 0, "JH", "swap", piece=0, target_seat=2, target_piece=1)
    # seat 0's piece goes to space 78 % 72 = 6 (progress 6); seat 2's goes to space 5 (progress 29)
    assert new.pieces[0] == 6 and new.pieces[9] == (5 - 48) % 72
    assert events[1] == {"type": "swapped", "seat": 0, "piece": 0, "target_seat": 2, "target_piece": 1}


def test_jack_cannot_touch_hextopia_or_home_pieces():
    """Rules: "HEXTOPIA is a safe zone. ... (JACK cannot be played on a piece in HEXTOPIA)." """
    base = position(2)
    st = position(2, pieces={(0, 0): 5, (1, 0): lane(base, 1), (1, 1): HOME}, hands={0: ["JH"]})
    assert moves_of(st, 0, "JH") == []
    for piece in (0, 1):
        err = refused(st, 0, {"type": "play", "card": "JH", "move": "swap", "seat": 0, "piece": 0,
                              "target_seat": 1, "target_piece": piece})
        assert (err.code, err.message) == E.JACK_TARGET_IN_PLAY
    st = position(2, pieces={(0, 0): lane(base, 1), (1, 0): 5}, hands={0: ["JH"]})
    err = refused(st, 0, {"type": "play", "card": "JH", "move": "swap", "seat": 0, "piece": 0,
                          "target_seat": 1, "target_piece": 0})
    assert (err.code, err.message) == E.JACK_OWN_IN_PLAY


def test_jack_cannot_exchange_two_of_your_own_pieces():
    """Rules: "The player exchanges any one of their pieces IN-PLAY with any other player's piece" """
    st = position(2, pieces={(0, 0): 5, (0, 1): 9}, hands={0: ["JH"]})
    err = refused(st, 0, {"type": "play", "card": "JH", "move": "swap", "seat": 0, "piece": 0,
                          "target_seat": 0, "target_piece": 1})
    assert (err.code, err.message) == E.JACK_OTHER_PLAYER


def test_jack_may_exchange_with_a_teammate():
    """Rules: "A card may be played to the detriment of another player or to assist your teammate." """
    st = position(4, layout="2v2", pieces={(0, 0): 5, (2, 0): 40}, hands={0: ["JH"]})
    assert moves_of(st, 0, "JH") == [("swap", 0, 0, 2, 0)]
