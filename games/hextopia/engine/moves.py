"""Hextopia moves: reading the position, the movement of pieces and every legal play of a hand.

A *play* is the tuple ``(card, move, seat, piece, target_seat, target_piece, a, b)``:

- ``enter``/``forward``/``back``: ``seat``/``piece`` is the moved piece, ``a`` its new
  progress, ``b`` the flat index (``seat * PIECES + piece``) of the piece it sends HOME or -1;
- ``swap`` (JACK): ``a``/``b`` are the new progress of the moved piece and of the target;
- ``joker``: ``seat``/``piece`` are -1, ``a`` is 0 (the target's START), ``b`` as for a move.

Legal-play generation and ``rules.apply_action`` share the movement functions below, so what is
listed is exactly what applies. Source lines are quoted in each function's docstring.
"""
from __future__ import annotations

from games.hextopia.engine import errors as E
from games.hextopia.engine.constants import (
    ACE,
    BACK,
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
    PIECES,
    SWAP,
    THREE,
    THREE_STEPS,
    TWO,
)
from games.hextopia.engine.errors import Rule
from games.hextopia.engine.state import HextopiaState

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
LANE_CARDS = (ACE, TWO)


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
    in_play: list[int] | None = None  # flat indexes of pieces IN-PLAY, built only for a JACK or JOKER
    for card in st.hands[seat]:
        rank = card[0]
        kind = KIND_OF_RANK[rank]
        if kind == JOKER or kind == JACK:
            if in_play is None:
                in_play = [idx for idx, v in enumerate(pieces) if 0 <= v < track]
            if kind == JOKER:
                for idx in in_play:
                    t = idx // PIECES
                    if t != seat and pieces[idx] != 0:
                        out.append((card, JOKER_MOVE, -1, -1, t, idx % PIECES, 0, occ.get(starts[t], -1)))
            else:  # JACK
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


def legal_actions(state: HextopiaState, seat: int) -> list[dict]:
    """Every legal action of ``seat``: its plays, else one discard per card (and sit_out when
    no piece it moves is IN-PLAY). ``[]`` when it is not ``seat``'s turn."""
    if seat != state.turn or state.winners:
        return []
    found = plays(state, seat)
    if found:
        return [action_of(p) for p in found]
    out = [{"type": "discard", "card": card} for card in state.hands[seat]]
    if may_sit_out(state, seat):
        out.append({"type": "sit_out"})
    return out


