"""Hexcrement bots: they decide from a seat's view and legal actions only, never the state.

``RandomBot`` (kind ``"random"``, games.protocol) plays any legal action. ``StrongBot`` (kind
``"strong"``) determinizes: it deals the cards it cannot see (face-down cards nobody has seen
and the pool, from the 48 minus every card in view) into ``WORLDS`` sampled states with fresh
dice, plays each candidate action in each of them with the engine's own rules, finishes its
own follow-up choices greedily, and takes the action whose resulting positions score best on
average. A position scores by ``seat_value``: a beetle with the dung its game length asks for
is worth more the fewer turns it expects to need to land on its START (a table computed once
per START and direction from the board); one still hunting is worth the dung it carries and
the expected value of the best cell it can reach next turn over the six faces of the die (a
card, or a beetle carrying dung to battle). It subtracts the best opponent's score (and a
little of the others').
"""
from __future__ import annotations

import random

from games.hexcrement.engine.apply import apply_action
from games.hexcrement.engine.board import CARD_CELLS, N_CELLS, REACH, STARTS, columns_between
from games.hexcrement.engine.cards import (
    ALL_CARDS,
    COLOURS,
    DUNG,
    DUNG_COLOUR,
    KIND,
    SHIELD,
    STATUS_NAMES,
    goal_met,
)
from games.hexcrement.engine.moves import legal_actions
from games.hexcrement.engine.state import CHOICE_PHASES, MORPH, OVER, PEEK, ROLL, TARGET, State
from games.protocol import IllegalAction, RandomBot

WORLDS = 8  # sampled deals of the unseen cards per decision
FOLLOW_UP_LIMIT = 4  # own choices played greedily after a candidate action
SIMULATE_AT_MOST = 8  # follow-up choices with more options than this use a heuristic
TURN = 25.0  # one turn, in score points
GOAL_BASE = 600.0
HALF_GOAL = 220.0  # long game: dung of one other colour, half way to the goal
SWIPE_VALUE = 45.0
WIN = 10_000.0
EXTRA_TURN = 1.2 * TURN
STATUS_BITS = {name: bit for bit, name in STATUS_NAMES}
STATUS_VALUE = {"FRUIT": 0.6 * TURN, "SURGE": 0.2 * TURN, "TRAP": -TURN, "ROCK": -0.8 * TURN,
                "MEAN": -0.8 * TURN, "BLOCK": -0.2 * TURN}
# What landing on a known card is worth to a beetle next turn (dung is valued by the seat).
KNOWN_VALUE = {"BLOCK": 6, "DASH": 30, "FLIP": -8, "FRUIT": 15, "GIVE": -10, "MEAN": 8, "MORPH": 12,
               "MUD": -10, "ODOUR": 10, "PEEK": 2, "PUSH": 4, "ROCK": -20, "SHIELD": 4, "SURGE": 5,
               "SWAP": 5, "SWIPE": 40, "TRAP": -25, "TUNNEL": 0}
UNKNOWN_VALUE = 22.0  # a face-down card nobody has seen: about 1 in 8 is dung
LOOKAHEAD_WEIGHT = 0.8
FIGHT_WIN = 15 / 36  # a challenger's die beats a defender's strictly
SWIPE_WIN = 0.9
_STATUS_SUM = tuple(sum(STATUS_VALUE.get(name, 0.0) for bit, name in STATUS_NAMES if bits & bit)
                    for bits in range(128))
BEST_OPPONENT, OTHER_OPPONENTS = 0.6, 0.15
_home: dict = {}
_CARD_CELLS = frozenset(CARD_CELLS)
# CARD_REACH[direction][cell]: for a die of 1-6, the card cells exactly that far (cards only
# ever lie on the coloured card cells: MORPH and MUD keep them there).
CARD_REACH = {d: tuple(tuple(tuple(y for y in REACH[d][c][k] if y in _CARD_CELLS) for k in range(1, 7))
                       for c in range(N_CELLS)) for d in (1, -1)}


def home_turns(start: int, direction: int) -> tuple[float, ...]:
    """Expected turns to land exactly on ``start`` from each cell, moving ``direction`` with
    one die and choosing the end cell well (value iteration over the board; cached)."""
    key = (start, direction)
    table = _home.get(key)
    if table is not None:
        return table
    reach = REACH[direction]
    t = [60.0] * N_CELLS
    t[start] = 0.0
    # fewest steps from each cell to START: a move of at least that many may stop there
    first = [next((j for j in range(1, 7) if start in reach[x][j]), 99) for x in range(N_CELLS)]
    order = sorted(range(N_CELLS), key=lambda c: columns_between(c, start, direction))
    for _ in range(60):
        delta = 0.0
        for x in order:
            if x == start:
                continue
            rows = reach[x]
            v = 1.0 + sum(0.0 if first[x] <= k else min(t[y] for y in rows[k]) for k in range(1, 7)) / 6.0
            if abs(v - t[x]) > delta:
                delta = abs(v - t[x])
            t[x] = v
        if delta < 0.01:
            break
    table = _home[key] = tuple(t)
    return table


