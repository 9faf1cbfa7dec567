"""Moving (rules, "Movement rule"; interpretation, "Moving")."""
from games.hexcrement.engine import errors as E
from games.hexcrement.engine.board import (
    CCW,
    COLUMN,
    CW,
    DEPTH,
    LOCAL_COLUMN,
    REACH,
    STARTS,
    cell_id,
)
from games.hexcrement.engine.cards import BLOCK, FRUIT, MEAN, ROCK, SURGE
from games.hexcrement.engine.state import MOVE, ROLL
from tests.games.hexcrement.helpers import (
    act,
    at,
    carry,
    edit,
    empty_board,
    events_of,
    new_game,
    place,
    refused,
    roll,
    turn_of,
)

MID = cell_id(1, 3, 3)  # the centre cell of mat 1


def base(direction=CW, cell=MID, active=0):
    st = empty_board(new_game(2))
    st = edit(st, dirs=(direction, st.dirs[1]))
    return turn_of(at(st, 0, cell), 0, active=active)


def test_move_exactly_the_roll_with_a_free_choice_of_end_cell():
    """Rules: "move your beetle the number of spaces shown on the die in the direction
    indicated by your direction piece"; interpretation: "move exactly that many steps ...
    choose any cell reachable so"."""
    for direction in (CW, CCW):
        st, events = roll(base(direction), 4)
        assert st.phase == MOVE and st.steps == 4
        assert st.reach == REACH[direction][MID][4] and len(st.reach) > 1
        assert events_of(events, "rolled")[0]["dice"] == [4]
        for cell in st.reach:
            after, _ = act(st, 0, {"type": "move", "cell": cell})
            assert after.pos[0] == cell and after.seat == 1


def test_a_cell_out_of_reach_is_refused():
    """Rules: "without going backwards or skipping spaces"."""
    st, _ = roll(base(), 3)
    behind = REACH[CCW][MID][3][0]
    refused(st, 0, {"type": "move", "cell": behind}, E.UNREACHABLE)
    refused(st, 0, {"type": "move", "cell": REACH[CW][MID][2][0]}, E.UNREACHABLE)


def test_never_the_starting_cell_or_column_even_through_tunnels():
    """Rules: "You may not return to the space where you started, nor stay in the same column
    as your starting position, unless the Hex card allows you to"."""
    start = cell_id(0, 2, 1)
    st = base(cell=start)
    a, b = cell_id(0, 3, 3), cell_id(0, 4, 1)  # two open tunnels just ahead
    st = place(place(st, a, "TUNNEL-1"), b, "TUNNEL-2")
    st = edit(st, up=frozenset({a, b}))
    st, _ = roll(st, 3)
    assert all(c != start and COLUMN[c] != COLUMN[start] for c in st.reach)
    refused(st, 0, {"type": "move", "cell": start}, E.START_CELL)


def test_tunnels_join_open_openings_as_one_step():
    """TUNNEL: "Once two or more tunnel openings are turned over, players can travel between
    them in any direction. Going from one tunnel opening to another counts as a single move.
    Once a player has gone through another portal, they continue moving in their direction"."""
    here = cell_id(2, 1, 1)
    a, far = REACH[CW][here][1][0], cell_id(4, 3, 2)
    st = place(place(base(cell=here), a, "TUNNEL-1"), far, "TUNNEL-3")
    one = roll(st, 3)[0].reach
    st = edit(st, up=frozenset({a, far}))
    st, _ = roll(st, 3)
    assert set(REACH[CW][far][1]) <= set(st.reach), "tunnel hop, then on in the direction of play"
    assert set(one) <= set(st.reach)
    st1, _ = roll(edit(st, phase=ROLL, reach=()), 1)
    assert set(st1.reach) == set(REACH[CW][here][1])
    st2, _ = roll(edit(st, phase=ROLL, reach=()), 2)
    assert far in st2.reach, "the hop counts as a single step"


def test_fruit_rolls_two_dice():
    """FRUIT: "On your next turn, roll two dice instead of one"."""
    st, events = roll(base(active=FRUIT), 3, 5)
    assert st.steps == 8 and events_of(events, "rolled")[0]["dice"] == [3, 5]
    assert st.reach == REACH[CW][MID][8]


