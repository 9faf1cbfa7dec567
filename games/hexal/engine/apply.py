"""The deal and the actions: ``new_game`` and ``apply_action`` (pure; the input state is never
changed, apply works on a ``copy()`` whose changed fields are replaced, copy-on-write).

Shapes of the actions: legal.py. Events (JSON-able dicts; ``visible_to`` marks a private one):
``target``, ``target_cleared``, ``placed`` (with its ``points``), ``taken_back``,
``turn_scored`` (``cards``, ``points``, ``total``), ``discarded``, ``passed``, ``drew``
(public count) with ``drew_cards`` (the cards, to the drawer only), ``target_reached``,
``turn`` (the next seat) and ``game_over`` (``reason``; the engine adds ``result``).
"""
from __future__ import annotations

import random

from games.hexal.engine import errors as E
from games.hexal.engine.board import DELTAS, ORIGIN, all_spots, in_range, key_of, qr_of, refresh_spots
from games.hexal.engine.cards import ALL_IDS, BIT, CODE, ID_OF, SHARE
from games.hexal.engine.legal import target_has_place
from games.hexal.engine.search import max_playable
from games.hexal.engine.state import (
    DISCARDED,
    END_PASSES,
    END_TARGET,
    HAND_SIZE,
    NO_TURN,
    OVER,
    PASSED,
    PLAY,
    PLAYED,
    STACK_SIZE,
    TARGET,
    HexalState,
)


def shuffled_deck(seed: int) -> list[int]:
    """The 216 card ids in the order the game RNG shuffles them for ``seed`` (rules 1, 14:
    "Shuffle the deck of 216 cards thoroughly")."""
    deck = list(ALL_IDS)
    random.Random(f"hexal:{seed}:deck").shuffle(deck)
    return deck


def new_game(n: int, target_score: int, personal: bool, seed: int) -> HexalState:
    """The state after the deal: a dealer drawn at random, 6 cards each (rule 2), with the
    personal-stack variant a face-down stack of 6 each (rule 15), the initial target flipped
    onto the table (rule 4), and the first player found (rule 6; see ``first_player``)."""
    deck = shuffled_deck(seed)
    dealer = random.Random(f"hexal:{seed}:dealer").randrange(n)
    hands = tuple(tuple(sorted(deck[HAND_SIZE * s:HAND_SIZE * (s + 1)])) for s in range(n))
    pos = HAND_SIZE * n
    if personal:
        stacks = tuple(tuple(deck[pos + STACK_SIZE * s:pos + STACK_SIZE * (s + 1)]) for s in range(n))
        pos += STACK_SIZE * n
    else:
        stacks = ((),) * n
    initial = deck[pos]
    table = {ORIGIN: (initial,)}
    spots = all_spots(table)
    playable = tuple(max_playable(table, spots, ORIGIN, 0, h) for h in hands)
    first = first_player(playable, dealer)
    return HexalState(
        n=n, target_score=target_score, personal=personal, seed=seed, dealer=dealer, first=first,
        playable=playable, initial=initial, deck=tuple(deck[pos + 1:]), hands=hands, stacks=stacks,
        shown=((),) * n, table=table, discards=(), totals=(0,) * n, history=((),) * n,
        current=first, phase=TARGET, target=-1, placed=(), turn=0, passes=0, final_round=False,
        ended="", last=(NO_TURN,) * n,
    )


def first_player(playable, dealer: int) -> int:
    """The seat with the largest playable set; ties go to the first tied seat left of the
    dealer (seats in index order are the order of play to the left).

    Source: rule 6, "The player with the largest set of playable cards goes first"; ties:
    interpretation, "the first tied player left of the dealer".
    """
    n = len(playable)
    best = max(playable)
    for i in range(1, n + 1):
        seat = (dealer + i) % n
        if playable[seat] == best:
            return seat
    raise AssertionError("unreachable")


# --- validation helpers


def _card(action: dict) -> int:
    code = action["card"]
    if not isinstance(code, str) or code not in ID_OF:
        raise E.BAD_CARD.error()
    return ID_OF[code]


def _hand_card(st: HexalState, seat: int, action: dict) -> int:
    c = _card(action)
    if c not in st.hands[seat]:
        raise E.NOT_IN_HAND.error()
    return c


def _without(cards: tuple, c: int) -> tuple:
    return tuple(x for x in cards if x != c)


def _set_seat(values: tuple, seat: int, value) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


# --- actions


def _target(st: HexalState, seat: int, action: dict):
    if st.phase != TARGET:
        raise E.TARGET_ALREADY.error()
    c = _card(action)
    if c not in st.where:
        raise E.NOT_IN_PLAY.error()
    if not target_has_place(st, c, st.hands[seat]):
        raise E.NO_PLACE_FOR_TARGET.error()
    new = st.copy()
    new.phase, new.target = PLAY, c
    key, level = st.where[c]
    q, r = qr_of(key)
    return new, [{"type": "target", "seat": seat, "card": CODE[c], "q": q, "r": r, "level": level}]


