"""The strong Hexfolk bot (kind ``"strong"``): a hand-crafted value function over the seat's
view, no search. It reads only ``view`` and ``legal`` (protocol: "Bots decide from their
seat's view"); the board geometry is rebuilt from ``view["board"]`` and cached per layout.

How it decides (issue 3, point 5):

- Placement (setup): intersections by pip-weighted production (each resource weighted by how
  scarce it is on this board), a bonus per resource the seat does not produce yet, and harbor
  bonuses; the setup road points at the best spot two roads away.
- Plan: goals are a city on its best settlement, a settlement on the best spot its roads can
  reach (with the roads to it) and a development card, each scored ``value / (1 + rounds to
  afford)``: value is points plus added production, rounds come from its income per resource
  and the surplus it could trade now. Cities and settlements are built as soon as affordable;
  other steps (a road toward the spot, a development card) only when they leave the cards the
  best goal needs, or when the hand is over the discard limit.
- Trade: bank and harbor trades at the best rate only when they complete a goal this turn (or
  the hand is over the discard limit); 1-for-1 offers to players for a card it misses; answers
  by a hand utility (progress toward its goals plus a little per card): it accepts an offer that
  raises it without leaving its best goal missing more cards, counters with a spare card for
  one it misses, and refuses anything to a player within ``NEAR_WIN_MARGIN`` visible points of
  the target (as the offering player it confirms the best answer by the same measure).
- Robber: on the hex blocking the most opponent production, weighted by the owners' points,
  never on its own buildings; robs the leader.
- Discard: drops, one card at a time, the card whose loss lowers the hand utility least.
- Development cards: a knight before the roll when the robber sits on its production, else one
  card per turn: year of plenty or monopoly when they complete a goal, road building toward a
  spot, knights for the robber and Largest Army.
"""
from __future__ import annotations

import random

from games.hexfolk.engine.board import CORNERS, PIPS
from games.hexfolk.engine.longest_road import road_length
from games.hexfolk.engine.rules import (
    BANK_RATE,
    CITY_COST,
    DEV_CARD_COST,
    GENERIC_HARBOR,
    HARBOR_KINDS,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    N_RESOURCES,
    RESOURCE_INDEX,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    TERRAIN_INDEX,
)
from games.protocol import Action

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
class _Geometry:
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


_GEOMETRY: dict[tuple, _Geometry] = {}
_GEOMETRY_CACHE_SIZE = 64


def _geometry(view: dict) -> _Geometry:
    """The cached ``_Geometry`` of the view's map and layout."""
    vb = view["board"]
    key = (view["map"]["slug"], tuple((h["hex"], h["terrain"], h["number"]) for h in vb["hexes"]),
           tuple((hb["kind"], *hb["nodes"]) for hb in vb["harbors"]))
    geo = _GEOMETRY.get(key)
    if geo is None:
        if len(_GEOMETRY) >= _GEOMETRY_CACHE_SIZE:
            _GEOMETRY.clear()
        geo = _GEOMETRY[key] = _Geometry(vb)
    return geo


def _vec(cards: dict | None) -> list[int]:
    """``{"ore": 2}`` as a 5-count list."""
    out = [0] * N_RESOURCES
    for name, c in (cards or {}).items():
        out[RESOURCE_INDEX[name]] += c
    return out


def _cards(vec) -> dict:
    return {RESOURCES[r]: c for r, c in enumerate(vec) if c}


def _covers(hand, cost) -> bool:
    return all(hand[r] >= cost[r] for r in range(N_RESOURCES))


class _Goal:
    """Something to save for: ``kind`` (city, settlement, dev), total ``cost`` (a settlement's
    includes its roads), ``value``, ``node`` (city or settlement place), ``edge`` (the first
    road toward a settlement spot, or None), ``roads`` needed, and ``score``."""

    __slots__ = ("kind", "cost", "value", "node", "edge", "roads", "score")

    def __init__(self, kind, cost, value, node=None, edge=None, roads=0):
        self.kind, self.cost, self.value = kind, tuple(cost), value
        self.node, self.edge, self.roads = node, edge, roads
        self.score = 0.0


