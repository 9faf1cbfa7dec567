"""A bot's picture of the game, rebuilt from a seat's view only (never the state).

``Board.from_view(view)`` gives the table as the engine indexes it (cell keys, stacks of card
ids), open spots computed on demand (``LazySpots``), the viewer's hand, the target and this
turn's placements, and the cards the viewer has not seen (the deck, the stacks and the other
hands, together). ``Board.best_target`` is the greedy search over every target.
"""
from __future__ import annotations

from games.hexal.engine.board import DELTAS, key_of, qr_of, spot_entry
from games.hexal.engine.cards import ALL_IDS, BIT, CODE, ID_OF
from games.hexal.engine.search import best_fill, fill_problem
from games.protocol import Action


class LazySpots(dict):
    """``{key: spot entry}`` filled on first use (board.spot_entry); ``get`` answers None for a
    spot nothing touches. ``complete()`` computes every open spot of the table."""

    __slots__ = ("table",)

    def __init__(self, table: dict):
        super().__init__()
        self.table = table

    def __missing__(self, key):
        entry = spot_entry(self.table, key)
        self[key] = entry
        if entry is None:
            raise KeyError(key)
        return entry

    def get(self, key, default=None):
        try:
            entry = self[key]
        except KeyError:
            return default
        return default if entry is None else entry

    def complete(self) -> dict:
        """Every open spot: ``{key: entry}`` (a plain dict)."""
        keys = set(self.table)
        for k in self.table:
            keys.update(k + d for d in DELTAS)
        return {k: e for k in keys if (e := self.get(k)) is not None}


class Board:
    """Fields: ``table`` ({key: stack of ids}), ``where`` ({id: (key, level)}), ``spots``
    (LazySpots), ``hand`` (ids), ``target`` (id or None), ``placed`` (ids), ``me``,
    ``unseen`` (ids not on the table, not discarded, not in the hand, not shown by another
    seat), ``view`` (the view itself)."""

    __slots__ = ("table", "where", "spots", "hand", "target", "placed", "me", "unseen", "view")
    table: dict[int, tuple[int, ...]]
    where: dict[int, tuple[int, int]]
    spots: LazySpots
    hand: tuple[int, ...]
    target: int | None
    placed: tuple[int, ...]
    me: int
    unseen: tuple[int, ...]
    view: dict

    @classmethod
    def from_view(cls, view: dict) -> Board:
        """Raises ``KeyError`` for a view without the Hexal fields."""
        b = cls()
        b.view = view
        b.me = view["viewer"]
        b.table = {key_of(cell["q"], cell["r"]): tuple([ID_OF[c] for c in cell["cards"]]) for cell in view["table"]}
        b.where = {c: (k, lvl) for k, stack in b.table.items() for lvl, c in enumerate(stack)}
        b.spots = LazySpots(b.table)
        b.hand = tuple([ID_OF[c] for c in (view.get("hand") or ())])
        b.target = ID_OF[view["target"]["card"]] if view.get("target") else None
        b.placed = tuple(ID_OF[p["card"]] for p in view.get("placed") or ())
        seen = set(b.where) | set(b.hand) | {ID_OF[c] for c in view.get("discards") or ()}
        for s in view["seats"]:
            seen.update(ID_OF[c] for c in s.get("shown") or ())
        b.unseen = tuple(c for c in ALL_IDS if c not in seen)
        return b

    def problem(self, target: int, hand=None):
        """``search.fill_problem`` around ``target`` with ``hand`` (default: the viewer's)."""
        key, level = self.where[target]
        return fill_problem(self.table, self.spots, key, level, self.hand if hand is None else hand)

    def fill(self, target: int, hand=None, **weights) -> tuple[float, list[tuple[int, int]]]:
        """``search.best_fill`` around ``target``, as ``(value, [(spot key, card)])``."""
        places, options, adjacent = self.problem(target, hand)
        value, pick = best_fill(options, adjacent, **weights)
        return value, [(places[i], c) for i, c in pick]

    def ranked_fills(self, targets, hand=None, keep: int = 1) -> list[tuple[float, int, list]]:
        """The best fills over ``targets`` (ids): up to ``keep`` of ``(points, target, [(key,
        card)])``, best first (ties: the order of ``targets``). A target is searched only while
        its bound (the best card per place plus 3 per touching pair of places) could still
        enter the list."""
        bounded = []
        for i, t in enumerate(targets):
            places, options, adjacent = self.problem(t, hand)
            bound = sum(max((p for _, p in opts), default=0) for opts in options)
            bound += 3 * sum(len(a) for a in adjacent)
            if bound > 0:
                bounded.append((-bound, i, t, places, options, adjacent))
        bounded.sort()
        found: list[tuple[float, int, int, list]] = []
        for neg_bound, i, t, places, options, adjacent in bounded:
            if len(found) >= keep and -neg_bound < found[-1][0]:
                break
            value, pick = best_fill(options, adjacent)
            if pick:
                found.append((value, i, t, [(places[j], c) for j, c in pick]))
                found.sort(key=lambda f: (-f[0], f[1]))
                del found[keep:]
        return [(v, t, pick) for v, _, t, pick in found]


# ------------------------------------------------------------------ helpers of every bot
def place_action(key: int, card: int) -> dict:
    """The ``place`` action of ``card`` on the spot ``key``."""
    q, r = qr_of(key)
    return {"type": "place", "card": CODE[card], "q": q, "r": r}


def fallback(board: Board, legal: list[Action]) -> Action:
    """No play wanted: pass if that is what is left, else discard the hand card that fits the
    fewest open spots (ties: the lowest card)."""
    for a in legal:
        if a["type"] == "pass":
            return a
    discards = {a["card"]: a for a in legal if a["type"] == "discard"}
    if not discards:
        return legal[-1]
    spots = board.spots.complete().values()
    fits = {c: sum(1 for _, mask, _ in spots if mask & BIT[c]) for c in board.hand if CODE[c] in discards}
    worst = min(sorted(fits), key=lambda c: fits[c])
    return discards[CODE[worst]]


def targets_of(legal: list[Action]) -> list[str]:
    """The card codes of the ``target`` actions in ``legal``."""
    return [a["card"] for a in legal if a["type"] == "target"]
