"""What happens where a beetle lands: battles, then the Hex card (RULES.md, "Landing").

Every function takes the ``Work`` of flow.py and either opens a choice (sets ``phase`` and
``ctx``; the choice's action continues from there) or goes on to ``finish_move``.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
    INSTRUCTIONS"): the card kind's handler of ``CARD_HANDLERS``; nothing on an empty cell or
    past ``CHAIN_LIMIT`` cards in one move."""
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
    st.known = st.known | {cell}
    st.seen = st.seen | {code}
    if not CARD_HANDLERS[KIND[code]](w, cell, code):
        finish_move(w)


# A card handler ``(w, cell, code) -> bool`` applies the card ``code`` turned up on ``cell`` for
# ``st.seat``. True: the move went on from there (a choice is open, or another step followed
# and finished it); False: the card is done and the move finishes.


def _offer(w: Work, cell: int, code: str, options: Sequence, phase: str, action, *, effect: str = "",
           follow: Callable[[Any], object] | None = None, **ctx) -> bool:
    """The end of a card with a choice: no option, ``no_target`` (the move finishes); exactly
    one and a ``follow``, the event ``effect`` and ``follow(option)``; else ``choose``, and the
    choice ``phase`` opens with ``ctx`` and one action ``action(option)`` per option."""
    if not options:
        _card_event(w, cell, code, "no_target")
        return False
    if len(options) == 1 and follow is not None:
        _card_event(w, cell, code, effect)
        follow(options[0])
        return True
    _card_event(w, cell, code, "choose")
    _open(w, phase, {"card": code, "cell": cell, **ctx, "actions": [action(o) for o in options]})
    return True


def _replace(w: Work, cell: int, code: str) -> bool:
    """GIVE, SHIELD or MUD with nothing to act on: replaced from the pool (``replace_and_resolve``)."""
    _card_event(w, cell, code, "replaced")
    replace_and_resolve(w, cell)
    return True


def _pick_up(w: Work, cell: int, code: str) -> bool:
    """DUNG or SWIPE: the beetle carries it; a card from the pool goes face down in its place."""
    st = w.st
    me = st.seat
    if KIND[code] == DUNG:
        st.dung = _set(st.dung, me, st.dung[me] + (code,))
    else:
        st.swipes = _set(st.swipes, me, st.swipes[me] + (code,))
    replaced = _place_hidden(w, cell)
    _card_event(w, cell, code, "picked_up", replaced=replaced)
    return False


def _tunnel(w: Work, cell: int, code: str) -> bool:
    """TUNNEL: it stays face up for good, an opening."""
    w.st.up = w.st.up | {cell}
    _card_event(w, cell, code, "tunnel_open")
    return False


def _dash(w: Work, cell: int, code: str) -> bool:
    """DASH: an extra turn after this move."""
    w.st.extra = True
    _card_event(w, cell, code, "extra_turn")
    return False


def _flip(w: Work, cell: int, code: str) -> bool:
    """FLIP: the beetle turns round at once; the card stays face up for a turn."""
    st = w.st
    me = st.seat
    st.dirs = _set(st.dirs, me, -st.dirs[me])
    _remind(w, cell)
    _card_event(w, cell, code, "direction", direction="cw" if st.dirs[me] > 0 else "ccw")
    return False


def _next_turn(w: Work, cell: int, code: str) -> bool:
    """FRUIT, ROCK, TRAP, SURGE: an effect waiting for the beetle's next turn (the first three
    stay face up for a turn)."""
    st = w.st
    kind = KIND[code]
    set_status(st, st.seat, st.status[st.seat] | _STATUS_OF[kind])
    if kind in REMINDER_KINDS:
        _remind(w, cell)
    _card_event(w, cell, code, "next_turn")
    return False


def _target(w: Work, cell: int, code: str) -> bool:
    """BLOCK, MEAN, PUSH, SWAP: on another player (``targets``), chosen when there are several."""
    kind = KIND[code]
    return _offer(w, cell, code, targets(w.st, kind, cell), TARGET, lambda o: {"type": "target", "seat": o},
                  effect="target", follow=lambda o: hit_target(w, kind, cell, o), kind=kind)


def _give(w: Work, cell: int, code: str) -> bool:
    """GIVE: one of the beetle's dung cards (else a SWIPE) to another player not SHIELDed;
    replaced from the pool when it carries neither."""
    st = w.st
    me = st.seat
    gifts = st.dung[me] or st.swipes[me]
    if not gifts:
        return _replace(w, cell, code)
    recipients = [o for o in range(st.n) if o != me and not st.status[o] & SHIELD]
    return _offer(w, cell, code, [(o, g) for o in recipients for g in gifts], GIVE,
                  lambda og: {"type": "give", "seat": og[0], "card": og[1]}, effect="give",
                  follow=lambda og: give(w, *og))


def _shield(w: Work, cell: int, code: str) -> bool:
    """SHIELD: protected until the next turn when carrying dung or a SWIPE; else replaced."""
    st = w.st
    me = st.seat
    if not (st.dung[me] or st.swipes[me]):
        return _replace(w, cell, code)
    set_status(st, me, st.status[me] | SHIELD)
    _card_event(w, cell, code, "shielded")
    return False


def _mud(w: Work, cell: int, code: str) -> bool:
    """MUD: drop one dung or SWIPE card here; replaced from the pool with nothing to drop."""
    st = w.st
    drops = st.dung[st.seat] + st.swipes[st.seat]
    if not drops:
        return _replace(w, cell, code)
    return _offer(w, cell, code, drops, MUD, lambda d: {"type": "mud", "card": d}, effect="drop",
                  follow=lambda d: drop(w, cell, d))


def _morph(w: Work, cell: int, code: str) -> bool:
    """MORPH: swap with a face-down card of the board; always a choice, even of one (the MORPH
    card goes face down unknown)."""
    st = w.st
    options = [c for c, k in enumerate(st.cards) if k is not None and c != cell and c not in st.up]
    return _offer(w, cell, code, options, MORPH, lambda c: {"type": "morph", "cell": c})


def _peek(w: Work, cell: int, code: str) -> bool:
    """PEEK: a face-down card nobody knows yet is shown to all."""
    st = w.st
    options = [c for c, k in enumerate(st.cards)
               if k is not None and c != cell and c not in st.up and c not in st.known]
    return _offer(w, cell, code, options, PEEK, lambda c: {"type": "peek", "cell": c}, effect="peek",
                  follow=lambda c: peek(w, c))


def _odour(w: Work, cell: int, code: str) -> bool:
    """ODOUR: on to the nearest Hex card in the beetle's direction (a choice between equals)."""
    st = w.st
    return _offer(w, cell, code, nearest_cards(st, cell, st.dirs[st.seat]), ODOUR,
                  lambda c: {"type": "odour", "cell": c}, effect="odour", follow=lambda c: odour(w, c))


CARD_HANDLERS = {
    DUNG: _pick_up, "SWIPE": _pick_up, "TUNNEL": _tunnel, "DASH": _dash, "FLIP": _flip,
    **{kind: _next_turn for kind in _STATUS_OF}, **{kind: _target for kind in TARGET_KINDS},
    "GIVE": _give, "SHIELD": _shield, "MUD": _mud, "MORPH": _morph, "PEEK": _peek, "ODOUR": _odour,
}


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
    assert old is not None  # the card being resolved lies on ``cell``
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
    mud = st.cards[cell]
    assert mud is not None  # the MUD card being resolved lies on ``cell``
    w.aside.append(mud)
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
    assert code is not None  # PEEK offers only cells that hold a card
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
