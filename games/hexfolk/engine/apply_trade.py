"""Trading with the bank (harbors) and with other players: offers, answers, counters.
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import (
    can_afford,
    cards_dict,
)
from games.hexfolk.engine.apply_parse import _cards, _hand, _int, _resource
from games.hexfolk.engine.derived import rates_by_seat
from games.hexfolk.engine.rules import (
    N_RESOURCES,
    RESOURCES,
)
from games.hexfolk.engine.state import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
    MAIN,
    PENDING,
    TRADE,
    HexfolkState,
)


# ------------------------------------------------------------------ trade
def _do_bank_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    give = _resource(a["give"])
    get = _resource(a["get"])
    if give == get:
        raise E.SAME_RESOURCE.error()
    rates = rates_by_seat(st)[seat][give]
    rate = a.get("rate", rates[-1])
    if not _int(rate) or rate not in rates:
        raise E.BANK_RATE.error()
    if st.hands[seat][give] < rate:
        raise E.NOT_IN_HAND.error()
    if not st.bank[get]:
        raise E.BANK_LACKS.error()
    hand = _hand(st, seat)
    hand[give] -= rate
    st.bank[give] += rate
    st.bank[get] -= 1
    hand[get] += 1
    ev.append({"type": "bank_trade", "seat": seat, "give": {RESOURCES[give]: rate},
               "get": {RESOURCES[get]: 1}})


def _terms(a: dict) -> tuple[list, list]:
    give = _cards(a["give"])
    get = _cards(a["get"])
    if not sum(give) and not sum(get):
        raise E.OFFER_EMPTY.error()
    for r in range(N_RESOURCES):
        if give[r] and get[r]:
            raise E.OFFER_OVERLAP.error()
    return give, get


def _do_offer_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    give, get = _terms(a)
    to = a.get("to")
    if to is None:
        to = [s for s in range(st.n) if s != seat]
    if not isinstance(to, list) or not to:
        raise E.OFFER_TARGETS.error()
    n = st.n
    for s in to:
        if not _int(s) or not 0 <= s < n or s == seat:
            raise E.OFFER_TARGETS.error()
    if len(set(to)) != len(to):
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
    assert old is not None  # the answers go to the open offer
    answers = dict(old["answers"])
    answers[str(seat)] = answer
    counters = dict(old["counters"])
    if counter is not None:
        counters[str(seat)] = counter
    st.trade = {"give": old["give"], "get": old["get"], "to": old["to"], "answers": answers,
                "counters": counters}


def _do_accept_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    trade = st.trade
    assert trade is not None  # the handlers of answers run in TRADE only
    if not can_afford(st.hands[seat], trade["get"]):
        raise E.CANNOT_ACCEPT.error()
    _answer(st, seat, ACCEPTED)
    ev.append({"type": "trade_answered", "seat": seat, "answer": ACCEPTED})


def _do_decline_trade(st: HexfolkState, seat: int, a: dict, ev: list) -> None:
    _answer(st, seat, DECLINED)
    ev.append({"type": "trade_answered", "seat": seat, "answer": DECLINED})
    trade = st.trade
    assert trade is not None  # _answer just replaced it
    if all(x == DECLINED for x in trade["answers"].values()):
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
    assert trade is not None  # the handlers of answers run in TRADE only
    if not _int(other) or trade["answers"].get(str(other)) not in (ACCEPTED, COUNTERED):
        raise E.CONFIRM_WITH.error()
    counter = trade["counters"].get(str(other))
    give, get = (counter[0], counter[1]) if counter else (trade["give"], trade["get"])
    if not can_afford(st.hands[seat], give) or not can_afford(st.hands[other], get):
        raise E.TRADE_CARDS_GONE.error()
    mine, theirs = _hand(st, seat), _hand(st, other)
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
