"""Longest Road (rules, "Longest Road and Largest Army"; interpretation, "Longest road").

A seat's road length is the longest trail over its own roads that uses no segment twice
(intersections may repeat: branches do not count double, loops count once around). A trail may
end at an intersection holding another player's settlement or city but not pass through it:
"Another player's settlement on the route breaks the road" while "the road up to it still
counts". ``update_longest`` keeps ``state.road_length`` and ``state.longest_holder`` current after
a placement; it is called after every road, settlement or city placement by anyone.
"""
from __future__ import annotations

from games.hexfolk.engine.rules import LONGEST_ROAD_MIN


def road_length(topo, edge_owner: list, node_owner: list, seat: int) -> int:
    """The longest trail of ``seat``'s roads (see the module docstring), in segments."""
    edge_nodes = topo.edge_nodes
    node_edges = topo.node_edges
    mine = [e for e, o in enumerate(edge_owner) if o == seat]
    if not mine:
        return 0
    # A longest trail ends where it cannot go on: at a node of odd degree in the player's road
    # graph or at another player's building. A part of the network with no such node has all
    # degrees even and no break, so one closed trail covers all of its roads (Euler).
    degree: dict[int, int] = {}
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in mine:
        a, b = edge_nodes[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
        parent.setdefault(a, a)
        parent.setdefault(b, b)
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    starts = [n for n, d in degree.items()
              if d & 1 or (node_owner[n] != -1 and node_owner[n] != seat)]
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node_owner[node] != -1 and node_owner[node] != seat:
            return  # an opponent's building: the trail ends here
        for e, other in node_edges[node]:
            if edge_owner[e] == seat and not (used >> e) & 1:
                walk(other, used | (1 << e), length + 1)

    for node in starts:
        walk(node, 0, 0)
        if best == len(mine):
            return best
    covered = {find(n) for n in starts}
    sizes: dict[int, int] = {}
    for e in mine:
        root = find(edge_nodes[e][0])
        if root not in covered:
            sizes[root] = sizes.get(root, 0) + 1
    return max(best, *sizes.values()) if sizes else best


def update_longest(st, seats, events: list) -> None:
    """Recompute ``st.road_length`` for ``seats`` and settle who holds Longest Road.

    The holder keeps it while no one is strictly longer ("ties keep the holder"); a strictly
    longer road of at least ``LONGEST_ROAD_MIN`` takes it over; when the holder falls below
    the best and the best is tied, or nobody reaches the minimum, it is set aside (-1).
    Appends a ``longest_road`` event when the holder changes. With the ``longest_road_off``
    option the lengths are kept but nobody holds it.
    """
    topo = st.board.topo
    lengths = st.road_length = st.road_length[:]
    for s in seats:
        lengths[s] = road_length(topo, st.edge_owner, st.node_owner, s)
    if st.options["longest_road_off"]:
        return
    holder = st.longest_holder
    best = max(lengths)
    if holder >= 0 and lengths[holder] >= best and lengths[holder] >= LONGEST_ROAD_MIN:
        return
    leaders = [s for s, x in enumerate(lengths) if x == best]
    new = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1
    if new != holder:
        st.longest_holder = new
        events.append({"type": "longest_road", "holder": new if new >= 0 else None,
                       "length": best if new >= 0 else None})
