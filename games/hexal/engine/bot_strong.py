"""The strong Hexal bot: the greedy bot's exact search, then a look at what each candidate turn
leaves open for the next player.

It decides from the view and the legal actions only. Candidate turns are the best fill of each
of the ``TOP`` best targets and those fills with one card left out (search.py); only
candidates within ``DELTA`` points of the best are weighed. Each is scored

    points now - THREAT * E[next player's best reply] + KEEP * pairs kept in hand,

where the reply is estimated on ``SAMPLES`` hands drawn from the cards the viewer has not seen
(the same draws for every candidate, seeded from the view so a turn's decisions agree). A
reply is the best fill the next player could make with that hand: the best over the targets
the candidate does not touch (computed once per hand) or over the targets near its cards
(recomputed on the table the candidate leaves). Kept pairs are hand cards sharing an attribute
with another kept card: cards that can go side by side next turn.
"""
from __future__ import annotations

import random

from games.hexal.engine.board import DELTAS
from games.hexal.engine.cards import BIT, CODE, ID_OF, SHARE
from games.hexal.engine.reading import Board, LazySpots, fallback, place_action, targets_of
from games.hexal.engine.search import best_fill, fill_problem

# Cells within two steps of a cell: the targets whose places a card there can change.
NEAR = tuple(sorted({0, *DELTAS, *(a + b for a in DELTAS for b in DELTAS)}))


class StrongBot:
    """See the module docstring; ``choose`` returns one element of ``legal``."""

    name = "strong"
    description = "Scores well this turn and keeps what it leaves open for the next player small."

    TOP = 6          # targets whose fills are candidates
    DELTA = 1.0      # points a candidate may give up against the best fill
    SAMPLES = 8      # hands drawn for the next player
    BASELINE = 3     # best untouched targets remembered per drawn hand
    THREAT = 0.8     # weight of the next player's expected best reply
    KEEP = 0.1       # weight of each pair of kept cards that share an attribute

    def choose(self, view: dict, legal: list, rng: random.Random) -> dict:
        """The candidate turn with the best score (module docstring), as its next action."""
        if not legal:
            raise ValueError("no legal action to choose from")
        board = Board.from_view(view)
        if board.target is None:
            ranked = board.ranked_fills([ID_OF[c] for c in targets_of(legal)], keep=self.TOP)
            if not ranked:
                return fallback(board, legal)
            plans = self.candidates(board, ranked)
        else:
            value, pick = board.fill(board.target)
            plans = self.candidates(board, [(value, board.target, pick)])
            if board.placed and value <= self.DELTA:
                plans.append((0.0, board.target, []))  # stop here: little is left to gain
            if not plans:
                plans = [(0.0, board.target, [])]
        if len(plans) > 1:
            scores = self.scores(board, view, plans)
            plans = [plans[max(range(len(plans)), key=lambda i: (scores[i], -i))]]  # ties: more points
        _, target, pick = plans[0]
        if board.target is None:
            return {"type": "target", "card": CODE[target]}
        if pick:
            action = place_action(*pick[0])
            if action in legal:
                return action
        for kind in ("end_turn", "clear_target"):
            if {"type": kind} in legal:
                return {"type": kind}
        return fallback(board, legal)

    def candidates(self, board: Board, ranked: list) -> list[tuple[float, int, list]]:
        """``(points, target, [(key, card)])`` for each ranked fill and its one-card-less
        variants (re-searched without that card), within ``DELTA`` of the best."""
        top = ranked[0][0]
        out, seen = [], set()
        for value, target, pick in ranked:
            variants = [(value, pick)]
            if len(pick) > 1:
                for _, card in pick:
                    variants.append(board.fill(target, hand=[c for c in board.hand if c != card]))
            for v, p in variants:
                sig = (target, frozenset(p))
                if v >= top - self.DELTA and p and sig not in seen:
                    seen.add(sig)
                    out.append((v, target, p))
        return out

    def scores(self, board: Board, view: dict, plans: list) -> list[float]:
        """The score of each plan (module docstring)."""
        pool = list(board.unseen)
        seed = f"hexal-strong:{view['turn']}:{view['viewer']}:{len(board.where)}"
        draw = random.Random(seed)
        size = min(6, len(pool))
        hands = [draw.sample(pool, size) for _ in range(self.SAMPLES)] if size else []
        all_targets = list(board.where)
        baselines = [board.ranked_fills(all_targets, hand=h, keep=self.BASELINE) for h in hands]
        out = []
        for value, _target, pick in plans:
            threat = self.threat(board, pick, hands, baselines) if hands else 0.0
            used = {c for _, c in pick}
            kept = [c for c in board.hand if c not in used]
            pairs = sum(1 for i, a in enumerate(kept) for b in kept[:i] if SHARE[a][b])
            out.append(value - self.THREAT * threat + self.KEEP * pairs)
        return out

    def threat(self, board: Board, pick: list, hands: list, baselines: list) -> float:
        """The next player's expected best reply after ``pick`` is played."""
        table = dict(board.table)
        where = dict(board.where)
        for key, card in pick:
            stack = table.get(key, ())
            where[card] = (key, len(stack))
            table[key] = stack + (card,)
        spots = LazySpots(table)
        near = set()
        for key, _ in pick:
            for d in NEAR:
                stack = table.get(key + d)
                if stack:
                    near.update(stack)
        problems = []
        for t in near:
            k, level = where[t]
            problems.append(fill_problem(table, spots, k, level, ()))
        total = 0.0
        for hand, base in zip(hands, baselines, strict=True):
            best = 0.0
            for value, t, _ in base:
                if t not in near:
                    best = value
                    break
            else:
                if base:
                    best = base[-1][0]  # every remembered target is touched: a lower bound
            for places, _, adjacent in problems:
                options = _options(places, spots, hand)
                if any(options):
                    best = max(best, best_fill(options, adjacent)[0])
            total += best
        return total / len(hands)


def _options(places: list, spots, hand) -> list:
    """``fill_problem``'s options for ``hand`` on already-found places."""
    out = []
    for k in places:
        _, mask, found = spots[k]
        opts = []
        for c in hand:
            if mask & BIT[c]:
                row = SHARE[c]
                opts.append((c, sum(row[t] for t in found)))
        out.append(opts)
    return out
