"""Islands: the map data files, their geometry, and random layouts (rules, "The board").

A map file (``maps/<slug>.json``) holds::

    {"slug": "standard", "name": "Standard island", "players": [2, 4],
     "hexes": [[q, r], ...],                      # land hexes, axial coordinates, pointy top
     "terrains": {"forest": 4, ..., "desert": 1}, # how many of each, shuffled over the hexes
     "numbers": [2, 3, 3, ...],                   # one token per producing hex, shuffled
     "harbors": [[q, r, side], ...],              # harbor places: a land hex's side facing sea
     "harbor_kinds": {"generic": 4, "lumber": 1, ...}}   # shuffled over the harbor places

Geometry: hex ``(q, r)`` has its centre at ``X = 2q + r, Y = 3r`` in half-width units, its six
corners at ``CORNERS`` from there (all whole numbers), and its side ``k`` joins corners ``k`` and
``k + 1`` and faces the neighbour ``SIDE_DIRS[k]``. Corners shared by hexes are one node; nodes are
numbered by ``(Y, X)`` and edges by their sorted node pair, so ids are stable for a map.
``Topology`` holds every adjacency table the rules need, computed once per map; ``Board`` adds a
layout (terrain, number and harbor kind per place) and its production table, cached per layout.
"""
from __future__ import annotations

import json
import os
import random
from functools import cache, lru_cache

from games.hexfolk.engine.rules import (
    DESERT,
    GENERIC_HARBOR,
    HARBOR_KINDS,
    N_RESOURCES,
    TERRAIN_INDEX,
    TERRAINS,
)

MAPS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "maps")
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
SIDE_DIRS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
RED_NUMBERS = (6, 8)  # "never places 6 and 8 directly next to each other" (any two reds)
DICE_NUMBERS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # ways to roll, of 36
LAYOUT_ATTEMPTS = 200  # random tries before the exhaustive search for red places


class MapError(ValueError):
    """A map file that is missing or breaks the map rules (see ``validate_map``)."""


class MapSpec:
    """One map file, parsed. Fields as in the module docstring (``hexes`` as tuples)."""

    __slots__ = ("slug", "name", "players", "hexes", "terrains", "numbers", "harbors", "harbor_kinds")

    def __init__(self, data: dict):
        self.slug = str(data["slug"])
        self.name = str(data["name"])
        self.players = (int(data["players"][0]), int(data["players"][1]))
        self.hexes = tuple((int(q), int(r)) for q, r in data["hexes"])
        self.terrains = {str(k): int(v) for k, v in data["terrains"].items()}
        self.numbers = tuple(int(n) for n in data["numbers"])
        self.harbors = tuple((int(q), int(r), int(s)) for q, r, s in data["harbors"])
        self.harbor_kinds = {str(k): int(v) for k, v in data["harbor_kinds"].items()}


@cache
def map_slugs() -> tuple[str, ...]:
    """Every map's slug, standard boards first, then by size."""
    specs = [load_map(f[:-5]) for f in os.listdir(MAPS_DIR) if f.endswith(".json")]
    specs.sort(key=lambda s: (not s.slug.startswith("standard"), len(s.hexes), s.slug))
    return tuple(s.slug for s in specs)


@cache
def load_map(slug: str) -> MapSpec:
    """The parsed map ``maps/<slug>.json``; raises ``MapError`` if there is none."""
    if not isinstance(slug, str) or not slug.replace("-", "").isalnum():
        raise MapError(f"no map {slug!r}")
    path = os.path.join(MAPS_DIR, f"{slug}.json")
    try:
        with open(path, encoding="utf-8") as fh:
            return MapSpec(json.load(fh))
    except FileNotFoundError:
        raise MapError(f"no map {slug!r}") from None


