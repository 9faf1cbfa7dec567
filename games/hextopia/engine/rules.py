"""Hextopia rules: movement, legal plays, applying an action, dealing (pure Python).

A *play* is the tuple ``(card, move, seat, piece, target_seat, target_piece, a, b)``:

- ``enter``/``forward``/``back``: ``seat``/``piece`` is the moved piece, ``a`` its new
  progress, ``b`` the flat index (``seat * PIECES + piece``) of the piece it sends HOME or -1;
- ``swap`` (JACK): ``a``/``b`` are the new progress of the moved piece and of the target;
- ``joker``: ``seat``/``piece`` are -1, ``a`` is 0 (the target's START), ``b`` as for a move.

Legal-play generation and ``apply`` share the movement functions below, so what is listed is
exactly what applies. Source lines are quoted in each function's docstring.
"""
from __future__ import annotations

from typing import Any

from games.hextopia.engine import errors as E
from games.hextopia.engine.constants import (
    ACE,
    BACK,
    CARD_ORDER,
    DRAW_ORDER,
    ENTER,
    FORWARD,
    FORWARD_STEPS,
    HOME,
    JACK,
    JOKER,
    JOKER_MOVE,
    KIND_OF_RANK,
    KING,
    LANE,
    MOVES_OF_KIND,
    PIECES,
    STANDARD_DECK,
    SWAP,
    THREE,
    THREE_STEPS,
    TWO,
    hand_size,
)
from games.hextopia.engine.errors import Rule
from games.hextopia.engine.state import HextopiaState, shuffled

Play = tuple  # (card, move, seat, piece, target_seat, target_piece, a, b)

# Keys an action of each move must have, exactly.
_PIECE_KEYS = frozenset({"type", "card", "move", "seat", "piece"})
KEYS_OF_MOVE: dict[str, frozenset[str]] = {
    ENTER: _PIECE_KEYS,
    FORWARD: _PIECE_KEYS,
    BACK: _PIECE_KEYS,
    SWAP: _PIECE_KEYS | {"target_seat", "target_piece"},
    JOKER_MOVE: frozenset({"type", "card", "move", "target_seat", "target_piece"}),
}
DISCARD_KEYS = frozenset({"type", "card"})
SIT_OUT_KEYS = frozenset({"type"})
_LANE_CARDS = (ACE, TWO)


# ---------------------------------------------------------------- reading the position

def occupancy(st: HextopiaState) -> dict[int, int]:
    """Track space -> flat index of the piece on it (pieces IN-PLAY only); cached on the state,
    so callers must not change the dict."""
    occ = st.occupancy
    if occ is None:
        occ = {}
        track = st.track
        for idx, (v, start) in enumerate(zip(st.pieces, st.piece_starts, strict=True)):
            if 0 <= v < track:
                occ[(start + v) % track] = idx
        st.occupancy = occ
    return occ


def is_finished(st: HextopiaState, seat: int) -> bool:
    """Rules: "The first player to successfully enter all four pieces into their HEXTOPIA wins"."""
    base = seat * PIECES
    return min(st.pieces[base:base + PIECES]) >= st.track


def has_piece_in_play(st: HextopiaState, seat: int) -> bool:
    """True when ``seat`` has a piece on the track (START included)."""
    base, track = seat * PIECES, st.track
    return any(0 <= v < track for v in st.pieces[base:base + PIECES])


def controlled(st: HextopiaState, seat: int) -> tuple[int, ...]:
    """Seats whose pieces ``seat`` moves: its own, or once finished its unfinished teammates.

    Rules: "Only once a player has successfully entered all their pieces into their HEXTOPIA
    can they play their cards on their teammates pieces in turn."
    """
    if not is_finished(st, seat):
        return (seat,)
    team = st.teams[seat]
    if team is None:
        return ()
    return tuple(
        s for s in range(st.seats) if s != seat and st.teams[s] == team and not is_finished(st, s)
    )


# ---------------------------------------------------------------- movement