def test_block_moves_one_fewer_and_a_one_skips_the_turn():
    """BLOCK: "The player of your choice moves one space fewer on their next turn, that is, if
    they roll a one, they skip their turn"."""
    st, _ = roll(base(active=BLOCK), 4)
    assert st.steps == 3
    st, events = roll(base(active=BLOCK), 1)
    assert events_of(events, "turn_lost")[0]["reason"] == "blocked"
    assert st.seat == 1 and st.pos[0] == MID


def test_surge_adds_two_steps():
    """SURGE: "On your next turn, move 2 extra spaces in the direction of play"."""
    st, _ = roll(base(active=SURGE), 4)
    assert st.steps == 6 and st.reach == REACH[CW][MID][6]


def test_rock_moves_perpendicular_from_the_central_columns():
    """ROCK: "Move perpendicular to the direction of play on your next turn, either towards the
    centre or towards the outer edge of the board ... If you cannot make this move, you skip
    your turn"."""
    st, _ = roll(base(active=ROCK), 2)
    assert sorted(DEPTH[c] for c in st.reach) == [1, 5] and {COLUMN[c] for c in st.reach} == {COLUMN[MID]}
    refused(st, 0, {"type": "move", "cell": REACH[CW][MID][2][0]}, E.PERPENDICULAR)
    st, events = roll(base(active=ROCK), 4)  # a 7-cell column has no room for 4 from the middle
    assert events_of(events, "turn_lost")[0]["reason"] == "no_room" and st.seat == 1


def test_rock_or_mean_outside_the_central_columns_loses_the_turn_at_once():
    """ROCK: "Moving perpendicular to the direction of play is only possible from the five
    central columns"; MEAN: "If they cannot move towards the centre or the outer edge of the
    board, they skip their turn"."""
    edge = cell_id(1, 0, 1)
    assert LOCAL_COLUMN[edge] == 0
    st = empty_board(new_game(2))
    st = at(turn_of(st, 1), 0, edge)
    st = edit(st, status=(MEAN, 0))
    st, _ = roll(st, 2)
    after, events = act(st, 1, {"type": "move", "cell": st.reach[0]})
    lost = events_of(events, "turn_lost")
    assert lost == [{"type": "turn_lost", "seat": 0, "reason": "no_perpendicular"}]
    assert after.seat == 1 and after.phase == ROLL and after.pos[0] == edge
    assert after.status[0] == 0, "the lost turn used the effect up"


def test_surge_after_mean_adds_two_perpendicular():
    """SURGE: "However, if someone has been mean to you, move 2 extra spaces perpendicular to
    the direction of play, or skip your turn if that is not possible"."""
    st, _ = roll(base(active=SURGE | MEAN), 1)
    assert st.steps == 3 and {COLUMN[c] for c in st.reach} == {COLUMN[MID]}
    assert sorted(DEPTH[c] for c in st.reach) == [0, 6]


def test_coming_home_stops_on_start_within_the_roll():
    """RULES.md "Coming home": with the dung it needs a beetle may stop on its START when the
    move reaches it ("your beetle may move to any space within the range of your die roll")."""
    st = base()
    home = STARTS[st.mats[0]]
    before = REACH[CCW][home][2][0]  # two steps before START, clockwise
    st = turn_of(at(st, 0, before), 0)
    st = edit(st, dirs=(CW, st.dirs[1]))
    st = carry(st, 0, "DUNG-red")
    moved, _ = roll(st, 5)
    assert home in moved.reach
    won, events = act(moved, 0, {"type": "move", "cell": home})
    assert won.winner == 0 and events[-1]["type"] == "game_over"
    empty = carry(st, 0, "DUNG-blue")  # red's long game: one other colour is not enough
    empty = edit(empty, dung=((("DUNG-blue"),), ()))
    assert home not in roll(empty, 5)[0].reach


def test_a_roll_must_come_before_a_move():
    st = base()
    refused(st, 0, {"type": "move", "cell": REACH[CW][MID][1][0]}, E.MUST_ROLL)
    st, _ = roll(st, 2)
    refused(st, 0, {"type": "roll"}, E.MUST_MOVE)