class Topology:
    """Adjacency of one map (no layout): every table is a tuple indexed by hex, node or edge.

    - ``hex_coords[h] = (q, r)``; ``hex_nodes[h]`` its 6 nodes clockwise from the top;
      ``hex_neighbors[h]`` adjacent land hexes.
    - ``node_xy[n] = (X, Y)``; ``node_hexes[n]`` land hexes at the node; ``node_neighbors[n]``
      adjacent nodes; ``node_edges[n]`` pairs ``(edge, other node)``.
    - ``edge_nodes[e] = (a, b)`` with ``a < b``; ``edge_index[(a, b)] = e``.
    - ``coast_sides``: set of ``(hex, side)`` facing the sea; ``harbor_nodes[i]`` the two nodes
      of harbor place ``i``.
    """

    def __init__(self, spec: MapSpec):
        self.slug = spec.slug
        coords = spec.hexes
        self.hex_coords = coords
        index = {c: i for i, c in enumerate(coords)}
        corner_points = set()
        for q, r in coords:
            x, y = 2 * q + r, 3 * r
            for dx, dy in CORNERS:
                corner_points.add((x + dx, y + dy))
        ordered = sorted(corner_points, key=lambda p: (p[1], p[0]))
        node_of = {p: i for i, p in enumerate(ordered)}
        self.node_xy = tuple(ordered)
        hex_nodes = []
        pairs = set()
        for q, r in coords:
            x, y = 2 * q + r, 3 * r
            ring = [node_of[(x + dx, y + dy)] for dx, dy in CORNERS]
            hex_nodes.append(tuple(ring))
            for k in range(6):
                a, b = ring[k], ring[(k + 1) % 6]
                pairs.add((min(a, b), max(a, b)))
        self.hex_nodes = tuple(hex_nodes)
        self.edge_nodes = tuple(sorted(pairs))
        self.edge_index = {p: e for e, p in enumerate(self.edge_nodes)}
        n_nodes = len(ordered)
        node_hexes: list[list[int]] = [[] for _ in range(n_nodes)]
        for h, corners in enumerate(self.hex_nodes):
            for n in corners:
                node_hexes[n].append(h)
        self.node_hexes = tuple(tuple(x) for x in node_hexes)
        node_edges: list[list[tuple[int, int]]] = [[] for _ in range(n_nodes)]
        for e, (a, b) in enumerate(self.edge_nodes):
            node_edges[a].append((e, b))
            node_edges[b].append((e, a))
        self.node_edges = tuple(tuple(x) for x in node_edges)
        self.node_neighbors = tuple(tuple(o for _, o in x) for x in node_edges)
        self.node_edge_ids = tuple(tuple(e for e, _ in x) for x in node_edges)
        self.hex_neighbors = tuple(
            tuple(index[(q + dq, r + dr)] for dq, dr in SIDE_DIRS if (q + dq, r + dr) in index)
            for q, r in coords
        )
        self.coast_sides = frozenset(
            (h, k) for h, (q, r) in enumerate(coords) for k, (dq, dr) in enumerate(SIDE_DIRS)
            if (q + dq, r + dr) not in index
        )
        harbor_nodes = []
        for q, r, side in spec.harbors:
            land = self.hex_nodes[index[(q, r)]] if (q, r) in index else None
            if land is None or not 0 <= side < 6:
                raise MapError(f"{spec.slug}: harbor place {[q, r, side]} is not a side of a land hex")
            harbor_nodes.append((land[side], land[(side + 1) % 6]))
        self.harbor_hex_sides = tuple((index.get((q, r), -1), s) for q, r, s in spec.harbors)
        self.harbor_nodes = tuple(harbor_nodes)
        self.n_hexes = len(coords)
        self.n_nodes = n_nodes
        self.n_edges = len(self.edge_nodes)


@cache
def topology(slug: str) -> Topology:
    """The ``Topology`` of map ``slug`` (computed once)."""
    return Topology(load_map(slug))


