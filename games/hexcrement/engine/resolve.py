"""What happens where a beetle lands: battles, then the Hex card (RULES.md, "Landing").

Every function takes the ``Work`` of flow.py and either opens a choice (sets ``phase`` and
``ctx``; the choice's action continues from there) or goes on to ``finish_move``.
"""
from __future__ import annotations

from games.hexcrement.engine.board import STARTS
from games.hexcrement.engine.cards import (
    BLOCK,
    CHAIN_LIMIT,
    DUNG,
    FRUIT,
    KIND,
    MEAN,
    REMINDER_KINDS,
    ROCK,
    SHIELD,
    SURGE,
    TRAP,
)
from games.hexcrement.engine.flow import Work, colour_of, declare_winner, finish_move, is_winner, set_status
from games.hexcrement.engine.moves import nearest_cards
from games.hexcrement.engine.state import (
    BATTLE,
    GIVE,
    MORPH,
    MUD,
    ODOUR,
    PEEK,
    TAKE,
    TARGET,
    draw,
    roll_die,
)

TARGET_KINDS = frozenset({"BLOCK", "MEAN", "PUSH", "SWAP"})
_STATUS_OF = {"FRUIT": FRUIT, "ROCK": ROCK, "TRAP": TRAP, "SURGE": SURGE}


def _set(tup: tuple, i: int, value) -> tuple:
    out = list(tup)
    out[i] = value
    return tuple(out)


def _open(w: Work, phase: str, ctx: dict) -> None:
    w.st.phase, w.st.ctx = phase, ctx


# --- landing and battles ------------------------------------------------------------------


def land(w: Work, cell: int, card: bool = True) -> None:
    """``st.seat``'s beetle has arrived on ``cell``: a win on its START, else a battle with
    the beetles there carrying dung, then (``card``) the Hex card of the cell."""
    st = w.st
    me = st.seat
    if cell == STARTS[st.mats[me]] and is_winner(st, me):
        declare_winner(w, me)
        return
    defenders = [o for o in range(st.n)
                 if o != me and st.pos[o] == cell and st.dung[o] and not st.status[o] & SHIELD]
    if not defenders:
        after_battle(w, cell if card else -1)
        return
    st.after_card = cell if card else -1
    if st.swipes[me]:  # rules: "they may use it instead of the dice roll"
        actions = [{"type": "fight"}] + [{"type": "swipe", "seat": d} for d in defenders]
        _open(w, BATTLE, {"card": None, "cell": cell, "defenders": defenders, "actions": actions})
        return
    fight(w, cell, defenders)


def fight(w: Work, cell: int, defenders: list[int]) -> None:
    """Every beetle in the battle rolls its die; the challenger beats only strictly lower rolls
    and takes from the lowest it beat (rules, "Multi-player battle rule")."""
    st = w.st
    me = st.seat
    mine = roll_die(st)
    rolls = [(d, roll_die(st)) for d in defenders]
    beaten = [d for d, r in rolls if r < mine]
    low = min((r for d, r in rolls if r < mine), default=None)
    victims = [d for d, r in rolls if r == low] if beaten else []
    w.events.append({"type": "battle", "seat": me, "cell": cell,
                     "rolls": [{"seat": me, "roll": mine}] + [{"seat": d, "roll": r} for d, r in rolls],
                     "beaten": beaten, "victims": victims})
    if not victims:
        after_battle(w, st.after_card)
        return
    offer_take(w, victims)


def offer_take(w: Work, victims: list[int]) -> None:
    """The challenger takes one dung card: its own colour from a victim who carries it, else
    its choice (rules, "Handling multiple dungs")."""
    st = w.st
    own = f"{DUNG}-{colour_of(st, st.seat)}"
    options = []
    for v in victims:
        carried = st.dung[v]
        options += [(v, own)] if own in carried else [(v, c) for c in carried]
    if len(options) == 1:
        take(w, *options[0])
        return
    actions = [{"type": "take", "seat": v, "card": c} for v, c in options]
    _open(w, TAKE, {"card": None, "cell": st.pos[st.seat], "victims": victims, "actions": actions})


