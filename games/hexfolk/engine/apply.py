"""Applying one action: check it against the rules, then change a copy of the state.

``apply_action`` validates the shape (keys, types), the actor (``to_act``), the phase, then calls
one ``_do_*`` handler on a ``clone`` of the state; a handler raises ``IllegalAction`` (from
errors.py) before the input is ever touched, since only the clone changes. After the action,
the active player wins if they reach the target on their own turn (rules, "End of the game").
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import (
    can_afford,
    cards_dict,
    distance_ok,
    may_act,
    playable,
    road_connects,
    road_edges,
    robber_moves,
    total_points,
    trade_rates,
    year_of_plenty_choices,
)
from games.hexfolk.engine.longest_road import update_longest
from games.hexfolk.engine.rules import (
    CHEAPEST_BUILD,
    CITY_COST,
    DEV_CARD_COST,
    DEV_CARDS,
    DIE_SIDES,
    KNIGHT,
    LARGEST_ARMY_MIN,
    MONOPOLY,
    N_RESOURCES,
    RESOURCE_INDEX,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_BUILDING_ROADS,
    ROAD_COST,
    ROBBER_ROLL,
    SETTLEMENT_COST,
    SETUP_ROUNDS,
    SPECIAL_BUILD_MIN_SEATS,
    YEAR_OF_PLENTY,
)
from games.hexfolk.engine.state import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
    DISCARD,
    ENDED_TURN_LIMIT,
    ENDED_VICTORY,
    MAIN,
    OVER,
    PENDING,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    TRADE,
    TURN_PHASES,
    HexfolkState,
    draw,
)
from games.hexfolk.engine.state import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)
from games.protocol import IllegalAction

# type -> (required keys, optional keys)
_SHAPES = {
    "build_settlement": ({"node"}, set()),
    "build_road": ({"edge"}, set()),
    "build_city": ({"node"}, set()),
    "buy_dev": (set(), set()),
    "roll": (set(), set()),
    "discard": ({"cards"}, {"count"}),
    "move_robber": ({"hex"}, {"victim"}),
    "play_knight": (set(), set()),
    "play_road_building": (set(), set()),
    "play_year_of_plenty": ({"resources"}, set()),
    "play_monopoly": ({"resource"}, set()),
    "bank_trade": ({"give", "get"}, {"rate"}),
    "offer_trade": ({"give", "get"}, {"to"}),
    "accept_trade": (set(), set()),
    "decline_trade": (set(), set()),
    "counter_trade": ({"give", "get"}, set()),
    "confirm_trade": ({"with"}, set()),
    "withdraw_trade": (set(), set()),
    "end_turn": (set(), set()),
    "pass": (set(), set()),
}
# (required keys, every allowed key)
_SHAPES = {k: (frozenset(req), frozenset(req | opt | {"type"})) for k, (req, opt) in _SHAPES.items()}
_BUILDS = {"build_settlement", "build_road", "build_city", "buy_dev"}
_DEV_PLAYS = {"play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"}
_TRADES = {"bank_trade", "offer_trade"}
# Actions that can change the active player's points (buildings, Longest Road, a victory
# point card, Largest Army); the start of a turn checks on its own.
_SCORING = frozenset(_BUILDS | {"play_knight"})
# What each phase allows, and the rule named when something else is tried.
_ALLOWED = {
    SETUP_SETTLEMENT: ({"build_settlement"}, E.SETUP_PLACEMENT),
    SETUP_ROAD: ({"build_road"}, E.SETUP_PLACEMENT),
    PRE_ROLL: ({"roll"} | _DEV_PLAYS, E.ROLL_FIRST),
    DISCARD: ({"discard"}, E.DISCARDS_PENDING),
    ROBBER: ({"move_robber"}, E.MOVE_ROBBER_FIRST),
    MAIN: (_BUILDS | _DEV_PLAYS | _TRADES | {"end_turn"}, E.NOT_NOW),
    ROAD_BUILDING_PHASE: ({"build_road"}, E.PLACE_FREE_ROADS),
    SPECIAL_BUILD: (_BUILDS | {"pass"}, E.SPECIAL_BUILD_ONLY),
}
_TRADE_ACTIVE = ({"confirm_trade", "withdraw_trade", "end_turn"}, E.TRADE_OPEN)
_TRADE_ANSWER = ({"accept_trade", "decline_trade", "counter_trade"}, E.NOT_NOW)


def apply_action(st: HexfolkState, seat: int, action: dict) -> tuple[HexfolkState, list[dict]]:
    """The state after ``seat`` plays ``action``, and its events; raises ``IllegalAction``.

    Never changes ``st``. Events are JSON-able dicts; private ones carry ``visible_to``.
    """
    if st.phase == OVER:
        raise E.GAME_OVER.error()
    if not isinstance(action, dict):
        raise E.NOT_AN_ACTION.error()
    kind = action.get("type")
    if kind == "play_victory_point":
        raise E.VICTORY_POINT_NOT_PLAYED.error()
    shape = _SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        raise E.NOT_AN_ACTION.error()
    required, allowed_keys = shape
    if not action.keys() <= allowed_keys or not required <= action.keys():
        raise E.BAD_KEYS.error()
    if type(seat) is not int or not may_act(st, seat):
        raise E.NOT_YOUR_TURN.error()
    if st.phase == TRADE:
        allowed, rule = _TRADE_ACTIVE if seat == st.turn else _TRADE_ANSWER
    else:
        allowed, rule = _ALLOWED[st.phase]
    if kind not in allowed:
        if kind == "roll" and st.rolled:
            rule = E.ALREADY_ROLLED
        elif kind == "discard":
            rule = E.NO_DISCARD_OWED
        raise rule.error()
    new = st.clone()
    events: list[dict] = []
    _HANDLERS[kind](new, seat, action, events)
    if (kind in _SCORING and new.phase in TURN_PHASES
            and total_points(new, new.turn) >= new.options["victory_points"]):
        _win(new, new.turn, events)
    return new, events


# ------------------------------------------------------------------ parsing
def _int(value) -> bool:
    return type(value) is int


def _node(st: HexfolkState, value) -> int:
    if not _int(value) or not 0 <= value < st.board.topo.n_nodes:
        raise E.BAD_NODE.error()
    return value


def _edge(st: HexfolkState, value) -> int:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(_int(v) for v in value):
        raise E.BAD_EDGE.error()
    e = st.board.topo.edge_index.get((min(value), max(value)))
    if e is None:
        raise E.BAD_EDGE.error()
    return e


def _resource(value) -> int:
    r = RESOURCE_INDEX.get(value) if isinstance(value, str) else None
    if r is None:
        raise E.BAD_RESOURCE.error()
    return r


def _cards(value) -> list[int]:
    """A ``{"ore": 2}`` dict as a 5-count list."""
    if not isinstance(value, dict):
        raise E.BAD_CARDS.error()
    out = [0] * N_RESOURCES
    for name, count in value.items():
        r = _resource(name)
        if not _int(count) or count < 0:
            raise E.BAD_CARDS.error()
        out[r] = count
    return out


def _pay(st: HexfolkState, seat: int, cost) -> None:
    hand = st.hands[seat]
    bank = st.bank
    for r in range(N_RESOURCES):
        c = cost[r]
        if c:
            hand[r] -= c
            bank[r] += c


def _resume_phase(st: HexfolkState) -> str:
    """Where the turn goes on after a robber move or free roads: before or after the roll."""
    return MAIN if st.rolled else PRE_ROLL


# ------------------------------------------------------------------ building
def _do_build_settlement(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    node = _node(st, a["node"])
    setup = st.phase == SETUP_SETTLEMENT
    if not setup:
        if not st.settlements_left[seat]:
            raise E.NO_SETTLEMENTS_LEFT.error()
        if not can_afford(st.hands[seat], SETTLEMENT_COST):
            raise E.CANNOT_AFFORD.error()
    if st.node_owner[node] != -1:
        raise E.NODE_OCCUPIED.error()
    if not distance_ok(st, node):
        raise E.DISTANCE_RULE.error()
    topo = st.board.topo
    if not setup and all(st.edge_owner[e] != seat for e in topo.node_edge_ids[node]):
        raise E.SETTLEMENT_NEEDS_ROAD.error()
    if not setup:
        _pay(st, seat, SETTLEMENT_COST)
    st.node_owner = st.node_owner[:]
    st.node_owner[node] = seat
    st.settlements_left = st.settlements_left[:]
    st.settlements_left[seat] -= 1
    ev.append({"type": "built", "seat": seat, "piece": "settlement", "node": node})
    # Only opponents with two or more roads meeting here can have their road broken.
    broken = {o for o in (st.edge_owner[e] for e in topo.node_edge_ids[node]) if o not in (-1, seat)}
    broken = [o for o in broken if sum(st.edge_owner[e] == o for e in topo.node_edge_ids[node]) >= 2]
    if broken:
        update_longest(st, broken, ev)
    if setup:
        if st.setup_step >= st.n:  # the second settlement pays one card per producing hex
            _setup_income(st, seat, node, ev)
        st.last_node = node
        st.phase = SETUP_ROAD


def _setup_income(st: HexfolkState, seat: int, node: int, ev: list) -> None:
    b = st.board
    gained = [0] * N_RESOURCES
    for h in b.topo.node_hexes[node]:
        r = b.hex_terrain[h]
        if r < N_RESOURCES and st.bank[r]:
            st.bank[r] -= 1
            st.hands[seat][r] += 1
            gained[r] += 1
    ev.append({"type": "setup_income", "seat": seat, "cards": cards_dict(gained)})


def _do_build_road(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    e = _edge(st, a["edge"])
    phase = st.phase
    if phase == SETUP_ROAD:
        if st.edge_owner[e] != -1:
            raise E.EDGE_OCCUPIED.error()
        if st.last_node not in st.board.topo.edge_nodes[e]:
            raise E.SETUP_ROAD_TOUCHES.error()
    else:
        if not st.roads_left[seat]:
            raise E.NO_ROADS_LEFT.error()
        free = phase == ROAD_BUILDING_PHASE
        if not free and not can_afford(st.hands[seat], ROAD_COST):
            raise E.CANNOT_AFFORD.error()
        if st.edge_owner[e] != -1:
            raise E.EDGE_OCCUPIED.error()
        if not road_connects(st, seat, e):
            raise E.ROAD_NOT_CONNECTED.error()
        if not free:
            _pay(st, seat, ROAD_COST)
    st.edge_owner = st.edge_owner[:]
    st.edge_owner[e] = seat
    st.roads_left = st.roads_left[:]
    st.roads_left[seat] -= 1
    ev.append({"type": "built", "seat": seat, "piece": "road", "edge": list(st.board.topo.edge_nodes[e])})
    update_longest(st, (seat,), ev)
    if phase == SETUP_ROAD:
        _advance_setup(st, ev)
    elif phase == ROAD_BUILDING_PHASE:
        st.free_roads -= 1
        if not st.free_roads or not st.roads_left[seat] or not road_edges(st, seat):
            st.free_roads = 0
            st.phase = _resume_phase(st)


def _advance_setup(st: HexfolkState, ev: list) -> None:
    n = st.n
    st.setup_step += 1
    st.last_node = -1
    if st.setup_step >= SETUP_ROUNDS * n:
        st.turn = 0
        st.turn_number = 1
        st.phase = PRE_ROLL
        ev.append({"type": "turn", "seat": 0, "turn_number": 1})
        return
    step = st.setup_step
    st.turn = step if step < n else 2 * n - 1 - step  # snake order: 0..n-1, then n-1..0
    st.phase = SETUP_SETTLEMENT


def _do_build_city(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    node = _node(st, a["node"])
    if not st.cities_left[seat]:
        raise E.NO_CITIES_LEFT.error()
    if not can_afford(st.hands[seat], CITY_COST):
        raise E.CANNOT_AFFORD.error()
    if st.node_owner[node] != seat or st.node_city[node]:
        raise E.CITY_NEEDS_SETTLEMENT.error()
    _pay(st, seat, CITY_COST)
    st.node_city = st.node_city[:]
    st.node_city[node] = 1
    st.cities_left = st.cities_left[:]
    st.cities_left[seat] -= 1
    st.settlements_left = st.settlements_left[:]
    st.settlements_left[seat] += 1  # "the settlement then goes back to the supply"
    ev.append({"type": "built", "seat": seat, "piece": "city", "node": node})


def _do_buy_dev(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    total = sum(st.dev_left)
    if not total:
        raise E.DEV_DECK_EMPTY.error()
    if not can_afford(st.hands[seat], DEV_CARD_COST):
        raise E.CANNOT_AFFORD.error()
    left = st.dev_left = st.dev_left[:]
    st.dev_hands = [h[:] for h in st.dev_hands]
    _pay(st, seat, DEV_CARD_COST)
    k = draw(st, total)
    card = 0
    while k >= left[card]:
        k -= left[card]
        card += 1
    left[card] -= 1
    st.dev_hands[seat][card] += 1
    if seat == st.turn and st.phase != SPECIAL_BUILD:
        st.dev_new = st.dev_new[:]
        st.dev_new[card] += 1
    ev.append({"type": "bought_dev", "seat": seat})
    ev.append({"type": "dev_card", "seat": seat, "card": DEV_CARDS[card], "visible_to": [seat]})


# ------------------------------------------------------------------ dice and the robber
def _do_roll(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    d1 = draw(st, DIE_SIDES) + 1
    d2 = draw(st, DIE_SIDES) + 1
    total = d1 + d2
    st.dice = [d1, d2]
    st.rolled = True
    st.dice_counts = st.dice_counts[:]
    st.dice_counts[total - 2] += 1
    ev.append({"type": "rolled", "seat": seat, "dice": [d1, d2], "total": total})
    if total != ROBBER_ROLL:
        _produce(st, total, ev)
        st.phase = MAIN
        return
    limit = st.options["discard_limit"]
    owed = [sum(h) // 2 if sum(h) > limit else 0 for h in st.hands]
    st.discard_owed = owed
    if any(owed):
        st.phase = DISCARD
        ev.append({"type": "must_discard", "counts": owed})
    else:
        _after_discards(st)


def _produce(st: HexfolkState, total: int, ev: list) -> None:
    """Production with the shortage rule: a resource the bank cannot pay in full goes to
    nobody, unless only one player is owed it, who gets what is left."""
    table = st.board.production[total]
    if not table:
        return
    node_owner = st.node_owner
    node_city = st.node_city
    robber = st.robber
    owed: dict = {}  # (resource, seat) -> cards
    for h, r, nodes in table:
        if h == robber:
            continue
        for nd in nodes:
            o = node_owner[nd]
            if o >= 0:
                key = (r, o)
                owed[key] = owed.get(key, 0) + (2 if node_city[nd] else 1)
    if not owed:
        return
    bank = st.bank
    need = [0] * N_RESOURCES
    seats: list[list[int]] = [[] for _ in range(N_RESOURCES)]
    for (r, o), x in owed.items():
        need[r] += x
        seats[r].append(o)
    hands = st.hands
    produced = st.produced = [p[:] for p in st.produced]
    gains = [{} for _ in range(st.n)]
    for (r, o), x in owed.items():
        if need[r] > bank[r]:
            if len(seats[r]) > 1:
                continue
            x = bank[r]  # the only player owed gets what is left
            if not x:
                continue
        hands[o][r] += x
        produced[o][r] += x
        gains[o][RESOURCES[r]] = x
    for r in range(N_RESOURCES):
        if need[r] > bank[r]:
            only = seats[r][0] if len(seats[r]) == 1 else None
            ev.append({"type": "shortage", "resource": RESOURCES[r], "paid_to": only})
            if only is not None:
                bank[r] = 0
        else:
            bank[r] -= need[r]
    ev.append({"type": "produced", "roll": total, "gains": gains})


def _after_discards(st: HexfolkState) -> None:
    st.phase = MAIN if st.options["robber_off"] else ROBBER


def _do_discard(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    owed = st.discard_owed[seat]
    cards = _cards(a["cards"])
    if "count" in a and a["count"] != owed:
        raise E.DISCARD_COUNT.error()
    if sum(cards) != owed:
        raise E.DISCARD_COUNT.error()
    if not can_afford(st.hands[seat], cards):
        raise E.NOT_IN_HAND.error()
    _pay(st, seat, cards)
    st.discard_owed = st.discard_owed[:]
    st.discard_owed[seat] = 0
    ev.append({"type": "discarded", "seat": seat, "cards": cards_dict(cards)})
    if not any(st.discard_owed):
        _after_discards(st)


def _robber_move_ok(st: HexfolkState, h: int, victim: int) -> bool:
    """Fast check of one robber move without the friendly robber (else the full list)."""
    if st.options["friendly_robber"]:
        return (h, victim) in robber_moves(st)
    if h == st.robber:
        return False
    mover = st.turn
    node_owner = st.node_owner
    owners = {node_owner[n] for n in st.board.topo.hex_nodes[h]}
    victims = [o for o in owners if o >= 0 and o != mover and sum(st.hands[o])]
    return victim in victims if victims else victim == -1


def _do_move_robber(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    h = a["hex"]
    if not _int(h) or not 0 <= h < st.board.topo.n_hexes:
        raise E.BAD_HEX.error()
    victim = a.get("victim")
    if victim is None:
        victim = -1
    elif not _int(victim) or not 0 <= victim < st.n:
        raise E.BAD_SEAT.error()
    if not _robber_move_ok(st, h, victim):
        moves = robber_moves(st)
        hexes = {m[0] for m in moves}
        if h in hexes:
            raise E.BAD_VICTIM.error()
        if st.options["friendly_robber"] and len(moves) == 1 and moves[0][0] in st.board.deserts:
            raise E.ROBBER_TO_DESERT.error()
        if h == st.robber:
            raise E.ROBBER_MUST_MOVE.error()
        raise E.FRIENDLY_ROBBER.error()
    st.robber = h
    ev.append({"type": "robber_moved", "seat": seat, "hex": h})
    if victim >= 0:
        hand = st.hands[victim]
        k = draw(st, sum(hand))
        r = 0
        while k >= hand[r]:
            k -= hand[r]
            r += 1
        hand[r] -= 1
        st.hands[seat][r] += 1
        ev.append({"type": "robbed", "thief": seat, "victim": victim})
        ev.append({"type": "stolen_card", "thief": seat, "victim": victim, "resource": RESOURCES[r],
                   "visible_to": [seat, victim]})
    st.phase = _resume_phase(st)


# ------------------------------------------------------------------ development cards
def _check_card(st: HexfolkState, seat: int, card: int) -> None:
    if not playable(st, seat, card):
        if st.dev_played:
            raise E.ONE_CARD_PER_TURN.error()
        if not st.dev_hands[seat][card]:
            raise E.NO_SUCH_CARD.error()
        raise E.CARD_BOUGHT_THIS_TURN.error()


def _take_card(st: HexfolkState, seat: int, card: int) -> None:
    """Play ``card``: at most one per turn, never one bought this turn."""
    _check_card(st, seat, card)
    st.dev_hands = [h[:] for h in st.dev_hands]
    st.dev_hands[seat][card] -= 1
    st.dev_played = True


def _do_play_knight(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _take_card(st, seat, KNIGHT)
    st.knights = st.knights[:]
    st.knights[seat] += 1
    ev.append({"type": "played_dev", "seat": seat, "card": "knight"})
    k = st.knights[seat]
    holder = st.army_holder
    if (not st.options["largest_army_off"] and holder != seat and k >= LARGEST_ARMY_MIN
            and (holder < 0 or k > st.knights[holder])):
        st.army_holder = seat
        ev.append({"type": "largest_army", "holder": seat, "knights": k})
    if not st.options["robber_off"]:
        st.phase = ROBBER


def _do_play_road_building(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _check_card(st, seat, ROAD_BUILDING)
    if not st.roads_left[seat] or not road_edges(st, seat):
        raise E.NO_ROAD_TO_BUILD.error()
    _take_card(st, seat, ROAD_BUILDING)
    st.free_roads = min(ROAD_BUILDING_ROADS, st.roads_left[seat])
    st.phase = ROAD_BUILDING_PHASE
    ev.append({"type": "played_dev", "seat": seat, "card": "road_building"})


def _do_play_year_of_plenty(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    names = a["resources"]
    if not isinstance(names, list):
        raise E.BAD_RESOURCE.error()
    pick = tuple(sorted(_resource(x) for x in names))
    _take_card(st, seat, YEAR_OF_PLENTY)
    if pick not in year_of_plenty_choices(st.bank):
        raise E.YEAR_OF_PLENTY_TAKE.error()
    for r in pick:
        st.bank[r] -= 1
        st.hands[seat][r] += 1
    ev.append({"type": "played_dev", "seat": seat, "card": "year_of_plenty",
               "resources": [RESOURCES[r] for r in pick]})


def _do_play_monopoly(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    r = _resource(a["resource"])
    _take_card(st, seat, MONOPOLY)
    taken = [0] * st.n
    for s, hand in enumerate(st.hands):
        if s != seat and hand[r]:
            taken[s] = hand[r]
            st.hands[seat][r] += hand[r]
            hand[r] = 0
    ev.append({"type": "played_dev", "seat": seat, "card": "monopoly", "resource": RESOURCES[r],
               "taken": taken})


# ------------------------------------------------------------------ trade
def _do_bank_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    give = _resource(a["give"])
    get = _resource(a["get"])
    if give == get:
        raise E.SAME_RESOURCE.error()
    rates = trade_rates(st, seat)[give]
    rate = a.get("rate", rates[-1])
    if not _int(rate) or rate not in rates:
        raise E.BANK_RATE.error()
    if st.hands[seat][give] < rate:
        raise E.NOT_IN_HAND.error()
    if not st.bank[get]:
        raise E.BANK_LACKS.error()
    st.hands[seat][give] -= rate
    st.bank[give] += rate
    st.bank[get] -= 1
    st.hands[seat][get] += 1
    ev.append({"type": "bank_trade", "seat": seat, "give": {RESOURCES[give]: rate},
               "get": {RESOURCES[get]: 1}})


def _terms(a: dict) -> tuple[list, list]:
    give = _cards(a["give"])
    get = _cards(a["get"])
    if not sum(give) and not sum(get):
        raise E.OFFER_EMPTY.error()
    if any(g and t for g, t in zip(give, get, strict=True)):
        raise E.OFFER_OVERLAP.error()
    return give, get


def _do_offer_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    give, get = _terms(a)
    to = a.get("to")
    if to is None:
        to = [s for s in range(st.n) if s != seat]
    if (not isinstance(to, list) or not to or not all(_int(s) and 0 <= s < st.n and s != seat for s in to)
            or len(set(to)) != len(to)):
        raise E.OFFER_TARGETS.error()
    if not can_afford(st.hands[seat], give):
        raise E.NOT_IN_HAND.error()
    to = sorted(to)
    st.trade = {"give": give, "get": get, "to": to, "answers": {str(s): PENDING for s in to},
                "counters": {}}
    st.phase = TRADE
    ev.append({"type": "trade_offered", "seat": seat, "give": cards_dict(give), "get": cards_dict(get),
               "to": to})


def _answer(st: HexfolkState, seat: int, answer: str, counter=None) -> None:
    old = st.trade
    answers = dict(old["answers"])
    answers[str(seat)] = answer
    counters = dict(old["counters"])
    if counter is not None:
        counters[str(seat)] = counter
    st.trade = {"give": old["give"], "get": old["get"], "to": old["to"], "answers": answers,
                "counters": counters}


def _do_accept_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    if not can_afford(st.hands[seat], st.trade["get"]):
        raise E.CANNOT_ACCEPT.error()
    _answer(st, seat, ACCEPTED)
    ev.append({"type": "trade_answered", "seat": seat, "answer": ACCEPTED})


def _do_decline_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _answer(st, seat, DECLINED)
    ev.append({"type": "trade_answered", "seat": seat, "answer": DECLINED})
    if all(x == DECLINED for x in st.trade["answers"].values()):
        _close_trade(st, "declined", ev)


def _do_counter_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    give, get = _terms(a)  # the counterer's own give and get
    if not can_afford(st.hands[seat], give):
        raise E.NOT_IN_HAND.error()
    _answer(st, seat, COUNTERED, [get, give])  # stored from the active player's side
    ev.append({"type": "trade_answered", "seat": seat, "answer": COUNTERED,
               "give": cards_dict(give), "get": cards_dict(get)})


def _do_confirm_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    other = a["with"]
    trade = st.trade
    if not _int(other) or trade["answers"].get(str(other)) not in (ACCEPTED, COUNTERED):
        raise E.CONFIRM_WITH.error()
    counter = trade["counters"].get(str(other))
    give, get = (counter[0], counter[1]) if counter else (trade["give"], trade["get"])
    mine, theirs = st.hands[seat], st.hands[other]
    if not can_afford(mine, give) or not can_afford(theirs, get):
        raise E.TRADE_CARDS_GONE.error()
    for r in range(N_RESOURCES):
        mine[r] += get[r] - give[r]
        theirs[r] += give[r] - get[r]
    st.trade = None
    st.phase = MAIN
    st.trades_made += 1
    ev.append({"type": "trade_done", "seat": seat, "with": other, "give": cards_dict(give),
               "get": cards_dict(get)})


def _do_withdraw_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _close_trade(st, "withdrawn", ev)


def _close_trade(st: HexfolkState, reason: str, ev: list) -> None:
    st.trade = None
    st.phase = MAIN
    ev.append({"type": "trade_closed", "reason": reason})


# ------------------------------------------------------------------ turn flow
def _do_end_turn(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    if st.trade is not None:
        _close_trade(st, "withdrawn", ev)
    ev.append({"type": "turn_ended", "seat": seat})
    if st.n >= SPECIAL_BUILD_MIN_SEATS:
        st.sb_seat = st.turn
        _next_special_builder(st, ev)
    else:
        _start_turn(st, ev)


def _do_pass(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _next_special_builder(st, ev)


def _next_special_builder(st: HexfolkState, ev: list) -> None:
    """The next other seat, in turn order, that could build; a seat holding fewer cards than
    the cheapest build (a public count) is skipped. Then the next turn starts."""
    s = st.sb_seat
    while True:
        s = (s + 1) % st.n
        if s == st.turn:
            st.sb_seat = -1
            _start_turn(st, ev)
            return
        if sum(st.hands[s]) >= CHEAPEST_BUILD:
            st.sb_seat = s
            st.phase = SPECIAL_BUILD
            ev.append({"type": "special_build", "seat": s})
            return


def _start_turn(st: HexfolkState, ev: list) -> None:
    st.turn = (st.turn + 1) % st.n
    st.turn_number += 1
    limit = st.options["turn_limit"]
    if limit and st.turn_number > limit * st.n:
        _end(st, -1, ENDED_TURN_LIMIT, ev)
        return
    st.phase = PRE_ROLL
    st.rolled = False
    st.dev_new = [0] * len(DEV_CARDS)
    st.dev_played = False
    st.free_roads = 0
    ev.append({"type": "turn", "seat": st.turn, "turn_number": st.turn_number})
    # "you only win once it is your turn again"
    if total_points(st, st.turn) >= st.options["victory_points"]:
        _win(st, st.turn, ev)


def _win(st: HexfolkState, seat: int, ev: list) -> None:
    _end(st, seat, ENDED_VICTORY, ev)


def _end(st: HexfolkState, winner: int, reason: str, ev: list) -> None:
    st.phase = OVER
    st.winner = winner
    st.ended = reason
    st.trade = None
    st.sb_seat = -1
    st.discard_owed = [0] * st.n
    ev.append({"type": "game_over", "winner": winner if winner >= 0 else None, "reason": reason})


_HANDLERS = {
    "build_settlement": _do_build_settlement,
    "build_road": _do_build_road,
    "build_city": _do_build_city,
    "buy_dev": _do_buy_dev,
    "roll": _do_roll,
    "discard": _do_discard,
    "move_robber": _do_move_robber,
    "play_knight": _do_play_knight,
    "play_road_building": _do_play_road_building,
    "play_year_of_plenty": _do_play_year_of_plenty,
    "play_monopoly": _do_play_monopoly,
    "bank_trade": _do_bank_trade,
    "offer_trade": _do_offer_trade,
    "accept_trade": _do_accept_trade,
    "decline_trade": _do_decline_trade,
    "counter_trade": _do_counter_trade,
    "confirm_trade": _do_confirm_trade,
    "withdraw_trade": _do_withdraw_trade,
    "end_turn": _do_end_turn,
    "pass": _do_pass,
}

__all__ = ["apply_action", "IllegalAction"]
