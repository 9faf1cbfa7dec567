"""Build Hextopia positions for rule tests: place pieces and hands on a fresh setup.

Pieces are given as progress values (see games/hextopia/engine/state.py): ``HOME``, ``0..L-1``
on the track counted from the owner's START, ``lane(st, slot)`` for HEXTOPIA slots 1-4.
"""
from __future__ import annotations

from collections import Counter

from games.hextopia.engine import ENGINE
from games.hextopia.engine.constants import CARD_ORDER, HOME, PIECES
from games.hextopia.engine.state import HextopiaState
from games.protocol import SeatSpec

__all__ = ["ENGINE", "HOME", "position", "lane", "progress_at", "card_count", "seats_for", "play"]


def seats_for(players: int, layout: str = "none") -> list[SeatSpec]:
    """Seat specs for ``players`` in a named team layout."""
    return [SeatSpec(team=t) for t in ENGINE.team_layouts(players)[layout]]


def position(
    players: int = 2,
    *,
    layout: str = "none",
    pieces: dict[tuple[int, int], int] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    jokers: bool = False,
    seed: int = 7,
) -> HextopiaState:
    """A fresh game with the given pieces (others at HOME) and hands (sorted like dealt hands;
    others as dealt, minus any card given to someone else), ``turn`` to act. Cards stay conserved: cards put in a
    hand are taken from wherever they were (deck or another hand)."""
    st = ENGINE.setup({"jokers": jokers}, seats_for(players, layout), seed).copy()
    values = [HOME] * (players * PIECES)
    for (s, i), v in (pieces or {}).items():
        values[s * PIECES + i] = v
    st.pieces = tuple(values)
    given = {s: tuple(sorted(cards, key=CARD_ORDER.__getitem__)) for s, cards in (hands or {}).items()}
    used = {c for cards in given.values() for c in cards}
    new_hands = []
    spare = []
    for s in range(players):
        if s in given:
            spare += [c for c in st.hands[s] if c not in used]
            new_hands.append(given[s])
        else:
            new_hands.append(tuple(c for c in st.hands[s] if c not in used))
            spare += [c for c in st.hands[s] if c in used and c not in given.get(s, ())]
    deck = [c for c in st.deck if c not in used]
    st.hands = tuple(new_hands)
    st.deck = tuple(deck) + tuple(c for c in spare if c not in used)
    st.turn = turn
    return st


def lane(st: HextopiaState, slot: int) -> int:
    """Progress value of HEXTOPIA slot ``slot`` (1-4)."""
    return st.track - 1 + slot


def progress_at(st: HextopiaState, seat: int, index: int) -> int:
    """Progress of a piece of ``seat`` standing on track space ``index``."""
    return (index - st.starts[seat]) % st.track


def card_count(st: HextopiaState) -> Counter:
    """Every card of the game wherever it is: hands, pile, undealt deck."""
    cards = Counter(st.deck) + Counter(st.pile)
    for h in st.hands:
        cards += Counter(h)
    return cards


def play(st: HextopiaState, seat: int, card: str, move: str, piece_seat: int | None = None,
         piece: int = 0, **extra) -> tuple[HextopiaState, list[dict]]:
    """Apply a play action (``piece_seat`` defaults to ``seat``)."""
    action = {"type": "play", "card": card, "move": move}
    if move != "joker":
        action.update(seat=seat if piece_seat is None else piece_seat, piece=piece)
    action.update(extra)
    return ENGINE.apply(st, seat, action)
