"""Hextopia rules: checking an action, applying it, turns and dealing (pure Python). The
movement and the legal plays are in moves.py. Source lines are quoted in each docstring.
"""
from __future__ import annotations

from typing import Any

from games.hextopia.engine import errors as E
from games.hextopia.engine.constants import (
    BACK,
    CARD_ORDER,
    DRAW_ORDER,
    ENTER,
    FORWARD,
    FORWARD_STEPS,
    HOME,
    JOKER_MOVE,
    KIND_OF_RANK,
    MOVES_OF_KIND,
    PIECES,
    STANDARD_DECK,
    SWAP,
    TWO,
    hand_size,
)
from games.hextopia.engine.errors import Rule
from games.hextopia.engine.moves import (
    DISCARD_KEYS,
    KEYS_OF_MOVE,
    LANE_CARDS,
    SIT_OUT_KEYS,
    Play,
    back,
    controlled,
    enter,
    forward,
    has_piece_in_play,
    is_finished,
    joker,
    may_sit_out,
    occupancy,
    plays,
    swap,
)
from games.hextopia.engine.state import HextopiaState, shuffled

# ---------------------------------------------------------------- checking an action

def _int_field(action: dict, key: str) -> int:
    value = action[key]
    if type(value) is not int:
        raise E.BAD_FIELD.error()
    return value


def _piece_ref(st: HextopiaState, action: dict, seat_key: str, piece_key: str) -> tuple[int, int]:
    s, i = _int_field(action, seat_key), _int_field(action, piece_key)
    if not (0 <= s < st.seats and 0 <= i < PIECES):
        raise E.NO_SUCH_PIECE.error()
    return s, i


def _card_in_hand(st: HextopiaState, seat: int, action: dict) -> str:
    card = action["card"]
    if type(card) is not str:
        raise E.BAD_FIELD.error()
    if card not in st.hands[seat]:
        raise E.NOT_IN_HAND.error()
    return card


def check_play(st: HextopiaState, seat: int, action: dict) -> Play:
    """The play tuple of a ``"play"`` action; raises ``IllegalAction`` naming the broken rule."""
    move = action.get("move")
    keys = KEYS_OF_MOVE.get(move) if type(move) is str else None
    if keys is None:
        raise E.BAD_MOVE.error()
    if action.keys() != keys:
        raise E.BAD_KEYS.error()
    card = _card_in_hand(st, seat, action)
    kind = KIND_OF_RANK[card[0]]
    if move not in MOVES_OF_KIND[kind]:
        raise E.RULE_OF_KIND[kind].error()
    occ = occupancy(st)
    if move == JOKER_MOVE:
        t, j = _piece_ref(st, action, "target_seat", "target_piece")
        res = joker(st, occ, seat, t, j)
        c = i = -1
    else:
        c, i = _piece_ref(st, action, "seat", "piece")
        t = j = -1
        if c not in controlled(st, seat):
            raise E.NOT_YOUR_PIECE.error()
        if move == ENTER:
            if kind == TWO and has_piece_in_play(st, c):
                raise E.TWO_ENTER_IN_PLAY.error()
            res = enter(st, occ, c, i)
        elif move == FORWARD:
            res = forward(st, occ, c, i, FORWARD_STEPS[card[0]], kind in LANE_CARDS)
        elif move == BACK:
            res = back(st, occ, c, i)
        else:
            t, j = _piece_ref(st, action, "target_seat", "target_piece")
            res = swap(st, c, i, t, j)
    if res.__class__ is Rule:
        raise res.error()
    return (card, move, c, i, t, j, res[0], res[1])


# ---------------------------------------------------------------- applying

def apply_action(st: HextopiaState, seat: Any, action: Any) -> tuple[HextopiaState, list[dict]]:
    """The next state and events after ``seat`` acts; raises ``IllegalAction``. ``st`` is
    never mutated (the new state shares its unchanged tuples)."""
    if st.winners:
        raise E.GAME_OVER.error()
    if type(seat) is not int or seat != st.turn:
        raise E.NOT_YOUR_TURN.error()
    if not isinstance(action, dict):
        raise E.NOT_AN_ACTION.error()
    kind = action.get("type")
    if kind == "play":
        return apply_play(st, seat, check_play(st, seat, action))
    if kind == "discard":
        if action.keys() != DISCARD_KEYS:
            raise E.BAD_KEYS.error()
        card = _card_in_hand(st, seat, action)
        if plays(st, seat, first=True):
            raise E.MUST_PLAY.error()
        return _discard(st, seat, card)
    if kind == "sit_out":
        if action.keys() != SIT_OUT_KEYS:
            raise E.BAD_KEYS.error()
        if not may_sit_out(st, seat) or plays(st, seat, first=True):
            raise E.SIT_OUT_NOT_ALLOWED.error()
        return _sit_out(st, seat)
    raise E.NOT_AN_ACTION.error()


