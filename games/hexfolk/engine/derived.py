"""Reads of the position that change only when a piece is placed, remembered between actions.

A random or simulated game asks the same questions of an unchanged island action after action
(which edges may take a road, which harbors a seat uses); these functions answer from
``state._memo``, a dict shared by a state and every copy ``apply`` makes of it. Each entry
keeps the lists it was computed from, and is used only while the state holds those very lists
(or equal ones): the engine never changes a list of the island in place but replaces it
(copy-on-write, state.py), so a placement always invalidates what it affects. Results are
tuples: callers must not change them (actions.py builds fresh actions from them).
"""
from __future__ import annotations

from games.hexfolk.engine.rules import (
    BANK_RATE,
    GENERIC_HARBOR,
    GENERIC_RATE,
    MAX_SEATS,
    N_RESOURCES,
    SPECIAL_RATE,
)
from games.hexfolk.engine.state import HexfolkState

assert MAX_SEATS <= 8  # production_plan packs a seat into 3 bits

# Bank rates per resource, best last (see ``actions.trade_rates``).
_PLAIN = (BANK_RATE,)
_GENERIC = (BANK_RATE, GENERIC_RATE)
_RATES = {(False, False): _PLAIN, (True, False): _GENERIC, (False, True): (BANK_RATE, SPECIAL_RATE),
          (True, True): (BANK_RATE, GENERIC_RATE, SPECIAL_RATE)}


def indexes(values: list, value) -> list[int]:
    """The positions of ``value`` in ``values``, ascending (``list.index`` scans in C: faster
    than a loop over a long, mostly empty list such as ``edge_owner``)."""
    out = []
    i = -1
    for _ in range(values.count(value)):
        i = values.index(value, i + 1)
        out.append(i)
    return out


def rates_by_seat(st: HexfolkState) -> tuple:
    """``[seat][resource]`` -> tuple of the bank rates it qualifies for, best last: 4:1 always,
    3:1 with a building on a generic harbor, 2:1 on that resource's special harbor."""
    node_owner = st.node_owner
    hit = st._memo.get("rates")
    if hit is not None and hit[0] is node_owner:
        return hit[1]
    b = st.board
    node_harbor = b.node_harbor
    generic = [False] * st.n
    special = [[False] * N_RESOURCES for _ in range(st.n)]
    for n in b.harbor_node_list:
        o = node_owner[n]
        if o >= 0:
            kind = node_harbor[n]
            if kind == GENERIC_HARBOR:
                generic[o] = True
            else:
                special[o][kind] = True
    out = tuple(tuple(_RATES[generic[s], special[s][r]] for r in range(N_RESOURCES))
                for s in range(st.n))
    st._memo["rates"] = (node_owner, out)
    return out


def hex_owners(st: HexfolkState) -> tuple:
    """``[hex]`` -> sorted tuple of the seats with a settlement or city at that hex."""
    node_owner = st.node_owner
    hit = st._memo.get("hex_owners")
    if hit is not None and hit[0] is node_owner:
        return hit[1]
    topo = st.board.topo
    sets: list[set] = [set() for _ in range(topo.n_hexes)]
    node_hexes = topo.node_hexes
    for n, o in enumerate(node_owner):
        if o >= 0:
            for h in node_hexes[n]:
                sets[h].add(o)
    out = tuple(tuple(sorted(s)) for s in sets)
    st._memo["hex_owners"] = (node_owner, out)
    return out


def production_plan(st: HexfolkState) -> dict:
    """``{roll: (hexes, owed, entries)}``: what each building is owed when that number is
    rolled. ``entries`` = ``((hex, resource << 3 | seat, cards), ...)`` (2 cards for a city) in
    the order of ``board.production`` and of each hex's nodes, which orders the ``produced``
    event; ``owed`` = ``((resource << 3 | seat, cards), ...)`` summed over them in that order,
    right while the robber stands on none of ``hexes`` (a frozenset). Seats fit in 3 bits
    (``MAX_SEATS``)."""
    node_owner = st.node_owner
    node_city = st.node_city
    hit = st._memo.get("production")
    if hit is not None and hit[0][0] is node_owner and hit[0][1] is node_city:
        return hit[1]
    out = {}
    for roll, table in st.board.production.items():
        entries = tuple((h, r << 3 | node_owner[nd], 2 if node_city[nd] else 1)
                        for h, r, nodes in table for nd in nodes if node_owner[nd] >= 0)
        owed: dict = {}
        for _, key, x in entries:
            owed[key] = owed.get(key, 0) + x
        out[roll] = (frozenset(h for h, _, _ in table), tuple(owed.items()), entries)
    st._memo["production"] = ((node_owner, node_city), out)
    return out


