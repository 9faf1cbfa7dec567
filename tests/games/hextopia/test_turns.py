"""Turns: forced play, discarding, sitting out, skipping, winning and the result."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hextopia.helpers import ENGINE, HOME, lane, play, position


def refused(st, seat, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        ENGINE.apply(st, seat, action)
    return info.value


def test_a_playable_card_must_be_played():
    """Rules: "If a player has a card that can be played then it must be played, even if it is to
    the detriment of the player or their teammate." """
    st = position(2, hands={0: ["KS", "7H"]})
    assert {a["type"] for a in ENGINE.legal_actions(st, 0)} == {"play"}
    err = refused(st, 0, {"type": "discard", "card": "7H"})
    assert (err.code, err.message) == E.MUST_PLAY
    assert err.message == "You must play a card you can play; you may discard only when no card can be played."


def test_a_detrimental_play_is_still_forced():
    """Rules: "it must be played, even if it is to the detriment of the player or their teammate." """
    # the only play sends the player's own piece HOME
    base = position(2)
    st = position(2, pieces={(0, 0): 3, (0, 1): 10, (0, 2): lane(base, 4), (0, 3): lane(base, 3)},
                  hands={0: ["7H", "QS"]})
    legal = ENGINE.legal_actions(st, 0)
    assert legal == [{"type": "play", "card": "7H", "move": "forward", "seat": 0, "piece": 0},
                     {"type": "play", "card": "7H", "move": "forward", "seat": 0, "piece": 1},
                     {"type": "play", "card": "QS", "move": "forward", "seat": 0, "piece": 0},
                     {"type": "play", "card": "QS", "move": "forward", "seat": 0, "piece": 1}]
    assert play(st, 0, "7H", "forward", piece=0)[0].pieces[:2] == (10, HOME)


def test_discard_one_card_only_when_no_card_can_be_played():
    """Rules: "If a player cannot move with any of their cards they discard a card of their choice
    on their turn." """
    st = position(2, pieces={(0, 0): 70}, hands={0: ["QS", "9H"], 1: ["5D"]})
    legal = ENGINE.legal_actions(st, 0)
    assert legal == [{"type": "discard", "card": "9H"}, {"type": "discard", "card": "QS"}]
    new, events = ENGINE.apply(st, 0, {"type": "discard", "card": "QS"})
    assert new.hands[0] == ("9H",) and new.pile[-1] == "QS"
    assert events[0] == {"type": "discarded", "seat": 0, "card": "QS"}
    assert ENGINE.view(new, None)["last_card"] == {"seat": 0, "card": "QS"}


def test_with_a_piece_in_play_you_may_not_sit_out():
    """Rules: "(Note: Player will want to discard one card at a time if any pieces are In-PLAY as a
    JACK played by another player may change their position on the board allowing remaining
    cards to be played.)" (our reading: sitting out needs no piece IN-PLAY)."""
    st = position(2, pieces={(0, 0): 70}, hands={0: ["QS", "9H"]})
    assert {"type": "sit_out"} not in ENGINE.legal_actions(st, 0)
    err = refused(st, 0, {"type": "sit_out"})
    assert (err.code, err.message) == E.SIT_OUT_NOT_ALLOWED


def test_sit_out_with_no_chance_of_play_until_the_next_hand():
    """Rules: "(If there is no chance of play the player may discard all their cards from the HAND
    and sit out until the next HAND is dealt. Example: Player has all pieces in HOME or some
    pieces in HOME and HEXTOPIA and no card that will allow a piece to move to START or further
    into HEXTOPIA." """
    base = position(3)
    st = position(3, pieces={(0, 0): lane(base, 4)}, hands={0: ["QS", "9H", "5C"], 1: ["7D"], 2: ["8D"]})
    legal = ENGINE.legal_actions(st, 0)
    assert legal[-1] == {"type": "sit_out"} and len(legal) == 4
    new, events = ENGINE.apply(st, 0, {"type": "sit_out"})
    assert new.hands[0] == () and new.sitting_out[0] is True
    assert events[0] == {"type": "sat_out", "seat": 0, "cards": ["5C", "9H", "QS"]}
    assert ENGINE.view(new, 1)["seats"][0]["sitting_out"] is True
    new, _ = ENGINE.apply(new, 1, ENGINE.legal_actions(new, 1)[0])
    assert new.turn == 2  # seat 0 is skipped
    new, events = ENGINE.apply(new, 2, ENGINE.legal_actions(new, 2)[0])
    assert events[-4]["type"] == "dealt"  # every hand empty: the next HAND is dealt
    assert new.sitting_out == (False, False, False) and new.hands[0]


