"""Setting up a game and applying one action: shape checks, the phase, then the rules.

``apply_action(st, seat, action)`` never changes ``st``: it works on ``st.copy()`` and raises
``IllegalAction`` (errors.py) before changing anything, so a refused action leaves no trace.
"""
from __future__ import annotations

from games.hexcrement.engine import errors as E
from games.hexcrement.engine.board import CARD_CELLS, COLUMN, N_CELLS, STARTS
from games.hexcrement.engine.cards import (
    BLOCK,
    DUNG_CARDS,
    FRUIT,
    INSTRUCTION_CARDS,
    KIND,
    MATS_BY_SEATS,
    MEAN,
    POOL_SIZE,
    ROCK,
    SHIELD,
    SURGE,
    status_names,
)
from games.hexcrement.engine.flow import Work, begin_turn, finish_move
from games.hexcrement.engine.moves import end_cells
from games.hexcrement.engine.resolve import (
    after_battle,
    drop,
    fight,
    give,
    hit_target,
    land,
    morph,
    odour,
    peek,
    spend_swipe,
    take,
)
from games.hexcrement.engine.state import (
    BATTLE,
    FORWARD_MODE,
    GIVE,
    MORPH,
    MOVE,
    MUD,
    ODOUR,
    OVER,
    PEEK,
    PERPENDICULAR_MODE,
    ROLL,
    TAKE,
    TARGET,
    State,
    draw,
    roll_die,
)
from games.protocol import IllegalAction

# action type -> (its exact keys, the phase it belongs to)
SHAPES = {
    "roll": (frozenset({"type"}), ROLL),
    "move": (frozenset({"type", "cell"}), MOVE),
    "target": (frozenset({"type", "seat"}), TARGET),
    "give": (frozenset({"type", "seat", "card"}), GIVE),
    "morph": (frozenset({"type", "cell"}), MORPH),
    "peek": (frozenset({"type", "cell"}), PEEK),
    "mud": (frozenset({"type", "card"}), MUD),
    "odour": (frozenset({"type", "cell"}), ODOUR),
    "fight": (frozenset({"type"}), BATTLE),
    "swipe": (frozenset({"type", "seat"}), BATTLE),
    "take": (frozenset({"type", "seat", "card"}), TAKE),
}
WHO_STARTS_ROUNDS = 200  # "none: roll again"; past this many rounds (never seen) seat 0 starts