def free_nodes(st: HexfolkState) -> tuple:
    """Sorted intersections the distance rule allows: empty, with every neighbour empty."""
    return _free(st)[0]


def _free(st: HexfolkState) -> tuple[tuple, frozenset]:
    """``free_nodes`` as a sorted tuple and as a set."""
    node_owner = st.node_owner
    hit = st._memo.get("free_nodes")
    if hit is not None and hit[0] is node_owner:
        return hit[1]
    topo = st.board.topo
    node_neighbors = topo.node_neighbors
    blocked = set()
    for n in range(topo.n_nodes):
        if node_owner[n] != -1:
            blocked.add(n)
            blocked.update(node_neighbors[n])
    free = frozenset(range(topo.n_nodes)) - blocked
    out = (tuple(sorted(free)), free)
    st._memo["free_nodes"] = (node_owner, out)
    return out


def _by_seat(st: HexfolkState, name: str, deps: tuple) -> dict:
    """The remembered ``{seat: value}`` of ``name`` for ``deps`` (a new empty one if the
    remembered one was computed from other lists)."""
    hit = st._memo.get(name)
    if hit is not None and hit[0] == deps:
        return hit[1]
    cache: dict = {}
    st._memo[name] = (deps, cache)
    return cache


def road_edges(st: HexfolkState, seat: int) -> tuple:
    """Sorted free edges where ``seat`` may build a road (after setup): touching one of its
    buildings, or one of its roads at an intersection not holding another player's building."""
    edge_owner = st.edge_owner
    node_owner = st.node_owner
    cache = _by_seat(st, "road_edges", (edge_owner, node_owner))
    out = cache.get(seat)
    if out is not None:
        return out
    topo = st.board.topo
    edge_nodes = topo.edge_nodes
    nodes = set(indexes(node_owner, seat))
    for e in indexes(edge_owner, seat):
        nodes.update(edge_nodes[e])
    edges = set()
    node_edge_ids = topo.node_edge_ids
    for n in nodes:
        o = node_owner[n]
        if o != -1 and o != seat:
            continue  # another player's building breaks the connection here
        for e in node_edge_ids[n]:
            if edge_owner[e] == -1:
                edges.add(e)
    out = tuple(sorted(edges))
    cache[seat] = out
    return out


def settlement_nodes(st: HexfolkState, seat: int) -> tuple:
    """Sorted intersections where ``seat`` may build a settlement after setup: the distance
    rule, and one of its own roads leading there."""
    edge_owner = st.edge_owner
    node_owner = st.node_owner
    cache = _by_seat(st, "settlement_nodes", (edge_owner, node_owner))
    out = cache.get(seat)
    if out is not None:
        return out
    edge_nodes = st.board.topo.edge_nodes
    cand: set[int] = set()
    for e in indexes(edge_owner, seat):
        cand.update(edge_nodes[e])
    free = _free(st)[1]
    out = tuple(n for n in sorted(cand) if n in free)
    cache[seat] = out
    return out


def city_nodes(st: HexfolkState, seat: int) -> tuple:
    """Sorted intersections holding ``seat``'s settlements (where a city may go)."""
    node_owner = st.node_owner
    node_city = st.node_city
    cache = _by_seat(st, "city_nodes", (node_owner, node_city))
    out = cache.get(seat)
    if out is not None:
        return out
    out = tuple(n for n in indexes(node_owner, seat) if not node_city[n])
    cache[seat] = out
    return out
