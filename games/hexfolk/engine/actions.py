"""Who acts, what they may do, and the reads of the state the rules need (no changes here).

Action shapes (exactly these keys; ``edge`` is a sorted node pair, resources by name)::

    {"type": "build_settlement", "node": 12}            # setup (free) or paid
    {"type": "build_road", "edge": [3, 4]}              # setup, paid, or a free road-building road
    {"type": "build_city", "node": 12}
    {"type": "buy_dev"}
    {"type": "roll"}
    {"type": "discard", "count": 4, "cards": {"ore": 2, "wool": 2}}   # "count" optional
    {"type": "move_robber", "hex": 5, "victim": 2}      # victim null when nobody can be robbed
    {"type": "play_knight"} / {"type": "play_road_building"}
    {"type": "play_year_of_plenty", "resources": ["ore", "grain"]}
    {"type": "play_monopoly", "resource": "ore"}
    {"type": "bank_trade", "give": "ore", "get": "wool", "rate": 4}
    {"type": "offer_trade", "give": {"lumber": 2}, "get": {"ore": 1}, "to": [1, 2]}
    {"type": "accept_trade"} / {"type": "decline_trade"}
    {"type": "counter_trade", "give": {...}, "get": {...}}    # the counterer's own give/get
    {"type": "confirm_trade", "with": 2} / {"type": "withdraw_trade"}
    {"type": "end_turn"} / {"type": "pass"}             # pass: skip the special building phase

``legal_actions`` lists every concrete action, except two families too large to list, which get
one template each that is itself a legal action: ``discard`` (a suggested choice with
``count``; any other ``cards`` adding up to ``count`` that the player holds is accepted) and
``offer_trade`` / ``counter_trade`` (one suggested offer; any valid give/get/to is accepted).
"""
from __future__ import annotations

from games.hexfolk.engine.rules import (
    BANK_RATE,
    CITIES_PER_PLAYER,
    CITY_COST,
    CITY_POINTS,
    DEV_CARD_COST,
    FRIENDLY_ROBBER_MAX_POINTS,
    GENERIC_HARBOR,
    GENERIC_RATE,
    KNIGHT,
    LARGEST_ARMY_POINTS,
    LONGEST_ROAD_POINTS,
    MONOPOLY,
    N_RESOURCES,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_COST,
    SETTLEMENT_COST,
    SETTLEMENT_POINTS,
    SETTLEMENTS_PER_PLAYER,
    SPECIAL_RATE,
    VICTORY_POINT,
    VICTORY_POINT_CARD_POINTS,
    YEAR_OF_PLENTY,
    YEAR_OF_PLENTY_CARDS,
)
from games.hexfolk.engine.state import (
    ACCEPTED,
    COUNTERED,
    DISCARD,
    OVER,
    PENDING,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    TRADE,
    HexfolkState,
)
from games.hexfolk.engine.state import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)


# ------------------------------------------------------------------ who acts
def to_act(st: HexfolkState) -> tuple[int, ...]:
    """Seats that may act now: several while discarding after a 7 and while a trade offer
    waits for answers (the active player first), one otherwise, none once over."""
    phase = st.phase
    if phase == OVER:
        return ()
    if phase == DISCARD:
        return tuple(s for s, owed in enumerate(st.discard_owed) if owed)
    if phase == TRADE:
        answers = st.trade["answers"]
        return (st.turn,) + tuple(s for s in st.trade["to"] if answers[str(s)] == PENDING)
    if phase == SPECIAL_BUILD:
        return (st.sb_seat,)
    return (st.turn,)


# ------------------------------------------------------------------ reads
def can_afford(hand: list, cost) -> bool:
    """True when ``hand`` holds at least ``cost`` of every resource."""
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3]
            and hand[4] >= cost[4])


def may_act(st: HexfolkState, seat: int) -> bool:
    """True when ``seat`` is in ``to_act(st)`` (without building the tuple)."""
    phase = st.phase
    if phase == OVER or type(seat) is not int:
        return False
    if phase == DISCARD:
        return 0 <= seat < st.n and st.discard_owed[seat] > 0
    if phase == TRADE:
        return seat == st.turn or st.trade["answers"].get(str(seat)) == PENDING
    if phase == SPECIAL_BUILD:
        return seat == st.sb_seat
    return seat == st.turn


