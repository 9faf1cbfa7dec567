"""What a seat may see (issue 12, "Views"): face-down cards hidden unless every player has seen
them, which dung each beetle carries, the pool as a count, never the seed or draw counter.

Every player sees the same table (Hexcrement has no private hand: PEEK shows the card "to all
the other players"); the seat to act also gets ``hints`` for its choices. ``build_view(st,
seat, result)`` returns::

    {ENVELOPE..., "options": {"length": "long"}, "round": 3, "round_limit": 120,
     "seats": [{ENVELOPE seat..., "mat": 0, "start": 15, "cell": 40, "direction": "cw",
                "dung": ["DUNG-red"], "swipes": ["SWIPE-1"], "effects": ["FRUIT"],
                "shield": false, "goal": true}],
     "cards": [{"cell": 1, "card": "TRAP-2" | null, "up": false}],   # every cell with a card
     "pool": 6, "dice": [4], "steps": 4, "mode": "forward", "dash": false, "extra": false,
     "from_cell": 15, "reach": [19, 20], "active": ["FRUIT"],
     "choice": null | {"kind": "target", "card": "BLOCK-1" | null, "cell": 20,
                       "for": "BLOCK", "actions": [...], "defenders"/"victims": [seats]},
     "after_card": -1, "chain": 0,       # the card still to resolve after a battle; cards so far
     "who_starts": [[3, 2]], "winner": null, "ended": "",
     "hints": [{"cell": 19, "card": "DUNG-red" | null | "", "beetles": [1]}]}  # seat to act

``card`` in ``hints``: the known code, null for a face-down unknown card, "" for no card.
"""
from __future__ import annotations

from games.hexcrement.engine import texts as T
from games.hexcrement.engine.board import STARTS
from games.hexcrement.engine.cards import (
    COLOURS,
    CSS,
    KIND,
    ROUND_LIMIT,
    SHIELD,
    SLUG,
    goal_met,
    status_names,
)
from games.hexcrement.engine.state import (
    BATTLE,
    GIVE,
    MORPH,
    MOVE,
    MUD,
    ODOUR,
    OVER,
    PEEK,
    ROLL,
    TAKE,
    TARGET,
    State,
)
from games.protocol import seat_envelope
from games.texts import join, plural, text

PHASE_TEXT = {
    ROLL: "{who} rolls",
    MOVE: "{who} moves {steps} {mode}",
    TARGET: "{who} chooses a player for {card}",
    GIVE: "{who} chooses what to give and to whom",
    MORPH: "{who} chooses a face-down card to swap with MORPH",
    PEEK: "{who} chooses a face-down card to PEEK at",
    MUD: "{who} chooses a card to drop in the MUD",
    ODOUR: "{who} chooses which nearest card to follow",
    BATTLE: "{who} fights or spends a SWIPE",
    TAKE: "{who} chooses a dung card to take",
}


def card_for(st: State, cell: int) -> str | None:
    """The code on ``cell`` if every player may know it (face up or seen), else None."""
    code = st.cards[cell]
    if code is None or (cell not in st.known and cell not in st.up):
        return None
    return code


def phase_text(st: State) -> str:
    """The phase in words, e.g. "red moves 4 steps forward"."""
    if st.phase == OVER:
        if st.winner >= 0:
            return f"Game over: {COLOURS[st.mats[st.winner]]} is home with the dung"
        return f"Game over: the {ROUND_LIMIT}-round limit"
    who = COLOURS[st.mats[st.seat]]
    card = st.ctx.get("kind") if st.ctx else ""
    one = st.steps == 1
    mode = ("step forward" if one else "steps forward") if st.mode == "forward" else \
        ("cell perpendicular" if one else "cells perpendicular")
    text = PHASE_TEXT[st.phase].format(who=who, steps=st.steps, mode=mode, card=card)
    return text + " (DASH: an extra turn, one die)" if st.dash and st.phase in (ROLL, MOVE) else text


def _seat(st: State, s: int) -> dict:
    colour = COLOURS[st.mats[s]]
    dung, swipes = st.dung[s], st.swipes[s]
    shield = bool(st.status[s] & SHIELD)
    parts = [f"{len(dung)} dung"]
    if swipes:
        parts.append(f"{len(swipes)} swipe{'s' if len(swipes) != 1 else ''}")
    parts.append("clockwise" if st.dirs[s] > 0 else "anticlockwise")
    out = seat_envelope(s, colour=CSS[colour], colour_name=colour, score=len(dung), summary=" · ".join(parts))
    out.update({
        "mat": st.mats[s], "start": STARTS[st.mats[s]], "cell": st.pos[s],
        "direction": "cw" if st.dirs[s] > 0 else "ccw", "dung": list(dung), "swipes": list(swipes),
        "effects": status_names(st.status[s] & ~SHIELD), "shield": shield,
        "goal": goal_met(st.quick, colour, dung),
    })
    return out


