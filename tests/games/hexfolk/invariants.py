"""Invariants every Hexfolk state keeps, checked after every action of the playouts."""
from __future__ import annotations

from games.hexfolk.engine.rules import (
    BANK_SIZES,
    CITIES_PER_PLAYER,
    DEV_DECKS,
    LONGEST_ROAD_MIN,
    N_RESOURCES,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
    by_seats,
)
from games.hexfolk.engine.state import OVER


def check_state(engine, st) -> None:
    """Card conservation, supply limits, the distance rule, connected roads and sane holders;
    raises ``AssertionError``."""
    n = st.n
    size = by_seats(BANK_SIZES, n)
    for r in range(N_RESOURCES):
        assert st.bank[r] + sum(h[r] for h in st.hands) == size, "hands plus bank per resource"
        assert st.bank[r] >= 0 and all(h[r] >= 0 for h in st.hands)
    deck = by_seats(DEV_DECKS, n)
    for k in range(len(deck)):
        assert st.dev_left[k] >= 0 and all(h[k] >= 0 for h in st.dev_hands)
        assert st.dev_left[k] + sum(h[k] for h in st.dev_hands) <= deck[k]
    topo = st.board.topo
    for s in range(n):
        roads = sum(1 for o in st.edge_owner if o == s)
        settlements = sum(1 for i, o in enumerate(st.node_owner) if o == s and not st.node_city[i])
        cities = sum(1 for i, o in enumerate(st.node_owner) if o == s and st.node_city[i])
        assert roads + st.roads_left[s] == ROADS_PER_PLAYER and st.roads_left[s] >= 0
        assert settlements + st.settlements_left[s] == SETTLEMENTS_PER_PLAYER and st.settlements_left[s] >= 0
        assert cities + st.cities_left[s] == CITIES_PER_PLAYER and st.cities_left[s] >= 0
    for node, o in enumerate(st.node_owner):
        if o >= 0:
            assert all(st.node_owner[x] == -1 for x in topo.node_neighbors[node]), "distance rule"
    for e, o in enumerate(st.edge_owner):
        if o >= 0:
            a, b = topo.edge_nodes[e]
            touching = any(st.node_owner[x] == o or any(
                st.edge_owner[f] == o for f in topo.node_edge_ids[x] if f != e) for x in (a, b))
            assert touching, "a road touches its owner's road or building"
    if st.longest_holder >= 0:
        assert st.road_length[st.longest_holder] >= LONGEST_ROAD_MIN
        assert st.road_length[st.longest_holder] == max(st.road_length)
    if st.phase != OVER:
        assert engine.to_act(st), "someone must act while the game runs"