def visible_points(st: HexfolkState, seat: int) -> int:
    """Points everyone can see: buildings, Longest Road, Largest Army (not hidden VP cards)."""
    pts = ((SETTLEMENTS_PER_PLAYER - st.settlements_left[seat]) * SETTLEMENT_POINTS
           + (CITIES_PER_PLAYER - st.cities_left[seat]) * CITY_POINTS)
    if st.longest_holder == seat:
        pts += LONGEST_ROAD_POINTS
    if st.army_holder == seat:
        pts += LARGEST_ARMY_POINTS
    return pts


def total_points(st: HexfolkState, seat: int) -> int:
    """Visible points plus hidden victory point cards ("including hidden victory point cards")."""
    return visible_points(st, seat) + st.dev_hands[seat][VICTORY_POINT] * VICTORY_POINT_CARD_POINTS


def trade_rates(st: HexfolkState, seat: int) -> list[list[int]]:
    """Per resource, every bank rate ``seat`` qualifies for, best last: 4:1 always, 3:1 with a
    building on a generic harbor, 2:1 with one on that resource's special harbor."""
    b = st.board
    node_owner = st.node_owner
    generic = False
    special = [False] * N_RESOURCES
    node_harbor = b.node_harbor
    for n in b.harbor_node_list:
        if node_owner[n] == seat:
            kind = node_harbor[n]
            if kind == GENERIC_HARBOR:
                generic = True
            else:
                special[kind] = True
    base = [BANK_RATE, GENERIC_RATE] if generic else [BANK_RATE]
    return [base + [SPECIAL_RATE] if special[r] else base for r in range(N_RESOURCES)]


def road_edges(st: HexfolkState, seat: int) -> list[int]:
    """Free edges where ``seat`` may build a road (after setup): touching one of its buildings,
    or one of its roads at an intersection not holding another player's building. Sorted."""
    topo = st.board.topo
    edge_owner = st.edge_owner
    node_owner = st.node_owner
    edge_nodes = topo.edge_nodes
    nodes = set()
    for e, o in enumerate(edge_owner):
        if o == seat:
            a, b = edge_nodes[e]
            nodes.add(a)
            nodes.add(b)
    for n, o in enumerate(node_owner):
        if o == seat:
            nodes.add(n)
    out = set()
    node_edge_ids = topo.node_edge_ids
    for n in nodes:
        o = node_owner[n]
        if o != -1 and o != seat:
            continue  # another player's building breaks the connection here
        for e in node_edge_ids[n]:
            if edge_owner[e] == -1:
                out.add(e)
    return sorted(out)


def road_connects(st: HexfolkState, seat: int, edge: int) -> bool:
    """True when a road of ``seat`` on ``edge`` connects to its own road or building."""
    topo = st.board.topo
    node_owner = st.node_owner
    edge_owner = st.edge_owner
    for n in topo.edge_nodes[edge]:
        o = node_owner[n]
        if o == seat:
            return True
        if o != -1:
            continue
        for e in topo.node_edge_ids[n]:
            if edge_owner[e] == seat:
                return True
    return False


def distance_ok(st: HexfolkState, node: int) -> bool:
    """The distance rule: ``node`` and every adjacent intersection are empty."""
    node_owner = st.node_owner
    if node_owner[node] != -1:
        return False
    return all(node_owner[o] == -1 for o in st.board.topo.node_neighbors[node])


def settlement_nodes(st: HexfolkState, seat: int, setup: bool) -> list[int]:
    """Intersections where ``seat`` may build a settlement: the distance rule, and (after setup)
    one of its own roads leading there. Sorted."""
    topo = st.board.topo
    if setup:
        return [n for n in range(topo.n_nodes) if distance_ok(st, n)]
    edge_owner = st.edge_owner
    edge_nodes = topo.edge_nodes
    cand = set()
    for e, o in enumerate(edge_owner):
        if o == seat:
            cand.update(edge_nodes[e])
    return sorted(n for n in cand if distance_ok(st, n))


def city_nodes(st: HexfolkState, seat: int) -> list[int]:
    """``seat``'s settlements (the places a city may go). Sorted."""
    city = st.node_city
    return [n for n, o in enumerate(st.node_owner) if o == seat and not city[n]]


def playable(st: HexfolkState, seat: int, card: int) -> bool:
    """True when ``seat`` may play ``card`` now as far as the card rules go: not yet a card this
    turn, and one held that was not bought this turn ("never one that you bought during the
    same turn")."""
    if st.dev_played or seat != st.turn:
        return False
    return st.dev_hands[seat][card] - st.dev_new[card] > 0


