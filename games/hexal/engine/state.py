"""The Hexal state: immutable-by-convention fields, cheap to copy, exact JSON round-trip.

Cards are ids (games/hexal/engine/cards.py); the table is ``{cell key: stack}`` (board.py).
``where`` (card -> (key, level)) and ``spots`` (key -> open spot entry) are derived indexes:
rebuilt by ``decode``, kept up to date by apply, never encoded or compared; ``encoded``
caches the encoding (a state never changes once built, so it is computed once).
"""
from __future__ import annotations

from typing import Any

from games.hexal.engine.board import all_spots, key_of, qr_of
from games.hexal.engine.cards import CODE, ID_OF

ENCODING_VERSION = 1
HAND_SIZE = 6
STACK_SIZE = 6

# Phases
TARGET = "target"   # the player names a target, or discards and draws, or passes
PLAY = "play"       # a target is named: place, take back, end the turn
OVER = "over"

# Why the game ended
END_TARGET = "target"   # someone reached the target score and the round was finished
END_PASSES = "passes"   # the deck was empty and every player passed in a row

# A seat's latest turn (``last``)
PLAYED, DISCARDED, PASSED = "played", "discarded", "passed"
NO_TURN = ("", -1, ())
LastTurn = tuple[str, int, tuple[int, ...]]  # (kind, card, cards placed): see ``last``
Spot = tuple[int, int, tuple[int, ...]]  # (level, mask, touchers): board.spot_entry

_blank = object.__new__


class HexalState:
    """One moment of a game. Treat as immutable: apply works on a ``copy()``.

    Fields: ``n`` (players), ``target_score``, ``personal`` (personal-stack variant),
    ``seed`` (secret), ``dealer``, ``first`` (first player), ``playable`` (per seat, the
    largest set playable on the initial target), ``initial`` (initial target card),
    ``deck`` (undrawn cards, top first; secret), ``hands`` (sorted tuple per seat),
    ``stacks`` (face-down personal stack per seat, top first; secret to all), ``shown`` (per
    seat, hand cards every player has seen: taken back from the table), ``table``,
    ``discards`` (face up, in order), ``totals`` and ``history`` (points per finished turn)
    per seat, ``current`` (seat to act), ``phase``, ``target`` (card or -1), ``placed``
    (cards placed this turn, in order), ``turn`` (finished turns), ``passes`` (passes in a
    row), ``final_round`` (the target score was reached: the round is being finished),
    ``ended`` ("" or END_*), ``last`` (per seat, its latest finished turn as ``(kind, card,
    placed)``: ``(PLAYED, target, cards placed in order)``, ``(DISCARDED, card, ())``,
    ``(PASSED, -1, ())``, or ``("", -1, ())`` before its first turn; public, as in the log).
    """

    __slots__ = (
        "n", "target_score", "personal", "seed", "dealer", "first", "playable", "initial",
        "deck", "hands", "stacks", "shown", "table", "discards", "totals", "history", "current",
        "phase", "target", "placed", "turn", "passes", "final_round", "ended", "last",
        "where", "spots", "encoded",
    )
    _FIELDS = __slots__[:-3]

    # The fields' types, for the checker (annotations only: the slots hold the values).
    n: int
    target_score: int
    personal: bool
    seed: int
    dealer: int
    first: int
    playable: tuple[int, ...]
    initial: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[int, ...], ...]
    table: dict[int, tuple[int, ...]]
    discards: tuple[int, ...]
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    current: int
    phase: str
    target: int
    placed: tuple[int, ...]
    turn: int
    passes: int
    final_round: bool
    ended: str
    last: tuple[LastTurn, ...]
    where: dict[int, tuple[int, int]]
    spots: dict[int, Spot]
    encoded: dict[str, Any] | None

    def __init__(self, **fields: Any):
        for name in self._FIELDS:
            setattr(self, name, fields[name])
        self.reindex()

    def reindex(self) -> None:
        """Rebuild ``where`` and ``spots`` from ``table`` (a full scan)."""
        self.where = {c: (k, lvl) for k, stack in self.table.items() for lvl, c in enumerate(stack)}
        self.spots = all_spots(self.table)
        self.encoded = None

    def copy(self) -> HexalState:
        """A shallow copy: every field is a scalar, a tuple or a dict the caller replaces
        before changing (copy-on-write)."""
        new = _blank(HexalState)
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
        new.encoded = None
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexalState):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    __hash__ = None  # type: ignore[assignment]  # unhashable, the documented way; typeshed wants a method

    def __repr__(self) -> str:
        return (f"HexalState(n={self.n}, turn={self.turn}, current={self.current}, phase={self.phase}, "
                f"cards on table={len(self.where)})")

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER

    def can_draw(self, seat: int) -> bool:
        """Is there a card for ``seat`` to draw (its personal stack, then the deck)?"""
        return bool(self.stacks[seat]) or bool(self.deck)


