"""Games that can no longer be won: ending them, and refusing options that could never be won.

RULES.md, "When nobody can win any more": a game in which no player can reach the target any
more (nobody can gain enough points: nothing left to build that reaches it, no victory point
cards left, no title left to take) ends at the start of the next turn; the most points wins and
equal totals share the rank. And the lobby refuses a victory-point target that no player could
reach on the chosen map.

The bounds are generous (they ask whether the target is possible at all, not whether it is
likely), so a game only ends this way when it truly cannot be won.
"""
from __future__ import annotations

from collections import deque
from functools import cache

from games.hexfolk.engine.actions import distance_ok, total_points
from games.hexfolk.engine.board import topology
from games.hexfolk.engine.rules import (
    CITIES_PER_PLAYER,
    DEV_DECKS,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LARGEST_ARMY_POINTS,
    LONGEST_ROAD_POINTS,
    SETTLEMENTS_PER_PLAYER,
    VICTORY_POINT,
    VICTORY_POINT_CARD_POINTS,
    by_seats,
)
from games.hexfolk.engine.state import HexfolkState

# The setup gives every player this many settlements.
SETUP_SETTLEMENTS = 2


def no_one_can_win(st: HexfolkState) -> bool:
    """True when no seat can reach the victory-point target from this position (nobody can
    gain another point is the plainest case)."""
    target = st.options["victory_points"]
    for s in range(st.n):
        points = total_points(st, s)
        # The cheap bound first: early in a game it settles the question without a search.
        if points + _gain_bound(st, s, exact=False) >= target and points + _gain_bound(st, s, exact=True) >= target:
            return False
    return True


def _gain_bound(st: HexfolkState, seat: int, *, exact: bool) -> int:
    """An upper bound on the points ``seat`` can still gain: new settlements (on intersections
    its roads can still reach when ``exact``, else as many as it has pieces), every upgrade to
    a city, every victory point card left in the deck, Longest Road and Largest Army when they
    are on, not held, and still winnable."""
    owner, city = st.node_owner, st.node_city
    on_board = sum(1 for n, o in enumerate(owner) if o == seat and not city[n])
    settlements = st.settlements_left[seat]
    # A seat with nothing on the island (a position built by hand) is not bounded by roads.
    exact = exact and any(o == seat for o in owner)
    if exact and settlements:
        settlements = min(settlements, _reachable_settlements(st, seat))
    gain = settlements + min(st.cities_left[seat], on_board + settlements)
    gain += st.dev_left[VICTORY_POINT] * VICTORY_POINT_CARD_POINTS
    opts = st.options
    if not opts["largest_army_off"] and st.army_holder != seat:
        could = st.knights[seat] + st.dev_hands[seat][KNIGHT] + st.dev_left[KNIGHT]
        best = max((st.knights[s] for s in range(st.n) if s != seat), default=0)
        if could >= max(LARGEST_ARMY_MIN, best + 1):
            gain += LARGEST_ARMY_POINTS
    if (not opts["longest_road_off"] and st.longest_holder != seat and st.roads_left[seat]
            and (not exact or _road_room(st, seat))):
        gain += LONGEST_ROAD_POINTS
    return gain


def _network(st: HexfolkState, seat: int) -> set[int]:
    """Intersections ``seat``'s roads and buildings reach (not through others' buildings)."""
    topo = st.board.topo
    nodes = {n for n, o in enumerate(st.node_owner) if o == seat}
    for e, o in enumerate(st.edge_owner):
        if o == seat:
            nodes.update(n for n in topo.edge_nodes[e] if st.node_owner[n] in (-1, seat))
    return nodes


def _road_room(st: HexfolkState, seat: int) -> bool:
    """Is there a free edge next to ``seat``'s network?"""
    topo = st.board.topo
    return any(st.edge_owner[e] == -1 for n in _network(st, seat) for e in topo.node_edge_ids[n])


def _reachable_settlements(st: HexfolkState, seat: int) -> int:
    """How many intersections allowed by the distance rule lie within ``roads_left`` new roads
    of ``seat``'s network (own roads are free; others' roads and buildings block)."""
    topo = st.board.topo
    budget = st.roads_left[seat]
    cost = {n: 0 for n in _network(st, seat)}
    queue = deque(cost)
    found = set()
    while queue:
        n = queue.popleft()
        if distance_ok(st, n):
            found.add(n)
        if st.node_owner[n] not in (-1, seat):
            continue
        for e in topo.node_edge_ids[n]:
            o = st.edge_owner[e]
            if o not in (-1, seat):
                continue
            step = 0 if o == seat else 1
            a, b = topo.edge_nodes[e]
            m = b if a == n else a
            c = cost[n] + step
            if c <= budget and c < cost.get(m, budget + 1):
                cost[m] = c
                (queue.appendleft if step == 0 else queue.append)(m)
    return len(found)


def best_possible_points(map_slug: str, seats: int, options) -> int:
    """An upper bound on the points one player can reach on ``map_slug`` with ``seats``
    players: buildings on the intersections the distance rule leaves once the others hold
    their two settlements each (at most 4 cities and 5 settlements), every victory point card,
    Longest Road and Largest Army unless they are off."""
    spots = max(0, _max_settlements(map_slug) - SETUP_SETTLEMENTS * (seats - 1))
    cities = min(CITIES_PER_PLAYER, spots)
    settlements = min(SETTLEMENTS_PER_PLAYER, spots - cities)
    points = 2 * cities + settlements
    points += by_seats(DEV_DECKS, seats)[VICTORY_POINT] * VICTORY_POINT_CARD_POINTS
    if not options["longest_road_off"]:
        points += LONGEST_ROAD_POINTS
    if not options["largest_army_off"]:
        points += LARGEST_ARMY_POINTS
    return points


@cache
def _max_settlements(map_slug: str) -> int:
    """The most settlements the distance rule allows on the map: a maximum independent set of
    the intersection graph, which is bipartite (a hexagonal lattice), so |V| - max matching."""
    topo = topology(map_slug)
    n = topo.n_nodes
    colour = [-1] * n
    for start in range(n):
        if colour[start] != -1:
            continue
        colour[start] = 0
        stack = [start]
        while stack:
            v = stack.pop()
            for w in topo.node_neighbors[v]:
                if colour[w] == -1:
                    colour[w] = 1 - colour[v]
                    stack.append(w)
    left = [v for v in range(n) if colour[v] == 0]
    match: dict[int, int] = {}

    def augment(v: int, seen: set[int]) -> bool:
        for w in topo.node_neighbors[v]:
            if w in seen:
                continue
            seen.add(w)
            if w not in match or augment(match[w], seen):
                match[w] = v
                return True
        return False

    matched = sum(1 for v in left if augment(v, set()))
    return n - matched