def _shuffle(st: State, items: list) -> list:
    for i in range(len(items) - 1, 0, -1):  # Fisher-Yates on the game RNG
        j = draw(st, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def new_game(n: int, quick: bool, seed: int) -> tuple[State, list[dict]]:
    """The state after setup and the setup events (interpretation, "Board" and "Game"): 36
    instruction cards and the 6 dung cards shuffled onto the 42 coloured cells, the other 6
    instruction cards in the pool; a random direction per beetle; all roll until someone
    rolls a 2 (the first seat in order that did starts)."""
    mats = MATS_BY_SEATS[n]
    st = State(
        n=n, quick=quick, mats=mats, seed=int(seed), draws=0, cards=(None,) * N_CELLS,
        known=frozenset(), up=frozenset(), reminders=(), seen=frozenset(), pool=(),
        pos=tuple(STARTS[m] for m in mats), dirs=(), dung=((),) * n, swipes=((),) * n,
        status=(0,) * n, active=0, seat=0, turn_number=0, phase=ROLL, dice=(), steps=0,
        mode=FORWARD_MODE, from_cell=STARTS[mats[0]], dash=False, extra=False, reach=(), ctx=None,
        after_card=-1, chain=0, winner=-1, ended="", who_starts=(),
    )
    instructions = _shuffle(st, list(INSTRUCTION_CARDS))
    st.pool = tuple(instructions[:POOL_SIZE])
    laid = _shuffle(st, instructions[POOL_SIZE:] + list(DUNG_CARDS))
    cards = [None] * N_CELLS
    for cell, code in zip(CARD_CELLS, laid, strict=True):
        cards[cell] = code
    st.cards = tuple(cards)
    st.dirs = tuple(1 if draw(st, 2) else -1 for _ in range(n))
    rounds, first = [], 0
    for _ in range(WHO_STARTS_ROUNDS):
        rolls = tuple(roll_die(st) for _ in range(n))
        rounds.append(rolls)
        if 2 in rolls:
            first = rolls.index(2)
            break
    st.who_starts = tuple(rounds)
    w = Work(st)
    begin_turn(w, first)
    return w.done()


def _int(value) -> bool:
    return type(value) is int


def _check_shape(st: State, action) -> str:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or action["type"] not in SHAPES:
        raise E.NOT_AN_ACTION.error()
    kind = action["type"]
    keys, _ = SHAPES[kind]
    if set(action) != keys:
        raise E.BAD_KEYS.error()
    if "cell" in action and not (_int(action["cell"]) and 0 <= action["cell"] < N_CELLS):
        raise E.BAD_CELL.error()
    if "seat" in action and not (_int(action["seat"]) and 0 <= action["seat"] < st.n):
        raise E.BAD_SEAT.error()
    if "card" in action and not (isinstance(action["card"], str) and action["card"] in KIND):
        raise E.BAD_CARD.error()
    return kind


def _check_phase(st: State, kind: str) -> None:
    phase = SHAPES[kind][1]
    if phase == st.phase:
        return
    if st.phase == ROLL:
        raise E.MUST_ROLL.error()
    if st.phase == MOVE:
        raise E.MUST_MOVE.error()
    if kind in ("roll", "move"):
        raise E.MUST_CHOOSE.error()
    raise E.NOT_NOW.error()


def _refuse_choice(st: State, kind: str, action: dict) -> IllegalAction:
    """The rule a choice outside ``ctx["actions"]`` breaks."""
    me, ctx = st.seat, st.ctx
    assert ctx is not None  # a choice phase
    card, cell = action.get("card"), action.get("cell")
    if kind in ("target", "give", "take"):
        seat = action["seat"]  # in these shapes (_check_shape)
    if kind in ("target", "give"):
        if seat == me:
            return E.TARGET_SELF.error()
        if st.status[seat] & SHIELD:
            return E.SHIELDED.error()
    if kind == "target":
        if ctx["kind"] == "MEAN" and st.status[seat] & MEAN:
            return E.MEAN_TWICE.error()
        if ctx["kind"] == "SWAP" and st.pos[seat] == ctx["cell"]:
            return E.SWAP_SAME_CELL.error()
    if kind in ("give", "mud"):
        if card not in st.dung[me] + st.swipes[me]:
            return E.NOT_CARRIED.error()
        if kind == "give" and KIND[card] == "SWIPE" and st.dung[me]:
            return E.GIVE_ORDER.error()
    if kind == "morph":
        return E.NOT_FACE_DOWN.error()
    if kind == "peek":
        return E.PEEK_KNOWN.error() if cell in st.known and st.cards[cell] is not None else E.NOT_FACE_DOWN.error()
    if kind == "odour":
        return E.ODOUR_NEAREST.error()
    if kind == "swipe":
        return E.NOT_IN_BATTLE.error()
    if kind == "take":
        if seat not in ctx["victims"]:
            return E.TAKE_LOWEST.error()
        if card not in st.dung[seat]:
            return E.TAKE_NOT_CARRIED.error()
        return E.TAKE_COLOUR.error()
    return E.CHOICE.error()


def apply_action(st: State, seat, action) -> tuple[State, list[dict]]:
    """The state after ``seat`` plays ``action``, and the events; raises ``IllegalAction``."""
    if st.phase == OVER:
        raise E.GAME_OVER.error()
    if not _int(seat) or seat != st.seat:
        raise E.NOT_YOUR_TURN.error()
    kind = _check_shape(st, action)
    _check_phase(st, kind)
    if kind == "roll":
        return _roll(st)
    if kind == "move":
        return _move(st, action["cell"])
    ctx = st.ctx
    assert ctx is not None  # every choice phase (_check_phase passed) has its ctx
    if action not in ctx["actions"]:
        raise _refuse_choice(st, kind, action)
    w = Work(st.copy())
    w.st.ctx = None
    if kind == "target":
        hit_target(w, ctx["kind"], ctx["cell"], action["seat"])
    elif kind == "give":
        give(w, action["seat"], action["card"])
    elif kind == "morph":
        morph(w, ctx["cell"], action["cell"])
    elif kind == "peek":
        peek(w, action["cell"])
    elif kind == "mud":
        drop(w, ctx["cell"], action["card"])
    elif kind == "odour":
        odour(w, action["cell"])
    elif kind == "fight":
        fight(w, ctx["cell"], ctx["defenders"])
    elif kind == "swipe":
        spend_swipe(w, action["seat"])
    else:
        take(w, action["seat"], action["card"])
    return w.done()


def _roll(st: State) -> tuple[State, list[dict]]:
    """Roll (rules, "Movement rule"; FRUIT: "roll two dice"; SURGE: "2 extra spaces"; BLOCK:
    "one space fewer"; ROCK/MEAN: perpendicular). A DASH extra turn rolls one die, plain."""
    w = Work(st.copy())
    s = w.st
    me = s.seat
    active = 0 if s.dash else s.active
    dice = (roll_die(s), roll_die(s)) if active & FRUIT else (roll_die(s),)
    steps = sum(dice) + (2 if active & SURGE else 0) - (1 if active & BLOCK else 0)
    mode = PERPENDICULAR_MODE if active & (ROCK | MEAN) else FORWARD_MODE
    s.dice, s.steps, s.mode, s.from_cell = dice, steps, mode, s.pos[me]
    s.reach = end_cells(s, me, steps, mode)
    w.events.append({"type": "rolled", "seat": me, "dice": list(dice), "steps": steps, "mode": mode,
                     "effects": status_names(active), "dash": s.dash, "reach": list(s.reach)})
    if not s.reach:
        w.events.append({"type": "turn_lost", "seat": me, "reason": "blocked" if steps <= 0 else "no_room"})
        finish_move(w)
    else:
        s.phase = MOVE
    return w.done()


def _move(st: State, cell: int) -> tuple[State, list[dict]]:
    """Move to ``cell``, one of the end cells of the roll, and land there."""
    if cell not in st.reach:
        if st.mode == PERPENDICULAR_MODE:
            raise E.PERPENDICULAR.error()
        if cell == st.from_cell or COLUMN[cell] == COLUMN[st.from_cell]:
            raise E.START_CELL.error()
        raise E.UNREACHABLE.error()
    w = Work(st.copy())
    s = w.st
    me = s.seat
    frm = s.pos[me]
    pos = list(s.pos)
    pos[me] = cell
    s.pos, s.reach, s.chain = tuple(pos), (), 0
    w.events.append({"type": "moved", "seat": me, "from": frm, "to": cell, "by": s.mode})
    land(w, cell, card=True)
    return w.done()


__all__ = ["SHAPES", "after_battle", "apply_action", "new_game"]