def apply_play(st: HextopiaState, seat: int, play: Play) -> tuple[HextopiaState, list[dict]]:
    """Apply a play tuple known to be legal (from ``plays`` or ``check_play``)."""
    card, move, c, i, t, j, a, b = play
    pieces = list(st.pieces)
    track = st.track
    events: list[dict] = []
    played = {"type": "played", "seat": seat, "card": card, "move": move}
    if move == SWAP:
        played.update(piece_seat=c, piece=i, target_seat=t, target_piece=j)
        pieces[c * PIECES + i] = a
        pieces[t * PIECES + j] = b
        events.append(played)
        events.append({"type": "swapped", "seat": c, "piece": i, "target_seat": t, "target_piece": j})
    else:
        if move == JOKER_MOVE:
            c, i = t, j
            played.update(target_seat=t, target_piece=j)
        else:
            played.update(piece_seat=c, piece=i)
        idx = c * PIECES + i
        played["from"] = pieces[idx]
        played["to"] = a
        events.append(played)
        if b >= 0:
            pieces[b] = HOME
            events.append({"type": "captured", "seat": b // PIECES, "piece": b % PIECES, "by": seat,
                           "at": (st.starts[c] + a) % track})
        pieces[idx] = a
        if a >= track:
            events.append({"type": "entered_hextopia", "seat": c, "piece": i, "slot": a - track + 1})
    new = _after_card(st, seat, card)
    new.pieces = tuple(pieces)
    new.occupancy = _moved_occupancy(st, pieces, play)
    if move == FORWARD and a >= track and is_finished(new, c):
        events.append({"type": "finished", "seat": c})
        team = st.teams[c]
        if team is None:
            new.winners = (c,)
        else:
            mates = tuple(s for s in range(st.seats) if st.teams[s] == team)
            if all(is_finished(new, s) for s in mates):
                new.winners = mates
    if new.winners:
        new.turn = -1
        events.append({"type": "game_over", "winners": list(new.winners)})
        return new, events
    advance(new, seat, events)
    return new, events


def _moved_occupancy(st: HextopiaState, pieces: list, play: Play) -> dict | None:
    """The new state's ``occupancy`` from the old one's and the pieces that moved (None when
    the old one was never built): bots and playouts read it right after every move."""
    occ = st.occupancy
    if occ is None:
        return None
    card, move, c, i, t, j, a, b = play
    if move == JOKER_MOVE:
        c, i = t, j
    moved = [c * PIECES + i]
    if move == SWAP:
        moved.append(t * PIECES + j)
    elif b >= 0:
        moved.append(b)
    occ = dict(occ)
    track, starts, old = st.track, st.piece_starts, st.pieces
    for idx in moved:
        v = old[idx]
        if 0 <= v < track and occ.get((starts[idx] + v) % track) == idx:
            del occ[(starts[idx] + v) % track]
    for idx in moved:
        v = pieces[idx]
        if 0 <= v < track:
            occ[(starts[idx] + v) % track] = idx
    return occ