def enter(st: HextopiaState, occ: dict, c: int, i: int) -> tuple[int, int] | Rule:
    """HOME to START; whatever is on that START goes HOME.

    Rules: "With an ACE, a KING or a TWO (when allowed) the player moves a piece from HOME to
    their START." and "If a player's piece lands on a space occupied by another piece ... the
    piece that occupied the space previously is sent back to their HOME."
    """
    if st.pieces[c * PIECES + i] != HOME:
        return E.NOT_AT_HOME
    return (0, occ.get(st.starts[c], -1))


def forward(
    st: HextopiaState, occ: dict, c: int, i: int, steps: int, lane_card: bool
) -> tuple[int, int] | Rule:
    """``steps`` forward, into HEXTOPIA with the exact count, never jumping a HEXTOPIA piece.

    Rules: "A player's piece cannot jump over a piece once in HEXTOPIA. To move within
    HEXTOPIA a card or combination of cards is necessary to move the exact spaces required."
    """
    pieces, track = st.pieces, st.track
    v = pieces[c * PIECES + i]
    if v < 0:
        return E.NOT_IN_PLAY
    if v >= track and not lane_card:
        return E.HEXTOPIA_ONLY_ACE_TWO
    nv = v + steps
    if nv < track:
        return (nv, occ.get((st.starts[c] + nv) % track, -1))
    if nv >= track + LANE:
        return E.EXACT_COUNT
    low = v + 1 if v >= track else track
    base = c * PIECES
    for q in pieces[base:base + PIECES]:
        if low <= q <= nv:
            return E.NO_JUMP_IN_HEXTOPIA
    return (nv, -1)


def back(st: HextopiaState, occ: dict, c: int, i: int) -> tuple[int, int] | Rule:
    """THREE: three spaces counter-clockwise, possibly back over the piece's own START.

    Rules: "THREE: Allows the player to move a piece IN-PLAY three spaces backwards. Note:
    Cannot be played on a piece already in HEXTOPIA but can be used to back over the player's
    own START."
    """
    track = st.track
    v = st.pieces[c * PIECES + i]
    if v < 0:
        return E.NOT_IN_PLAY
    if v >= track:
        return E.THREE_NOT_IN_HEXTOPIA
    nv = (v - THREE_STEPS) % track
    return (nv, occ.get((st.starts[c] + nv) % track, -1))


def swap(st: HextopiaState, c: int, i: int, t: int, j: int) -> tuple[int, int] | Rule:
    """JACK: exchange places; each piece's progress is then counted from its own START.

    Rules: "JACK: The player exchanges any one of their pieces IN-PLAY with any other player's
    piece IN-PLAY." and "(JACK cannot be played on a piece in HEXTOPIA)."
    """
    if t == c:
        return E.JACK_OTHER_PLAYER
    pieces, track, starts = st.pieces, st.track, st.starts
    v, w = pieces[c * PIECES + i], pieces[t * PIECES + j]
    if not 0 <= v < track:
        return E.JACK_OWN_IN_PLAY
    if not 0 <= w < track:
        return E.JACK_TARGET_IN_PLAY
    mine, theirs = (starts[c] + v) % track, (starts[t] + w) % track
    return ((theirs - starts[c]) % track, (mine - starts[t]) % track)


def joker(st: HextopiaState, occ: dict, seat: int, t: int, j: int) -> tuple[int, int] | Rule:
    """JOKER variant: another player's IN-PLAY piece goes to its own START; a piece there goes HOME.

    Rules: "(Game Variation: JOKER: Allows player to send any one of another player's pieces
    IN-PLAY back to START.)"
    """
    if t == seat:
        return E.JOKER_OTHER_PLAYER
    w = st.pieces[t * PIECES + j]
    if not 0 <= w < st.track:
        return E.JOKER_TARGET_IN_PLAY
    if w == 0:
        return E.JOKER_ALREADY_ON_START
    return (0, occ.get(st.starts[t], -1))


# ---------------------------------------------------------------- legal plays

