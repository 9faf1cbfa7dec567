"""The turn flow: the end of a turn, the special building phase, the next turn, the end of the game.
"""
from __future__ import annotations

from games.hexfolk.engine.actions import (
    total_points,
)
from games.hexfolk.engine.apply_trade import _close_trade
from games.hexfolk.engine.endgame import no_one_can_win
from games.hexfolk.engine.rules import (
    CHEAPEST_BUILD,
    DEV_CARDS,
    SPECIAL_BUILD_MIN_SEATS,
)
from games.hexfolk.engine.state import (
    ENDED_NO_SCORE,
    ENDED_TURN_LIMIT,
    ENDED_VICTORY,
    OVER,
    PRE_ROLL,
    SPECIAL_BUILD,
    HexfolkState,
)
from games.protocol import Result

_N_DEV = len(DEV_CARDS)


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
    if no_one_can_win(st):  # RULES.md, "When nobody can win any more"
        _end(st, -1, ENDED_NO_SCORE, ev)
        return
    st.phase = PRE_ROLL
    st.rolled = False
    st.dev_new = [0] * _N_DEV
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
    # The last change an action makes: the result is final.
    result = result_of(st)
    assert result is not None  # the phase is OVER now
    ev.append({"type": "game_over", "winner": winner if winner >= 0 else None, "reason": reason,
               "result": result.to_json()})


def result_of(st: HexfolkState) -> Result | None:
    """None while running; then rank 1 for the winner (after a turn limit: everyone with the
    most points) and the others by points, ties sharing a rank; scores are points including
    victory point cards."""
    if st.phase != OVER:
        return None
    points = [total_points(st, s) for s in range(st.n)]
    winners: tuple[int, ...]
    if st.winner >= 0:
        winners = (st.winner,)
    else:
        top = max(points)
        winners = tuple(s for s in range(st.n) if points[s] == top)
    ranks = []
    for s in range(st.n):
        if s in winners:
            ranks.append(1)
        else:
            ranks.append(1 + len(winners) + sum(1 for o in range(st.n)
                                                if o not in winners and points[o] > points[s]))
    return Result(ranks=tuple(ranks), scores=tuple(float(p) for p in points), winners=winners)

