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

from games.hexfolk.engine.actions import total_points
from games.hexfolk.engine.board import topology
from games.hexfolk.engine.derived import indexes
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
    # Every list and holder the answer reads; mostly unchanged from one turn to the next.
    deps = (st.node_owner, st.node_city, st.edge_owner, st.settlements_left, st.cities_left,
            st.roads_left, st.dev_left, st.dev_hands, st.knights, st.longest_holder,
            st.army_holder, st.options)
    memo = st._memo.get("no_one_can_win")
    if memo is not None and memo[0] == deps:  # the same lists (identity), or equal ones
        return memo[1]
    target = st.options["victory_points"]
    answer = True
    for s in range(st.n):
        if _can_gain(st, s, target - total_points(st, s)):
            answer = False
            break
    st._memo["no_one_can_win"] = (deps, answer)
    return answer


def _can_gain(st: HexfolkState, seat: int, need: int) -> bool:
    """True when ``seat`` may still gain ``need`` points: an upper bound on its gain counts new
    settlements (on intersections its roads can still reach; as many as it has pieces when it
    has nothing on the island, a position built by hand), every upgrade to a city, every
    victory point card left in the deck, Longest Road (while there is room for a road) and
    Largest Army when they are on, not held, and still winnable.

    Cheapest parts first: the search for settlement spots runs only when the other parts fall
    short, and stops once it has found enough. Called at every turn's start, so speed matters
    (docs/performance.md, "Hexfolk engine")."""
    if need <= 0:
        return True
    city = st.node_city
    mine = indexes(st.node_owner, seat)
    built = bool(mine)
    on_board = 0  # settlements (not cities) on the island
    for n in mine:
        if not city[n]:
            on_board += 1
    settlements = st.settlements_left[seat]
    cities = st.cities_left[seat]
    fixed = st.dev_left[VICTORY_POINT] * VICTORY_POINT_CARD_POINTS + _army_gain(st, seat)
    opts = st.options
    road_open = (not opts["longest_road_off"] and st.longest_holder != seat
                 and st.roads_left[seat])
    road = LONGEST_ROAD_POINTS if road_open else 0
    if fixed + road + settlements + min(cities, on_board + settlements) < need:
        return False  # even every piece placed would not do
    if not built or fixed + min(cities, on_board) >= need:
        return True  # not bounded by roads (nothing on the island: a position built by hand)
    network = None
    if road_open:
        network = _network(st, seat)
        if not _road_room(st, seat, network):
            road = 0
    rest = need - fixed - road
    if settlements + min(cities, on_board + settlements) < rest:
        return False
    spots = 0  # the fewest new settlements that reach ``rest`` with their upgrades
    while spots + min(cities, on_board + spots) < rest:
        spots += 1
    if not spots:
        return True
    return _reachable_settlements(st, seat, network, spots) >= spots


def _army_gain(st: HexfolkState, seat: int) -> int:
    """Largest Army's points when it is on, not held by ``seat``, and still winnable by it."""
    if st.options["largest_army_off"] or st.army_holder == seat:
        return 0
    knights = st.knights
    could = knights[seat] + st.dev_hands[seat][KNIGHT] + st.dev_left[KNIGHT]
    best = 0  # the most knights another seat played
    for s, k in enumerate(knights):
        if k > best and s != seat:
            best = k
    return LARGEST_ARMY_POINTS if could >= max(LARGEST_ARMY_MIN, best + 1) else 0


def _network(st: HexfolkState, seat: int) -> set[int]:
    """Intersections ``seat``'s roads and buildings reach (not through others' buildings)."""
    edge_nodes = st.board.topo.edge_nodes
    owner = st.node_owner
    nodes = set(indexes(owner, seat))
    for e in indexes(st.edge_owner, seat):
        a, b = edge_nodes[e]
        if owner[a] == -1 or owner[a] == seat:
            nodes.add(a)
        if owner[b] == -1 or owner[b] == seat:
            nodes.add(b)
    return nodes


def _road_room(st: HexfolkState, seat: int, network: set[int]) -> bool:
    """Is there a free edge next to ``seat``'s ``network``?"""
    node_edge_ids = st.board.topo.node_edge_ids
    edge_owner = st.edge_owner
    return any(edge_owner[e] == -1 for n in network for e in node_edge_ids[n])


def _reachable_settlements(st: HexfolkState, seat: int, network: set[int] | None = None,
                           enough: int = 0) -> int:
    """How many intersections allowed by the distance rule lie within ``roads_left`` new roads
    of ``seat``'s network (``_network``, given or computed; own roads are free, others' roads
    and buildings block); the search stops once it has found ``enough`` (0: counts them all)."""
    if network is None:
        network = _network(st, seat)
    topo = st.board.topo
    node_edges = topo.node_edges
    node_neighbors = topo.node_neighbors
    owner = st.node_owner
    edge_owner = st.edge_owner
    budget = st.roads_left[seat]
    cost = dict.fromkeys(network, 0)
    queue = deque(cost)
    found = set()
    while queue:
        n = queue.popleft()
        o = owner[n]
        if o == -1 and n not in found and all(owner[m] == -1 for m in node_neighbors[n]):
            found.add(n)  # the distance rule holds here
            if len(found) == enough:
                return enough
        if o != -1 and o != seat:
            continue
        c0 = cost[n]
        for e, m in node_edges[n]:
            eo = edge_owner[e]
            if eo == seat:
                if c0 < cost.get(m, budget + 1):
                    cost[m] = c0
                    queue.appendleft(m)
            elif eo == -1:
                c = c0 + 1
                if c <= budget and c < cost.get(m, budget + 1):
                    cost[m] = c
                    queue.append(m)
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