def plays(st: HextopiaState, seat: int, first: bool = False) -> list[Play]:
    """Every legal play of ``seat`` (card by card in hand order); with ``first``, stop at the
    first card that has one (enough to know whether a discard is allowed)."""
    out: list[Play] = []
    pieces, track, starts = st.pieces, st.track, st.starts
    ctrl = controlled(st, seat)
    occ = occupancy(st)
    in_play = None  # flat indexes of pieces IN-PLAY, built only for a JACK or JOKER
    for card in st.hands[seat]:
        rank = card[0]
        kind = KIND_OF_RANK[rank]
        if (kind == JOKER or kind == JACK) and in_play is None:
            in_play = [idx for idx, v in enumerate(pieces) if 0 <= v < track]
        if kind == JOKER:
            for idx in in_play:
                t = idx // PIECES
                if t != seat and pieces[idx] != 0:
                    out.append((card, JOKER_MOVE, -1, -1, t, idx % PIECES, 0, occ.get(starts[t], -1)))
        elif kind == JACK:
            for c in ctrl:
                for idx in in_play:
                    if idx // PIECES != c:
                        continue
                    i = idx % PIECES
                    for tidx in in_play:
                        t = tidx // PIECES
                        if t != c:
                            a, b = swap(st, c, i, t, tidx % PIECES)
                            out.append((card, SWAP, c, i, t, tidx % PIECES, a, b))
        else:
            for c in ctrl:
                base = c * PIECES
                mine = pieces[base:base + PIECES]
                if kind == KING or kind == ACE or (
                    kind == TWO and not any(0 <= v < track for v in mine)
                ):
                    victim = occ.get(starts[c], -1)
                    for i in range(PIECES):
                        if mine[i] == HOME:
                            out.append((card, ENTER, c, i, -1, -1, 0, victim))
                if kind == KING:
                    continue
                if kind == THREE:
                    for i in range(PIECES):
                        if 0 <= mine[i] < track:
                            a, b = back(st, occ, c, i)
                            out.append((card, BACK, c, i, -1, -1, a, b))
                    continue
                steps = FORWARD_STEPS[rank]
                lane_card = kind == ACE or kind == TWO
                start = starts[c]
                for i in range(PIECES):
                    v = mine[i]
                    if v < 0 or (v >= track and not lane_card):
                        continue
                    nv = v + steps
                    if nv < track:  # stays on the track: always legal (same as forward())
                        out.append((card, FORWARD, c, i, -1, -1, nv, occ.get((start + nv) % track, -1)))
                        continue
                    res = forward(st, occ, c, i, steps, lane_card)
                    if res.__class__ is not Rule:
                        out.append((card, FORWARD, c, i, -1, -1, res[0], res[1]))
        if first and out:
            return out
    return out


def action_of(play: Play) -> dict:
    """The protocol action (contract shape) of a play tuple."""
    card, move, c, i, t, j = play[:6]
    if move == SWAP:
        return {"type": "play", "card": card, "move": move, "seat": c, "piece": i,
                "target_seat": t, "target_piece": j}
    if move == JOKER_MOVE:
        return {"type": "play", "card": card, "move": move, "target_seat": t, "target_piece": j}
    return {"type": "play", "card": card, "move": move, "seat": c, "piece": i}


def may_sit_out(st: HextopiaState, seat: int) -> bool:
    """Rules: "If there is no chance of play the player may discard all their cards from the
    HAND and sit out until the next HAND is dealt." (no playable card, no piece IN-PLAY)."""
    return not any(has_piece_in_play(st, c) for c in controlled(st, seat))


def legal_actions(st: HextopiaState, seat: int) -> list[dict]:
    """Every legal action of ``seat``: its plays, else one discard per card (and sit_out when
    no piece it moves is IN-PLAY). ``[]`` when it is not ``seat``'s turn."""
    if seat != st.turn or st.winners:
        return []
    found = plays(st, seat)
    if found:
        return [action_of(p) for p in found]
    out = [{"type": "discard", "card": card} for card in st.hands[seat]]
    if may_sit_out(st, seat):
        out.append({"type": "sit_out"})
    return out


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
            res = forward(st, occ, c, i, FORWARD_STEPS[card[0]], kind in _LANE_CARDS)
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
