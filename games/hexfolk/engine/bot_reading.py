"""What the strong bot reads from a seat's view: its tuning, the board geometry rebuilt from
``view["board"]`` (cached per layout), goals, and one decision's ``Reading`` (bot_strong.py).
"""
from __future__ import annotations

from games.hexfolk.engine.board import CORNERS, PIPS
from games.hexfolk.engine.rules import (
    BANK_RATE,
    CITY_COST,
    DEV_CARD_COST,
    GENERIC_HARBOR,
    HARBOR_KINDS,
    LARGEST_ARMY_MIN,
    N_RESOURCES,
    RESOURCE_INDEX,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    TERRAIN_INDEX,
)

# ------------------------------------------------------------------ tuning
# Base worth of one pip of each resource (lumber, brick, wool, grain, ore): wool has the
# fewest uses (settlement and development card only).
RESOURCE_WEIGHT = (1.0, 1.0, 0.8, 1.05, 1.0)
SCARCITY_BOUNDS = (0.75, 1.4)  # clamp of (mean board pips / this resource's board pips) ** 0.5
NEW_RESOURCE_FACTOR = 1.5  # a resource the seat does not produce yet counts this much more
SETUP_DIVERSITY_BONUS = 1.0  # setup: per resource of the spot the seat does not produce yet
GENERIC_HARBOR_BONUS = 1.5  # spot value of a 3:1 harbor
SPECIAL_HARBOR_PER_PIP = 0.35  # spot value of a 2:1 harbor per pip of that resource produced
SETUP_LOOKAHEAD_SHARE = 0.35  # setup road: share of the best spot two roads on
MAX_ROAD_DEPTH = 4  # roads the bot plans toward a settlement spot
ROAD_STEP_PENALTY = 2.5  # spot value lost per road needed to reach it
SPOT_CANDIDATES = 4  # best spots weighed as settlement goals (and the best one needing no road)
PROD_VALUE = 0.08  # goal value per pip of spot value added
DEV_VALUE = 0.8  # goal value of a development card
ARMY_DEV_BONUS = 0.4  # ... more when knights could soon win Largest Army
WIN_BONUS = 10.0  # goal value added when the goal's points reach the target
EPS_INCOME = 0.05  # cards per round credited to a resource nobody produces
GOAL_WEIGHTS = (1.0, 0.5, 0.25)  # hand utility weights of the best three goals
COMPLETE_BONUS = 0.5  # hand utility of a goal the hand can pay in full
CARD_VALUE = 0.03  # hand utility of any card
MIN_GAIN = 0.01  # smallest utility gain that makes a trade worth it
NEAR_WIN_MARGIN = 2  # no trade with a player this close to the target (visible points)
OFFER_CHANCE = 0.5  # chance to post an offer when one would help (a fresh bot has no memory)
MAX_OFFERS_PER_TURN = 2  # offers one bot instance posts in one turn
OFFER_MAX_MISSING = 2  # offer only when the goal misses at most this many cards
KNIGHT_BLOCK_MIN = 3  # play a knight before the roll when the robber blocks this many pips
MONOPOLY_MIN_TAKE = 3.0  # expected cards a monopoly must bring (unless it completes a goal)
MONOPOLY_NEED_FACTOR = 1.5  # monopoly worth per expected card of a resource the best goal misses
MONOPOLY_COMPLETE_BONUS = 5.0  # monopoly worth when the expected take completes a goal
OWN_HEX_PENALTY = 10.0  # robber score per pip of its own production blocked
STEAL_VALUE = 2.0  # robber score of robbing someone
CITY = "city"
SETTLEMENT = "settlement"
DEV = "dev"