def _codes(cards) -> str:
    return " ".join([CODE[c] for c in cards])


def _ids(text: str) -> tuple[int, ...]:
    return tuple([ID_OF[c] for c in text.split()]) if text else ()


def encode(st: HexalState) -> dict:
    """JSON-able dict of every field; ``decode(encode(st)) == st``. Card sequences are strings
    of codes separated by spaces (``"RC1 GT4"``), a table cell is ``"q r codes..."`` bottom to
    top: compact to store and to copy. Each call returns fresh lists."""
    if st.encoded is None:
        st.encoded = _encode(st)
    enc = st.encoded
    out = dict(enc)
    for key in _LISTS:
        out[key] = list(enc[key])
    out["history"] = [list(h) for h in enc["history"]]
    out["last"] = [list(row) for row in enc["last"]]
    return out


_LISTS = ("playable", "hands", "stacks", "shown", "table", "totals")


def _encode(st: HexalState) -> dict:
    return {
        "v": ENCODING_VERSION,
        "n": st.n,
        "target_score": st.target_score,
        "personal": st.personal,
        "seed": st.seed,
        "dealer": st.dealer,
        "first": st.first,
        "playable": list(st.playable),
        "initial": CODE[st.initial],
        "deck": _codes(st.deck),
        "hands": [_codes(h) for h in st.hands],
        "stacks": [_codes(s) for s in st.stacks],
        "shown": [_codes(s) for s in st.shown],
        "table": [f"{q} {r} {_codes(stack)}" for q, r, stack in ((*qr_of(k), s) for k, s in st.table.items())],
        "discards": _codes(st.discards),
        "totals": list(st.totals),
        "history": [list(h) for h in st.history],
        "current": st.current,
        "phase": st.phase,
        "target": CODE[st.target] if st.target >= 0 else None,
        "placed": _codes(st.placed),
        "turn": st.turn,
        "passes": st.passes,
        "final_round": st.final_round,
        "ended": st.ended,
        "last": [[kind, CODE[c] if c >= 0 else None, _codes(cards)] for kind, c, cards in st.last],
    }


def _cell(text: str) -> tuple[int, tuple[int, ...]]:
    q, r, cards = text.split(" ", 2)
    return key_of(int(q), int(r)), _ids(cards)


def decode(data: dict) -> HexalState:
    """Inverse of ``encode``; raises ``KeyError``/``TypeError``/``ValueError`` on a malformed dict."""
    return HexalState(
        n=data["n"],
        target_score=data["target_score"],
        personal=data["personal"],
        seed=data["seed"],
        dealer=data["dealer"],
        first=data["first"],
        playable=tuple(data["playable"]),
        initial=ID_OF[data["initial"]],
        deck=_ids(data["deck"]),
        hands=tuple(_ids(h) for h in data["hands"]),
        stacks=tuple(_ids(s) for s in data["stacks"]),
        shown=tuple(_ids(s) for s in data["shown"]),
        table=dict(_cell(cell) for cell in data["table"]),
        discards=_ids(data["discards"]),
        totals=tuple(data["totals"]),
        history=tuple(tuple(h) for h in data["history"]),
        current=data["current"],
        phase=data["phase"],
        target=ID_OF[data["target"]] if data["target"] is not None else -1,
        placed=_ids(data["placed"]),
        turn=data["turn"],
        passes=data["passes"],
        final_round=data["final_round"],
        ended=data["ended"],
        last=_last(data.get("last"), data["n"]),
    )


def _last(rows, n: int) -> tuple:
    """``last`` from its encoding; encodings stored before the field have none (``NO_TURN``
    for every seat: the strong bot then reads nothing into the other seats' turns)."""
    if rows is None:
        return (NO_TURN,) * n
    return tuple((kind, ID_OF[c] if c is not None else -1, _ids(cards)) for kind, c, cards in rows)
