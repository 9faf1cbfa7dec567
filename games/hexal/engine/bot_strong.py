"""The strong Hexal bot: the greedy bot's exact search for candidate turns, weighed by what
each leaves to the next player and to itself, and near the end of the game a look-ahead to the
end that plays for the win, not for the points.

It decides from the view and the legal actions only; the cards it has not seen (the deck, the
stacks and the other hands, together) are sampled, never read. The next seat's hand is sampled
as infer.py reads it from that seat's public latest turn (it kept no card that would have made
that turn worth more); the other seats' hands and the deck from the rest. A turn is planned
once, at its start, as a whole (a target and the cards to put around it, playout.py); each
later action of the turn re-plans from the turn's start (this turn's cards back in the hand)
and so finds the same plan (memoised in ``_PLANS``; a miss recomputes it).

Candidates: the best fill of each of the ``TOP`` best targets and those fills with one card
left out (re-searched without it), within ``DELTA`` points of the best (near the end: within
``END_DELTA``, the ``END_PLANS`` with the most points). In the middle of the game each of the
first ``PLANS`` candidates is worth its points, minus the next seat's best reply, plus the
bot's own best next turn after that reply (its kept cards and sampled draws), averaged over
``SAMPLES`` sampled hands (the same for every candidate, so their differences are not the luck
of the draw). Once a seat is within ``END_WINDOW`` points of the target score, each candidate
is played out to the end of the game on sampled deals, every seat then playing the greedy
turn, and the bot takes the candidate that wins most often (rule 13 and its interpretation:
the round is finished, the highest total wins): ``SCREEN`` deals for every candidate,
``FINAL`` more for the ``FINALISTS`` best. Measured: docs/performance.md, "Hexal Classic bots".
"""
from __future__ import annotations

import random

from games.hexal.engine.cards import CODE
from games.hexal.engine.infer import KeptCards
from games.hexal.engine.playout import Changes, Replies, Table, best_turns
from games.hexal.engine.reading import Board, LazySpots, fallback, place_action
from games.hexal.engine.state import HAND_SIZE

_PLANS: dict = {}   # turn-start key -> plan; cleared when it grows past _PLANS_MAX
_PLANS_MAX = 256


class StrongBot:
    """See the module docstring; ``choose`` returns one element of ``legal``."""

    name = "strong"
    description = "Scores well every turn and, near the end, plays the turn that wins most often."
    # Its look-ahead at the end: p95 0.6-0.8 s, max 1.4 s at 150 cards (docs/performance.md).
    budget_seconds = 1.5

    TOP = 10           # targets whose best fills are candidates
    DELTA = 3.0        # points a candidate may give up in the middle of the game
    PLANS = 10         # candidates weighed in the middle of the game, most points first
    SAMPLES = 64       # sampled hands of the next seat (and own draws) per decision
    END_TOP = 8        # ... near the end
    END_DELTA = 3.0
    END_PLANS = 8
    END_WINDOW = 20    # points from the target score where the end look-ahead starts
    SCREEN = 16        # deals for every candidate near the end
    FINAL = 64         # more deals for the finalists
    FINALISTS = 3
    CAP = 12           # turns a play-out may last before it is judged by the totals

    def choose(self, view: dict, legal: list, rng: random.Random) -> dict:
        """The next action of the planned turn (module docstring); raises ``ValueError`` for an
        empty ``legal``."""
        if not legal:
            raise ValueError("no legal action to choose from")
        board = Board.from_view(view)
        start = turn_start(board)
        plan = self.plan(start, view)
        if board.target is None:
            if plan is None:
                return fallback(board, legal)
            action = {"type": "target", "card": CODE[plan[1]]}
            return action if action in legal else fallback(board, legal)
        placed = set(board.placed)
        if plan is not None and plan[1] == board.target and placed <= {c for _, c in plan[2]}:
            for key, card in plan[2]:
                if card not in placed:
                    action = place_action(key, card)
                    if action in legal:
                        return action
        elif not placed:  # a target named by someone else (a seat taken over mid-turn)
            _, pick = board.fill(board.target)
            if pick and place_action(*pick[0]) in legal:
                return place_action(*pick[0])
        for kind in ("end_turn", "clear_target"):
            if {"type": kind} in legal:
                return {"type": kind}
        return fallback(board, legal)

    # ------------------------------------------------------------------ planning
    def plan(self, board: Board, view: dict):
        """``(points, target, [(spot key, card)])`` for the turn that starts on ``board``, or
        None when no card fits anywhere. Memoised on the turn-start position."""
        key = (view["viewer"], view["turn"], board.hand, tuple(sorted(board.table.items())),
               tuple(s["score"] for s in view["seats"]), self.signature())
        if key in _PLANS:
            return _PLANS[key]
        result = self._plan(board, view)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[key] = result
        return result

    def signature(self) -> tuple:
        """The settings a plan depends on (subclasses with other weights plan apart)."""
        return (self.TOP, self.DELTA, self.PLANS, self.SAMPLES, self.END_TOP, self.END_DELTA,
                self.END_PLANS, self.END_WINDOW, self.SCREEN, self.FINAL, self.FINALISTS, self.CAP)

    def _plan(self, board: Board, view: dict):
        tab = Table(board.table, board.where)
        target_score = view["options"]["target_score"]
        end = max(s["score"] for s in view["seats"]) >= target_score - self.END_WINDOW
        ranked = best_turns(tab, board.hand, keep=self.END_TOP if end else self.TOP)
        if not ranked:
            return None
        plans = candidates(tab, board.hand, ranked, self.END_DELTA if end else self.DELTA)
        plans = plans[:self.END_PLANS if end else self.PLANS]
        if len(plans) == 1:
            return plans[0]
        sim = Rollouts(board, view, tab)
        if end:
            scores = sim.win_rates(plans, self.SCREEN, self.CAP, salt=0)
            order = sorted(range(len(plans)), key=lambda i: (-scores[i], i))[:self.FINALISTS]
            more = sim.win_rates([plans[i] for i in order], self.FINAL, self.CAP, salt=1)
            total = {i: scores[i] * self.SCREEN + m * self.FINAL for i, m in zip(order, more, strict=True)}
            best = max(order, key=lambda i: (total[i], -i))
        else:
            scores = sim.replies(plans, self.SAMPLES)
            best = max(range(len(plans)), key=lambda i: (scores[i], -i))
        return plans[best]