# ------------------------------------------------------------------ one decision's reading
class _Reading:
    """The seat's position read from the view: owners, its hand, income and goals."""

    def __init__(self, view: dict):
        self.view = view
        geo = self.geo = _geometry(view)
        self.me = me = view["viewer"]
        self.players = view["players"]
        self.n = len(self.players)
        self.target = view["victory_points_target"]
        self.points = view.get("points", self.players[me]["visible_points"])
        self.hand = _vec(view.get("hand"))
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
        self.bank = _vec(view["bank"])
        self.discard_limit = view["options"].get("discard_limit", 7)
        self.prod = self.production(me)
        per_round = self.n / 36.0
        self.income = [p * per_round for p in self.prod]
        self._goals: list[_Goal] | None = None
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
        on_road = set()
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

    def goals(self) -> list[_Goal]:
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
                    goal = _Goal(SETTLEMENT, cost, value, node, edge, d)
                    goal.score = value / (1.0 + self.eta(cost))
                    if best is None or goal.score > best.score:
                        best = goal
            if best is not None:
                out.append(best)
        if me_p["cities_left"]:
            mine = [n for n, o in enumerate(self.owner) if o == self.me and not self.city[n]]
            if mine:
                node = max(mine, key=lambda n: (self.weighted_pips(n), -n))
                out.append(_Goal(CITY, CITY_COST, 1.0 + PROD_VALUE * self.weighted_pips(node), node))
        if self.view["dev_cards_left"]:
            value = DEV_VALUE
            knights = me_p["knights_played"] + self.view.get("dev_cards", {}).get("knight", 0)
            best_other = max((p["knights_played"] for p in self.players if p["seat"] != self.me),
                             default=0)
            if not me_p["largest_army"] and knights + 1 >= max(LARGEST_ARMY_MIN - 1, best_other):
                value += ARMY_DEV_BONUS
            out.append(_Goal(DEV, DEV_CARD_COST, value))
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


