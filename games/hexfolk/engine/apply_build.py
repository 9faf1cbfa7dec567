"""Building: settlements, roads, cities, development cards, and the setup placements.
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import (
    can_afford,
    cards_dict,
    distance_ok,
    road_connects,
    road_edges,
)
from games.hexfolk.engine.apply_parse import _edge, _hand, _node, _pay, _resume_phase
from games.hexfolk.engine.longest_road import update_longest
from games.hexfolk.engine.rules import (
    CITY_COST,
    DEV_CARD_COST,
    DEV_CARDS,
    N_RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    SETUP_ROUNDS,
)
from games.hexfolk.engine.state import (
    PRE_ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    HexfolkState,
    draw,
)
from games.hexfolk.engine.state import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)


# ------------------------------------------------------------------ building
def _do_build_settlement(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    node = _node(st, a["node"])
    setup = st.phase == SETUP_SETTLEMENT
    if not setup:
        if not st.settlements_left[seat]:
            raise E.NO_SETTLEMENTS_LEFT.error()
        if not can_afford(st.hands[seat], SETTLEMENT_COST):
            raise E.CANNOT_AFFORD.error()
    if st.node_owner[node] != -1:
        raise E.NODE_OCCUPIED.error()
    if not distance_ok(st, node):
        raise E.DISTANCE_RULE.error()
    topo = st.board.topo
    if not setup and all(st.edge_owner[e] != seat for e in topo.node_edge_ids[node]):
        raise E.SETTLEMENT_NEEDS_ROAD.error()
    if not setup:
        _pay(st, seat, SETTLEMENT_COST)
    st.node_owner = st.node_owner[:]
    st.node_owner[node] = seat
    st.settlements_left = st.settlements_left[:]
    st.settlements_left[seat] -= 1
    ev.append({"type": "built", "seat": seat, "piece": "settlement", "node": node})
    # Only opponents with two or more roads meeting here can have their road broken.
    others = {o for o in (st.edge_owner[e] for e in topo.node_edge_ids[node]) if o not in (-1, seat)}
    broken = [o for o in others if sum(st.edge_owner[e] == o for e in topo.node_edge_ids[node]) >= 2]
    if broken:
        update_longest(st, broken, ev)
    if setup:
        if st.setup_step >= st.n:  # the second settlement pays one card per producing hex
            _setup_income(st, seat, node, ev)
        st.last_node = node
        st.phase = SETUP_ROAD


def _setup_income(st: HexfolkState, seat: int, node: int, ev: list) -> None:
    b = st.board
    gained = [0] * N_RESOURCES
    hand = _hand(st, seat)
    for h in b.topo.node_hexes[node]:
        r = b.hex_terrain[h]
        if r < N_RESOURCES and st.bank[r]:
            st.bank[r] -= 1
            hand[r] += 1
            gained[r] += 1
    ev.append({"type": "setup_income", "seat": seat, "cards": cards_dict(gained)})


def _do_build_road(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    e = _edge(st, a["edge"])
    phase = st.phase
    if phase == SETUP_ROAD:
        if st.edge_owner[e] != -1:
            raise E.EDGE_OCCUPIED.error()
        if st.last_node not in st.board.topo.edge_nodes[e]:
            raise E.SETUP_ROAD_TOUCHES.error()
    else:
        if not st.roads_left[seat]:
            raise E.NO_ROADS_LEFT.error()
        free = phase == ROAD_BUILDING_PHASE
        if not free and not can_afford(st.hands[seat], ROAD_COST):
            raise E.CANNOT_AFFORD.error()
        if st.edge_owner[e] != -1:
            raise E.EDGE_OCCUPIED.error()
        if not road_connects(st, seat, e):
            raise E.ROAD_NOT_CONNECTED.error()
        if not free:
            _pay(st, seat, ROAD_COST)
    st.edge_owner = st.edge_owner[:]
    st.edge_owner[e] = seat
    st.roads_left = st.roads_left[:]
    st.roads_left[seat] -= 1
    ev.append({"type": "built", "seat": seat, "piece": "road", "edge": list(st.board.topo.edge_nodes[e])})
    update_longest(st, (seat,), ev)
    if phase == SETUP_ROAD:
        _advance_setup(st, ev)
    elif phase == ROAD_BUILDING_PHASE:
        st.free_roads -= 1
        if not st.free_roads or not st.roads_left[seat] or not road_edges(st, seat):
            st.free_roads = 0
            st.phase = _resume_phase(st)


def _advance_setup(st: HexfolkState, ev: list) -> None:
    n = st.n
    st.setup_step += 1
    st.last_node = -1
    if st.setup_step >= SETUP_ROUNDS * n:
        st.turn = 0
        st.turn_number = 1
        st.phase = PRE_ROLL
        ev.append({"type": "turn", "seat": 0, "turn_number": 1})
        return
    step = st.setup_step
    st.turn = step if step < n else 2 * n - 1 - step  # snake order: 0..n-1, then n-1..0
    st.phase = SETUP_SETTLEMENT


def _do_build_city(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    node = _node(st, a["node"])
    if not st.cities_left[seat]:
        raise E.NO_CITIES_LEFT.error()
    if not can_afford(st.hands[seat], CITY_COST):
        raise E.CANNOT_AFFORD.error()
    if st.node_owner[node] != seat or st.node_city[node]:
        raise E.CITY_NEEDS_SETTLEMENT.error()
    _pay(st, seat, CITY_COST)
    st.node_city = st.node_city[:]
    st.node_city[node] = 1
    st.cities_left = st.cities_left[:]
    st.cities_left[seat] -= 1
    st.settlements_left = st.settlements_left[:]
    st.settlements_left[seat] += 1  # "the settlement then goes back to the supply"
    ev.append({"type": "built", "seat": seat, "piece": "city", "node": node})


def _do_buy_dev(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    total = sum(st.dev_left)
    if not total:
        raise E.DEV_DECK_EMPTY.error()
    if not can_afford(st.hands[seat], DEV_CARD_COST):
        raise E.CANNOT_AFFORD.error()
    left = st.dev_left = st.dev_left[:]
    st.dev_hands = [h[:] for h in st.dev_hands]
    _pay(st, seat, DEV_CARD_COST)
    k = draw(st, total)
    card = 0
    while k >= left[card]:
        k -= left[card]
        card += 1
    left[card] -= 1
    st.dev_hands[seat][card] += 1
    if seat == st.turn and st.phase != SPECIAL_BUILD:
        st.dev_new = st.dev_new[:]
        st.dev_new[card] += 1
    ev.append({"type": "bought_dev", "seat": seat})
    ev.append({"type": "dev_card", "seat": seat, "card": DEV_CARDS[card], "visible_to": [seat]})