def _clear_target(st: HexalState, seat: int, action: dict):
    if st.phase != PLAY:
        raise E.TARGET_FIRST.error()
    if st.placed:
        raise E.ALREADY_PLACED.error()
    new = st.copy()
    new.phase, new.target = TARGET, -1
    return new, [{"type": "target_cleared", "seat": seat}]


def _place(st: HexalState, seat: int, action: dict):
    if st.phase != PLAY:
        raise E.TARGET_FIRST.error()
    c = _hand_card(st, seat, action)
    q, r = action["q"], action["r"]
    if type(q) is not int or type(r) is not int:
        raise E.BAD_CELL.error()
    if not in_range(q, r):
        raise E.NOT_TOUCHING_TARGET.error()
    key = key_of(q, r)
    tkey, tlevel = st.where[st.target]
    table = st.table
    if key == tkey:
        if len(table[tkey]) != tlevel + 1:
            raise E.TOP_TAKEN.error()
        level = tlevel + 1
    elif key - tkey in DELTAS:
        height = len(table.get(key, ()))
        if height > tlevel:
            raise E.SIDE_TAKEN.error()
        if height < tlevel:
            raise E.SIDE_UNSUPPORTED.error()
        level = tlevel
    else:
        raise E.NOT_TOUCHING_TARGET.error()
    _, mask, touching = st.spots[key]
    if not mask & BIT[c]:
        raise E.NO_MATCH.error()
    row = SHARE[c]
    points = sum(row[t] for t in touching)
    new = st.copy()
    new.hands = _set_seat(st.hands, seat, _without(st.hands[seat], c))
    if c in st.shown[seat]:
        new.shown = _set_seat(st.shown, seat, _without(st.shown[seat], c))
    new.table = dict(table)
    new.table[key] = table.get(key, ()) + (c,)
    new.where = dict(st.where)
    new.where[c] = (key, level)
    new.spots = dict(st.spots)
    refresh_spots(new.spots, new.table, key)
    new.placed = st.placed + (c,)
    return new, [{"type": "placed", "seat": seat, "card": CODE[c], "q": q, "r": r, "level": level,
                  "points": points}]


def _take_back(st: HexalState, seat: int, action: dict):
    c = _card(action)
    if c not in st.placed:
        raise E.NOT_PLACED_THIS_TURN.error()
    key, level = st.where[c]
    new = st.copy()
    new.table = dict(st.table)
    stack = st.table[key][:-1]  # a card placed this turn is always the top of its stack
    if stack:
        new.table[key] = stack
    else:
        del new.table[key]
    new.where = dict(st.where)
    del new.where[c]
    new.spots = dict(st.spots)
    refresh_spots(new.spots, new.table, key)
    new.hands = _set_seat(st.hands, seat, tuple(sorted(st.hands[seat] + (c,))))
    new.shown = _set_seat(st.shown, seat, tuple(sorted(st.shown[seat] + (c,))))
    new.placed = _without(st.placed, c)
    q, r = qr_of(key)
    return new, [{"type": "taken_back", "seat": seat, "card": CODE[c], "q": q, "r": r, "level": level}]


def turn_points(st: HexalState, placed) -> int:
    """Points of a turn: every touching pair with at least one card placed this turn scores
    its shared attributes, each pair once.

    Source: rule 10, "Each matching attribute from cards played in direct contact count as a
    point, including any card in play and cards played during the turn."
    """
    mine = set(placed)
    table, where = st.table, st.where
    total = 0
    for c in placed:
        key, level = where[c]
        row = SHARE[c]
        if level:
            total += row[table[key][level - 1]]  # the card below was there before this turn
        for d in DELTAS:
            stack = table.get(key + d)
            if stack is not None and len(stack) > level:
                t = stack[level]
                if t not in mine or c < t:
                    total += row[t]
    return total


def _end_turn(st: HexalState, seat: int, action: dict):
    if not st.placed:
        raise E.NOTHING_PLACED.error()
    points = turn_points(st, st.placed)
    new = st.copy()
    total = st.totals[seat] + points
    new.totals = _set_seat(st.totals, seat, total)
    new.history = _set_seat(st.history, seat, st.history[seat] + (points,))
    events = [{"type": "turn_scored", "seat": seat, "cards": [CODE[c] for c in st.placed],
               "points": points, "total": total}]
    new.passes = 0
    new.last = _set_seat(st.last, seat, (PLAYED, st.target, st.placed))
    _draw(new, seat, HAND_SIZE - len(st.hands[seat]), events)
    return _finish_turn(new, seat, events)


