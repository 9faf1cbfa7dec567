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


def best_turns(tab: Table, hand, keep: int = 1, targets=None, keys=None) -> list[tuple[float, int, list]]:
    """The best fills of ``hand`` over the targets of ``tab`` (every card in play, or only
    ``targets``): up to ``keep`` of ``(points, target, [(spot key, card)])``, best first (ties:
    the lower target id). Points are rule 10's, exact (search.best_fill); ``[]`` when no card of
    ``hand`` fits anywhere. ``keys`` (spot keys in ``tab.spots`` order, every place of the
    ``targets`` among them) limits the walk to those spots: the same answer, sooner."""
    hm = mask_of(hand)
    if not hm:
        return []
    allowed = None if targets is None else set(targets)
    spots = tab.spots
    entries = spots.items() if keys is None else [(k, spots[k]) for k in keys]
    # options of each spot some hand card fits (and its best one), and the targets it is a
    # place of
    options: dict = {}
    tops: dict = {}
    places: dict = {}
    for k, (_, mask, found) in entries:
        m = mask & hm
        if not m:
            continue
        opts = []
        for c in hand:
            if m & BIT[c]:
                row = SHARE[c]
                opts.append((c, sum([row[t] for t in found])))
        options[k] = opts
        tops[k] = max([p for _, p in opts])
        for t in found:
            if allowed is None or t in allowed:
                if t in places:
                    places[t].append(k)
                else:
                    places[t] = [k]
    where = tab.where
    # A cheap bound first (each place's best card, 2 points for each pair of sides that may
    # touch: two different cards share at most two attributes); the exact bound (_bounds) is
    # worked out only for the targets that bound does not rule out. The same fills, fewer bounds.
    rough = []
    for t, ks in places.items():
        key = where[t][0]
        sides = len(ks) - (key in ks)
        pairs = 6 if sides == 6 else max(0, sides - 1)
        rough.append((-(sum([tops[k] for k in ks]) + 2 * pairs), t, ks, key))
    rough.sort()
    found_: list = []
    for neg, t, ks, key in rough:
        if len(found_) >= keep and -neg < found_[-1][0]:
            break
        opts = [options[k] for k in ks]
        adjacent = [[j for j in range(i) if k != key and ks[j] != key and (k - ks[j]) in _SIDES]
                    for i, k in enumerate(ks)]
        bound = _bounds(opts, adjacent)
        floor = found_[-1][0] - 1 if len(found_) >= keep else 0
        if bound[0] <= floor:
            continue
        value, pick = fill(opts, adjacent, bound, floor)
        if pick:
            found_.append((value, t, [(ks[i], c) for i, c in pick]))
            found_.sort(key=lambda f: (-f[0], f[1]))
            del found_[keep:]
    return found_


class Replies:
    """One seat's best turn on many tables that differ from one base table by a few cards
    (the candidate turns of a decision), for one hand: the best fills on the base are found
    once, and on each changed table only the targets whose places changed are searched again
    (the others' fills are the base's). ``best(after, changed)`` equals ``best_turns(after,
    hand, keep=1)``: ``after`` is ``base.played(pick)``, ``changed`` is ``Changes(base,
    after, pick)``."""

    KEEP = 8  # base fills kept; when every one of them changed, the whole table is searched

    def __init__(self, base: Table, hand):
        self.hand = hand
        self.ranked = best_turns(base, hand, keep=self.KEEP)

    def best(self, after: Table, changed: Changes) -> list[tuple[float, int, list]]:
        """``best_turns(after, hand, keep=1)``, from the base fills and a search of the
        changed targets."""
        kept = [f for f in self.ranked if f[1] not in changed.targets]
        if not kept and len(self.ranked) >= self.KEEP:
            return best_turns(after, self.hand, keep=1)
        found = best_turns(after, self.hand, keep=1, targets=changed.targets, keys=changed.keys)
        both = found + kept[:1]
        if not both:
            return []
        return [min(both, key=lambda f: (-f[0], f[1]))]


class Changes:
    """What ``pick`` changed from ``base`` to ``after``: ``targets``, the cards whose places
    differ (every card touching a refreshed spot, before or after), and ``keys``, the spots of
    ``after`` that can be their places, in ``after.spots`` order."""

    __slots__ = ("targets", "keys")

    def __init__(self, base: Table, after: Table, pick):
        refreshed = set()
        for key, _ in pick:
            refreshed.add(key)
            refreshed.update(key + d for d in DELTAS)
        targets = set()
        for k in refreshed:
            for spots in (base.spots, after.spots):
                entry = spots.get(k)
                if entry is not None:
                    targets.update(entry[2])
        near = set()
        for t in targets:
            key = after.where[t][0]
            near.add(key)
            near.update(key + d for d in DELTAS)
        self.targets = targets
        self.keys = [k for k in after.spots if k in near]


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


def fill(options: list, adjacent: list, bound: list | None = None,
         floor: int = 0) -> tuple[int, list[tuple[int, int]]]:
    """search.best_fill with unit weights and a tighter bound (``_bounds``): the same value
    and the same fill, found in the same order, with less of the walk. With a ``floor`` (the
    points a fill must beat to matter), fills worth no more are not looked for: ``(floor,
    [])`` when none beats it."""
    m = len(options)
    if bound is None:
        bound = _bounds(options, adjacent)
    best_value, best_pick = floor, []
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
