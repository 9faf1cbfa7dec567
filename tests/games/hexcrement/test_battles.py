"""Battles (rules, "Dung battles" and "Battle rules"; interpretation, "Battles")."""
from games.hexcrement.engine import ENGINE
from games.hexcrement.engine import errors as E
from games.hexcrement.engine.board import CW, REACH, cell_id
from games.hexcrement.engine.cards import SHIELD
from games.hexcrement.engine.state import BATTLE, TAKE
from tests.games.hexcrement.helpers import (
    act,
    at,
    carry,
    dice,
    edit,
    empty_board,
    events_of,
    new_game,
    place,
    refused,
    turn_of,
)

HERE = cell_id(2, 3, 3)
SPOT = REACH[CW][HERE][3][0]
FAR = cell_id(5, 3, 3)


def table(n=2):
    """Seat 0 (red) to roll on HERE; every other beetle on SPOT, three steps ahead."""
    st = empty_board(new_game(n))
    st = edit(st, dirs=(CW,) * n)
    for s in range(1, n):
        st = at(st, s, SPOT)
    return turn_of(at(st, 0, HERE), 0)


def arrive(st, *battle_dice):
    """Seat 0 rolls 3 and moves onto SPOT; the battle then rolls ``battle_dice`` (challenger
    first)."""
    st = dice(st, 3, *battle_dice)
    st, _ = act(st, 0, {"type": "roll"})
    return act(st, 0, {"type": "move", "cell": SPOT})


def test_the_challenger_wins_with_a_higher_roll_and_takes_a_dung_card():
    """Rules: "If the challenger's roll result is higher, they may steal the other player's
    dung"; "The winner takes a dung card from the other player"."""
    st = carry(table(), 1, "DUNG-green")
    after, events = arrive(st, 5, 2)
    battle = events_of(events, "battle")[0]
    assert battle["rolls"] == [{"seat": 0, "roll": 5}, {"seat": 1, "roll": 2}]
    assert after.dung == (("DUNG-green",), ())
    assert events_of(events, "stole") == [{"type": "stole", "seat": 0, "from": 1, "card": "DUNG-green"}]


def test_a_tie_or_a_lower_roll_exchanges_nothing_and_the_challenger_never_loses_dung():
    """Rules: "In case of a tie, no dung is stolen"; "If the roll is tied or if the challenger
    loses, no dung is exchanged"; "The challenger cannot lose their own dung in the battle"."""
    st = carry(carry(table(), 1, "DUNG-green"), 0, "DUNG-blue")
    for mine, theirs in ((4, 4), (2, 6)):
        after, events = arrive(st, mine, theirs)
        assert events_of(events, "battle")[0]["victims"] == []
        assert after.dung == (("DUNG-blue",), ("DUNG-green",))


def test_no_battle_with_a_beetle_carrying_no_dung():
    """Rules: "If a player lands on the space of another player carrying dung"."""
    after, events = arrive(table())
    assert not events_of(events, "battle") and after.seat == 1


def test_the_loser_gives_the_challengers_colour_first():
    """Rules: "If a player has more than one dung card and loses the battle, they must give a
    dung card of the challenger's preferred colour (matching their beetle). If that colour is
    unavailable, the challenger chooses whichever dung card they want"."""
    st = carry(carry(carry(table(), 1, "DUNG-green"), 1, "DUNG-red"), 1, "DUNG-blue")
    after, _ = arrive(st, 6, 1)
    assert after.dung[0] == ("DUNG-red",)
    st = carry(carry(table(), 1, "DUNG-green"), 1, "DUNG-blue")
    after, _ = arrive(st, 6, 1)
    assert after.phase == TAKE
    assert {a["card"] for a in ENGINE.legal_actions(after, 0)} == {"DUNG-green", "DUNG-blue"}
    done, _ = act(after, 0, {"type": "take", "seat": 1, "card": "DUNG-blue"})
    assert done.dung == (("DUNG-blue",), ("DUNG-green",))
    st = carry(carry(carry(table(), 1, "DUNG-green"), 1, "DUNG-red"), 1, "DUNG-blue")
    after, _ = arrive(carry(st, 0, "SWIPE-1"))
    assert after.phase == BATTLE
    taken, _ = act(after, 0, {"type": "swipe", "seat": 1})
    assert taken.dung[0] == ("DUNG-red",), "a SWIPE steals the challenger's colour first too"


