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

from games.hexfolk.engine import derived
from games.hexfolk.engine.derived import free_nodes, hex_owners, rates_by_seat
from games.hexfolk.engine.rules import (
    CITIES_PER_PLAYER,
    CITY_COST,
    CITY_POINTS,
    DEV_CARD_COST,
    FRIENDLY_ROBBER_MAX_POINTS,
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
    MAIN,
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
def to_act(state: HexfolkState) -> tuple[int, ...]:
    """Seats that may act now: several while discarding after a 7 and while a trade offer
    waits for answers (the active player first), one otherwise, none once over."""
    phase = state.phase
    if phase == OVER:
        return ()
    if phase == DISCARD:
        return tuple(s for s, owed in enumerate(state.discard_owed) if owed)
    if phase == TRADE:
        trade = state.trade
        assert trade is not None  # TRADE: an offer is open
        answers = trade["answers"]
        out = [state.turn]
        for s in trade["to"]:
            if answers[str(s)] == PENDING:
                out.append(s)
        return tuple(out)
    if phase == SPECIAL_BUILD:
        return (state.sb_seat,)
    return (state.turn,)


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
        trade = st.trade
        assert trade is not None  # TRADE: an offer is open
        return seat == st.turn or trade["answers"].get(str(seat)) == PENDING
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
    return [list(r) for r in rates_by_seat(st)[seat]]


def road_edges(st: HexfolkState, seat: int) -> list[int]:
    """Free edges where ``seat`` may build a road (after setup): touching one of its buildings,
    or one of its roads at an intersection not holding another player's building. Sorted."""
    return list(derived.road_edges(st, seat))


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
    return list(free_nodes(st) if setup else derived.settlement_nodes(st, seat))


def city_nodes(st: HexfolkState, seat: int) -> list[int]:
    """``seat``'s settlements (the places a city may go). Sorted."""
    return list(derived.city_nodes(st, seat))


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
    return [(a["hex"], -1 if a["victim"] is None else a["victim"]) for a in _robber(st, st.turn)]


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
        r = left.index(max(left))  # the first of the largest counts
        left[r] -= 1
        out[r] += 1
    return out


def cards_dict(counts) -> dict:
    """``{"ore": 2}`` from a 5-count list, zero counts left out."""
    out = {}
    for r, c in enumerate(counts):
        if c:
            out[RESOURCES[r]] = c
    return out


def _offer_template(hand: list) -> tuple[dict, dict]:
    """A suggested 1:1 offer as (give, get) dicts: one of the resource held most for one of
    the resource held least (a request for a gift when the hand is empty); lowest index on
    ties."""
    most = hand.index(max(hand))
    least = hand.index(min(hand))
    if not hand[most]:
        return {}, {RESOURCES[least]: 1}
    if least == most:
        least = (most + 1) % N_RESOURCES
    return {RESOURCES[most]: 1}, {RESOURCES[least]: 1}


# ------------------------------------------------------------------ legal actions
def legal_actions(state: HexfolkState, seat: int) -> list[dict]:
    """Every legal action of ``seat`` now (templates for discards and offers, see the module
    docstring); ``[]`` when ``seat`` may not act. A fresh list of fresh dicts each call."""
    phase = state.phase
    if phase in MANY_ACTING:
        if not may_act(state, seat):
            return []
    elif type(seat) is not int or seat != state.turn or phase == OVER:  # may_act, one acting
        return []
    return _BY_PHASE[phase](state, seat)


def _setup_settlements(st: HexfolkState, seat: int) -> list[dict]:
    return [{"type": "build_settlement", "node": n} for n in free_nodes(st)]


def _setup_roads(st: HexfolkState, seat: int) -> list[dict]:
    topo = st.board.topo
    edge_owner = st.edge_owner
    edge_nodes = topo.edge_nodes
    return [{"type": "build_road", "edge": list(edge_nodes[e])}
            for e in topo.node_edge_ids[st.last_node] if edge_owner[e] == -1]


def _pre_roll(st: HexfolkState, seat: int) -> list[dict]:
    out = [{"type": "roll"}]
    if not st.dev_played:
        _add_dev_plays(st, seat, out)
    return out


def _discard(st: HexfolkState, seat: int) -> list[dict]:
    owed = st.discard_owed[seat]
    return [{"type": "discard", "count": owed,
             "cards": cards_dict(default_discard(st.hands[seat], owed))}]


def _robber(st: HexfolkState, seat: int) -> list[dict]:
    # ``robber_moves`` as actions (it reads them back from here).
    mover = st.turn
    robbable = [s != mover and any(h) for s, h in enumerate(st.hands)]
    protected = None
    if st.options["friendly_robber"]:
        protected = [s != mover and visible_points(st, s) <= FRIENDLY_ROBBER_MAX_POINTS
                     for s in range(st.n)]
    out = []
    robber = st.robber
    for h, owners in enumerate(hex_owners(st)):
        if h == robber:
            continue
        if owners:
            if protected is not None and any(protected[o] for o in owners):
                continue
            robbed = False
            for o in owners:  # sorted
                if robbable[o]:
                    out.append({"type": "move_robber", "hex": h, "victim": o})
                    robbed = True
            if robbed:
                continue
        out.append({"type": "move_robber", "hex": h, "victim": None})
    if not out:
        out.append({"type": "move_robber", "hex": st.board.deserts[0], "victim": None})
    return out


def _free_roads(st: HexfolkState, seat: int) -> list[dict]:
    edge_nodes = st.board.topo.edge_nodes
    return [{"type": "build_road", "edge": list(edge_nodes[e])}
            for e in derived.road_edges(st, seat)]


def _special_build(st: HexfolkState, seat: int) -> list[dict]:
    out = [{"type": "pass"}]
    _add_builds(st, seat, st.hands[seat], out)
    return out


def _main(st: HexfolkState, seat: int) -> list[dict]:
    # The hottest list of a game: loops rather than comprehensions (no frame each) and the
    # cheapest tests first.
    hand = st.hands[seat]
    out: list[dict] = [{"type": "end_turn"}]
    _add_builds(st, seat, hand, out)
    if not st.dev_played:
        _add_dev_plays(st, seat, out)
    top = max(hand)
    if top >= SPECIAL_RATE:
        _add_bank_trades(st, seat, hand, out)
    # The offer template (``_offer_template``), inline.
    least = hand.index(min(hand))
    if top:
        most = hand.index(top)
        if least == most:
            least = (most + 1) % N_RESOURCES
        give = {RESOURCES[most]: 1}
    else:
        give = {}
    # The suggestion goes only to players who hold enough cards to pay (a public count): it
    # always asks for one card.
    to = []
    for s, h in enumerate(st.hands):
        if s != seat and any(h):
            to.append(s)
    if to:
        out.append({"type": "offer_trade", "give": give, "get": {RESOURCES[least]: 1}, "to": to})
    return out


def _builds(st: HexfolkState, seat: int) -> list[dict]:
    out: list[dict] = []
    _add_builds(st, seat, st.hands[seat], out)
    return out


# _add_builds tests only the cards each cost names: a settlement's lumber and brick with the
# road's, a city's grain and ore, a development card's wool, grain and ore.
assert SETTLEMENT_COST[:2] == ROAD_COST[:2] and SETTLEMENT_COST[4] == 0 and not any(ROAD_COST[2:])
assert not any(CITY_COST[:3]) and not any(DEV_CARD_COST[:2])


def _add_builds(st: HexfolkState, seat: int, hand: list, out: list) -> None:
    if hand[0] >= ROAD_COST[0] and hand[1] >= ROAD_COST[1] and st.roads_left[seat]:
        edge_nodes = st.board.topo.edge_nodes
        out += [{"type": "build_road", "edge": list(edge_nodes[e])}
                for e in derived.road_edges(st, seat)]
        if hand[2] >= SETTLEMENT_COST[2] and hand[3] >= SETTLEMENT_COST[3] and st.settlements_left[seat]:
            out += [{"type": "build_settlement", "node": n}
                    for n in derived.settlement_nodes(st, seat)]
    elif can_afford(hand, SETTLEMENT_COST) and st.settlements_left[seat]:
        out += [{"type": "build_settlement", "node": n} for n in derived.settlement_nodes(st, seat)]
    if hand[3] >= CITY_COST[3] and hand[4] >= CITY_COST[4] and st.cities_left[seat]:
        out += [{"type": "build_city", "node": n} for n in derived.city_nodes(st, seat)]
    if (hand[2] >= DEV_CARD_COST[2] and hand[3] >= DEV_CARD_COST[3] and hand[4] >= DEV_CARD_COST[4]
            and sum(st.dev_left)):
        out.append({"type": "buy_dev"})


def _dev_plays(st: HexfolkState, seat: int) -> list[dict]:
    out: list[dict] = []
    if not st.dev_played:
        _add_dev_plays(st, seat, out)
    return out


def _add_dev_plays(st: HexfolkState, seat: int, out: list) -> None:
    held = st.dev_hands[seat]
    if not (held[KNIGHT] or held[ROAD_BUILDING] or held[YEAR_OF_PLENTY] or held[MONOPOLY]):
        return
    new = st.dev_new
    if held[KNIGHT] > new[KNIGHT]:
        out.append({"type": "play_knight"})
    if (held[ROAD_BUILDING] > new[ROAD_BUILDING] and st.roads_left[seat]
            and derived.road_edges(st, seat)):
        out.append({"type": "play_road_building"})
    if held[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
        out += [{"type": "play_year_of_plenty", "resources": [RESOURCES[r] for r in pick]}
                for pick in year_of_plenty_choices(st.bank)]
    if held[MONOPOLY] > new[MONOPOLY]:
        out += [{"type": "play_monopoly", "resource": r} for r in RESOURCES]


# For each resource given, the others that may be asked for, with their names.
_OTHERS = tuple(tuple((g, RESOURCES[g]) for g in range(N_RESOURCES) if g != r)
                for r in range(N_RESOURCES))


def _bank_trades(st: HexfolkState, seat: int) -> list[dict]:
    out: list[dict] = []
    hand = st.hands[seat]
    if max(hand) >= SPECIAL_RATE:
        _add_bank_trades(st, seat, hand, out)
    return out


def _add_bank_trades(st: HexfolkState, seat: int, hand: list, out: list) -> None:
    bank = st.bank
    for r, rates in enumerate(rates_by_seat(st)[seat]):
        held = hand[r]
        if held < rates[-1]:
            continue
        give = RESOURCES[r]
        for rate in rates:
            if held >= rate:
                for g, name in _OTHERS[r]:
                    if bank[g]:
                        out.append({"type": "bank_trade", "give": give, "get": name, "rate": rate})


def _trade_actions(st: HexfolkState, seat: int) -> list[dict]:
    trade = st.trade
    assert trade is not None  # TRADE: an offer is open
    out: list[dict]
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
    best = -1  # the first of the largest counts held, among resources not offered
    for r in range(N_RESOURCES):
        if hand[r] and not offered[r] and (best < 0 or hand[r] > hand[best]):
            best = r
    if best >= 0 or sum(offered):
        out.append({"type": "counter_trade", "give": {RESOURCES[best]: 1} if best >= 0 else {},
                    "get": cards_dict(offered)})
    return out


# Phases where ``may_act`` is more than "the seat whose turn it is".
MANY_ACTING = frozenset({DISCARD, TRADE, SPECIAL_BUILD})
_BY_PHASE = {
    SETUP_SETTLEMENT: _setup_settlements,
    SETUP_ROAD: _setup_roads,
    PRE_ROLL: _pre_roll,
    DISCARD: _discard,
    ROBBER: _robber,
    ROAD_BUILDING_PHASE: _free_roads,
    TRADE: _trade_actions,
    SPECIAL_BUILD: _special_build,
    MAIN: _main,
}


def trade_terms(trade: dict, seat: int) -> tuple[list, list]:
    """``(active gives, active gets)`` of a trade with ``seat``: the offer, or its counter."""
    counter = trade["counters"].get(str(seat))
    if counter is not None:
        return counter[0], counter[1]
    return trade["give"], trade["get"]


__all__ = ["can_afford", "legal_actions", "may_act", "to_act", "total_points", "visible_points"]