def rebuild(view: dict, rng: random.Random) -> State:
    """A state consistent with ``view``: what the view shows, and the unseen cards dealt at
    random to the face-down cells nobody knows and to the pool (never dung: dung only leaves
    the board to be carried); fresh dice (determinization)."""
    seats = view["seats"]
    n = len(seats)
    cards: list = [None] * N_CELLS
    hidden, known, up, visible = [], set(), set(), set()
    for entry in view["cards"]:
        cell, code = entry["cell"], entry["card"]
        if entry["up"]:
            up.add(cell)
        if code is None:
            hidden.append(cell)
        else:
            cards[cell] = code
            visible.add(code)
            if not entry["up"]:
                known.add(cell)
    for s in seats:
        visible.update(s["dung"])
        visible.update(s["swipes"])
    rest = [code for code in ALL_CARDS if code not in visible]
    rng.shuffle(rest)
    # the pool never holds dung (dung only leaves the board to be carried): deal it first
    size = len(rest) - len(hidden)
    ordered = [c for c in rest if KIND[c] != DUNG] + [c for c in rest if KIND[c] == DUNG]
    pool = tuple(ordered[:size])
    board = ordered[size:]
    rng.shuffle(board)
    for cell, code in zip(hidden, board, strict=True):
        cards[cell] = code
    status = []
    for s in seats:
        bits = sum(STATUS_BITS[name] for name in s["effects"])
        status.append(bits | (SHIELD if s["shield"] else 0))
    choice = view["choice"]
    ctx = None
    if choice is not None:
        ctx = {"card": choice["card"], "cell": choice["cell"], "actions": [dict(a) for a in choice["actions"]]}
        if choice["kind"] == TARGET:
            ctx["kind"] = choice["for"]
        for key in ("defenders", "victims"):
            if key in choice:
                ctx[key] = list(choice[key])
    return State(
        n=n, quick=view["options"]["length"] == "quick", mats=tuple(s["mat"] for s in seats),
        seed=rng.getrandbits(62), draws=0, cards=tuple(cards), known=frozenset(known), up=frozenset(up),
        reminders=(), seen=frozenset(visible), pool=pool, pos=tuple(s["cell"] for s in seats),
        dirs=tuple(1 if s["direction"] == "cw" else -1 for s in seats),
        dung=tuple(tuple(s["dung"]) for s in seats), swipes=tuple(tuple(s["swipes"]) for s in seats),
        status=tuple(status), active=sum(STATUS_BITS[name] for name in view["active"]),
        seat=view["seat_to_act"] if view["seat_to_act"] is not None else 0, turn_number=view["turn"],
        phase=view["phase"], dice=tuple(view["dice"]), steps=view["steps"], mode=view["mode"],
        from_cell=view["from_cell"], dash=view["dash"], extra=view["extra"], reach=tuple(view["reach"]),
        ctx=ctx, after_card=view["after_card"], chain=view["chain"],
        winner=-1 if view["winner"] is None else view["winner"], ended=view["ended"], who_starts=(),
    )


def _dung_worth(st: State, seat: int, code: str) -> float:
    """What one more dung card ``code`` is worth to ``seat``'s beetle (for landing values)."""
    colour = COLOURS[st.mats[seat]]
    dung = st.dung[seat]
    if goal_met(st.quick, colour, dung):
        return 5.0
    if goal_met(st.quick, colour, dung + (code,)):
        return GOAL_BASE - 10 * TURN
    return HALF_GOAL if DUNG_COLOUR[code] != colour and not dung else 10.0


def _cell_worth(st: State, seat: int, cell: int) -> float:
    code = st.cards[cell]
    if code is None:
        return 0.0
    if cell not in st.known and cell not in st.up:
        return UNKNOWN_VALUE
    kind = KIND[code]
    if kind == DUNG:
        return _dung_worth(st, seat, code)
    if kind in ("GIVE", "MUD") and not (st.dung[seat] or st.swipes[seat]):
        return 5.0
    return KNOWN_VALUE[kind]


