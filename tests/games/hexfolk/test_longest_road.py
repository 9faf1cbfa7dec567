"""Longest Road (rules, "Longest Road and Largest Army"; interpretation, "Longest road")."""
from hypothesis import given, settings
from hypothesis import strategies as hs

from games.hexfolk.engine.longest_road import road_length
from tests.budget import examples
from tests.games.hexfolk.helpers import (
    act,
    away_from,
    give,
    main_phase,
    put_path,
    put_road,
    put_settlement,
    refresh_roads,
    simple_path,
)

SETTLEMENT = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}


def length(st, seat):
    return road_length(st.board.topo, st.edge_owner, st.node_owner, seat)


def test_opponent_settlement_cutting_a_six_road_chain_moves_longest_road():
    """Rules: "Another player's settlement on the route breaks the road." Interpretation:
    "Recomputed after every road, settlement or city placement by anyone."  Seat 0 holds
    Longest Road with 6 roads; seat 1 builds on the chain's middle; seat 2's 5 roads are now
    the longest, and Longest Road moves to seat 2."""
    st = main_phase(3, turn=1)
    chain = simple_path(st, 6, spur_at=3)
    st = put_settlement(st, 0, chain[0])
    st = put_path(st, 0, chain)
    other = simple_path(st, 5, avoid=away_from(st, chain))
    st = put_settlement(st, 2, other[0])
    st = put_path(st, 2, other)
    st = refresh_roads(st)
    assert st.road_length == [6, 0, 5] and st.longest_holder == 0
    middle = chain[3]
    spur = next(n for n in st.board.topo.node_neighbors[middle] if n not in chain)
    st = put_road(st, 1, spur, middle)
    st = give(st, 1, **SETTLEMENT)
    st, events = act(st, 1, {"type": "build_settlement", "node": middle})
    assert st.road_length[0] == 3
    assert st.longest_holder == 2
    assert {"type": "longest_road", "holder": 2, "length": 5} in events


def test_five_segments_needed():
    """Rules: "The first player to have a continuous road of at least 5 segments gets it." """
    st = main_phase(2)
    path = simple_path(st, 5)
    st = put_settlement(st, 0, path[0])
    st = put_path(st, 0, path[:5])  # 4 roads
    st = give(st, 0, lumber=1, brick=1)
    st = refresh_roads(st)
    assert st.longest_holder == -1
    st, events = act(st, 0, {"type": "build_road", "edge": [path[4], path[5]]})
    assert st.longest_holder == 0 and st.road_length[0] == 5
    assert any(e["type"] == "longest_road" for e in events)


def test_branches_do_not_count_double():
    """Rules: "Branches do not count double; it is the longest road without turning back that
    counts." A fork of arms 2, 2 and 1 is 4 long."""
    st = main_phase(2)
    topo = st.board.topo
    centre = next(n for n in range(topo.n_nodes) if len(topo.node_neighbors[n]) == 3
                  and all(len(topo.node_neighbors[o]) == 3 for o in topo.node_neighbors[n]))
    arms = []
    used = {centre}
    for first in topo.node_neighbors[centre]:
        used.add(first)
        arms.append([centre, first])
    for arm in arms[:2]:
        nxt = next(o for o in topo.node_neighbors[arm[1]] if o not in used)
        used.add(nxt)
        arm.append(nxt)
    for arm in arms:
        st = put_path(st, 0, arm)
    assert length(st, 0) == 4


def test_a_loop_counts_each_segment_once():
    """Interpretation: "the longest path that uses no segment twice": a ring of 6 roads around
    a hex is 6 long."""
    st = main_phase(2)
    ring = list(st.board.topo.hex_nodes[0])
    st = put_path(st, 0, ring + [ring[0]])
    assert length(st, 0) == 6


def test_the_road_up_to_an_opponent_building_still_counts():
    """Interpretation: "an opponent's settlement or city on a node breaks the path there (the
    road up to it still counts)"."""
    st = main_phase(2)
    path = simple_path(st, 5)
    st = put_path(st, 0, path)
    st = put_settlement(st, 1, path[-1])
    assert length(st, 0) == 5
    st = put_settlement(st, 1, path[2])
    assert length(st, 0) == 3


