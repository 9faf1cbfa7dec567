"""A light table for the strong bot's look-ahead: spots kept up to date as cards are played,
and the best turn of a hand over every target in one pass over the spots.

``Table`` holds ``table`` ({key: stack of ids}), ``where`` ({id: (key, level)}) and ``spots``
(every open spot, board.py's entries); ``played(pick)`` returns a new ``Table`` with the cards
of a turn added (the old one is unchanged). ``best_turn(table, hand)`` is the greedy search of
reading.py (the most points this turn, exact) computed from the spots instead of target by
target: a place around a target is a spot that target touches (board.py), so only the spots
some hand card fits are looked at, and each target's bound counts only those.
"""
from __future__ import annotations

from games.hexal.engine.board import DELTAS, all_spots, refresh_spots
from games.hexal.engine.cards import BIT, SHARE, mask_of

_SIDES = frozenset(DELTAS)


class Table:
    """An immutable-by-convention table with its spot index (see the module docstring)."""

    __slots__ = ("table", "where", "spots")

    def __init__(self, table: dict, where: dict | None = None, spots: dict | None = None):
        self.table = table
        self.where = where if where is not None else {
            c: (k, lvl) for k, stack in table.items() for lvl, c in enumerate(stack)}
        self.spots = spots if spots is not None else all_spots(table)

    def played(self, pick) -> Table:
        """This table with ``pick`` (``[(spot key, card)]``, each on its cell's spot) added."""
        if not pick:
            return self
        table, where, spots = dict(self.table), dict(self.where), dict(self.spots)
        for key, card in pick:
            stack = table.get(key, ())
            where[card] = (key, len(stack))
            table[key] = stack + (card,)
            refresh_spots(spots, table, key)
        return Table(table, where, spots)


def best_turns(tab: Table, hand, keep: int = 1, targets=None) -> list[tuple[float, int, list]]:
    """The best fills of ``hand`` over the targets of ``tab`` (every card in play, or only
    ``targets``): up to ``keep`` of ``(points, target, [(spot key, card)])``, best first (ties:
    the lower target id). Points are rule 10's, exact (search.best_fill); ``[]`` when no card of
    ``hand`` fits anywhere."""
    hm = mask_of(hand)
    if not hm:
        return []
    allowed = None if targets is None else set(targets)
    # options of each spot some hand card fits, and the targets it is a place of
    options: dict = {}
    places: dict = {}
    for k, (_, mask, found) in tab.spots.items():
        m = mask & hm
        if not m:
            continue
        opts = []
        for c in hand:
            if m & BIT[c]:
                row = SHARE[c]
                opts.append((c, sum([row[t] for t in found])))
        options[k] = opts
        for t in found:
            if allowed is None or t in allowed:
                if t in places:
                    places[t].append(k)
                else:
                    places[t] = [k]
    where = tab.where
    bounded = []
    for t, ks in places.items():
        key = where[t][0]
        opts = [options[k] for k in ks]
        adjacent = [[j for j in range(i) if k != key and ks[j] != key and (k - ks[j]) in _SIDES]
                    for i, k in enumerate(ks)]
        bound = _bounds(opts, adjacent)
        bounded.append((-bound[0], t, ks, opts, adjacent, bound))
    bounded.sort(key=lambda b: (b[0], b[1]))
    found_: list = []
    for neg, t, ks, opts, adjacent, bound in bounded:
        if len(found_) >= keep and -neg < found_[-1][0]:
            break
        value, pick = fill(opts, adjacent, bound)
        if pick:
            found_.append((value, t, [(ks[i], c) for i, c in pick]))
            found_.sort(key=lambda f: (-f[0], f[1]))
            del found_[keep:]
    return found_


def _bounds(options: list, adjacent: list) -> list[int]:
    """``bound[i]``: the most places ``i..`` could add (each place's best card, each touching
    pair of places the most its options could share)."""
    m = len(options)
    bound = [0] * (m + 1)
    for i in range(m - 1, -1, -1):
        extra = max([p for _, p in options[i]], default=0)
        for j in adjacent[i]:
            extra += max([SHARE[a][b] for a, _ in options[i] for b, _ in options[j] if a != b], default=0)
        bound[i] = bound[i + 1] + extra
    return bound


def fill(options: list, adjacent: list, bound: list | None = None) -> tuple[int, list[tuple[int, int]]]:
    """search.best_fill with unit weights and a tighter bound (``_bounds``): the same value
    and the same fill, found in the same order, with less of the walk."""
    m = len(options)
    if bound is None:
        bound = _bounds(options, adjacent)
    best_value, best_pick = 0, []
    chosen: list = [None] * m
    pick: list = []
    used: set = set()

    def walk(i: int, value: int) -> None:
        nonlocal best_value, best_pick
        if value > best_value:
            best_value, best_pick = value, list(pick)
        if i == m or value + bound[i] <= best_value:
            return
        for c, g in options[i]:
            if c in used:
                continue
            row = SHARE[c]
            total = g
            for j in adjacent[i]:
                other = chosen[j]
                if other is not None:
                    s = row[other]
                    if not s:
                        break
                    total += s
            else:
                chosen[i] = c
                used.add(c)
                pick.append((i, c))
                walk(i + 1, value + total)
                pick.pop()
                used.discard(c)
                chosen[i] = None
        walk(i + 1, value)

    walk(0, 0)
    return best_value, best_pick