def turn_start(board: Board) -> Board:
    """``board`` as it was when the turn began: this turn's placed cards back in the hand and
    no target (the placed cards are always the tops of their stacks)."""
    if not board.placed and board.target is None:
        return board
    start = Board.__new__(Board)
    table = dict(board.table)
    for c in board.placed:
        key, _ = board.where[c]
        stack = table[key][:-1]
        if stack:
            table[key] = stack
        else:
            del table[key]
    start.view, start.me, start.unseen = board.view, board.me, board.unseen
    start.table = table
    start.where = {c: (k, lvl) for k, stack in table.items() for lvl, c in enumerate(stack)}
    start.spots = LazySpots(table)
    start.hand = tuple(sorted(board.hand + board.placed))
    start.target, start.placed = None, ()
    return start


def candidates(tab: Table, hand, ranked: list, delta: float) -> list[tuple[float, int, list]]:
    """``(points, target, [(key, card)])`` for each ranked fill and its one-card-less variants
    (re-searched without that card), within ``delta`` of the best; best first."""
    top = ranked[0][0]
    out, seen = [], set()
    for value, target, pick in ranked:
        variants = [(value, target, pick)]
        if delta > 0 and len(pick) > 1:
            for _, card in pick:
                variants += best_turns(tab, [c for c in hand if c != card], targets=[target])
        for v, t, p in variants:
            sig = (t, frozenset(p))
            if v >= top - delta and p and sig not in seen:
                seen.add(sig)
                out.append((v, t, p))
    out.sort(key=lambda p: -p[0])
    return out