def test_a_tie_keeps_the_holder():
    """Interpretation: "A tie keeps the current holder"; rules: "Whoever builds a longer road
    takes over the points." """
    st = main_phase(2, turn=1)
    mine = simple_path(st, 5)
    st = put_settlement(st, 0, mine[0])
    st = put_path(st, 0, mine)
    theirs = simple_path(st, 6, avoid=away_from(st, mine))
    st = put_settlement(st, 1, theirs[0])
    st = put_path(st, 1, theirs[:5])
    st = refresh_roads(st)
    assert st.longest_holder == 0
    st = give(st, 1, lumber=2, brick=2)
    st, _ = act(st, 1, {"type": "build_road", "edge": [theirs[4], theirs[5]]})  # 5 = 5
    assert st.road_length == [5, 5] and st.longest_holder == 0
    extra = next(n for n in st.board.topo.node_neighbors[theirs[5]] if n not in theirs and n not in mine)
    st, _ = act(st, 1, {"type": "build_road", "edge": [theirs[5], extra]})  # 6 > 5
    assert st.longest_holder == 1


def test_set_aside_when_the_holder_falls_and_others_tie():
    """Interpretation: "if the holder falls below and others tie, or nobody has 5, the card is
    set aside"."""
    st = main_phase(4, turn=3)
    chain = simple_path(st, 6, spur_at=3)
    st = put_settlement(st, 0, chain[0])
    st = put_path(st, 0, chain)
    first = simple_path(st, 5, avoid=away_from(st, chain))
    st = put_path(st, 1, first)
    second = simple_path(st, 5, avoid=away_from(st, chain + first))
    st = put_path(st, 2, second)
    st = refresh_roads(st)
    assert st.longest_holder == 0
    middle = chain[3]
    spur = next(n for n in st.board.topo.node_neighbors[middle] if n not in chain)
    st = put_road(st, 3, spur, middle)
    st = give(st, 3, **SETTLEMENT)
    st, events = act(st, 3, {"type": "build_settlement", "node": middle})
    assert st.road_length[:3] == [3, 5, 5] and st.longest_holder == -1
    assert {"type": "longest_road", "holder": None, "length": None} in events


def test_set_aside_when_nobody_has_five():
    """Interpretation: "or nobody has 5, the card is set aside"."""
    st = main_phase(2, turn=1)
    chain = simple_path(st, 5, spur_at=2)
    st = put_settlement(st, 0, chain[0])
    st = put_path(st, 0, chain)
    st = refresh_roads(st)
    assert st.longest_holder == 0
    spur = next(n for n in st.board.topo.node_neighbors[chain[2]] if n not in chain)
    st = put_road(st, 1, spur, chain[2])
    st = give(st, 1, **SETTLEMENT)
    st, _ = act(st, 1, {"type": "build_settlement", "node": chain[2]})
    assert st.longest_holder == -1


def test_longest_road_off():
    """Rules: "Both points can be switched off in the lobby"."""
    st = main_phase(2, longest_road_off=True)
    path = simple_path(st, 5)
    st = put_settlement(st, 0, path[0])
    st = put_path(st, 0, path[:5])
    st = give(st, 0, lumber=1, brick=1)
    st, _ = act(st, 0, {"type": "build_road", "edge": [path[4], path[5]]})
    assert st.road_length[0] == 5 and st.longest_holder == -1


def reference_length(st, seat):
    """Every trail from every node, by brute force."""
    topo = st.board.topo
    best = 0

    def walk(node, used, n):
        nonlocal best
        best = max(best, n)
        if n and st.node_owner[node] not in (-1, seat):
            return
        for e, other in topo.node_edges[node]:
            if st.edge_owner[e] == seat and e not in used:
                walk(other, used | {e}, n + 1)

    for node in range(topo.n_nodes):
        walk(node, frozenset(), 0)
    return best


@settings(max_examples=examples(60), deadline=None)
@given(data=hs.data())
def test_road_length_matches_brute_force(data):
    """The engine's search (trails start at odd-degree nodes or breaks; an all-even part counts
    whole) finds the same longest road as trying every start."""
    st = main_phase(2).clone()
    topo = st.board.topo
    region = sorted(set(topo.hex_nodes[0]) | set(topo.hex_nodes[1]) | set(topo.hex_nodes[4])
                    | set(topo.hex_nodes[5]))
    edges = [e for e, (a, b) in enumerate(topo.edge_nodes) if a in region and b in region]
    mine = data.draw(hs.lists(hs.sampled_from(edges), max_size=15, unique=True))
    blockers = data.draw(hs.lists(hs.sampled_from(region), max_size=3, unique=True))
    st.edge_owner = [-1] * topo.n_edges
    for e in mine:
        st.edge_owner[e] = 0
    st.node_owner = [-1] * topo.n_nodes
    for n in blockers:
        st.node_owner[n] = 1
    assert length(st, 0) == reference_length(st, 0)