def test_several_beetles_the_lowest_roll_beaten_loses():
    """Rules: "If a challenger lands on a space occupied by two or more players, a battle is
    started with all the players carrying dung ... If the challenger gets a higher result than
    all the other players, they can only steal the dung of the player with the lowest roll"."""
    st = carry(carry(carry(table(4), 1, "DUNG-green"), 2, "DUNG-blue"), 3, "DUNG-yellow")
    after, events = arrive(st, 6, 3, 1, 5)
    battle = events_of(events, "battle")[0]
    assert [r["roll"] for r in battle["rolls"]] == [6, 3, 1, 5] and battle["victims"] == [2]
    assert after.dung[0] == ("DUNG-blue",) and after.dung[2] == ()


def test_several_beetles_a_higher_roll_beats_only_the_lower_ones():
    """Rules: "If the challenger gets a higher result than one of the other players, they win
    the battle and steal dung"; "In case of a tie, no dung is exchanged between the tied
    players"; interpretation: "the challenger takes one card from the lowest roller it beat
    strictly (its choice among tied lowest)"."""
    st = carry(carry(carry(table(4), 1, "DUNG-green"), 2, "DUNG-blue"), 3, "DUNG-yellow")
    after, events = arrive(st, 4, 4, 6, 2)
    assert events_of(events, "battle")[0]["victims"] == [3] and after.dung[0] == ("DUNG-yellow",)
    after, _ = arrive(st, 5, 2, 2, 6)
    assert after.phase == TAKE and {a["seat"] for a in ENGINE.legal_actions(after, 0)} == {1, 2}
    refused(after, 0, {"type": "take", "seat": 3, "card": "DUNG-yellow"}, E.TAKE_LOWEST)
    refused(after, 0, {"type": "take", "seat": 1, "card": "DUNG-blue"}, E.TAKE_NOT_CARRIED)
    after, events = arrive(st, 2, 2, 3, 2)
    assert events_of(events, "battle")[0]["victims"] == [] and after.dung[0] == ()


def test_a_swipe_replaces_the_roll():
    """Rules: "If the challenger has a swipe card, they may use it instead of the dice roll";
    SWIPE: "Return the swipe card to the dice tray face down after use. If several players
    share the same space, you can only steal one dung card from one of them"."""
    st = carry(carry(carry(table(3), 1, "DUNG-green"), 2, "DUNG-blue"), 0, "SWIPE-2")
    after, _ = arrive(st)
    assert after.phase == BATTLE
    assert ENGINE.legal_actions(after, 0) == [{"type": "fight"}, {"type": "swipe", "seat": 1},
                                              {"type": "swipe", "seat": 2}]
    done, events = act(after, 0, {"type": "swipe", "seat": 2})
    assert done.dung == (("DUNG-blue",), ("DUNG-green",), ()) and done.swipes[0] == ()
    assert "SWIPE-2" in done.pool and events_of(events, "swipe_used")[0]["target"] == 2
    fought, events = act(dice(after, 1, 6, 6), 0, {"type": "fight"})
    assert events_of(events, "battle")[0]["victims"] == []
    assert fought.swipes[0] == ("SWIPE-2",), "fighting keeps the SWIPE"


def test_a_shielded_beetle_stays_out_of_battles():
    """SHIELD: "If you are carrying dung or swipe cards, you are protected against losing them
    until your next turn"."""
    st = carry(table(), 1, "DUNG-green")
    st = edit(st, status=(0, SHIELD))
    after, events = arrive(carry(st, 0, "SWIPE-1"), 6, 1)
    assert not events_of(events, "battle") and after.dung[1] == ("DUNG-green",)


def test_battle_first_then_the_card_of_the_cell():
    """RULES.md "Landing": a battle, then the Hex card of the cell."""
    st = place(carry(table(), 1, "DUNG-green"), SPOT, "FRUIT-1")
    after, events = arrive(st, 6, 1)
    kinds = [e["type"] for e in events if e["type"] in ("battle", "card")]
    assert kinds == ["battle", "card"] and after.dung[0] == ("DUNG-green",) and after.status[0]


def test_swap_then_battle_on_the_new_cell():
    """SWAP: "you may battle if they share the space with another player"."""
    st = empty_board(new_game(3))
    st = edit(st, dirs=(CW, CW, CW))
    st = carry(at(at(st, 1, SPOT), 2, SPOT), 2, "DUNG-blue")
    st = turn_of(at(st, 0, HERE), 0)
    dest = REACH[CW][HERE][2][0]
    st = place(st, dest, "SWAP-1")
    st = dice(st, 2)
    st, _ = act(st, 0, {"type": "roll"})
    st, _ = act(st, 0, {"type": "move", "cell": dest})
    st = dice(st, 6, 1)
    done, events = act(st, 0, {"type": "target", "seat": 1})
    assert done.pos[:2] == (SPOT, dest)
    assert events_of(events, "battle")[0]["rolls"] == [{"seat": 0, "roll": 6}, {"seat": 2, "roll": 1}]
    assert done.dung[0] == ("DUNG-blue",)