def test_a_seat_without_cards_is_skipped():
    """Rules: "Each player plays a card in turn beginning with the player to the left of the dealer."
    (our reading: a seat whose HAND is empty is passed over until every HAND is empty)."""
    st = position(3, pieces={(0, 0): 5, (2, 0): 5}, hands={0: ["7S", "8S"], 1: [], 2: ["9D"]})
    st, _ = play(st, 0, "7S", "forward", piece=0)
    assert st.turn == 2 and ENGINE.to_act(st) == (2,)
    st, _ = play(st, 2, "9D", "forward", piece=0)
    assert st.turn == 0


def test_one_card_per_turn_in_clockwise_order():
    """Rules: "Each player plays a card in turn beginning with the player to the left of the dealer." """
    st = position(4, pieces={(s, 0): 5 for s in range(4)},
                  hands={0: ["6S", "8D"], 1: ["7S", "7D"], 2: ["7H", "8H"], 3: ["7C", "8C"]})
    order = []
    for _ in range(4):
        seat = ENGINE.to_act(st)[0]
        order.append(seat)
        st, _ = ENGINE.apply(st, seat, ENGINE.legal_actions(st, seat)[0])
        assert len(st.hands[seat]) == 1
    assert order == [0, 1, 2, 3]


def test_first_to_get_all_four_pieces_into_hextopia_wins():
    """Rules: "The first player to successfully enter all four pieces into their HEXTOPIA wins the
    game." """
    base = position(3)
    pieces = {(0, 0): lane(base, 2), (0, 1): lane(base, 3), (0, 2): lane(base, 4), (0, 3): 71,
              (1, 0): 40, (1, 1): 3, (2, 0): 60}
    st = position(3, pieces=pieces, hands={0: ["2S", "AS"]})
    new, events = play(st, 0, "AS", "forward", piece=3)
    assert [e["type"] for e in events[-3:]] == ["entered_hextopia", "finished", "game_over"]
    assert ENGINE.to_act(new) == ()
    assert ENGINE.legal_actions(new, 1) == []
    res = ENGINE.result(new)
    # progress totals: seat 1 = 41 + 4 + 0 + 0 = 45, seat 2 = 61
    assert res.winners == (0,) and res.ranks == (1, 3, 2)
    assert res.scores[1:] == (45.0, 61.0)
    assert events[-1]["result"] == res.to_json()
    assert ENGINE.view(new, None)["result"] == res.to_json()
    err = refused(new, 1, {"type": "discard", "card": "AS"})
    assert (err.code, err.message) == E.GAME_OVER


def test_result_is_none_while_the_game_runs():
    """Rules: "The first player to successfully enter all four pieces into their HEXTOPIA wins" """
    st = position(2)
    assert ENGINE.result(st) is None and ENGINE.view(st, 0)["result"] is None


def test_non_winners_with_equal_progress_share_a_rank():
    """Rules: "The object is to be the first to get all pieces from your HOME(s) to HEXTOPIA(s)."
    (our reading: the others ranked by total progress, ties sharing)."""
    base = position(4)
    pieces = {(0, i): lane(base, 4 - i) for i in range(3)}
    pieces.update({(0, 3): 71, (1, 0): 20, (2, 0): 20, (3, 0): 2})
    st = position(4, pieces=pieces, hands={0: ["AS"]})
    new, _ = play(st, 0, "AS", "forward", piece=3)
    assert ENGINE.result(new).ranks == (1, 2, 2, 4)
