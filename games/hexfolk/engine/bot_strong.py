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
- Trade (bot_trades.py): bank and harbor trades at the best rate only when they complete a goal this turn (or
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

from games.hexfolk.engine.bot_reading import (
    CITY,
    DEV,
    KNIGHT_BLOCK_MIN,
    MAX_OFFERS_PER_TURN,
    MONOPOLY_COMPLETE_BONUS,
    MONOPOLY_MIN_TAKE,
    MONOPOLY_NEED_FACTOR,
    OFFER_CHANCE,
    OWN_HEX_PENALTY,
    SETTLEMENT,
    SETUP_LOOKAHEAD_SHARE,
    STEAL_VALUE,
    Goal,
    Reading,
    cards_of,
    covers,
    vec,
)
from games.hexfolk.engine.bot_trades import answer_offer, bank_trade, by_type, offer_terms, settle_trade
from games.hexfolk.engine.longest_road import road_length
from games.hexfolk.engine.rules import (
    CITY_COST,
    DEV_CARD_COST,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    N_RESOURCES,
    RESOURCE_INDEX,
    ROAD_COST,
    SETTLEMENT_COST,
)
from games.protocol import Action


# ------------------------------------------------------------------ the bot
class StrongBot:
    """Plans builds, places the robber, discards, plays development cards and trades from the
    seat's view (see the module docstring). Keeps one piece of memory: how many offers it
    posted this turn (a fresh instance limits them by chance instead)."""

    name = "strong"
    description = "Plans its builds, trades and robber moves like a seasoned player."

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
        g = Reading(view)
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
                return settle_trade(g, legal)
            return answer_offer(g, legal)
        if phase == "pre_roll":
            return self._pre_roll(g, legal)
        if phase == "special_build":
            return self._build(g, by_type(legal)) or {"type": "pass"}
        return self._main(g, legal, rng)

    # -------------------------------------------------------------- setup
    def _setup_settlement(self, g: Reading, legal: list[Action]) -> Action:
        prod = [0] * N_RESOURCES
        geo = g.geo
        for n, o in enumerate(g.owner):
            if o == g.me:
                for r in range(N_RESOURCES):
                    prod[r] += geo.node_prod[n][r]
        return max(legal, key=lambda a: (g.spot_value(a["node"], prod, setup=True), -a["node"]))

    def _setup_road(self, g: Reading, legal: list[Action]) -> Action:
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
    def _pre_roll(self, g: Reading, legal: list[Action]) -> Action:
        types = by_type(legal)
        if "play_knight" in types:
            blocked = self._blocked_pips(g)
            if blocked >= KNIGHT_BLOCK_MIN or self._knight_wins(g):
                return types["play_knight"][0]
        return {"type": "roll"}

    def _blocked_pips(self, g: Reading) -> int:
        geo = g.geo
        h = g.robber
        if g.geo.hex_res[h] < 0:
            return 0
        return sum(geo.hex_pips[h] * (2 if g.city[n] else 1) for n in geo.hex_nodes[h] if g.owner[n] == g.me)

    def _knight_wins(self, g: Reading) -> bool:
        me_p = g.players[g.me]
        if me_p["largest_army"] or g.view["options"].get("largest_army_off"):
            return False
        k = me_p["knights_played"] + 1
        best = max((p["knights_played"] for p in g.players if p["seat"] != g.me), default=0)
        return k >= LARGEST_ARMY_MIN and k > best and g.points + 2 >= g.target

    def _main(self, g: Reading, legal: list[Action], rng: random.Random) -> Action:
        types = by_type(legal)
        return (self._dev_play(g, types) or self._build(g, types)
                or bank_trade(g, types) or self._offer(g, types, rng) or {"type": "end_turn"})

    # -------------------------------------------------------------- building
    def _step(self, g: Reading, goal: Goal, types: dict) -> Action | None:
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

    def _build(self, g: Reading, types: dict) -> Action | None:
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

    def _longest_road(self, g: Reading, types: dict, keep) -> Action | None:
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

    def _longest_road_edge(self, g: Reading, roads: list[Action], current: int) -> Action | None:
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

    def _free_road(self, g: Reading, legal: list[Action]) -> Action:
        """A free road: toward the settlement goal, else the best spot, else the longest road."""
        settle = [goal for goal in g.goals() if goal.kind == SETTLEMENT and goal.roads]
        if settle:
            step = _find(legal, "edge", list(g.geo.edge_nodes[settle[0].edge]))
            if step is not None:
                return step
        for _score, _node, d, edge in g.spots():
            if d and edge is not None:  # roads needed: the first one's edge
                step = _find(legal, "edge", list(g.geo.edge_nodes[edge]))
                if step is not None:
                    return step
        return self._longest_road_edge(g, legal, g.players[g.me]["road_length"]) or legal[0]

    # -------------------------------------------------------------- development cards
    def _dev_play(self, g: Reading, types: dict) -> Action | None:
        goals = g.goals()
        yop = types.get("play_year_of_plenty")
        if yop:
            best = max(yop, key=lambda a: g.gain(_pick_vec(a["resources"]), [0] * N_RESOURCES))
            after = [g.hand[r] + _pick_vec(best["resources"])[r] for r in range(N_RESOURCES)]
            if any(covers(after, goal.cost) and not covers(g.hand, goal.cost) for goal in goals[:2]):
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

    def _monopoly(self, g: Reading, mono: list[Action], goals: list[Goal]):
        """The monopoly with the most expected worth: each opponent's hand is guessed from its
        card count split by what it has produced (public statistics)."""
        produced = g.view["stats"]["produced"]
        expect = [0.0] * N_RESOURCES
        for p in g.players:
            s = p["seat"]
            if s == g.me or not p["resource_count"]:
                continue
            made = vec(produced[s]) if s < len(produced) else [0] * N_RESOURCES
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
            completes = any(covers(after, goal.cost) for goal in goals[:2]) and not any(
                covers(g.hand, goal.cost) for goal in goals[:2])
            worth = (expect[r] * (MONOPOLY_NEED_FACTOR if need[r] > g.hand[r] else 1.0)
                     + (MONOPOLY_COMPLETE_BONUS if completes else 0.0))
            if best is None or worth > best[0]:
                best = (worth, a, expect[r], completes)
        assert best is not None  # ``mono`` is not empty
        return best[1], best[2], best[3]

    # -------------------------------------------------------------- trades
    def _offer(self, g: Reading, types: dict, rng: random.Random) -> Action | None:
        """A 1-for-1 offer (``offer_terms``), at most ``MAX_OFFERS_PER_TURN`` per turn, each
        with ``OFFER_CHANCE``."""
        if "offer_trade" not in types:
            return None
        key = (g.me, g.view["turn_number"])
        if self._offers.get(key, 0) >= MAX_OFFERS_PER_TURN or rng.random() >= OFFER_CHANCE:
            return None
        action = offer_terms(g)
        if action is not None:
            self._offers = {key: self._offers.get(key, 0) + 1}
        return action

    # -------------------------------------------------------------- the robber and discards
    def _robber(self, g: Reading, legal: list[Action]) -> Action:
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

    def _discard(self, g: Reading, template: Action) -> Action:
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
            assert best is not None  # a discard never owes more cards than the hand holds
            hand[best] -= 1
            out[best] += 1
        return {"type": "discard", "count": count, "cards": cards_of(out)}


# ------------------------------------------------------------------ helpers
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