def _discard(st: HexalState, seat: int, action: dict):
    if st.placed:
        raise E.ALREADY_PLACED.error()
    c = _hand_card(st, seat, action)
    if not st.can_draw(seat):
        raise E.CANNOT_DRAW.error()
    new = st.copy()
    new.hands = _set_seat(st.hands, seat, _without(st.hands[seat], c))
    if c in st.shown[seat]:
        new.shown = _set_seat(st.shown, seat, _without(st.shown[seat], c))
    new.discards = st.discards + (c,)
    new.history = _set_seat(st.history, seat, st.history[seat] + (0,))
    new.passes = 0
    new.last = _set_seat(st.last, seat, (DISCARDED, c, ()))
    events = [{"type": "discarded", "seat": seat, "card": CODE[c]}]
    _draw(new, seat, 1, events)
    return _finish_turn(new, seat, events)


def _pass(st: HexalState, seat: int, action: dict):
    if st.placed:
        raise E.ALREADY_PLACED.error()
    if st.hands[seat] and st.can_draw(seat):
        raise E.MUST_DISCARD.error()
    new = st.copy()
    new.history = _set_seat(st.history, seat, st.history[seat] + (0,))
    new.passes = st.passes + 1
    new.last = _set_seat(st.last, seat, (PASSED, -1, ()))
    events = [{"type": "passed", "seat": seat, "passes_in_a_row": new.passes}]
    return _finish_turn(new, seat, events)


def _draw(new: HexalState, seat: int, count: int, events: list) -> None:
    """Draw ``count`` cards into ``seat``'s hand, from its personal stack first, then the deck
    (fewer when both run out). Changes ``new`` in place: the caller's fresh copy.

    Source: rule 11, "The current player then draws cards from the top of the deck until they
    have 6 cards in their hand"; the stack first: interpretation, "refills from it before the
    deck"."""
    if count <= 0:
        return
    stack = new.stacks[seat]
    from_stack = stack[:count]
    rest = count - len(from_stack)
    from_deck = new.deck[:rest]
    if from_stack:
        new.stacks = _set_seat(new.stacks, seat, stack[len(from_stack):])
    if from_deck:
        new.deck = new.deck[len(from_deck):]
    drawn = from_stack + from_deck
    if not drawn:
        return
    new.hands = _set_seat(new.hands, seat, tuple(sorted(new.hands[seat] + drawn)))
    events.append({"type": "drew", "seat": seat, "count": len(drawn), "from_stack": len(from_stack)})
    events.append({"type": "drew_cards", "seat": seat, "cards": [CODE[c] for c in drawn], "visible_to": [seat]})


def _finish_turn(new: HexalState, seat: int, events: list):
    """Close ``seat``'s turn on ``new`` (changed in place) and pass play to the left, or end
    the game.

    Sources: rule 12, "play goes to the next player on the left"; rule 13 with the
    interpretation: at the target score "the round is finished so everyone has had the same
    number of turns"; "The game also ends when the deck is empty and every player passed in a
    row."
    """
    new.phase, new.target, new.placed = TARGET, -1, ()
    new.turn += 1
    if not new.final_round and new.totals[seat] >= new.target_score:
        new.final_round = True
        events.append({"type": "target_reached", "seat": seat, "total": new.totals[seat]})
    nxt = (seat + 1) % new.n
    if new.passes >= new.n:
        _end(new, END_PASSES, events)
    elif new.final_round and nxt == new.first:
        _end(new, END_TARGET, events)
    else:
        new.current = nxt
        events.append({"type": "turn", "seat": nxt})
    return new, events


def _end(new: HexalState, reason: str, events: list) -> None:
    new.phase, new.current, new.ended = OVER, -1, reason
    events.append({"type": "game_over", "reason": reason})


HANDLERS = {
    "target": (_target, frozenset({"type", "card"})),
    "place": (_place, frozenset({"type", "card", "q", "r"})),
    "take_back": (_take_back, frozenset({"type", "card"})),
    "end_turn": (_end_turn, frozenset({"type"})),
    "clear_target": (_clear_target, frozenset({"type"})),
    "discard": (_discard, frozenset({"type", "card"})),
    "pass": (_pass, frozenset({"type"})),
}


def apply_action(st: HexalState, seat: int, action) -> tuple[HexalState, list[dict]]:
    """The next state and its events; raises ``IllegalAction`` (errors.py) for anything
    illegal or malformed: the game is over, it is not ``seat``'s turn, an unknown type, wrong
    keys or value types, then the rule the action breaks. ``st`` is never changed."""
    if st.ended:
        raise E.GAME_OVER.error()
    if seat != st.current or type(seat) is not int:
        raise E.NOT_YOUR_TURN.error()
    if not isinstance(action, dict):
        raise E.NOT_AN_ACTION.error()
    kind = action.get("type")
    entry = HANDLERS.get(kind) if isinstance(kind, str) else None
    if entry is None:
        raise E.NOT_AN_ACTION.error()
    handler, keys = entry
    if action.keys() != keys:
        raise E.BAD_KEYS.error()
    return handler(st, seat, action)
