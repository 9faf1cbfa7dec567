"""A bot's picture of the game, rebuilt from a seat's view only (never the state).

``Board.from_view(view)`` gives the table as the engine indexes it (cell keys, stacks of card
ids, the open spots), the viewer's hand, the target and this turn's placements, and the cards
the viewer has not seen (the deck, the stacks and the other hands, together).
"""
from __future__ import annotations

from games.hexal.engine.board import all_spots, key_of
from games.hexal.engine.cards import ALL_IDS, ID_OF
from games.hexal.engine.search import best_fill, fill_problem


class Board:
    """Fields: ``table`` ({key: stack of ids}), ``where`` ({id: (key, level)}), ``spots``
    (board.all_spots), ``hand`` (ids), ``target`` (id or None), ``placed`` (ids), ``me``,
    ``unseen`` (ids not on the table, not discarded, not in the hand, not shown by another
    seat), ``view`` (the view itself)."""

    __slots__ = ("table", "where", "spots", "hand", "target", "placed", "me", "unseen", "view")

    @classmethod
    def from_view(cls, view: dict) -> Board:
        """Raises ``KeyError`` for a view without the Hexal fields."""
        b = cls()
        b.view = view
        b.me = view["viewer"]
        b.table = {key_of(cell["q"], cell["r"]): tuple(ID_OF[c] for c in cell["cards"]) for cell in view["table"]}
        b.where = {c: (k, lvl) for k, stack in b.table.items() for lvl, c in enumerate(stack)}
        b.spots = all_spots(b.table)
        b.hand = tuple(ID_OF[c] for c in (view.get("hand") or ()))
        b.target = ID_OF[view["target"]["card"]] if view.get("target") else None
        b.placed = tuple(ID_OF[p["card"]] for p in view.get("placed") or ())
        seen = set(b.where) | set(b.hand) | {ID_OF[c] for c in view.get("discards") or ()}
        for s in view["seats"]:
            seen.update(ID_OF[c] for c in s.get("shown") or ())
        b.unseen = tuple(c for c in ALL_IDS if c not in seen)
        return b

    def fill(self, target: int, hand=None, **weights) -> tuple[float, list[tuple[int, int]]]:
        """``search.best_fill`` around ``target`` with ``hand`` (default: the viewer's), as
        ``(value, [(spot key, card)])``."""
        key, level = self.where[target]
        places, options, adjacent = fill_problem(self.table, self.spots, key, level,
                                                 self.hand if hand is None else hand)
        value, pick = best_fill(options, adjacent, **weights)
        return value, [(places[i], c) for i, c in pick]