class Board:
    """A map with a layout: ``Topology`` plus terrain, number and harbor kind per place.

    Derived tables: ``production[roll]`` = tuple of ``(hex, resource, nodes)`` for every hex
    with that number; ``node_harbor[n]`` = harbor kind at node ``n`` (-1 none; ``GENERIC_HARBOR``
    or a resource index); ``deserts`` = desert hexes; ``node_pips[n]`` = summed pips of the
    producing hexes at ``n`` (for bots and timeouts).
    """

    def __init__(self, slug: str, hex_terrain: tuple, hex_number: tuple, harbor_kind: tuple):
        self.topo = topo = topology(slug)
        self.hex_terrain = hex_terrain
        self.hex_number = hex_number
        self.harbor_kind = harbor_kind
        production: dict[int, list] = {n: [] for n in range(2, 13)}
        for h in range(topo.n_hexes):
            if hex_terrain[h] != DESERT and hex_number[h]:
                production[hex_number[h]].append((h, hex_terrain[h], topo.hex_nodes[h]))
        self.production = {n: tuple(v) for n, v in production.items()}
        node_harbor = [-1] * topo.n_nodes
        for (a, b), kind in zip(topo.harbor_nodes, harbor_kind, strict=True):
            node_harbor[a] = kind
            node_harbor[b] = kind
        self.node_harbor = tuple(node_harbor)
        self.harbor_node_list = tuple(n for n, k in enumerate(node_harbor) if k >= 0)
        self.deserts = tuple(h for h in range(topo.n_hexes) if hex_terrain[h] == DESERT)
        self.node_pips = tuple(
            sum(PIPS.get(hex_number[h], 0) for h in topo.node_hexes[n] if hex_terrain[h] != DESERT)
            for n in range(topo.n_nodes)
        )


@lru_cache(maxsize=256)
def board(slug: str, hex_terrain: tuple, hex_number: tuple, harbor_kind: tuple) -> Board:
    """The cached ``Board`` of a map and layout."""
    return Board(slug, hex_terrain, hex_number, harbor_kind)


def reds_apart(topo: Topology, hex_number) -> bool:
    """True when no two red numbers (6 or 8) lie on adjacent hexes."""
    for h, number in enumerate(hex_number):
        if number in RED_NUMBERS:
            for o in topo.hex_neighbors[h]:
                if hex_number[o] in RED_NUMBERS:
                    return False
    return True


def _red_places(topo: Topology, producing: list[int], reds: int, rng: random.Random) -> list[int] | None:
    """``reds`` pairwise non-adjacent hexes from ``producing``: random greedy tries, then an
    exhaustive search; None if there are none."""
    for _ in range(LAYOUT_ATTEMPTS):
        order = producing[:]
        rng.shuffle(order)
        chosen: list[int] = []
        blocked: set[int] = set()
        for h in order:
            if h not in blocked:
                chosen.append(h)
                blocked.add(h)
                blocked.update(topo.hex_neighbors[h])
                if len(chosen) == reds:
                    return chosen
    return _red_search(topo, sorted(producing), reds)


def _red_search(topo: Topology, producing: list[int], reds: int) -> list[int] | None:
    chosen: list[int] = []

    def search(start: int) -> bool:
        if len(chosen) == reds:
            return True
        for i in range(start, len(producing)):
            h = producing[i]
            if all(o not in chosen for o in topo.hex_neighbors[h]):
                chosen.append(h)
                if search(i + 1):
                    return True
                chosen.pop()
        return False

    return chosen if search(0) else None


