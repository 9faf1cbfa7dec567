"""Best ways to fill the places around one target: the first-player count and the bots' search.

Around a target there are at most seven places (its top and its free supported sides); the
sides touch each other in ring order, the top touches none of them. A *fill* puts distinct
hand cards on some places so that each shares an attribute with every card it touches (the
cards already there and the other cards of the fill): rule 9. The search is a depth-first
walk over the places with a bound, exact for these sizes (7 places, 6 cards).
"""
from __future__ import annotations

from games.hexal.engine.board import DELTAS, places_around
from games.hexal.engine.cards import BIT, SHARE


def fill_problem(table: dict, spots: dict, key: int, level: int, hand) -> tuple[list, list, list]:
    """The places around the target at ``(key, level)`` as a search problem:
    ``(places, options, adjacent)`` where ``places`` are spot keys, ``options[i]`` the
    ``(card, points with the cards already there)`` that fit place ``i`` and ``adjacent[i]``
    the earlier places ``j < i`` that place ``i`` touches."""
    places = places_around(table, spots, key, level)
    options, adjacent = [], []
    for i, k in enumerate(places):
        lvl, mask, found = spots[k]
        opts = []
        for c in hand:
            if mask & BIT[c]:
                row = SHARE[c]
                opts.append((c, sum(row[t] for t in found)))
        options.append(opts)
        # sides sit at the target's level and touch when their cells do; the top touches none
        adjacent.append([j for j in range(i) if k != key and places[j] != key and (k - places[j]) in DELTAS])
    return places, options, adjacent


def best_fill(options: list, adjacent: list, *, card_value=None, pair_weight: float = 1.0,
              point_weight: float = 1.0) -> tuple[float, list[tuple[int, int]]]:
    """The fill of greatest value and its ``[(place index, card)]`` (in place order).

    A card placed is worth ``point_weight * points with the cards already there`` plus
    ``card_value[card]`` (default 0), and each pair of touching placed cards adds
    ``pair_weight * shared attributes``; cards that touch must share one (rule 9). Leaving
    every place empty is worth 0, so the value is never negative.
    """
    m = len(options)
    value_of = card_value or {}
    gains = [[(c, point_weight * p + value_of.get(c, 0.0)) for c, p in opts] for opts in options]
    # bound[i]: the most places i.. could still add
    bound = [0.0] * (m + 1)
    for i in range(m - 1, -1, -1):
        best_here = max((g for _, g in gains[i]), default=0.0)
        bound[i] = bound[i + 1] + max(0.0, best_here) + 3 * pair_weight * len(adjacent[i])
    best_value, best_pick = 0.0, []
    chosen: list = [None] * m
    pick: list = []

    def walk(i: int, used: set, value: float) -> None:
        nonlocal best_value, best_pick
        if value > best_value:
            best_value, best_pick = value, list(pick)
        if i == m or value + bound[i] <= best_value:
            return
        for c, g in gains[i]:
            if c in used:
                continue
            total = g
            ok = True
            row = SHARE[c]
            for j in adjacent[i]:
                other = chosen[j]
                if other is not None:
                    s = row[other]
                    if not s:
                        ok = False
                        break
                    total += pair_weight * s
            if not ok:
                continue
            chosen[i] = c
            used.add(c)
            pick.append((i, c))
            walk(i + 1, used, value + total)
            pick.pop()
            used.discard(c)
            chosen[i] = None
        walk(i + 1, used, value)

    walk(0, set(), 0.0)
    return best_value, best_pick


def max_playable(table: dict, spots: dict, key: int, level: int, hand) -> int:
    """How many of ``hand`` could all be played on the target at ``(key, level)`` this turn:
    the largest fill, counted in cards.

    Source: rule 6, "Players determine how many cards with matching attributes they could
    play from their hand on the initial target card."
    """
    _, options, adjacent = fill_problem(table, spots, key, level, hand)
    # one point per card, a fraction per pair could never outweigh a card: count only
    value, pick = best_fill(options, adjacent, card_value={c: 1.0 for c in hand},
                            pair_weight=0.0, point_weight=0.0)
    return len(pick)