# ------------------------------------------------------------------ geometry from the view
class Geometry:
    """Adjacency and production of one board, from ``view["board"]`` (see view.py): node and
    edge ids as in the view; ``node_prod[n]`` pips per resource at intersection ``n``;
    ``node_harbor[n]`` harbor kind index (``GENERIC_HARBOR`` or a resource) or -1."""

    def __init__(self, vb: dict):
        nodes = vb["nodes"]
        self.n_nodes = len(nodes)
        xy = {(p[0], p[1]): i for i, p in enumerate(nodes)}
        self.edge_nodes = tuple((min(a, b), max(a, b)) for a, b in vb["edges"])
        self.edge_index = {p: e for e, p in enumerate(self.edge_nodes)}
        node_edges: list[list[tuple[int, int]]] = [[] for _ in range(self.n_nodes)]
        for e, (a, b) in enumerate(self.edge_nodes):
            node_edges[a].append((e, b))
            node_edges[b].append((e, a))
        self.node_edges = tuple(tuple(x) for x in node_edges)
        self.node_neighbors = tuple(tuple(o for _, o in x) for x in node_edges)
        hexes = sorted(vb["hexes"], key=lambda h: h["hex"])
        self.n_hexes = len(hexes)
        hex_nodes, hex_res, hex_pips = [], [], []
        node_hexes: list[list[int]] = [[] for _ in range(self.n_nodes)]
        for hx in hexes:
            x, y = 2 * hx["q"] + hx["r"], 3 * hx["r"]
            ring = tuple(xy[(x + dx, y + dy)] for dx, dy in CORNERS)
            hex_nodes.append(ring)
            for n in ring:
                node_hexes[n].append(hx["hex"])
            t = TERRAIN_INDEX[hx["terrain"]]
            producing = t < N_RESOURCES
            hex_res.append(t if producing else -1)
            hex_pips.append(PIPS.get(hx["number"] or 0, 0) if producing else 0)
        self.hex_nodes = tuple(hex_nodes)
        self.hex_res = tuple(hex_res)
        self.hex_pips = tuple(hex_pips)
        self.node_hexes = tuple(tuple(x) for x in node_hexes)
        prod = []
        for n in range(self.n_nodes):
            p = [0] * N_RESOURCES
            for h in self.node_hexes[n]:
                if hex_res[h] >= 0:
                    p[hex_res[h]] += hex_pips[h]
            prod.append(tuple(p))
        self.node_prod = tuple(prod)
        harbor = [-1] * self.n_nodes
        for hb in vb["harbors"]:
            for n in hb["nodes"]:
                harbor[n] = HARBOR_KINDS.index(hb["kind"])
        self.node_harbor = tuple(harbor)
        totals = [0] * N_RESOURCES
        for h, r in enumerate(hex_res):
            if r >= 0:
                totals[r] += hex_pips[h]
        mean = sum(totals) / N_RESOURCES or 1.0
        low, high = SCARCITY_BOUNDS
        self.weight = tuple(RESOURCE_WEIGHT[r] * min(high, max(low, (mean / max(totals[r], 1)) ** 0.5))
                            for r in range(N_RESOURCES))


_GEOMETRY: dict[tuple, Geometry] = {}
GEOMETRY_CACHE_SIZE = 64


def geometry(view: dict) -> Geometry:
    """The cached ``Geometry`` of the view's map and layout."""
    vb = view["board"]
    key = (view["map"]["slug"], tuple((h["hex"], h["terrain"], h["number"]) for h in vb["hexes"]),
           tuple((hb["kind"], *hb["nodes"]) for hb in vb["harbors"]))
    geo = _GEOMETRY.get(key)
    if geo is None:
        if len(_GEOMETRY) >= GEOMETRY_CACHE_SIZE:
            _GEOMETRY.clear()
        geo = _GEOMETRY[key] = Geometry(vb)
    return geo


def vec(cards: dict | None) -> list[int]:
    """``{"ore": 2}`` as a 5-count list."""
    out = [0] * N_RESOURCES
    for name, c in (cards or {}).items():
        out[RESOURCE_INDEX[name]] += c
    return out


def cards_of(vec) -> dict:
    return {RESOURCES[r]: c for r, c in enumerate(vec) if c}


def covers(hand, cost) -> bool:
    return all(hand[r] >= cost[r] for r in range(N_RESOURCES))


class Goal:
    """Something to save for: ``kind`` (city, settlement, dev), total ``cost`` (a settlement's
    includes its roads), ``value``, ``node`` (city or settlement place), ``edge`` (the first
    road toward a settlement spot, or None), ``roads`` needed, and ``score``."""

    __slots__ = ("kind", "cost", "value", "node", "edge", "roads", "score")

    def __init__(self, kind, cost, value, node=None, edge=None, roads=0):
        self.kind, self.cost, self.value = kind, tuple(cost), value
        self.node, self.edge, self.roads = node, edge, roads
        self.score = 0.0