def random_layout(slug: str, rng: random.Random) -> tuple[tuple, tuple, tuple]:
    """A layout for map ``slug`` drawn with ``rng``: ``(hex_terrain, hex_number, harbor_kind)``.

    Terrains and harbor kinds are shuffled over their places; the red numbers go to pairwise
    non-adjacent producing hexes, the other numbers to the rest at random (interpretation:
    "a red number (6 or 8) is never adjacent to another red number"). Deserts get number 0.
    Raises ``MapError`` if no terrain shuffle lets the reds stand apart.
    """
    spec = load_map(slug)
    topo = topology(slug)
    terrains = [TERRAIN_INDEX[t] for t in TERRAINS for _ in range(spec.terrains.get(t, 0))]
    kinds = [HARBOR_KINDS.index(k) for k in HARBOR_KINDS for _ in range(spec.harbor_kinds.get(k, 0))]
    rng.shuffle(kinds)
    red_tokens = [n for n in spec.numbers if n in RED_NUMBERS]
    other_tokens = [n for n in spec.numbers if n not in RED_NUMBERS]
    for _ in range(LAYOUT_ATTEMPTS):
        rng.shuffle(terrains)
        producing = [h for h in range(topo.n_hexes) if terrains[h] != DESERT]
        reds = _red_places(topo, producing, len(red_tokens), rng)
        if reds is None:
            continue
        numbers = [0] * topo.n_hexes
        rng.shuffle(red_tokens)
        for h, n in zip(reds, red_tokens, strict=True):
            numbers[h] = n
        rest = [h for h in producing if not numbers[h]]
        rng.shuffle(other_tokens)
        for h, n in zip(rest, other_tokens, strict=True):
            numbers[h] = n
        return tuple(terrains), tuple(numbers), tuple(kinds)
    raise MapError(f"{slug}: the red numbers cannot be kept apart")


def validate_map(spec: MapSpec) -> list[str]:
    """Every way ``spec`` breaks the map rules (empty when valid): land connected, no duplicate
    hex, terrain counts equal to the hex count with at least one desert, one number token 2-12
    (no 7) per producing hex, harbor places on distinct coast sides sharing no node, harbor
    kinds one per place, and a layout that keeps the reds apart exists."""
    problems = []
    if len(set(spec.hexes)) != len(spec.hexes):
        problems.append("duplicate hexes")
    topo = topology(spec.slug)
    seen = {0}
    todo = [0]
    while todo:
        for o in topo.hex_neighbors[todo.pop()]:
            if o not in seen:
                seen.add(o)
                todo.append(o)
    if len(seen) != topo.n_hexes:
        problems.append("land is not connected")
    if set(spec.terrains) - set(TERRAINS):
        problems.append("unknown terrain")
    if sum(spec.terrains.values()) != topo.n_hexes:
        problems.append("terrain counts do not match the hexes")
    if spec.terrains.get("desert", 0) < 1:
        problems.append("no desert for the robber to start on")
    producing = topo.n_hexes - spec.terrains.get("desert", 0)
    if len(spec.numbers) != producing:
        problems.append("number tokens do not match the producing hexes")
    if any(n not in DICE_NUMBERS for n in spec.numbers):
        problems.append("a number token outside 2-12 or a 7")
    sides = topo.harbor_hex_sides
    if len(set(sides)) != len(sides) or any(s not in topo.coast_sides for s in sides):
        problems.append("a harbor place is not a distinct coast side")
    nodes = [n for pair in topo.harbor_nodes for n in pair]
    if len(set(nodes)) != len(nodes):
        problems.append("two harbor places share a node")
    if set(spec.harbor_kinds) - set(HARBOR_KINDS) or sum(spec.harbor_kinds.values()) != len(sides):
        problems.append("harbor kinds do not match the harbor places")
    if not problems:
        try:
            _, numbers, _ = random_layout(spec.slug, random.Random(0))
        except MapError:
            problems.append("the red numbers cannot be kept apart")
        else:
            if not reds_apart(topo, numbers):
                problems.append("layout breaks the red-number rule")
    return problems


def resource_of(terrain: int) -> int:
    """The resource index a terrain produces (``-1`` for the desert)."""
    return terrain if terrain < N_RESOURCES else -1


__all__ = ["GENERIC_HARBOR", "Board", "MapError", "MapSpec", "Topology", "board", "load_map",
           "map_slugs", "random_layout", "reds_apart", "topology", "validate_map", "resource_of"]