def _after_card(st: HextopiaState, seat: int, card: str) -> HextopiaState:
    """A copy of ``st`` with ``card`` moved from ``seat``'s hand to the pile."""
    new = st.copy()
    hands = list(st.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    new.hands = tuple(hands)
    new.pile = st.pile + (card,)
    new.last_card = (seat, card)
    new.turn_count = st.turn_count + 1
    return new


def _discard(st: HextopiaState, seat: int, card: str) -> tuple[HextopiaState, list[dict]]:
    """Rules: "If a player cannot move with any of their cards they discard a card of their
    choice on their turn." """
    new = _after_card(st, seat, card)
    events = [{"type": "discarded", "seat": seat, "card": card}]
    advance(new, seat, events)
    return new, events


def _sit_out(st: HextopiaState, seat: int) -> tuple[HextopiaState, list[dict]]:
    """Discard the whole HAND and sit out until the next HAND is dealt."""
    hand = st.hands[seat]
    new = st.copy()
    hands = list(st.hands)
    hands[seat] = ()
    new.hands = tuple(hands)
    new.pile = st.pile + hand
    new.last_card = (seat, hand[-1])
    new.turn_count = st.turn_count + 1
    out = list(st.sitting_out)
    out[seat] = True
    new.sitting_out = tuple(out)
    events = [{"type": "sat_out", "seat": seat, "cards": list(hand)}]
    advance(new, seat, events)
    return new, events


# ---------------------------------------------------------------- turns and dealing

def advance(new: HextopiaState, seat: int, events: list[dict]) -> None:
    """Pass the turn clockwise to the next seat holding cards; when every hand is empty, deal
    the next HAND (or a new DEAL). Mutates ``new``, a fresh copy owned by the caller."""
    n, hands = new.seats, new.hands
    for k in range(1, n + 1):
        s = (seat + k) % n
        if hands[s]:
            new.turn = s
            return
    deal_next(new, events)


def deal_next(new: HextopiaState, events: list[dict]) -> None:
    """Next HAND of the DEAL if the deck allows one, else a new DEAL by the next dealer.

    Rules: "Once their DEAL is complete the player to the left becomes the new DEALER." and
    "These aren't played and are to be shuffled into the next dealer's DEAL."
    """
    n = new.seats
    size = hand_size(n, new.hand_number + 1)
    if len(new.deck) >= size * n:
        new.hand_number += 1
        deal_hand(new, size, events, new_deal=False)
        return
    new.dealer = (new.dealer + 1) % n
    new.deal += 1
    new.hand_number = 1
    new.deck = shuffled(new.all_cards(), new.seed, new.draws)
    new.draws += 1
    new.pile = ()
    new.last_card = None
    deal_hand(new, hand_size(n, 1), events, new_deal=True)


def deal_hand(new: HextopiaState, size: int, events: list[dict], new_deal: bool) -> None:
    """Deal ``size`` cards to each seat, one at a time from the dealer's left; play starts
    left of the dealer. Rules: "Each player plays a card in turn beginning with the player to
    the left of the dealer." """
    n, dealer = new.seats, new.dealer
    count = size * n
    taken, new.deck = new.deck[:count], new.deck[count:]
    hands: list[tuple[str, ...]] = [()] * n
    for k in range(n):
        hands[(dealer + 1 + k) % n] = tuple(sorted(taken[k::n], key=CARD_ORDER.__getitem__))
    new.hands = tuple(hands)
    new.sitting_out = (False,) * n
    new.turn = (dealer + 1) % n
    events.append({"type": "dealt", "dealer": dealer, "deal": new.deal,
                   "hand_number": new.hand_number, "hand_sizes": [size] * n, "new_deal": new_deal})
    for s in range(n):
        events.append({"type": "hand", "seat": s, "cards": list(hands[s]), "visible_to": [s]})


def draw_dealer(seats: int, seed: int) -> tuple[int, tuple, int]:
    """The first dealer: everyone draws a card face up, high card deals (Ace high), tied high
    cards draw again from a fresh shuffle. Returns (dealer, rounds, shuffles used).

    Rules: "To determine the dealer each player is dealt a card face up and high card deals."
    """
    contenders = list(range(seats))
    rounds = []
    draws = 0
    while True:
        deck = shuffled(STANDARD_DECK, seed, draws)
        draws += 1
        rnd = tuple((s, deck[k]) for k, s in enumerate(contenders))
        rounds.append(rnd)
        best = max(DRAW_ORDER.index(card[0]) for _, card in rnd)
        contenders = [s for s, card in rnd if DRAW_ORDER.index(card[0]) == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds), draws


def new_game(
    seats: int, stations: tuple[int, ...], teams: tuple, jokers: bool, seed: int
) -> tuple[HextopiaState, list[dict]]:
    """The initial state (dealer drawn, first HAND of the first DEAL dealt) and its events."""
    dealer, rounds, draws = draw_dealer(seats, seed)
    st = HextopiaState(
        seats=seats, stations=stations, teams=teams, jokers=jokers, seed=seed, draws=draws,
        deck=(), hands=((),) * seats, pile=(), pieces=(HOME,) * (seats * PIECES), dealer=dealer,
        deal=1, hand_number=1, turn=-1, turn_count=0, sitting_out=(False,) * seats,
        last_card=None, winners=(), dealer_draw=rounds,
    )
    st.deck = shuffled(st.all_cards(), seed, st.draws)
    st.draws += 1
    events: list[dict] = [dealer_draw_event(st)]
    deal_hand(st, hand_size(seats, 1), events, new_deal=True)
    return st, events


def dealer_draw_event(st: HextopiaState) -> dict:
    """The public ``dealer_draw`` event: every round of face-up cards and the dealer."""
    return {"type": "dealer_draw", "dealer": st.dealer,
            "rounds": [[{"seat": s, "card": card} for s, card in rnd] for rnd in st.dealer_draw]}

