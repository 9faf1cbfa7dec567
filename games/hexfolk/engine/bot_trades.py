"""The strong Hexfolk bot's trades (bot_strong.py, "Trade"): with the bank and harbors at the
best rate when that completes a goal this turn, 1-for-1 offers to the other players, answers to
their offers by the hand's utility, and, as the offering player, the answer it confirms. Like
the bot, it reads only the seat's view (``Reading``) and the legal actions.
"""
from __future__ import annotations

from games.hexfolk.engine.bot_reading import MIN_GAIN, OFFER_MAX_MISSING, Reading, cards_of, vec
from games.hexfolk.engine.rules import N_RESOURCES, RESOURCE_INDEX
from games.protocol import Action


def by_type(legal: list[Action]) -> dict[str, list[Action]]:
    """``legal`` grouped by action type, in order."""
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a["type"], []).append(a)
    return out


def bank_trade(g: Reading, types: dict) -> Action | None:
    """A bank or harbor trade at the best rate toward the first goal that trades can
    complete this turn (for a goal other than the best, only with cards the best goal does
    not need, as ``StrongBot._build`` spends them); over the discard limit, toward the best goal
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


def offer_terms(g: Reading) -> Action | None:
    """A 1-for-1 offer of a spare card for one the best goal misses, to every opponent not
    close to winning who holds at least as many cards as asked (None: no such offer)."""
    goals = g.goals()
    if not goals:
        return None
    hand = g.hand
    cost = goals[0].cost
    missing = [max(0, cost[r] - hand[r]) for r in range(N_RESOURCES)]
    if not 0 < sum(missing) <= OFFER_MAX_MISSING:
        return None
    best = best_swap(g, [r for r in range(N_RESOURCES) if missing[r]], None)
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
    return {"type": "offer_trade", "give": cards_of(give), "get": cards_of(get), "to": to}


def best_swap(g: Reading, wanted: list[int], offered) -> tuple[list, list] | None:
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


def answer_offer(g: Reading, legal: list[Action]) -> Action:
    """Answer an offer addressed to the seat (see the module docstring)."""
    trade = g.view["trade"]
    types = by_type(legal)
    if g.near_win(trade["seat"]):
        return {"type": "decline_trade"}
    receive, pay = vec(trade["give"]), vec(trade["get"])
    if "accept_trade" in types and g.trade_gain(receive, pay) > MIN_GAIN:
        return {"type": "accept_trade"}
    if "counter_trade" in types:
        goals = g.goals()
        wanted = sorted({r for goal in goals[:2] for r in range(N_RESOURCES)
                         if goal.cost[r] > g.hand[r]})
        swap = best_swap(g, wanted, receive)
        if swap is not None:
            give, get = swap
            return {"type": "counter_trade", "give": cards_of(give), "get": cards_of(get)}
    return {"type": "decline_trade"}


def settle_trade(g: Reading, legal: list[Action]) -> Action | None:
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