class Rollouts:
    """Sampled deals for one decision, seeded from the view (the same deals for every
    candidate, so their differences are not the luck of the draw): the next seat's hand from
    its latest turn (infer.KeptCards), the other hands and the deck from the rest."""

    def __init__(self, board: Board, view: dict, tab: Table):
        self.board, self.tab = board, tab
        self.n = len(view["seats"])
        self.me = view["viewer"]
        self.others = [(self.me + i) % self.n for i in range(1, self.n)]
        self.counts = {s: view["seats"][s]["hand_count"] for s in self.others}
        self.totals = [s["score"] for s in view["seats"]]
        self.first = view["first_player"]
        self.target = view["options"]["target_score"]
        self.final = bool(view["final_round"])
        self.seed = f"hexal-strong:{view['turn']}:{self.me}:{len(board.where)}:{board.hand}"
        self.next = self.others[0]
        self.kept = KeptCards(view, self.next, board.table, board.unseen)

    def deals(self, count: int, salt: int) -> list[tuple[dict, list]]:
        """``count`` deals: ``({seat: hand}, deck order)`` from the unseen cards."""
        rnd = random.Random(f"{self.seed}:{salt}")
        out = []
        for hand in self.kept.sample(count, rnd):
            held = set(hand)
            pool = [c for c in self.board.unseen if c not in held]
            rnd.shuffle(pool)
            hands, i = {self.next: hand}, 0
            for s in self.others[1:]:
                hands[s] = pool[i:i + self.counts[s]]
                i += self.counts[s]
            out.append((hands, pool[i:]))
        return out

    def _after(self, plan, hands: dict, deck: list):
        """My hand after ``plan`` and the draw, and the deck left."""
        used = {c for _, c in plan[2]}
        kept = [c for c in self.board.hand if c not in used]
        need = max(0, HAND_SIZE - len(kept))
        hands = dict(hands)
        hands[self.me] = kept + deck[:need]
        return hands, deck[need:]

    def replies(self, plans: list, count: int) -> list[float]:
        """Each plan's points, minus the next seat's best reply (greedy), plus my best turn
        after that reply with my kept cards and my draws, averaged over ``count`` deals. The
        next seat's reply on each deal is searched once on the table as it is and then only
        near each plan's cards (playout.Replies)."""
        deals = self.deals(count, 0)
        answers = [Replies(self.tab, hands[self.next]) for hands, _ in deals]
        out = []
        for plan in plans:
            after = self.tab.played(plan[2])
            changes = Changes(self.tab, after, plan[2])
            total = 0.0
            for (hands, deck), answer in zip(deals, answers, strict=True):
                hands, deck = self._after(plan, hands, deck)
                points, tab, deck = _greedy_turn(after, hands, deck, self.next, answer.best(after, changes))
                found = best_turns(tab, hands[self.me], keep=1)
                total += (found[0][0] if found else 0) - points
            out.append(plan[0] + total / len(deals))
        return out

    def win_rates(self, plans: list, count: int, cap: int, salt: int) -> list[float]:
        """Each plan's share of ``count`` deals won when every seat then plays greedy turns to
        the end (a shared first place counts half)."""
        deals = self.deals(count, salt)
        last = (self.first - 1) % self.n
        out = []
        for plan in plans:
            wins = 0.0
            after = self.tab.played(plan[2])
            for hands, deck in deals:
                hands, deck = self._after(plan, hands, deck)
                tab = after
                totals = list(self.totals)
                totals[self.me] += plan[0]
                final = self.final or totals[self.me] >= self.target
                seat = self.me
                for _ in range(cap):
                    if final and seat == last:
                        break
                    seat = (seat + 1) % self.n
                    points, tab, deck = _greedy_turn(tab, hands, deck, seat)
                    totals[seat] += points
                    final = final or totals[seat] >= self.target
                wins += _share(totals, self.me)
            out.append(wins / len(deals))
        return out


def _greedy_turn(tab: Table, hands: dict, deck: list, seat: int, found=None):
    """The greedy turn of ``seat`` in a play-out: ``(points, table, deck)``; ``hands`` is
    updated (the played cards out, the draw in; with nothing to play, the first card is
    discarded for one). ``found``: the seat's best fill on ``tab`` when already known."""
    hand = hands[seat]
    if found is None:
        found = best_turns(tab, hand, keep=1)
    if not found:
        if hand and deck:
            hands[seat] = hand[1:] + deck[:1]
            deck = deck[1:]
        return 0, tab, deck
    points, _, pick = found[0]
    used = {c for _, c in pick}
    kept = [c for c in hand if c not in used]
    need = max(0, HAND_SIZE - len(kept))
    hands[seat] = kept + deck[:need]
    return points, tab.played(pick), deck[need:]


def _share(totals: list, me: int) -> float:
    """1 for an outright win, 0.5 for a shared first place, else 0."""
    top = max(totals)
    if totals[me] < top:
        return 0.0
    return 1.0 if totals.count(top) == 1 else 0.5