def take(w: Work, victim: int, code: str) -> None:
    """Move dung ``code`` from ``victim`` to the challenger, then go on with the landing."""
    st = w.st
    me = st.seat
    st.dung = _set(st.dung, victim, tuple(c for c in st.dung[victim] if c != code))
    st.dung = _set(st.dung, me, st.dung[me] + (code,))
    w.events.append({"type": "stole", "seat": me, "from": victim, "card": code})
    after_battle(w, st.after_card)


def spend_swipe(w: Work, victim: int) -> None:
    """SWIPE instead of the dice: the challenger wins against ``victim``; the SWIPE returns to
    the dice tray (rules, SWIPE: "Return the swipe card to the dice tray face down after use")."""
    st = w.st
    me = st.seat
    code = st.swipes[me][0]
    st.swipes = _set(st.swipes, me, st.swipes[me][1:])
    w.aside.append(code)
    w.events.append({"type": "swipe_used", "seat": me, "card": code, "target": victim})
    offer_take(w, [victim])


def after_battle(w: Work, cell: int) -> None:
    """Resolve the card of ``cell`` (-1: none, after a SWAP) and finish the move."""
    w.st.after_card = -1
    if cell >= 0:
        resolve_card(w, cell)
    else:
        finish_move(w)


# --- cards --------------------------------------------------------------------------------


def _draw_pool(w: Work) -> str | None:
    st = w.st
    if not st.pool:
        return None
    i = draw(st, len(st.pool))
    code = st.pool[i]
    st.pool = st.pool[:i] + st.pool[i + 1:]
    return code


def _place_hidden(w: Work, cell: int) -> bool:
    """A card from the pool goes face down on ``cell``, unresolved and unknown; returns False
    (the cell stays empty) when the pool is empty."""
    st = w.st
    code = _draw_pool(w)
    st.cards = _set(st.cards, cell, code)
    st.known = st.known - {cell}
    return code is not None


def _card_event(w: Work, cell: int, code: str, effect: str, **more) -> None:
    w.events.append({"type": "card", "seat": w.st.seat, "cell": cell, "card": code, "kind": KIND[code],
                     "effect": effect, **more})


def targets(st, kind: str, cell: int) -> list[int]:
    """Players ``kind`` may choose: others, not SHIELDed; MEAN only one not already chosen;
    SWAP only a beetle on another cell."""
    me = st.seat
    out = []
    for o in range(st.n):
        if o == me or st.status[o] & SHIELD:
            continue
        if kind == "MEAN" and st.status[o] & MEAN:
            continue
        if kind == "SWAP" and st.pos[o] == cell:
            continue
        out.append(o)
    return out


