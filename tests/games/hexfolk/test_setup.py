"""Initial placement (rules, "Initial placement")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.state import PRE_ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from games.protocol import IllegalAction
from tests.games.hexfolk.helpers import act, new_game


def place_first_legal(st, seat):
    """Seat places the first legal settlement and the first legal road."""
    node = ENGINE.legal_actions(st, seat)[0]["node"]
    st, events = act(st, seat, {"type": "build_settlement", "node": node})
    road = ENGINE.legal_actions(st, seat)[0]
    st, more = act(st, seat, road)
    return st, node, events + more


def test_snake_order():
    """Rules: "In turn order, each player places a settlement and an adjacent road. The second
    round goes in reverse order: whoever placed last places again immediately; the starting
    player places last." """
    st = new_game(4)
    order = []
    while st.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        (seat,) = ENGINE.to_act(st)
        order.append(seat)
        st, _, _ = place_first_legal(st, seat)
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert st.phase == PRE_ROLL and ENGINE.to_act(st) == (0,)  # "Then the starting player rolls"


def test_only_second_settlement_pays_one_card_per_adjacent_hex():
    """Rules: "For the second settlement, each player immediately receives one resource from
    each adjacent hex." (Interpretation: "only the second settlement pays".)"""
    st = new_game(2)
    st, _, _ = place_first_legal(st, 0)
    assert sum(st.hands[0]) == 0
    st, _, _ = place_first_legal(st, 1)
    st, node, events = place_first_legal(st, 1)
    b = st.board
    producing = [h for h in b.topo.node_hexes[node] if b.hex_terrain[h] < 5]
    assert sum(st.hands[1]) == len(producing) > 0
    income = next(e for e in events if e["type"] == "setup_income")
    assert sum(income["cards"].values()) == len(producing)


def test_distance_rule_applies_in_setup():
    """Rules: "The distance rule always applies, even during initial placement: ... Directly
    adjacent intersections are forbidden, regardless of whom the neighboring settlement belongs
    to." """
    st = new_game(2)
    st, node, _ = place_first_legal(st, 0)
    neighbour = st.board.topo.node_neighbors[node][0]
    with pytest.raises(IllegalAction) as err:
        act(st, 1, {"type": "build_settlement", "node": neighbour})
    assert err.value.message == E.DISTANCE_RULE.message
    assert all(a["node"] != neighbour for a in ENGINE.legal_actions(st, 1))


def test_setup_road_touches_the_new_settlement():
    """Rules: "each player places a settlement and an adjacent road." """
    st = new_game(2)
    node = 0
    st, _ = act(st, 0, {"type": "build_settlement", "node": node})
    topo = st.board.topo
    far = next(e for e in topo.edge_nodes if node not in e)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_road", "edge": list(far)})
    assert err.value.message == E.SETUP_ROAD_TOUCHES.message
    assert all(node in a["edge"] for a in ENGINE.legal_actions(st, 0))


def test_no_roll_or_trade_during_setup():
    """Rules: "Before the first roll, each player places two settlements with one road each." """
    st = new_game(2)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "roll"})
    assert err.value.message == E.SETUP_PLACEMENT.message