# ------------------------------------------------------------------ the bot
class StrongBot:
    """Plans builds, places the robber, discards, plays development cards and trades from the
    seat's view (see the module docstring). Keeps one piece of memory: how many offers it
    posted this turn (a fresh instance limits them by chance instead)."""

    name = "strong"

    def __init__(self):
        self._offers: dict[tuple[int, int], int] = {}

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action | None:
        """One legal action (a filled-in template for discards, offers and counters), or None
        while waiting for answers to its own offer; raises ``ValueError`` if ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1 and legal[0]["type"] not in ("discard", "offer_trade", "counter_trade"):
            return legal[0]
        phase = view["phase"]
        g = _Reading(view)
        if phase == "setup_settlement":
            return self._setup_settlement(g, legal)
        if phase == "setup_road":
            return self._setup_road(g, legal)
        if phase == "discard":
            return self._discard(g, legal[0])
        if phase == "robber":
            return self._robber(g, legal)
        if phase == "road_building":
            return self._free_road(g, legal)
        if phase == "trade":
            if view["trade"]["seat"] == g.me:
                return self._settle_trade(g, legal)
            return self._answer(g, legal)
        if phase == "pre_roll":
            return self._pre_roll(g, legal)
        if phase == "special_build":
            return self._build(g, _by_type(legal)) or {"type": "pass"}
        return self._main(g, legal, rng)

    # -------------------------------------------------------------- setup
    def _setup_settlement(self, g: _Reading, legal: list[Action]) -> Action:
        prod = [0] * N_RESOURCES
        geo = g.geo
        for n, o in enumerate(g.owner):
            if o == g.me:
                for r in range(N_RESOURCES):
                    prod[r] += geo.node_prod[n][r]
        return max(legal, key=lambda a: (g.spot_value(a["node"], prod, setup=True), -a["node"]))

    def _setup_road(self, g: _Reading, legal: list[Action]) -> Action:
        geo = g.geo
        start = g.view["setup_node"]
        prod = g.prod

        def worth(action: Action) -> float:
            a, b = action["edge"]
            other = b if a == start else a
            best = 0.0
            for w in geo.node_neighbors[other]:
                if w == start:
                    continue
                if g.distance_ok(w):
                    best = max(best, g.spot_value(w, prod))
                for x in geo.node_neighbors[w]:
                    if x != other and g.distance_ok(x):
                        best = max(best, SETUP_LOOKAHEAD_SHARE * g.spot_value(x, prod))
            return best

        return max(legal, key=lambda a: (worth(a), [-x for x in a["edge"]]))

    # -------------------------------------------------------------- the turn
    def _pre_roll(self, g: _Reading, legal: list[Action]) -> Action:
        types = _by_type(legal)
        if "play_knight" in types:
            blocked = self._blocked_pips(g)
            if blocked >= KNIGHT_BLOCK_MIN or self._knight_wins(g):
                return types["play_knight"][0]
        return {"type": "roll"}

    def _blocked_pips(self, g: _Reading) -> int:
        geo = g.geo
        h = g.robber
        if g.geo.hex_res[h] < 0:
            return 0
        return sum(geo.hex_pips[h] * (2 if g.city[n] else 1) for n in geo.hex_nodes[h] if g.owner[n] == g.me)

    def _knight_wins(self, g: _Reading) -> bool:
        me_p = g.players[g.me]
        if me_p["largest_army"] or g.view["options"].get("largest_army_off"):
            return False
        k = me_p["knights_played"] + 1
        best = max((p["knights_played"] for p in g.players if p["seat"] != g.me), default=0)
        return k >= LARGEST_ARMY_MIN and k > best and g.points + 2 >= g.target

    def _main(self, g: _Reading, legal: list[Action], rng: random.Random) -> Action:
        types = _by_type(legal)
        return (self._dev_play(g, types) or self._build(g, types)
                or self._bank_trade(g, types) or self._offer(g, types, rng) or {"type": "end_turn"})

    # -------------------------------------------------------------- building
    def _step(self, g: _Reading, goal: _Goal, types: dict) -> Action | None:
        """The legal action that moves ``goal`` on now, if any."""
        if goal.kind == CITY:
            return _find(types.get("build_city"), "node", goal.node)
        if goal.kind == SETTLEMENT:
            if goal.roads == 0:
                return _find(types.get("build_settlement"), "node", goal.node)
            return _find(types.get("build_road"), "edge", list(g.geo.edge_nodes[goal.edge]))
        if goal.kind == DEV and "buy_dev" in types:
            return types["buy_dev"][0]
        return None

    def _build(self, g: _Reading, types: dict) -> Action | None:
        """A city or settlement when affordable (best place); else the best goal's step; else
        another goal's step that leaves the best goal's cards (or any, over the discard limit);
        else a road toward Longest Road when it is within reach."""
        if "build_city" in types:
            return max(types["build_city"], key=lambda a: (g.weighted_pips(a["node"]), -a["node"]))
        if "build_settlement" in types:
            return max(types["build_settlement"],
                       key=lambda a: (g.spot_value(a["node"], g.prod), -a["node"]))
        goals = g.goals()
        if not goals:
            return self._longest_road(g, types, None)
        primary = goals[0]
        step = self._step(g, primary, types)
        if step is not None:
            return step
        hand = g.hand
        keep = [min(hand[r], primary.cost[r]) for r in range(N_RESOURCES)]
        over = sum(hand) > g.discard_limit
        for goal in goals[1:]:
            step = self._step(g, goal, types)
            if step is None:
                continue
            cost = _step_cost(step)
            if over or all(hand[r] - cost[r] >= keep[r] for r in range(N_RESOURCES)):
                return step
        return self._longest_road(g, types, keep if not over else None)

    def _longest_road(self, g: _Reading, types: dict, keep) -> Action | None:
        """A road that lengthens the seat's road when Longest Road is one or two roads away."""
        roads = types.get("build_road")
        if not roads or g.view["options"].get("longest_road_off"):
            return None
        if keep is not None and any(g.hand[r] - ROAD_COST[r] < keep[r] for r in range(N_RESOURCES)):
            return None
        me_p = g.players[g.me]
        if me_p["longest_road"]:
            return None
        holder = g.view["longest_road_holder"]
        need = LONGEST_ROAD_MIN if holder is None else g.players[holder]["road_length"] + 1
        need = max(need, max(p["road_length"] for p in g.players if p["seat"] != g.me) + 1)
        if need - me_p["road_length"] > 2:
            return None
        return self._longest_road_edge(g, roads, me_p["road_length"])

    def _longest_road_edge(self, g: _Reading, roads: list[Action], current: int) -> Action | None:
        geo = g.geo
        best, best_len = None, current
        for a in roads:
            e = geo.edge_index[tuple(a["edge"])]
            g.edge_owner[e] = g.me
            length = road_length(geo, g.edge_owner, g.owner, g.me)
            g.edge_owner[e] = -1
            if length > best_len:
                best, best_len = a, length
        return best

    def _free_road(self, g: _Reading, legal: list[Action]) -> Action:
        """A free road: toward the settlement goal, else the best spot, else the longest road."""
        settle = [goal for goal in g.goals() if goal.kind == SETTLEMENT and goal.roads]
        if settle:
            step = _find(legal, "edge", list(g.geo.edge_nodes[settle[0].edge]))
            if step is not None:
                return step
        for _score, _node, d, edge in g.spots():
            if d:
                step = _find(legal, "edge", list(g.geo.edge_nodes[edge]))
                if step is not None:
                    return step
        return self._longest_road_edge(g, legal, g.players[g.me]["road_length"]) or legal[0]

    # -------------------------------------------------------------- development cards
    def _dev_play(self, g: _Reading, types: dict) -> Action | None:
        goals = g.goals()
        yop = types.get("play_year_of_plenty")
        if yop:
            best = max(yop, key=lambda a: g.gain(_pick_vec(a["resources"]), [0] * N_RESOURCES))
            after = [g.hand[r] + _pick_vec(best["resources"])[r] for r in range(N_RESOURCES)]
            if any(_covers(after, goal.cost) and not _covers(g.hand, goal.cost) for goal in goals[:2]):
                return best
        if "play_road_building" in types and any(goal.kind == SETTLEMENT and goal.roads for goal in goals):
            return types["play_road_building"][0]
        mono = types.get("play_monopoly")
        if mono:
            action, take, completes = self._monopoly(g, mono, goals)
            if take >= MONOPOLY_MIN_TAKE or (completes and take >= 1.0):
                return action
        if "play_knight" in types:
            return types["play_knight"][0]
        if yop:
            return best
        return None

    def _monopoly(self, g: _Reading, mono: list[Action], goals: list[_Goal]):
        """The monopoly with the most expected worth: each opponent's hand is guessed from its
        card count split by what it has produced (public statistics)."""
        produced = g.view["stats"]["produced"]
        expect = [0.0] * N_RESOURCES
        for p in g.players:
            s = p["seat"]
            if s == g.me or not p["resource_count"]:
                continue
            made = _vec(produced[s]) if s < len(produced) else [0] * N_RESOURCES
            total = sum(made)
            for r in range(N_RESOURCES):
                share = made[r] / total if total else 1.0 / N_RESOURCES
                expect[r] += p["resource_count"] * share
        need = goals[0].cost if goals else (0,) * N_RESOURCES
        best = None
        for a in mono:
            r = RESOURCE_INDEX[a["resource"]]
            after = g.hand[:]
            after[r] += int(expect[r])
            completes = any(_covers(after, goal.cost) for goal in goals[:2]) and not any(
                _covers(g.hand, goal.cost) for goal in goals[:2])
            worth = (expect[r] * (MONOPOLY_NEED_FACTOR if need[r] > g.hand[r] else 1.0)
                     + (MONOPOLY_COMPLETE_BONUS if completes else 0.0))
            if best is None or worth > best[0]:
                best = (worth, a, expect[r], completes)
        return best[1], best[2], best[3]

    # -------------------------------------------------------------- trades
    def _bank_trade(self, g: _Reading, types: dict) -> Action | None:
        """A bank or harbor trade at the best rate toward the first goal that trades can
        complete this turn (for a goal other than the best, only with cards the best goal does
        not need, as ``_build`` spends them); over the discard limit, toward the best goal
        anyway."""
        trades = types.get("bank_trade")
        goals = g.goals()
        if not trades or not goals:
            return None
        hand = g.hand
        over = sum(hand) > g.discard_limit
        keep = [0] * N_RESOURCES
        for i, goal in enumerate(goals):
            cost = goal.cost
            avail = [hand[r] - keep[r] for r in range(N_RESOURCES)]
            missing = [max(0, cost[r] - avail[r]) for r in range(N_RESOURCES)]
            surplus = [max(0, avail[r] - cost[r]) for r in range(N_RESOURCES)]
            keep = [min(hand[r], goals[0].cost[r]) for r in range(N_RESOURCES)]
            if not any(missing):
                continue
            possible = sum(surplus[r] // g.rate[r] for r in range(N_RESOURCES))
            if possible < sum(missing) and not (over and i == 0):
                continue
            best = None
            for a in trades:
                give, get, rate = RESOURCE_INDEX[a["give"]], RESOURCE_INDEX[a["get"]], a["rate"]
                if rate != g.rate[give] or not missing[get] or surplus[give] < rate:
                    continue
                key = (surplus[give] - rate, -g.income[give], g.income[get] - missing[get])
                if best is None or key > best[0]:
                    best = (key, a)
            if best is not None:
                return best[1]
        return None

    def _offer(self, g: _Reading, types: dict, rng: random.Random) -> Action | None:
        """A 1-for-1 offer of a spare card for one the best goal misses, to every opponent not
        close to winning; at most ``MAX_OFFERS_PER_TURN`` per turn, each with ``OFFER_CHANCE``."""
        if "offer_trade" not in types:
            return None
        key = (g.me, g.view["turn_number"])
        if self._offers.get(key, 0) >= MAX_OFFERS_PER_TURN or rng.random() >= OFFER_CHANCE:
            return None
        goals = g.goals()
        if not goals:
            return None
        hand = g.hand
        cost = goals[0].cost
        missing = [max(0, cost[r] - hand[r]) for r in range(N_RESOURCES)]
        if not 0 < sum(missing) <= OFFER_MAX_MISSING:
            return None
        best = self._best_swap(g, [r for r in range(N_RESOURCES) if missing[r]], None)
        if best is None:
            return None
        to = [p["seat"] for p in g.players
              if p["seat"] != g.me and not g.near_win(p["seat"]) and p["resource_count"]]
        if not to:
            return None
        give, get = best
        self._offers = {key: self._offers.get(key, 0) + 1}
        return {"type": "offer_trade", "give": _cards(give), "get": _cards(get), "to": to}

    def _best_swap(self, g: _Reading, wanted: list[int], offered) -> tuple[list, list] | None:
        """The best (give, get) of one spare card for one ``wanted`` card (or for the cards
        ``offered``) by utility gain, or None when none gains."""
        hand = g.hand
        best, best_gain = None, MIN_GAIN
        gets = []
        if offered is not None and sum(offered):
            gets.append(list(offered))
        for r in wanted:
            one = [0] * N_RESOURCES
            one[r] = 1
            gets.append(one)
        for get in gets:
            for s in range(N_RESOURCES):
                if not hand[s] or get[s]:
                    continue
                give = [0] * N_RESOURCES
                give[s] = 1
                gain = g.trade_gain(get, give)
                if gain > best_gain:
                    best, best_gain = (give, get), gain
        return best

    def _answer(self, g: _Reading, legal: list[Action]) -> Action:
        """Answer an offer addressed to the seat (see the module docstring)."""
        trade = g.view["trade"]
        types = _by_type(legal)
        if g.near_win(trade["seat"]):
            return {"type": "decline_trade"}
        receive, pay = _vec(trade["give"]), _vec(trade["get"])
        if "accept_trade" in types and g.trade_gain(receive, pay) > MIN_GAIN:
            return {"type": "accept_trade"}
        if "counter_trade" in types:
            goals = g.goals()
            wanted = sorted({r for goal in goals[:2] for r in range(N_RESOURCES)
                             if goal.cost[r] > g.hand[r]})
            swap = self._best_swap(g, wanted, receive)
            if swap is not None:
                give, get = swap
                return {"type": "counter_trade", "give": _cards(give), "get": _cards(get)}
        return {"type": "decline_trade"}

    def _settle_trade(self, g: _Reading, legal: list[Action]) -> Action | None:
        """As the offering player: wait (None) while an addressed player has not answered,
        then confirm the best answer that gains, else withdraw."""
        trade = g.view["trade"]
        if "pending" in trade["answers"].values():
            return None
        best, best_gain = None, MIN_GAIN
        for a in legal:
            if a["type"] != "confirm_trade":
                continue
            other = a["with"]
            if g.near_win(other):
                continue
            terms = trade["counters"].get(str(other)) or trade
            gain = g.trade_gain(_vec(terms["get"]), _vec(terms["give"]))
            if gain > best_gain:
                best, best_gain = a, gain
        return best or {"type": "withdraw_trade"}

    # -------------------------------------------------------------- the robber and discards
    def _robber(self, g: _Reading, legal: list[Action]) -> Action:
        geo = g.geo

        def worth(a: Action) -> float:
            h = a["hex"]
            pips = geo.hex_pips[h]
            score = 0.0
            for n in geo.hex_nodes[h]:
                o = g.owner[n]
                if o < 0:
                    continue
                mult = 2 if g.city[n] else 1
                if o == g.me:
                    score -= OWN_HEX_PENALTY * max(pips, 1) * mult
                else:
                    score += pips * mult * g.threat(o)
            victim = a["victim"]
            if victim is not None:
                score += STEAL_VALUE * g.threat(victim)
            return score

        return max(legal, key=lambda a: (worth(a), -a["hex"], -(a["victim"] or 0)))

    def _discard(self, g: _Reading, template: Action) -> Action:
        """Drop ``count`` cards one at a time, each the one whose loss costs least utility
        (ties: the resource held most)."""
        count = template["count"] if "count" in template else sum(template["cards"].values())
        hand = g.hand[:]
        out = [0] * N_RESOURCES
        for _ in range(count):
            best, best_u = None, None
            for r in range(N_RESOURCES):
                if not hand[r]:
                    continue
                hand[r] -= 1
                u = g.utility(hand)
                hand[r] += 1
                key = (u, hand[r], -r)
                if best_u is None or key > best_u:
                    best, best_u = r, key
            hand[best] -= 1
            out[best] += 1
        return {"type": "discard", "count": count, "cards": _cards(out)}


# ------------------------------------------------------------------ helpers
def _by_type(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


def _find(actions: list[Action] | None, key: str, value) -> Action | None:
    for a in actions or ():
        if a[key] == value:
            return a
    return None


def _step_cost(action: Action):
    kind = action["type"]
    if kind == "build_road":
        return ROAD_COST
    if kind == "build_settlement":
        return SETTLEMENT_COST
    if kind == "build_city":
        return CITY_COST
    return DEV_CARD_COST


def _pick_vec(names: list[str]) -> list[int]:
    out = [0] * N_RESOURCES
    for name in names:
        out[RESOURCE_INDEX[name]] += 1
    return out


__all__ = ["StrongBot"]