def resolve_card(w: Work, cell: int) -> None:
    """Turn up the Hex card on ``cell`` and follow its instructions (rules, "HEX CARD
    INSTRUCTIONS"); nothing on an empty cell or past ``CHAIN_LIMIT`` cards in one move."""
    st = w.st
    code = st.cards[cell]
    if code is None:
        finish_move(w)
        return
    if cell in st.up and KIND[code] == "TUNNEL":
        finish_move(w)  # an open tunnel has nothing more to do
        return
    st.chain += 1
    if st.chain > CHAIN_LIMIT:
        w.events.append({"type": "chain_limit", "seat": st.seat, "cell": cell, "limit": CHAIN_LIMIT})
        finish_move(w)
        return
    me = st.seat
    kind = KIND[code]
    st.known = st.known | {cell}
    st.seen = st.seen | {code}
    if kind == DUNG:
        st.dung = _set(st.dung, me, st.dung[me] + (code,))
        replaced = _place_hidden(w, cell)
        _card_event(w, cell, code, "picked_up", replaced=replaced)
    elif kind == "SWIPE":
        st.swipes = _set(st.swipes, me, st.swipes[me] + (code,))
        replaced = _place_hidden(w, cell)
        _card_event(w, cell, code, "picked_up", replaced=replaced)
    elif kind == "TUNNEL":
        st.up = st.up | {cell}
        _card_event(w, cell, code, "tunnel_open")
    elif kind == "DASH":
        st.extra = True
        _card_event(w, cell, code, "extra_turn")
    elif kind == "FLIP":
        st.dirs = _set(st.dirs, me, -st.dirs[me])
        _remind(w, cell)
        _card_event(w, cell, code, "direction", direction="cw" if st.dirs[me] > 0 else "ccw")
    elif kind in _STATUS_OF:
        set_status(st, me, st.status[me] | _STATUS_OF[kind])
        if kind in REMINDER_KINDS:
            _remind(w, cell)
        _card_event(w, cell, code, "next_turn")
    elif kind in TARGET_KINDS:
        options = targets(st, kind, cell)
        if not options:
            _card_event(w, cell, code, "no_target")
        elif len(options) == 1:
            _card_event(w, cell, code, "target")
            hit_target(w, kind, cell, options[0])
            return
        else:
            _card_event(w, cell, code, "choose")
            _open(w, TARGET, {"card": code, "cell": cell, "kind": kind,
                              "actions": [{"type": "target", "seat": o} for o in options]})
            return
    elif kind == "GIVE":
        gifts = st.dung[me] or st.swipes[me]
        if not gifts:
            _card_event(w, cell, code, "replaced")
            replace_and_resolve(w, cell)
            return
        recipients = [o for o in range(st.n) if o != me and not st.status[o] & SHIELD]
        options = [(o, g) for o in recipients for g in gifts]
        if not options:
            _card_event(w, cell, code, "no_target")
        elif len(options) == 1:
            _card_event(w, cell, code, "give")
            give(w, *options[0])
            return
        else:
            _card_event(w, cell, code, "choose")
            _open(w, GIVE, {"card": code, "cell": cell,
                            "actions": [{"type": "give", "seat": o, "card": g} for o, g in options]})
            return
    elif kind == "SHIELD":
        if st.dung[me] or st.swipes[me]:
            set_status(st, me, st.status[me] | SHIELD)
            _card_event(w, cell, code, "shielded")
        else:
            _card_event(w, cell, code, "replaced")
            replace_and_resolve(w, cell)
            return
    elif kind == "MUD":
        drops = st.dung[me] + st.swipes[me]
        if not drops:
            _card_event(w, cell, code, "replaced")
            replace_and_resolve(w, cell)
            return
        if len(drops) == 1:
            _card_event(w, cell, code, "drop")
            drop(w, cell, drops[0])
            return
        _card_event(w, cell, code, "choose")
        _open(w, MUD, {"card": code, "cell": cell, "actions": [{"type": "mud", "card": d} for d in drops]})
        return
    elif kind == "MORPH":
        options = [c for c, k in enumerate(st.cards) if k is not None and c != cell and c not in st.up]
        if not options:
            _card_event(w, cell, code, "no_target")
        else:  # always a choice, even of one: the MORPH card goes face down unknown
            _card_event(w, cell, code, "choose")
            _open(w, MORPH, {"card": code, "cell": cell,
                             "actions": [{"type": "morph", "cell": c} for c in options]})
            return
    elif kind == "PEEK":
        options = [c for c, k in enumerate(st.cards)
                   if k is not None and c != cell and c not in st.up and c not in st.known]
        if not options:
            _card_event(w, cell, code, "no_target")
        elif len(options) == 1:
            _card_event(w, cell, code, "peek")
            peek(w, options[0])
            return
        else:
            _card_event(w, cell, code, "choose")
            _open(w, PEEK, {"card": code, "cell": cell, "actions": [{"type": "peek", "cell": c} for c in options]})
            return
    elif kind == "ODOUR":
        options = nearest_cards(st, cell, st.dirs[me])
        if not options:
            _card_event(w, cell, code, "no_target")
        elif len(options) == 1:
            _card_event(w, cell, code, "odour")
            odour(w, options[0])
            return
        else:
            _card_event(w, cell, code, "choose")
            _open(w, ODOUR, {"card": code, "cell": cell, "actions": [{"type": "odour", "cell": c} for c in options]})
            return
    finish_move(w)


def _remind(w: Work, cell: int) -> None:
    """Keep the card on ``cell`` face up for the lander's next turn."""
    st = w.st
    st.reminders = tuple(r for r in st.reminders if r[0] != cell) + ((cell, st.seat, st.turn_number),)
    st.up = st.up | {cell}


