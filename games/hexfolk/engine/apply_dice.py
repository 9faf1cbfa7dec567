"""The dice, production, discards after a 7, the robber and the development cards' effects.
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import (
    can_afford,
    cards_dict,
    playable,
    road_edges,
    robber_moves,
    year_of_plenty_choices,
)
from games.hexfolk.engine.apply_parse import _cards, _hand, _int, _pay, _resource, _resume_phase
from games.hexfolk.engine.derived import hex_owners, production_plan
from games.hexfolk.engine.rules import (
    DIE_SIDES,
    KNIGHT,
    LARGEST_ARMY_MIN,
    MONOPOLY,
    N_RESOURCES,
    RESOURCES,
    ROAD_BUILDING,
    ROAD_BUILDING_ROADS,
    ROBBER_ROLL,
    YEAR_OF_PLENTY,
)
from games.hexfolk.engine.state import (
    DISCARD,
    MAIN,
    ROBBER,
    HexfolkState,
    draw,
    draw2,
)
from games.hexfolk.engine.state import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)


# ------------------------------------------------------------------ dice and the robber
def _do_roll(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    d1, d2 = draw2(st, DIE_SIDES)
    d1 += 1
    d2 += 1
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


assert N_RESOURCES == 5  # _produce's literal lists


def _produce(st: HexfolkState, total: int, ev: list) -> None:
    """Production with the shortage rule: a resource the bank cannot pay in full goes to
    nobody, unless only one player is owed it, who gets what is left."""
    hexes, owed, entries = production_plan(st)[total]
    if not owed:
        return
    robber = st.robber
    if robber in hexes:  # that hex produces nothing
        left: dict = {}
        for h, key, x in entries:
            if h != robber:
                left[key] = left.get(key, 0) + x
        if not left:
            return
        owed = tuple(left.items())
    bank = st.bank
    need = [0, 0, 0, 0, 0]  # N_RESOURCES
    owed_to = [0, 0, 0, 0, 0]  # how many seats are owed each resource
    for key, x in owed:
        r = key >> 3
        need[r] += x
        owed_to[r] += 1
    hands = st.hands
    mine: set = set()  # seats whose hand this state owns already
    old = st.produced
    produced = st.produced = old[:]  # a seat's row is copied before it changes
    gains: list[dict[str, int]] = [{} for _ in range(st.n)]
    for key, x in owed:
        r = key >> 3
        o = key & 7
        if need[r] > bank[r]:
            if owed_to[r] > 1:
                continue
            x = bank[r]  # the only player owed gets what is left
            if not x:
                continue
        if o not in mine:
            mine.add(o)
            hands[o] = hands[o][:]
        hands[o][r] += x
        row = produced[o]
        if row is old[o]:
            row = produced[o] = row[:]
        row[r] += x
        gains[o][RESOURCES[r]] = x
    for r in range(N_RESOURCES):
        x = need[r]
        if not x:
            continue
        if x > bank[r]:
            only = None
            if owed_to[r] == 1:
                only = next(key & 7 for key, _ in owed if key >> 3 == r)
                bank[r] = 0
            ev.append({"type": "shortage", "resource": RESOURCES[r], "paid_to": only})
        else:
            bank[r] -= x
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
    hands = st.hands
    victims = [o for o in hex_owners(st)[h] if o != mover and any(hands[o])]
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
        hand = _hand(st, victim)
        k = draw(st, sum(hand))
        r = 0
        while k >= hand[r]:
            k -= hand[r]
            r += 1
        hand[r] -= 1
        _hand(st, seat)[r] += 1
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
    hand = _hand(st, seat)
    for r in pick:
        st.bank[r] -= 1
        hand[r] += 1
    ev.append({"type": "played_dev", "seat": seat, "card": "year_of_plenty",
               "resources": [RESOURCES[r] for r in pick]})


def _do_play_monopoly(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    r = _resource(a["resource"])
    _take_card(st, seat, MONOPOLY)
    taken = [0] * st.n
    mine = _hand(st, seat)
    for s in range(st.n):
        if s != seat and st.hands[s][r]:
            hand = _hand(st, s)
            taken[s] = hand[r]
            mine[r] += hand[r]
            hand[r] = 0
    ev.append({"type": "played_dev", "seat": seat, "card": "monopoly", "resource": RESOURCES[r],
               "taken": taken})