# ------------------------------------------------------------------ one decision's reading
class Reading:
    """The seat's position read from the view: owners, its hand, income and goals."""

    def __init__(self, view: dict):
        self.view = view
        geo = self.geo = geometry(view)
        self.me = me = view["viewer"]
        self.players = view["players"]
        self.n = len(self.players)
        self.target = view["victory_points_target"]
        self.points = view.get("points", self.players[me]["visible_points"])
        self.hand = vec(view.get("hand"))
        owner = [-1] * geo.n_nodes
        city = [0] * geo.n_nodes
        for b in view["buildings"]:
            owner[b["node"]] = b["seat"]
            city[b["node"]] = 1 if b["kind"] == "city" else 0
        self.owner, self.city = owner, city
        edge_owner = [-1] * len(geo.edge_nodes)
        for road in view["roads"]:
            a, b = road["edge"]
            edge_owner[geo.edge_index[(min(a, b), max(a, b))]] = road["seat"]
        self.edge_owner = edge_owner
        self.robber = view["robber"]
        rates = view.get("trade_rates") or {}
        self.rate = [min(rates.get(name) or [BANK_RATE]) for name in RESOURCES]
        self.bank = vec(view["bank"])
        self.discard_limit = view["options"].get("discard_limit", 7)
        self.prod = self.production(me)
        per_round = self.n / 36.0
        self.income = [p * per_round for p in self.prod]
        self._goals: list[Goal] | None = None
        self._spots: list | None = None

    # -------------------------------------------------------------- board reads
    def production(self, seat: int) -> list[int]:
        """Pips per resource of ``seat``'s buildings (cities twice), the robber's hex left out."""
        geo = self.geo
        out = [0] * N_RESOURCES
        for n, o in enumerate(self.owner):
            if o == seat:
                mult = 2 if self.city[n] else 1
                for h in geo.node_hexes[n]:
                    r = geo.hex_res[h]
                    if r >= 0 and h != self.robber:
                        out[r] += geo.hex_pips[h] * mult
        return out

    def distance_ok(self, node: int) -> bool:
        owner = self.owner
        return owner[node] == -1 and all(owner[o] == -1 for o in self.geo.node_neighbors[node])

    def spot_value(self, node: int, prod, setup: bool = False) -> float:
        """Worth of a settlement on ``node`` to a seat producing ``prod`` pips per resource."""
        geo = self.geo
        p = geo.node_prod[node]
        v = 0.0
        for r in range(N_RESOURCES):
            if p[r]:
                w = geo.weight[r]
                if not prod[r]:
                    w *= NEW_RESOURCE_FACTOR
                    if setup:
                        v += SETUP_DIVERSITY_BONUS
                v += p[r] * w
        kind = geo.node_harbor[node]
        if kind == GENERIC_HARBOR:
            v += GENERIC_HARBOR_BONUS
        elif kind >= 0:
            v += SPECIAL_HARBOR_PER_PIP * (prod[kind] + p[kind])
        return v

    def weighted_pips(self, node: int) -> float:
        geo = self.geo
        return sum(p * geo.weight[r] for r, p in enumerate(geo.node_prod[node]))

    def threat(self, seat: int) -> float:
        """How much hurting ``seat`` is worth: more the closer it is to the target."""
        p = self.players[seat]
        return 1.0 + 2.0 * p["visible_points"] / self.target + 0.05 * p["resource_count"]

    def near_win(self, seat: int) -> bool:
        return self.players[seat]["visible_points"] >= self.target - NEAR_WIN_MARGIN

    # -------------------------------------------------------------- settlement spots
    def spots(self) -> list[tuple[float, int, int, int | None]]:
        """Settlement spots the seat's roads can reach within ``MAX_ROAD_DEPTH`` new roads, best
        first: ``(score, node, roads needed, first road edge or None)``."""
        if self._spots is not None:
            return self._spots
        geo, owner, edge_owner, me = self.geo, self.owner, self.edge_owner, self.me
        dist: dict[int, int] = {}
        first: dict[int, int | None] = {}
        on_road: set[int] = set()
        for e, o in enumerate(edge_owner):
            if o == me:
                on_road.update(geo.edge_nodes[e])
        layer = []
        for n in on_road | {n for n, o in enumerate(owner) if o == me}:
            if owner[n] in (-1, me):  # another player's building cuts the network there
                dist[n] = 0
                first[n] = None
                layer.append(n)
        depth = 0
        while layer and depth < MAX_ROAD_DEPTH:
            depth += 1
            nxt = []
            for u in layer:
                for e, v in geo.node_edges[u]:
                    if edge_owner[e] == -1 and v not in dist:
                        dist[v] = depth
                        first[v] = first[u] if first[u] is not None else e
                        if owner[v] == -1:
                            nxt.append(v)
            layer = nxt
        out = []
        for v, d in dist.items():
            if (d or v in on_road) and self.distance_ok(v):
                score = self.spot_value(v, self.prod) - ROAD_STEP_PENALTY * d
                out.append((score, v, d, first[v]))
        out.sort(key=lambda s: (-s[0], s[1]))
        self._spots = out
        return out

    # -------------------------------------------------------------- goals
    def eta(self, cost) -> float:
        """Rough rounds until the hand pays ``cost``: trades of today's surplus cover the
        slowest missing cards, the rest arrive at the seat's income (plus bank trades of its
        other income)."""
        hand, income = self.hand, self.income
        missing = [max(0, cost[r] - hand[r]) for r in range(N_RESOURCES)]
        if not any(missing):
            return 0.0
        trades = sum(max(0, hand[r] - cost[r]) // self.rate[r] for r in range(N_RESOURCES))
        for r in sorted(range(N_RESOURCES), key=lambda i: income[i]):
            take = min(trades, missing[r])
            missing[r] -= take
            trades -= take
        total = sum(income)
        best_rate = min(self.rate)
        out = 0.0
        for r in range(N_RESOURCES):
            if missing[r]:
                out += missing[r] / (income[r] + (total - income[r]) / best_rate + EPS_INCOME)
        return out

    def goals(self) -> list[Goal]:
        """The seat's goals, best score first (see the module docstring)."""
        if self._goals is not None:
            return self._goals
        me_p = self.players[self.me]
        out = []
        to_win = self.target - self.points
        if me_p["settlements_left"]:
            spots = self.spots()
            near = [s for s in spots if s[2] == 0][:1]
            best = None
            for score, node, d, edge in spots[:SPOT_CANDIDATES] + near:
                if d <= me_p["roads_left"]:
                    cost = [SETTLEMENT_COST[r] + d * ROAD_COST[r] for r in range(N_RESOURCES)]
                    value = 1.0 + PROD_VALUE * max(score + ROAD_STEP_PENALTY * d, 0.0)
                    goal = Goal(SETTLEMENT, cost, value, node, edge, d)
                    goal.score = value / (1.0 + self.eta(cost))
                    if best is None or goal.score > best.score:
                        best = goal
            if best is not None:
                out.append(best)
        if me_p["cities_left"]:
            mine = [n for n, o in enumerate(self.owner) if o == self.me and not self.city[n]]
            if mine:
                node = max(mine, key=lambda n: (self.weighted_pips(n), -n))
                out.append(Goal(CITY, CITY_COST, 1.0 + PROD_VALUE * self.weighted_pips(node), node))
        if self.view["dev_cards_left"]:
            value = DEV_VALUE
            knights = me_p["knights_played"] + self.view.get("dev_cards", {}).get("knight", 0)
            best_other = max((p["knights_played"] for p in self.players if p["seat"] != self.me),
                             default=0)
            if not me_p["largest_army"] and knights + 1 >= max(LARGEST_ARMY_MIN - 1, best_other):
                value += ARMY_DEV_BONUS
            out.append(Goal(DEV, DEV_CARD_COST, value))
        for g in out:
            if g.kind in (CITY, SETTLEMENT) and to_win <= 1:
                g.value += WIN_BONUS
            g.score = g.value / (1.0 + self.eta(g.cost))
        out.sort(key=lambda g: -g.score)
        self._goals = out
        return out

    def utility(self, hand) -> float:
        """Hand utility: weighted progress toward the best goals plus a little per card."""
        u = CARD_VALUE * sum(hand)
        for w, g in zip(GOAL_WEIGHTS, self.goals(), strict=False):
            cost = g.cost
            total = sum(cost)
            have = sum(min(hand[r], cost[r]) for r in range(N_RESOURCES))
            u += w * (have / total + (COMPLETE_BONUS if have == total else 0.0))
        return u

    def gain(self, receive, pay) -> float:
        """Utility gained by receiving ``receive`` and paying ``pay`` (5-count lists)."""
        hand = self.hand
        after = [hand[r] + receive[r] - pay[r] for r in range(N_RESOURCES)]
        if min(after) < 0:
            return float("-inf")
        return self.utility(after) - self.utility(hand)

    def trade_gain(self, receive, pay) -> float:
        """``gain`` of a trade with a player, or -inf when it leaves the best goal missing more
        cards than now: a trade must not take the next build further away."""
        goals = self.goals()
        if goals:
            cost, hand = goals[0].cost, self.hand
            before = sum(max(0, cost[r] - hand[r]) for r in range(N_RESOURCES))
            after = sum(max(0, cost[r] - hand[r] - receive[r] + pay[r]) for r in range(N_RESOURCES))
            if after > before:
                return float("-inf")
        return self.gain(receive, pay)