def replace_and_resolve(w: Work, cell: int) -> None:
    """GIVE, SHIELD and MUD with nothing to act on: the card goes back to the pool and one
    drawn from the pool takes its place and is resolved (nothing when the pool is empty)."""
    st = w.st
    old = st.cards[cell]
    new = _draw_pool(w)
    if new is None:
        w.events.append({"type": "no_replacement", "seat": st.seat, "cell": cell, "card": old})
        finish_move(w)
        return
    st.cards = _set(st.cards, cell, new)
    w.aside.append(old)
    resolve_card(w, cell)


def hit_target(w: Work, kind: str, cell: int, target: int) -> None:
    """BLOCK, MEAN, PUSH or SWAP on ``target``."""
    st = w.st
    me = st.seat
    ev = {"type": "effect", "seat": me, "kind": kind, "target": target}
    if kind == "BLOCK":
        set_status(st, target, st.status[target] | BLOCK)
    elif kind == "MEAN":
        set_status(st, target, st.status[target] | MEAN)
    elif kind == "PUSH":
        st.dirs = _set(st.dirs, target, -st.dirs[target])
        ev["direction"] = "cw" if st.dirs[target] > 0 else "ccw"
    else:  # SWAP: "Do not pick up their Hex card ... but you may battle"
        mine, theirs = st.pos[me], st.pos[target]
        st.pos = _set(_set(st.pos, me, theirs), target, mine)
        ev["cells"] = [theirs, mine]
        w.events.append(ev)
        land(w, theirs, card=False)
        return
    w.events.append(ev)
    finish_move(w)


def give(w: Work, recipient: int, code: str) -> None:
    """GIVE: ``code`` (a dung or swipe card) passes to ``recipient``."""
    st = w.st
    me = st.seat
    field = "dung" if KIND[code] == DUNG else "swipes"
    held = getattr(st, field)
    held = _set(held, me, tuple(c for c in held[me] if c != code))
    setattr(st, field, _set(held, recipient, held[recipient] + (code,)))
    w.events.append({"type": "gave", "seat": me, "to": recipient, "card": code})
    finish_move(w)


def drop(w: Work, cell: int, code: str) -> None:
    """MUD: ``code`` lies face down on ``cell`` (known to all: everyone saw what the beetle
    carried) and the MUD card returns to the pool."""
    st = w.st
    me = st.seat
    field = "dung" if KIND[code] == DUNG else "swipes"
    held = getattr(st, field)
    setattr(st, field, _set(held, me, tuple(c for c in held[me] if c != code)))
    w.aside.append(st.cards[cell])
    st.cards = _set(st.cards, cell, code)
    st.known = st.known | {cell}
    st.seen = st.seen | {code}
    w.events.append({"type": "dropped", "seat": me, "cell": cell, "card": code})
    finish_move(w)


def morph(w: Work, cell: int, other: int) -> None:
    """MORPH: swap the MORPH card on ``cell`` with the face-down card on ``other``; the new
    card is resolved, the MORPH card lies face down (and, having moved, unknown)."""
    st = w.st
    cards = list(st.cards)
    cards[cell], cards[other] = cards[other], cards[cell]
    st.cards = tuple(cards)
    st.known = st.known - {other, cell}
    w.events.append({"type": "morphed", "seat": st.seat, "cell": cell, "with": other})
    resolve_card(w, cell)


def peek(w: Work, other: int) -> None:
    """PEEK: the card on ``other`` is shown to all and stays face down, unresolved."""
    st = w.st
    code = st.cards[other]
    st.known = st.known | {other}
    st.seen = st.seen | {code}
    w.events.append({"type": "peeked", "seat": st.seat, "cell": other, "card": code})
    finish_move(w)


def odour(w: Work, dest: int) -> None:
    """ODOUR: move on to ``dest`` (a nearest card) and land there."""
    st = w.st
    frm = st.pos[st.seat]
    st.pos = _set(st.pos, st.seat, dest)
    w.events.append({"type": "moved", "seat": st.seat, "from": frm, "to": dest, "by": "ODOUR"})
    land(w, dest, card=True)
