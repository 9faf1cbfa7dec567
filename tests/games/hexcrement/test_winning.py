"""Winning and the end (rules, "Quick game" and "Long game"; RULES.md "Winning and the end")."""
from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import CCW, CW, REACH, STARTS
from games.hexcrement.engine.cards import ROUND_LIMIT
from games.hexcrement.engine.state import OVER
from tests.games.hexcrement.helpers import act, at, carry, edit, empty_board, new_game, roll, turn_of


def homecoming(length, dung, n=2):
    """Seat 0 (red) two steps before its START, carrying ``dung``, rolls 2 and goes home."""
    st = empty_board(new_game(n, length=length))
    st = edit(st, dirs=(CW,) * n)
    home = STARTS[st.mats[0]]
    st = turn_of(at(st, 0, REACH[CCW][home][2][0]), 0)
    for code in dung:
        st = carry(st, 0, code)
    st, _ = roll(st, 2)
    return act(st, 0, {"type": "move", "cell": home})


def test_quick_game_home_with_any_dung():
    """Quick game: "be the first to return to their starting point with at least one pile"."""
    st, events = homecoming("quick", ["DUNG-blue"])
    assert st.phase == OVER and st.winner == 0 and ENGINE.to_act(st) == ()
    assert events[-1]["type"] == "game_over" and events[-1]["result"]["winners"] == [0]
    st, _ = homecoming("quick", [])
    assert st.phase != OVER


def test_long_game_own_colour_or_two_other_colours():
    """Long game: "Look for the dung of the same colour as your beetle; otherwise, try to
    collect two or more different types of dung to secure victory"."""
    assert homecoming("long", ["DUNG-red"])[0].winner == 0
    assert homecoming("long", ["DUNG-blue", "DUNG-green"])[0].winner == 0
    assert homecoming("long", ["DUNG-blue"])[0].phase != OVER


def test_result_ranks_the_winner_then_dung_carried():
    st, _ = homecoming("quick", ["DUNG-blue"], n=3)
    st = carry(st, 2, "DUNG-green")
    res = ENGINE.result(st)
    assert res.ranks == (1, 3, 2) and res.winners == (0,) and res.scores == (1.0, 0.0, 1.0)


def test_the_round_limit_ends_every_game():
    """RULES.md "Turn limit": after 100 rounds the most dung wins."""
    st = new_game(2)
    st = carry(edit(st, turn_number=ROUND_LIMIT * 2 - 1, seat=1), 0, "DUNG-blue")
    st = turn_of(st, 1)
    st, _ = roll(st, 1)
    st, events = act(st, 1, {"type": "move", "cell": st.reach[0]})
    assert st.phase == OVER and st.ended == "limit" and events[-1]["reason"] == "limit"
    assert ENGINE.result(st).ranks == (1, 2) and ENGINE.result(st).winners == (0,)
    tie = edit(st, dung=((), ()))
    assert ENGINE.result(tie).ranks == (1, 1) and ENGINE.result(tie).winners == ()
