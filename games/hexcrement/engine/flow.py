"""The turn cycle: beginning a turn (status effects), ending it, the DASH extra turn, winning.

Every function works on a ``Work``: the state copy that ``apply`` is building, the events so
far and the cards set aside for the pool (they join it when the action is done, so a card
returned to the dice tray is never drawn again by the same action).
"""
from __future__ import annotations

from games.hexcrement.engine.board import CENTRAL_COLUMNS, LOCAL_COLUMN, STARTS
from games.hexcrement.engine.cards import (
    COLOURS,
    MEAN,
    PENDING_MASK,
    ROCK,
    ROUND_LIMIT,
    SHIELD,
    TRAP,
    goal_met,
    status_names,
)
from games.hexcrement.engine.state import OVER, ROLL, State


class Work:
    """What one ``apply`` is building: ``st`` (a copy, changed freely), ``events`` and
    ``aside`` (card codes that return to the pool at the end)."""

    __slots__ = ("st", "events", "aside")

    def __init__(self, st: State):
        self.st = st
        self.events: list[dict] = []
        self.aside: list[str] = []

    def done(self) -> tuple[State, list[dict]]:
        """The finished state (set-aside cards back in the pool) and the events."""
        if self.aside:
            self.st.pool = self.st.pool + tuple(self.aside)
            self.aside = []
        return self.st, self.events


def colour_of(st: State, seat: int) -> str:
    """The beetle colour of ``seat`` (its mat's colour)."""
    return COLOURS[st.mats[seat]]


def set_status(st: State, seat: int, bits: int) -> None:
    """Replace ``seat``'s status bits."""
    status = list(st.status)
    status[seat] = bits
    st.status = tuple(status)


def is_winner(st: State, seat: int) -> bool:
    """Is ``seat``'s beetle on its START carrying the dung its game length asks for?"""
    return st.pos[seat] == STARTS[st.mats[seat]] and goal_met(st.quick, colour_of(st, seat), st.dung[seat])


def declare_winner(w: Work, seat: int) -> None:
    """End the game with ``seat`` the winner (rules: "be the first to return to their
    starting point" with the dung the game length asks for)."""
    st = w.st
    st.winner, st.ended, st.phase = seat, "goal", OVER
    st.ctx, st.reach, st.after_card = None, (), -1
    w.events.append({"type": "game_over", "winner": seat, "reason": "goal", "cell": st.pos[seat],
                     "dung": list(st.dung[seat])})


def check_winners(w: Work) -> bool:
    """Declare the first winner, the seat to act first, then the others in seat order;
    returns True if the game is over."""
    st = w.st
    if st.phase == OVER:
        return True
    for k in range(st.n):
        s = (st.seat + k) % st.n
        if is_winner(st, s):
            declare_winner(w, s)
            return True
    return False


def finish_move(w: Work) -> None:
    """The move and every card it led to are resolved: a DASH extra turn if one is owed
    (rules, DASH: "Take an extra turn, rolling a single die"), else the turn ends."""
    st = w.st
    st.ctx, st.after_card, st.reach = None, -1, ()
    if check_winners(w):
        return
    if st.extra:
        st.extra, st.dash, st.active, st.chain = False, True, 0, 0
        st.phase, st.dice, st.steps = ROLL, (), 0
        w.events.append({"type": "extra_turn", "seat": st.seat})
        return
    end_turn(w)


def end_turn(w: Work) -> None:
    """End the turn of ``st.seat`` and begin the next seat's (skipping lost turns), or end the
    game at the round limit."""
    st = w.st
    while True:
        seat, number = st.seat, st.turn_number
        if st.reminders:  # reminder cards stay face up for the owner's next turn only
            down = [r for r in st.reminders if r[1] == seat and r[2] < number]
            if down:
                st.reminders = tuple(r for r in st.reminders if r not in down)
                st.up = st.up - {r[0] for r in down}
        st.active, st.dash, st.extra, st.chain = 0, False, False, 0
        st.ctx, st.after_card, st.reach, st.dice, st.steps = None, -1, (), (), 0
        st.turn_number = number + 1
        if st.turn_number >= ROUND_LIMIT * st.n:
            st.phase, st.ended = OVER, "limit"
            w.events.append({"type": "game_over", "winner": None, "reason": "limit",
                             "rounds": ROUND_LIMIT})
            return
        if begin_turn(w, (seat + 1) % st.n):
            return


def begin_turn(w: Work, seat: int) -> bool:
    """Begin ``seat``'s regular turn: SHIELD ends, pending effects come into force. Returns
    False when the turn is lost at once (TRAP: "Skip your turn"; ROCK/MEAN outside the five
    central columns: "If you cannot make this move, you skip your turn")."""
    st = w.st
    st.seat = seat
    bits = st.status[seat]
    active = bits & PENDING_MASK
    set_status(st, seat, 0)
    st.active, st.dash, st.extra, st.chain = active, False, False, 0
    st.from_cell = st.pos[seat]
    w.events.append({"type": "turn", "seat": seat, "turn": st.turn_number, "effects": status_names(active),
                     "shield_ended": bool(bits & SHIELD)})
    if active & TRAP:
        w.events.append({"type": "turn_lost", "seat": seat, "reason": "trap"})
        return False
    if active & (ROCK | MEAN) and LOCAL_COLUMN[st.pos[seat]] not in CENTRAL_COLUMNS:
        w.events.append({"type": "turn_lost", "seat": seat, "reason": "no_perpendicular"})
        return False
    st.phase, st.dice, st.steps = ROLL, (), 0
    return True
