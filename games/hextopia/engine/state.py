"""The Hextopia state: small immutable fields, cheap to copy, exact JSON round-trip.

Pieces are one flat tuple of *progress* values, ``PIECES`` per seat (seat ``s``, piece ``i`` at
``pieces[s * PIECES + i]``): ``HOME`` (-1) at HOME, ``0 .. L-1`` on the track counted from the
piece's own START (``0`` is on START, L = track length), ``L .. L+3`` in HEXTOPIA lane slots
1-4. Its track space is ``(start + progress) mod L``. So a forward move is a plain addition and
the exact-count rule into HEXTOPIA is a bound check (see rules.py).
"""
from __future__ import annotations

import random
from typing import Any

from games.hextopia.engine.constants import (
    JOKER_DECK,
    PIECES,
    STANDARD_DECK,
    start_index,
    track_length,
)

ENCODING_VERSION = 1
_blank = object.__new__


class HextopiaState:
    """One moment of a game. Treat as immutable: ``apply`` builds a new one.

    Fields: ``seats`` (player count), ``stations`` and ``teams`` per seat, ``jokers`` (variant),
    ``seed`` and ``draws`` (RNG seed and shuffles made; secret), ``deck`` (undealt cards of the
    current DEAL in order; secret), ``hands`` (tuple per seat), ``pile`` (cards played or
    discarded this DEAL, in order), ``pieces`` (see module doc), ``dealer``, ``deal`` (1-based
    DEAL count), ``hand_number`` (1-based HAND within the DEAL), ``turn`` (seat to act, -1 once
    over), ``turn_count`` (actions applied), ``sitting_out`` per seat, ``last_card`` ((seat,
    card) or None), ``winners`` (seats; empty while running), ``dealer_draw`` (rounds of (seat,
    card) from the first-dealer draw). ``track``, ``starts`` (per seat) and ``piece_starts``
    (per flat piece index) are derived; ``occupancy`` caches rules.occupancy (which is why a
    state must not change once it has been read: change only a fresh ``copy()``).
    """

    __slots__ = (
        "seats", "stations", "teams", "jokers", "seed", "draws", "deck", "hands", "pile",
        "pieces", "dealer", "deal", "hand_number", "turn", "turn_count", "sitting_out",
        "last_card", "winners", "dealer_draw", "track", "starts", "piece_starts", "occupancy",
    )
    _FIELDS = __slots__[:-4]

    # The fields' types, for the checker (annotations only: the slots hold the values).
    seats: int
    stations: tuple[int, ...]
    teams: tuple[int | None, ...]
    jokers: bool
    seed: int
    draws: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    pieces: tuple[int, ...]
    dealer: int
    deal: int
    hand_number: int
    turn: int
    turn_count: int
    sitting_out: tuple[bool, ...]
    last_card: tuple[int, str] | None
    winners: tuple[int, ...]
    dealer_draw: tuple[tuple[tuple[int, str], ...], ...]
    track: int
    starts: tuple[int, ...]
    piece_starts: tuple[int, ...]
    occupancy: dict[int, int] | None

    def __init__(self, **fields: Any):
        for name in self._FIELDS:
            setattr(self, name, fields[name])
        self.track = track_length(self.seats)
        self.starts = tuple(start_index(st, self.track) for st in self.stations)
        self.piece_starts = tuple(self.starts[idx // PIECES] for idx in range(PIECES * self.seats))
        self.occupancy = None

    def copy(self) -> HextopiaState:
        """A shallow copy (fields are immutable tuples and scalars); spelled out for speed."""
        new = _blank(HextopiaState)
        new.seats, new.stations, new.teams, new.jokers = self.seats, self.stations, self.teams, self.jokers
        new.seed, new.draws, new.deck, new.hands = self.seed, self.draws, self.deck, self.hands
        new.pile, new.pieces, new.dealer, new.deal = self.pile, self.pieces, self.dealer, self.deal
        new.hand_number, new.turn, new.turn_count = self.hand_number, self.turn, self.turn_count
        new.sitting_out, new.last_card, new.winners = self.sitting_out, self.last_card, self.winners
        new.dealer_draw, new.track, new.starts = self.dealer_draw, self.track, self.starts
        new.piece_starts = self.piece_starts
        new.occupancy = None
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HextopiaState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable, the documented way; typeshed wants a method

    def __repr__(self) -> str:
        return f"HextopiaState(seats={self.seats}, turn={self.turn}, turn_count={self.turn_count})"

    @property
    def over(self) -> bool:
        """True once a player or team has every piece in HEXTOPIA."""
        return bool(self.winners)

    def all_cards(self) -> tuple[str, ...]:
        """The full deck of this game (52 cards, or 54 with the JOKER variant)."""
        return JOKER_DECK if self.jokers else STANDARD_DECK


def shuffled(cards: tuple[str, ...], seed: int, draws: int) -> tuple[str, ...]:
    """``cards`` shuffled by the game RNG at draw counter ``draws`` (deterministic)."""
    deck = list(cards)
    random.Random(f"hextopia:{seed}:{draws}").shuffle(deck)
    return tuple(deck)


def encode(state: HextopiaState) -> dict:
    """JSON-able dict of every field; ``decode(encode(state)) == state``."""
    return {
        "v": ENCODING_VERSION,
        "seats": state.seats,
        "stations": list(state.stations),
        "teams": list(state.teams),
        "jokers": state.jokers,
        "seed": state.seed,
        "draws": state.draws,
        "deck": list(state.deck),
        "hands": [list(h) for h in state.hands],
        "pile": list(state.pile),
        "pieces": list(state.pieces),
        "dealer": state.dealer,
        "deal": state.deal,
        "hand_number": state.hand_number,
        "turn": state.turn,
        "turn_count": state.turn_count,
        "sitting_out": list(state.sitting_out),
        "last_card": list(state.last_card) if state.last_card else None,
        "winners": list(state.winners),
        "dealer_draw": [[list(pair) for pair in rnd] for rnd in state.dealer_draw],
    }


def decode(data: dict) -> HextopiaState:
    """Inverse of ``encode``; raises ``KeyError``/``TypeError`` on a malformed dict."""
    return HextopiaState(
        seats=data["seats"],
        stations=tuple(data["stations"]),
        teams=tuple(data["teams"]),
        jokers=data["jokers"],
        seed=data["seed"],
        draws=data["draws"],
        deck=tuple(data["deck"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        pile=tuple(data["pile"]),
        pieces=tuple(data["pieces"]),
        dealer=data["dealer"],
        deal=data["deal"],
        hand_number=data["hand_number"],
        turn=data["turn"],
        turn_count=data["turn_count"],
        sitting_out=tuple(data["sitting_out"]),
        last_card=tuple(data["last_card"]) if data["last_card"] else None,
        winners=tuple(data["winners"]),
        dealer_draw=tuple(tuple(tuple(pair) for pair in rnd) for rnd in data["dealer_draw"]),
    )
