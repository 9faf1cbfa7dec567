"""End of the game and the special building phase (rules, "End of the game", "The course of
a turn")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.state import MAIN, OVER, PRE_ROLL, SPECIAL_BUILD
from games.protocol import IllegalAction
from tests.games.hexfolk.helpers import (
    act,
    away_from,
    give,
    give_dev,
    main_phase,
    put_path,
    put_road,
    put_settlement,
    refresh_roads,
    simple_path,
)

SETTLEMENT = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}


def cities(st, seat, count, avoid):
    """``count`` cities of ``seat`` on nodes apart from ``avoid`` and each other."""
    taken = set(avoid)
    for _ in range(count):
        node = next(n for n in range(st.board.topo.n_nodes) if n not in away_from(st, taken))
        st = put_settlement(st, seat, node, city=True)
        taken.add(node)
    return st, taken


def test_points_reached_on_another_turn_win_only_when_that_turn_starts():
    """Rules: "If you reach the points during someone else's turn, for example because you get
    Longest Road back, you only win once it is your turn again." Seat 1 has 8 points and 5
    roads; seat 2 holds Longest Road with 6; on seat 0's turn, seat 0's settlement breaks seat
    2's road, Longest Road goes to seat 1 (10 points), and seat 1 wins when its turn starts."""
    st = main_phase(3, turn=0)
    chain = simple_path(st, 6, spur_at=3)
    st = put_path(st, 2, chain)
    five = simple_path(st, 5, avoid=away_from(st, chain))
    st = put_path(st, 1, five)
    st, _ = cities(st, 1, 4, away_from(st, chain + five))
    st = refresh_roads(st)
    assert st.longest_holder == 2
    spur = next(n for n in st.board.topo.node_neighbors[chain[3]] if n not in chain)
    st = put_road(st, 0, spur, chain[3])
    st = give(st, 0, **SETTLEMENT)
    st, _ = act(st, 0, {"type": "build_settlement", "node": chain[3]})
    assert st.longest_holder == 1
    assert ENGINE.view(st, None)["players"][1]["visible_points"] == 10
    assert st.phase == MAIN and ENGINE.result(st) is None  # not seat 1's turn: no win yet
    st, events = act(st, 0, {"type": "end_turn"})
    assert st.phase == OVER and st.winner == 1
    assert events[-1]["type"] == "game_over" and events[-1]["result"]["winners"] == [1]
    assert ENGINE.result(st).ranks[1] == 1


def test_reaching_the_target_on_ones_own_turn_wins_at_once():
    """Rules: "The game ends the moment the player whose turn it is has 10 victory points,
    including hidden victory point cards." """
    st = main_phase(2)
    st, taken = cities(st, 0, 4, set())
    st = give_dev(st, 0, "victory_point")  # 9 points, one hidden
    a, b = simple_path(st, 1, avoid=away_from(st, taken))
    st = put_road(st, 0, a, b)
    st = give(st, 0, **SETTLEMENT)
    st, events = act(st, 0, {"type": "build_settlement", "node": b})
    assert st.phase == OVER and st.winner == 0
    assert ENGINE.to_act(st) == ()
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "end_turn"})
    assert err.value.message == E.GAME_OVER.message


def test_buying_a_victory_point_card_can_win():
    """Rules: "Victory point cards stay hidden in your hand and count immediately." """
    st = main_phase(2, victory_points=8)
    st, _ = cities(st, 0, 3, set())
    st = give_dev(st, 0, "victory_point")  # 7 points
    st = st.clone()
    st.dev_left = [0, 1, 0, 0, 0]  # the next card is a victory point card
    st = give(st, 0, wool=1, grain=1, ore=1)
    st, events = act(st, 0, {"type": "buy_dev"})
    assert st.phase == OVER and st.winner == 0


def test_victory_points_option():
    """Rules: "In the lobby the goal can be changed: in the base game to 8 to 15 points"."""
    st = main_phase(2, victory_points=12)
    st, taken = cities(st, 0, 4, set())
    st = give_dev(st, 0, "victory_point", 3)  # 11 points
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.phase == PRE_ROLL


def test_special_building_phase_from_five_players():
    """Rules: "From 5 players up there is also the special building phase: after each turn, the
    others may sign up and, in turn order, build or buy development cards, but not trade."
    Interpretation: "no trading, no card play, no winning"."""
    st = main_phase(5, turn=1)
    for seat in (0, 2, 4):
        st = give(st, seat, lumber=1, brick=1)
    st = give_dev(st, 2, "knight")
    st, events = act(st, 1, {"type": "end_turn"})
    assert st.phase == SPECIAL_BUILD and ENGINE.to_act(st) == (2,)  # seat 3 holds no cards
    kinds = {a["type"] for a in ENGINE.legal_actions(st, 2)}
    assert kinds <= {"pass", "build_road", "build_settlement", "build_city", "buy_dev"}
    for bad, rule in (({"type": "bank_trade", "give": "lumber", "get": "ore"}, E.SPECIAL_BUILD_ONLY),
                      ({"type": "play_knight"}, E.SPECIAL_BUILD_ONLY),
                      ({"type": "offer_trade", "give": {"lumber": 1}, "get": {}}, E.SPECIAL_BUILD_ONLY)):
        with pytest.raises(IllegalAction) as err:
            act(st, 2, bad)
        assert err.value.message == rule.message
    st, _ = act(st, 2, {"type": "pass"})
    assert ENGINE.to_act(st) == (4,)
    st, _ = act(st, 4, {"type": "pass"})
    assert ENGINE.to_act(st) == (0,)
    st, _ = act(st, 0, {"type": "pass"})
    assert st.phase == PRE_ROLL and st.turn == 2


def test_no_special_building_phase_below_five_players():
    """Rules: "From 5 players up"."""
    st = give(main_phase(4, turn=1), 2, lumber=1, brick=1)
    st, _ = act(st, 1, {"type": "end_turn"})
    assert st.phase == PRE_ROLL and st.turn == 2


def test_no_winning_in_the_special_building_phase():
    """Interpretation: special building phase: "no winning"; the points win at the start of
    the builder's own turn."""
    st = main_phase(5, turn=0)
    st, taken = cities(st, 2, 4, set())
    st = give_dev(st, 2, "victory_point")
    a, b = simple_path(st, 1, avoid=away_from(st, taken))
    st = put_road(st, 2, a, b)
    st = give(st, 2, **SETTLEMENT)
    st, _ = act(st, 0, {"type": "end_turn"})
    assert ENGINE.to_act(st) == (2,)
    st, _ = act(st, 2, {"type": "build_settlement", "node": b})  # 10 points
    assert st.phase != OVER
    st, events = act(st, 2, {"type": "pass"})
    assert st.phase == PRE_ROLL and st.turn == 1 and st.winner == -1
    st = st.clone()
    st.phase = MAIN
    st.rolled = True
    st, events = act(st, 1, {"type": "end_turn"})
    assert st.phase == OVER and st.winner == 2


def test_turn_limit_ends_the_game_with_most_points_first():
    """RULES.md: the turn limit option ends the game after that many rounds; most points
    rank first."""
    st = main_phase(2, turn=1, turn_limit=1)
    st = put_settlement(st, 1, 0)
    st, events = act(st, 1, {"type": "end_turn"})
    assert st.phase == OVER and st.ended == "turn_limit"
    res = ENGINE.result(st)
    assert res.winners == (1,) and res.ranks == (2, 1)
