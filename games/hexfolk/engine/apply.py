"""Applying one action: check it against the rules, then change a copy of the state.

``apply_action`` validates the shape (keys, types), the actor (``to_act``), the phase, then calls
one ``_do_*`` handler on a ``clone`` of the state; a handler raises ``IllegalAction`` (from
errors.py) before the input is ever touched, since only the clone changes. After the action,
the active player wins if they reach the target on their own turn (rules, "End of the game").
"""
from __future__ import annotations

from games.hexfolk.engine import errors as E
from games.hexfolk.engine.actions import (
    MANY_ACTING,
    may_act,
    total_points,
)
from games.hexfolk.engine.apply_build import _do_build_city, _do_build_road, _do_build_settlement, _do_buy_dev
from games.hexfolk.engine.apply_dice import (
    _do_discard,
    _do_move_robber,
    _do_play_knight,
    _do_play_monopoly,
    _do_play_road_building,
    _do_play_year_of_plenty,
    _do_roll,
)
from games.hexfolk.engine.apply_trade import (
    _do_accept_trade,
    _do_bank_trade,
    _do_confirm_trade,
    _do_counter_trade,
    _do_decline_trade,
    _do_offer_trade,
    _do_withdraw_trade,
)
from games.hexfolk.engine.apply_turns import _do_end_turn, _do_pass, _win
from games.hexfolk.engine.state import (
    DISCARD,
    MAIN,
    OVER,
    PRE_ROLL,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    TRADE,
    TURN_PHASES,
    HexfolkState,
)
from games.hexfolk.engine.state import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)
from games.protocol import IllegalAction

# type -> (required keys, optional keys)
_KEYS: dict[str, tuple[set[str], set[str]]] = {
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
_SHAPES = {k: (frozenset(req), frozenset(req | opt | {"type"})) for k, (req, opt) in _KEYS.items()}
_BUILDS = {"build_settlement", "build_road", "build_city", "buy_dev"}
_DEV_PLAYS = {"play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly"}
_TRADES = {"bank_trade", "offer_trade"}
# Actions that can change the active player's points (buildings, Longest Road, a victory
# point card, Largest Army); the start of a turn checks on its own.
_SCORING = frozenset(_BUILDS | {"play_knight"})
# Actions whose handlers may change a hand or the bank (the others share them with the input).
_CARDS = frozenset({"build_settlement", "build_road", "build_city", "buy_dev", "roll", "discard",
                    "move_robber", "play_year_of_plenty", "play_monopoly", "bank_trade",
                    "confirm_trade"})
assert _CARDS <= _SHAPES.keys()
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


def apply_action(state: HexfolkState, seat: int, action: dict) -> tuple[HexfolkState, list[dict]]:
    """The state after ``seat`` plays ``action``, and its events; raises ``IllegalAction``.

    Never changes ``state``. Events are JSON-able dicts; private ones carry ``visible_to``. Every
    action is checked in full (shape, actor, phase, then the rule in its handler), whether or
    not it came from ``legal_actions``.
    """
    phase = state.phase
    if phase == OVER:
        raise E.GAME_OVER.error()
    if not isinstance(action, dict):
        raise E.NOT_AN_ACTION.error()
    kind = action.get("type")
    spec = _KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        if kind == "play_victory_point":
            raise E.VICTORY_POINT_NOT_PLAYED.error()
        raise E.NOT_AN_ACTION.error()
    required, allowed_keys, handler, cards, scoring = spec
    if required:
        keys = action.keys()
        if not keys <= allowed_keys or not required <= keys:
            raise E.BAD_KEYS.error()
    elif len(action) != 1:  # "type" alone
        raise E.BAD_KEYS.error()
    if phase in MANY_ACTING:
        if not may_act(state, seat):
            raise E.NOT_YOUR_TURN.error()
        if phase == TRADE:
            allowed, rule = _TRADE_ACTIVE if seat == state.turn else _TRADE_ANSWER
        else:
            allowed, rule = _ALLOWED[phase]
    else:
        if type(seat) is not int or seat != state.turn:  # may_act, for one seat acting
            raise E.NOT_YOUR_TURN.error()
        allowed, rule = _ALLOWED[phase]
    if kind not in allowed:
        if kind == "roll" and state.rolled:
            rule = E.ALREADY_ROLLED
        elif kind == "discard":
            rule = E.NO_DISCARD_OWED
        raise rule.error()
    new = state.clone(cards)
    events: list[dict] = []
    handler(new, seat, action, events)
    if (scoring and new.phase in TURN_PHASES
            and total_points(new, new.turn) >= new.options["victory_points"]):
        _win(new, new.turn, events)
    return new, events


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

# kind -> (required keys, allowed keys, handler, ``clone``'s hands argument, may score)
_KINDS = {k: (req, allowed, _HANDLERS[k], None if k in _CARDS else False, k in _SCORING)
          for k, (req, allowed) in _SHAPES.items()}
assert all(allowed == {"type"} for req, allowed in _SHAPES.values() if not req)

__all__ = ["apply_action", "IllegalAction"]
