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

from games.hexfolk.engine.bot_reading import (
    CITY,
    DEV,
    KNIGHT_BLOCK_MIN,
    MAX_OFFERS_PER_TURN,
    MIN_GAIN,
    MONOPOLY_COMPLETE_BONUS,
    MONOPOLY_MIN_TAKE,
    MONOPOLY_NEED_FACTOR,
    OFFER_CHANCE,
    OFFER_MAX_MISSING,
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
                return self._settle_trade(g, legal)
            return self._answer(g, legal)
        if phase == "pre_roll":
            return self._pre_roll(g, legal)
        if phase == "special_build":
            return self._build(g, _by_type(legal)) or {"type": "pass"}
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
        types = _by_type(legal)
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
        types = _by_type(legal)
        return (self._dev_play(g, types) or self._build(g, types)
                or self._bank_trade(g, types) or self._offer(g, types, rng) or {"type": "end_turn"})

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
            if d:
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
        return best[1], best[2], best[3]

    # -------------------------------------------------------------- trades
    def _bank_trade(self, g: Reading, types: dict) -> Action | None:
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

    def _offer(self, g: Reading, types: dict, rng: random.Random) -> Action | None:
        """A 1-for-1 offer of a spare card for one the best goal misses, to every opponent not
        close to winning who holds at least as many cards as asked; at most ``MAX_OFFERS_PER_TURN`` per turn, each with ``OFFER_CHANCE``."""
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
        give, get = best
        # Only players who hold at least as many cards as asked could pay (a public count);
        # which cards they hold is hidden, so the count is all a bot may read.
        asked = sum(get)
        to = [p["seat"] for p in g.players
              if p["seat"] != g.me and not g.near_win(p["seat"]) and p["resource_count"] >= asked]
        if not to:
            return None
        self._offers = {key: self._offers.get(key, 0) + 1}
        return {"type": "offer_trade", "give": cards_of(give), "get": cards_of(get), "to": to}

    def _best_swap(self, g: Reading, wanted: list[int], offered) -> tuple[list, list] | None:
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

    def _answer(self, g: Reading, legal: list[Action]) -> Action:
        """Answer an offer addressed to the seat (see the module docstring)."""
        trade = g.view["trade"]
        types = _by_type(legal)
        if g.near_win(trade["seat"]):
            return {"type": "decline_trade"}
        receive, pay = vec(trade["give"]), vec(trade["get"])
        if "accept_trade" in types and g.trade_gain(receive, pay) > MIN_GAIN:
            return {"type": "accept_trade"}
        if "counter_trade" in types:
            goals = g.goals()
            wanted = sorted({r for goal in goals[:2] for r in range(N_RESOURCES)
                             if goal.cost[r] > g.hand[r]})
            swap = self._best_swap(g, wanted, receive)
            if swap is not None:
                give, get = swap
                return {"type": "counter_trade", "give": cards_of(give), "get": cards_of(get)}
        return {"type": "decline_trade"}

    def _settle_trade(self, g: Reading, legal: list[Action]) -> Action | None:
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
            gain = g.trade_gain(vec(terms["get"]), vec(terms["give"]))
            if gain > best_gain:
                best, best_gain = a, gain
        return best or {"type": "withdraw_trade"}

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
            hand[best] -= 1
            out[best] += 1
        return {"type": "discard", "count": count, "cards": cards_of(out)}


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

