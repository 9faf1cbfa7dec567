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
    """The longest trail of ``seat``'s roads (see the module docstring), in segments.

    ``topo`` needs ``edge_nodes`` (a Topology, or the bots' Geometry).
    """
    edge_nodes = topo.edge_nodes
    adj: dict[int, list] = {}  # node -> [(edge bit, other node)] over seat's roads only
    count = edge_owner.count(seat)
    if not count:
        return 0
    e = -1
    for _ in range(count):  # list.index finds the seat's roads faster than a loop over all
        e = edge_owner.index(seat, e + 1)
        a, b = edge_nodes[e]
        bit = 1 << e
        if a in adj:
            adj[a].append((bit, b))
        else:
            adj[a] = [(bit, b)]
        if b in adj:
            adj[b].append((bit, a))
        else:
            adj[b] = [(bit, a)]
    breaks = {n for n in adj if node_owner[n] != -1 and node_owner[n] != seat}
    forest = _forest_longest(adj, breaks, count)
    if forest is not None:
        return forest
    # A longest trail ends where it cannot go on: at a node of odd degree in the player's road
    # graph or at another player's building. A part of the network with no such node has all
    # degrees even and no break, so one closed trail covers all of its roads (Euler).
    starts = [n for n, links in adj.items() if len(links) & 1 or n in breaks]
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node in breaks:
            return  # an opponent's building: the trail ends here
        for bit, other in adj[node]:
            if not used & bit:
                walk(other, used | bit, length + 1)

    for node in starts:
        walk(node, 0, 0)
        if best == count:
            return best
    # Parts without a start: their size (edges) is their longest trail.
    seen = set(starts)
    stack = list(starts)
    while stack:  # everything reachable from a start is covered
        n = stack.pop()
        for _, m in adj[n]:
            if m not in seen:
                seen.add(m)
                stack.append(m)
    for root in adj:
        if root in seen:
            continue
        seen.add(root)
        stack = [root]
        degree_sum = 0
        while stack:
            n = stack.pop()
            degree_sum += len(adj[n])
            for _, m in adj[n]:
                if m not in seen:
                    seen.add(m)
                    stack.append(m)
        best = max(best, degree_sum // 2)
    return best


def _forest_longest(adj: dict, breaks: set, count: int) -> int | None:
    """The longest trail when the roads, cut at the ``breaks`` (another player's building: a
    trail may end there, not pass), form a forest: then a trail is a simple path, and the
    longest one is found in one pass (the two tallest branches at each node). None when there
    is a loop, which ``road_length``'s full search handles."""
    seen = set()
    best = 0
    visited = 0  # roads reached from a node that is not a break
    looped = False

    def height(node: int, came_by: int) -> int:
        nonlocal best, visited, looped
        top1 = top2 = 0
        for bit, other in adj[node]:
            if bit == came_by:
                continue
            visited += 1
            if other in breaks:
                h = 1
            elif other in seen:
                looped = True
                return 0
            else:
                seen.add(other)
                h = 1 + height(other, bit)
                if looped:
                    return 0
            if h > top1:
                top1, top2 = h, top1
            elif h > top2:
                top2 = h
        if top1 + top2 > best:
            best = top1 + top2
        return top1

    for root in adj:
        if root in seen or root in breaks:
            continue
        seen.add(root)
        height(root, 0)
        if looped:
            return None
    if visited < count:  # a road between two breaks, seen from neither side
        best = max(best, 1)
    return best


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
