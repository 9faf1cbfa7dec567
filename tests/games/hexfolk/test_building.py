"""Building and building costs (rules, "Building and building costs")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.protocol import IllegalAction
from tests.games.hexfolk.helpers import act, give, main_phase, put_path, put_road, put_settlement, simple_path

ROAD = {"lumber": 1, "brick": 1}
SETTLEMENT = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
CITY = {"grain": 2, "ore": 3}


def test_road_must_connect_to_own_road_or_building():
    """Rules: "Roads must connect to one of your own roads, settlements or cities." """
    st = give(main_phase(2), 0, **ROAD)
    path = simple_path(st, 2)
    st = put_settlement(st, 0, path[0])
    st = put_road(st, 0, path[0], path[1])
    topo = st.board.topo
    far = next(e for e in topo.edge_nodes if not set(e) & set(path))
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_road", "edge": list(far)})
    assert err.value.message == E.ROAD_NOT_CONNECTED.message
    st2, _ = act(st, 0, {"type": "build_road", "edge": [path[1], path[2]]})
    assert sum(st2.hands[0]) == 0 and st2.roads_left[0] == 13


def test_road_does_not_connect_through_an_opponent_building():
    """Rules: "Another player's settlement on the route breaks the road" (so it does not carry
    a connection through)."""
    st = give(main_phase(2), 0, **ROAD)
    a, b, c = simple_path(st, 2)
    st = put_settlement(st, 0, simple_path(st, 0, avoid={a, b, c} | set(st.board.topo.node_neighbors[b]))[0])
    st = put_road(st, 0, a, b)
    st = put_settlement(st, 1, b)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_road", "edge": [b, c]})
    assert err.value.message == E.ROAD_NOT_CONNECTED.message


def test_settlement_needs_own_road_and_distance():
    """Rules: "New settlements need one of your own roads leading up to their intersection and
    follow the distance rule." """
    st = give(main_phase(2), 0, **SETTLEMENT)
    a, b, c = simple_path(st, 2)
    st = put_settlement(st, 0, a)
    st = put_path(st, 0, [a, b, c])
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_settlement", "node": b})
    assert err.value.message == E.DISTANCE_RULE.message
    lonely = next(n for n in range(st.board.topo.n_nodes)
                  if n not in (a, b, c) and all(o not in (a, b, c) for o in st.board.topo.node_neighbors[n]))
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_settlement", "node": lonely})
    assert err.value.message == E.SETTLEMENT_NEEDS_ROAD.message
    st, _ = act(st, 0, {"type": "build_settlement", "node": c})
    assert st.node_owner[c] == 0 and sum(st.hands[0]) == 0


def test_city_only_from_own_settlement_which_returns_to_supply():
    """Rules: "Cities are built only from your own settlements, and the settlement then goes
    back to the supply." """
    st = give(main_phase(2), 0, **CITY)
    st = put_settlement(st, 0, 10)
    st = put_settlement(st, 1, 20)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "build_city", "node": 20})
    assert err.value.message == E.CITY_NEEDS_SETTLEMENT.message
    before = st.settlements_left[0]
    st, _ = act(st, 0, {"type": "build_city", "node": 10})
    assert st.node_city[10] == 1 and st.settlements_left[0] == before + 1 and st.cities_left[0] == 3


def test_costs_are_paid_to_the_bank():
    """Interpretation: "road = lumber + brick; settlement = lumber + brick + wool + grain; city =
    2 grain + 3 ore; development card = wool + grain + ore." """
    st = main_phase(2)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "buy_dev"})
    assert err.value.message == E.CANNOT_AFFORD.message
    st = give(st, 0, wool=1, grain=1, ore=1)
    bank = st.bank[:]
    st, _ = act(st, 0, {"type": "buy_dev"})
    assert sum(st.hands[0]) == 0 and st.bank[2:] == [bank[2] + 1, bank[3] + 1, bank[4] + 1]


def test_supply_limits():
    """Rules: "Everyone has a limited supply: 15 roads, 5 settlements and 4 cities. Anyone who
    has placed all their settlements must first upgrade one of them to a city before they can
    build a settlement again." """
    st = give(main_phase(2), 0, lumber=5, brick=5, wool=5, grain=9, ore=9)
    st = st.clone()
    st.settlements_left[0] = 0
    st.roads_left[0] = 0
    st.cities_left[0] = 0
    st = put_settlement(st, 0, 0)
    st.settlements_left[0] = 0
    for action, rule in (({"type": "build_settlement", "node": 30}, E.NO_SETTLEMENTS_LEFT),
                         ({"type": "build_road", "edge": list(st.board.topo.edge_nodes[0])}, E.NO_ROADS_LEFT),
                         ({"type": "build_city", "node": 0}, E.NO_CITIES_LEFT)):
        with pytest.raises(IllegalAction) as err:
            act(st, 0, action)
        assert err.value.message == rule.message
    kinds = {a["type"] for a in ENGINE.legal_actions(st, 0)}
    assert not kinds & {"build_settlement", "build_road", "build_city"}


def test_legal_builds_are_listed():
    """Hexfolk "shows you at all times what is possible": every legal placement is listed."""
    st = give(main_phase(2), 0, **SETTLEMENT)
    a, b, c = simple_path(st, 2)
    st = put_settlement(st, 0, a)
    st = put_path(st, 0, [a, b, c])
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "build_settlement", "node": c} in legal
    assert {"type": "build_settlement", "node": b} not in legal