def _hints(st: State) -> list[dict]:
    out = []
    for c in st.reach if st.phase == MOVE else ():
        code = st.cards[c]
        out.append({"cell": c, "card": "" if code is None else card_for(st, c),
                    "beetles": [o for o in range(st.n) if o != st.seat and st.pos[o] == c]})
    return out


def build_view(st: State, seat: int | None, result: dict | None) -> dict:
    """The view of ``seat`` (None: a spectator); see the module docstring."""
    over = st.phase == OVER
    choice = None
    if st.ctx is not None:
        code = st.ctx.get("card")
        choice = {"kind": st.phase, "card": code, "cell": st.ctx["cell"],
                  "for": KIND[code] if code else st.phase, "actions": [dict(a) for a in st.ctx["actions"]]}
        for key in ("defenders", "victims"):  # who is in the battle (public)
            if key in st.ctx:
                choice[key] = list(st.ctx[key])
    view = {
        "game": SLUG, "viewer": seat, "to_act": [] if over else [st.seat], "turn": st.turn_number,
        "phase": st.phase, "phase_text": phase_text(st),
        "seats": [_seat(st, s) for s in range(st.n)], "result": result,
        "options": {"length": "quick" if st.quick else "long"},
        "round": st.turn_number // st.n + 1, "round_limit": ROUND_LIMIT, "seat_to_act": None if over else st.seat,
        "cards": [{"cell": c, "card": card_for(st, c), "up": c in st.up}
                  for c, code in enumerate(st.cards) if code is not None],
        "pool": len(st.pool), "dice": list(st.dice), "steps": st.steps, "mode": st.mode,
        "dash": st.dash, "extra": st.extra, "from_cell": st.from_cell, "reach": list(st.reach),
        "active": status_names(st.active), "choice": choice, "after_card": st.after_card,
        "chain": st.chain,
        "who_starts": [list(r) for r in st.who_starts],
        "winner": st.winner if st.winner >= 0 else None, "ended": st.ended,
    }
    if seat is not None and not over and seat == st.seat:
        view["hints"] = _hints(st)
    return view


def secrets(st: State, seat: int | None) -> list:
    """Card codes no player may know: face-down cards nobody has seen where they lie, and the
    pool's cards nobody has seen (the same for every seat: Hexcrement has no private hand)."""
    out = [code for c, code in enumerate(st.cards)
           if code is not None and c not in st.known and c not in st.up]
    out += [code for code in st.pool if code not in st.seen]
    return out

# --- the view texts (``games.texts``): specs of the English strings above, for the platform
# to translate (``view_texts``). The view keeps its f-strings (bots read views and must not
# pay for this); the conformance check asserts that each spec renders to the view's string.


PHASE_MSGIDS = {
    ROLL: T.ROLLS, TARGET: T.CHOOSES_PLAYER, GIVE: T.CHOOSES_GIFT, MORPH: T.CHOOSES_MORPH,
    PEEK: T.CHOOSES_PEEK, MUD: T.CHOOSES_MUD, ODOUR: T.CHOOSES_ODOUR, BATTLE: T.FIGHTS,
    TAKE: T.CHOOSES_TAKE,
}


def _phase_spec(st: State) -> dict:
    if st.phase == OVER:
        if st.winner >= 0:
            return text(T.OVER_HOME, who=_colour(st.mats[st.winner]))
        return text(T.OVER_LIMIT, rounds=ROUND_LIMIT)
    who = _colour(st.mats[st.seat])
    if st.phase == MOVE:
        forms = T.MOVES_FORWARD if st.mode == "forward" else T.MOVES_PERPENDICULAR
        spec = plural(forms, st.steps, who=who)
    else:
        card = st.ctx.get("kind") if st.ctx else ""
        spec = text(PHASE_MSGIDS[st.phase], who=who, card=card)
    return text(T.WITH_DASH, phase=spec) if st.dash and st.phase in (ROLL, MOVE) else spec


def _colour(mat: int) -> dict:
    return text(T.COLOUR_NAMES[COLOURS[mat]])


def _summary_spec(st: State, s: int) -> dict:
    parts = [text(T.DUNG, n=len(st.dung[s]))]
    if st.swipes[s]:
        parts.append(plural(T.SWIPES, len(st.swipes[s])))
    parts.append(text(T.CLOCKWISE if st.dirs[s] > 0 else T.ANTICLOCKWISE))
    return join(parts)


def view_texts(st: State, seat: int | None) -> dict[str, dict]:
    """The view texts of ``build_view(st, seat, ...)`` (``EngineBase.view_texts``)."""
    out = {"phase_text": _phase_spec(st)}
    for s in range(st.n):
        out[f"seats.{s}.colour_name"] = _colour(st.mats[s])
        out[f"seats.{s}.summary"] = _summary_spec(st, s)
    return out