def seat_value(st: State, seat: int) -> float:
    """How well ``seat``'s beetle is doing, in points (about 25 a turn)."""
    colour = COLOURS[st.mats[seat]]
    dung = st.dung[seat]
    pos, direction = st.pos[seat], st.dirs[seat]
    status = st.status[seat]
    value = _STATUS_SUM[status] if status < len(_STATUS_SUM) else 0.0
    value += SWIPE_VALUE * len(st.swipes[seat])
    if goal_met(st.quick, colour, dung):
        turns = home_turns(STARTS[st.mats[seat]], direction)[pos]
        value += GOAL_BASE - TURN * turns + 8.0 * len(dung)
        if status & SHIELD:
            value += 10.0
        return value
    if not st.quick and dung:
        value += HALF_GOAL + 5.0 * (len(dung) - 1)
    # beetles worth a battle: carrying dung, not SHIELDed (a SWIPE wins it outright)
    chance = SWIPE_WIN if st.swipes[seat] else FIGHT_WIN
    prey = [(st.pos[o], chance * max(_dung_worth(st, seat, d) for d in st.dung[o]))
            for o in range(st.n) if o != seat and st.dung[o] and not st.status[o] & SHIELD]
    look = 0.0
    cards = st.cards
    rows = REACH[direction][pos]
    for k, row in enumerate(CARD_REACH[direction][pos], 1):
        best = 0.0
        for y in row:
            if cards[y] is not None:
                v = _cell_worth(st, seat, y)
                if v > best:
                    best = v
        for cell, v in prey:
            if v > best and cell in rows[k]:
                best = v
        look += best
    return value + LOOKAHEAD_WEIGHT * look / 6.0


def evaluate(st: State, me: int) -> float:
    """The score of ``st`` for seat ``me``: own value minus the opponents'."""
    if st.phase == OVER:
        if st.winner == me:
            return WIN
        if st.winner >= 0:
            return -WIN
    mine = seat_value(st, me)
    others = [seat_value(st, o) for o in range(st.n) if o != me]
    value = mine - BEST_OPPONENT * max(others) - OTHER_OPPONENTS * (sum(others) - max(others))
    if st.phase == ROLL and st.seat == me and st.dash:
        value += EXTRA_TURN
    return value


def _heuristic(st: State, me: int, legal: list[dict], rng: random.Random) -> dict:
    """A cheap choice among many MORPH or PEEK cells: MORPH takes the best known face-down
    card (else any unknown one); PEEK looks at an unknown card the beetle may reach next turn."""
    if st.phase == MORPH:
        best, best_v = None, UNKNOWN_VALUE
        for a in legal:
            c = a["cell"]
            if c in st.known:
                v = _cell_worth(st, me, c)
                if v > best_v:
                    best, best_v = a, v
        if best is not None:
            return best
        unknown = [a for a in legal if a["cell"] not in st.known]
        return rng.choice(unknown or legal)
    if st.phase == PEEK:
        rows = REACH[st.dirs[me]][st.pos[me]]
        near = {y for k in range(1, 7) for y in rows[k]}
        close = [a for a in legal if a["cell"] in near]
        return rng.choice(close or legal)
    return rng.choice(legal)


def _follow_up(st: State, me: int, rng: random.Random) -> State:
    """Play ``me``'s own further choices in ``st`` greedily (one ply each)."""
    for _ in range(FOLLOW_UP_LIMIT):
        if st.phase not in CHOICE_PHASES or st.seat != me:
            break
        legal = legal_actions(st, me)
        if len(legal) > SIMULATE_AT_MOST:
            st, _ = apply_action(st, me, _heuristic(st, me, legal, rng))
            continue
        best, best_v = st, -1e18  # a choice phase offers at least one action
        for a in legal:
            nxt, _ = apply_action(st, me, a)
            v = evaluate(nxt, me)
            if v > best_v:
                best, best_v = nxt, v
        st = best
    return st


class StrongBot:
    """Chooses end cells, targets and card uses by expected value over the dice and the
    unseen cards (module docstring)."""

    name = "strong"
    description = "Weighs every move over the dice and the unseen cards: hunts dung, then heads home."

    def __init__(self, worlds: int = WORLDS):
        self.worlds = worlds

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict:
        """One element of ``legal``; raises ``ValueError`` if it is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        me = view["seat_to_act"]
        if view["phase"] in (MORPH, PEEK) and len(legal) > SIMULATE_AT_MOST:
            return _heuristic(rebuild(view, rng), me, legal, rng)
        worlds = [rebuild(view, rng) for _ in range(self.worlds)]
        best, best_v = legal[0], -1e18
        for a in legal:
            total = 0.0
            try:
                for world in worlds:
                    nxt, _ = apply_action(world, me, a)
                    total += evaluate(_follow_up(nxt, me, rng), me)
            except IllegalAction:  # a template or a view this bot cannot rebuild: skip it
                continue
            if total > best_v:
                best, best_v = a, total
        return best


def bot_factories() -> dict:
    """Bot kinds for the lobby, weakest first: ``{"random": RandomBot, "strong": StrongBot}``."""
    return {"random": RandomBot, "strong": StrongBot}