def robber_moves(st: HexfolkState) -> list[tuple[int, int]]:
    """Every legal ``(hex, victim)`` for the active player (victim -1: nobody to rob).

    The robber goes to another land hex; with the friendly robber, not to a hex touching a
    building of another player with at most ``FRIENDLY_ROBBER_MAX_POINTS`` visible points, and
    if every hex is protected, to the desert with no steal. Victims: other players with a
    building at the hex who hold a card.
    """
    b = st.board
    topo = b.topo
    mover = st.turn
    node_owner = st.node_owner
    robbable = [s != mover and sum(h) > 0 for s, h in enumerate(st.hands)]
    protected = [False] * st.n
    if st.options["friendly_robber"]:
        protected = [s != mover and visible_points(st, s) <= FRIENDLY_ROBBER_MAX_POINTS
                     for s in range(st.n)]
    out = []
    robber = st.robber
    for h, nodes in enumerate(topo.hex_nodes):
        if h == robber:
            continue
        victims = []
        blocked = False
        for nd in nodes:
            o = node_owner[nd]
            if o >= 0:
                if protected[o]:
                    blocked = True
                    break
                if robbable[o] and o not in victims:
                    victims.append(o)
        if blocked:
            continue
        if victims:
            victims.sort()
            out.extend((h, v) for v in victims)
        else:
            out.append((h, -1))
    if not out:
        out.append((b.deserts[0], -1))
    return out


def year_of_plenty_choices(bank: list) -> list[tuple[int, ...]]:
    """The resource picks a year of plenty may take: 2 the bank holds, or fewer only when the
    bank holds fewer in all."""
    total = sum(bank)
    take = min(YEAR_OF_PLENTY_CARDS, total)
    if take == 0:
        return []
    if take == 1:
        return [(r,) for r in range(N_RESOURCES) if bank[r]]
    return [(a, b) for a in range(N_RESOURCES) for b in range(a, N_RESOURCES)
            if bank[a] and bank[b] and (a != b or bank[a] >= 2)]


def default_discard(hand: list, count: int) -> list[int]:
    """The suggested discard of ``count`` cards (also the timeout's): one at a time from the
    resource held most (lowest index on ties), which keeps the hand balanced."""
    left = hand[:]
    out = [0] * N_RESOURCES
    for _ in range(count):
        r = max(range(N_RESOURCES), key=lambda i: (left[i], -i))
        left[r] -= 1
        out[r] += 1
    return out


def cards_dict(counts) -> dict:
    """``{"ore": 2}`` from a 5-count list, zero counts left out."""
    return {RESOURCES[r]: c for r, c in enumerate(counts) if c}


def _offer_template(hand: list) -> tuple[dict, dict]:
    """A suggested 1:1 offer as (give, get) dicts: one of the resource held most for one of
    the resource held least (a request for a gift when the hand is empty)."""
    most = least = 0
    for r in range(1, N_RESOURCES):
        x = hand[r]
        if x > hand[most]:
            most = r
        if x < hand[least]:
            least = r
    if not hand[most]:
        return {}, {RESOURCES[least]: 1}
    if least == most:
        least = (most + 1) % N_RESOURCES
    return {RESOURCES[most]: 1}, {RESOURCES[least]: 1}


# ------------------------------------------------------------------ legal actions
def legal_actions(st: HexfolkState, seat: int) -> list[dict]:
    """Every legal action of ``seat`` now (templates for discards and offers, see the module
    docstring); ``[]`` when ``seat`` may not act."""
    phase = st.phase
    if not may_act(st, seat):
        return []
    if phase == SETUP_SETTLEMENT:
        return [{"type": "build_settlement", "node": n} for n in settlement_nodes(st, seat, True)]
    if phase == SETUP_ROAD:
        topo = st.board.topo
        return [{"type": "build_road", "edge": list(topo.edge_nodes[e])}
                for e in topo.node_edge_ids[st.last_node] if st.edge_owner[e] == -1]
    if phase == PRE_ROLL:
        return [{"type": "roll"}] + _dev_plays(st, seat)
    if phase == DISCARD:
        owed = st.discard_owed[seat]
        return [{"type": "discard", "count": owed,
                 "cards": cards_dict(default_discard(st.hands[seat], owed))}]
    if phase == ROBBER:
        return [{"type": "move_robber", "hex": h, "victim": v if v >= 0 else None}
                for h, v in robber_moves(st)]
    if phase == ROAD_BUILDING_PHASE:
        edge_nodes = st.board.topo.edge_nodes
        return [{"type": "build_road", "edge": list(edge_nodes[e])} for e in road_edges(st, seat)]
    if phase == TRADE:
        return _trade_actions(st, seat)
    if phase == SPECIAL_BUILD:
        return [{"type": "pass"}] + _builds(st, seat)
    # MAIN
    out = [{"type": "end_turn"}] + _builds(st, seat) + _dev_plays(st, seat) + _bank_trades(st, seat)
    give, get = _offer_template(st.hands[seat])
    # The suggestion goes only to players who hold enough cards to pay (a public count).
    asked = sum(get.values())
    to = [s for s in range(st.n) if s != seat and sum(st.hands[s]) >= asked]
    if to:
        out.append({"type": "offer_trade", "give": give, "get": get, "to": to})
    return out


def _builds(st: HexfolkState, seat: int) -> list[dict]:
    hand = st.hands[seat]
    out = []
    if st.roads_left[seat] and hand[0] >= ROAD_COST[0] and hand[1] >= ROAD_COST[1]:
        edge_nodes = st.board.topo.edge_nodes
        out += [{"type": "build_road", "edge": list(edge_nodes[e])} for e in road_edges(st, seat)]
    if st.settlements_left[seat] and can_afford(hand, SETTLEMENT_COST):
        out += [{"type": "build_settlement", "node": n} for n in settlement_nodes(st, seat, False)]
    if st.cities_left[seat] and hand[3] >= CITY_COST[3] and hand[4] >= CITY_COST[4]:
        out += [{"type": "build_city", "node": n} for n in city_nodes(st, seat)]
    if sum(st.dev_left) and can_afford(hand, DEV_CARD_COST):
        out.append({"type": "buy_dev"})
    return out


def _dev_plays(st: HexfolkState, seat: int) -> list[dict]:
    if st.dev_played:
        return []
    held = st.dev_hands[seat]
    new = st.dev_new
    out = []
    if held[KNIGHT] > new[KNIGHT]:
        out.append({"type": "play_knight"})
    if held[ROAD_BUILDING] > new[ROAD_BUILDING] and st.roads_left[seat] and road_edges(st, seat):
        out.append({"type": "play_road_building"})
    if held[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        out += [{"type": "play_year_of_plenty", "resources": [RESOURCES[r] for r in pick]}
                for pick in year_of_plenty_choices(st.bank)]
    if held[MONOPOLY] > new[MONOPOLY]:
        out += [{"type": "play_monopoly", "resource": r} for r in RESOURCES]
    return out


def _bank_trades(st: HexfolkState, seat: int) -> list[dict]:
    hand = st.hands[seat]
    if max(hand) < SPECIAL_RATE:
        return []
    bank = st.bank
    out = []
    for r, rates in enumerate(trade_rates(st, seat)):
        if hand[r] < rates[-1]:
            continue
        for rate in rates:
            if hand[r] >= rate:
                out += [{"type": "bank_trade", "give": RESOURCES[r], "get": RESOURCES[g], "rate": rate}
                        for g in range(N_RESOURCES) if g != r and bank[g]]
    return out


def _trade_actions(st: HexfolkState, seat: int) -> list[dict]:
    trade = st.trade
    if seat == st.turn:
        out = [{"type": "withdraw_trade"}, {"type": "end_turn"}]
        hand = st.hands[seat]
        for s in trade["to"]:
            answer = trade["answers"][str(s)]
            if answer != ACCEPTED and answer != COUNTERED:
                continue
            give, get = trade_terms(trade, s)
            if can_afford(hand, give) and can_afford(st.hands[s], get):
                out.append({"type": "confirm_trade", "with": s})
        return out
    hand = st.hands[seat]
    out = [{"type": "decline_trade"}]
    if can_afford(hand, trade["get"]):
        out.append({"type": "accept_trade"})
    # The counter template: one card of the resource I hold most (and was not offered to me)
    # for what was offered.
    offered = trade["give"]
    spare = [r for r in range(N_RESOURCES) if hand[r] and not offered[r]]
    give = [0] * N_RESOURCES
    if spare:
        give[max(spare, key=lambda r: (hand[r], -r))] = 1
    if sum(give) or sum(offered):
        out.append({"type": "counter_trade", "give": cards_dict(give), "get": cards_dict(offered)})
    return out


def trade_terms(trade: dict, seat: int) -> tuple[list, list]:
    """``(active gives, active gets)`` of a trade with ``seat``: the offer, or its counter."""
    counter = trade["counters"].get(str(seat))
    if counter is not None:
        return counter[0], counter[1]
    return trade["give"], trade["get"]


__all__ = ["can_afford", "legal_actions", "may_act", "to_act", "total_points", "visible_points"]
