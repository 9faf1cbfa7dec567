"""What a seat's public latest turn says about the cards it kept: the strong bot's hand sampler.

A seat that plays the most points of its turn (as the greedy bot does, and most players
nearly do) holds no card that would have made that turn worth more. The view shows every
seat's latest turn (``seats[s]["last_turn"]``: the cards it placed, or the card it discarded,
or a pass), so from the table as it was before that turn the bot can rule out every unseen
card that would have scored more alongside the cards placed, and sample the kept cards among
the rest; the cards drawn since are unknown and sampled from all the unseen ones. A seat that
plays otherwise (a person, the strong bot itself) can hold a ruled-out card: when no sample
fits, the sampler falls back to the unseen cards, as if nothing were known.

Against the greedy bot the true kept cards always pass both tests (tests/games/hexal/
test_inference.py); what it is worth to the strong bot: docs/performance.md, "Hexal Classic
bots".
"""
from __future__ import annotations

import random

from games.hexal.engine.cards import ID_OF
from games.hexal.engine.playout import Table, best_turns
from games.hexal.engine.state import DISCARDED, HAND_SIZE, PLAYED


def table_before(table: dict, removed: set) -> dict:
    """``table`` ({key: stack}) without the cards of ``removed``, which must be the tops of
    their stacks (cards placed after every card that stays)."""
    out = {}
    for k, stack in table.items():
        keep = tuple(c for c in stack if c not in removed)
        if keep:
            out[k] = keep
    return out


class KeptCards:
    """The sampler of one seat's hand, built from ``view`` at the start of the viewer's turn.

    ``table`` is the table at that moment ({key: stack}), ``unseen`` the viewer's unseen card
    ids (reading.Board). ``sample(count, rnd)`` returns ``count`` hands (lists of ids) of the
    seat's hand size. ``informed`` is False when the latest turn told nothing (no turn yet).
    """

    def __init__(self, view: dict, seat: int, table: dict, unseen, tries: int = 400):
        self.seat = seat
        env = view["seats"][seat]
        self.size = env["hand_count"]
        self.known = [ID_OF[c] for c in env.get("shown") or ()][:self.size]
        known = set(self.known)
        self.unseen = [c for c in unseen if c not in known]
        self.tries = tries
        self.kept = 0
        self.cands: list[int] = []
        self.placed: tuple[int, ...] = ()
        self.value: float = 0
        self.before: Table | None = None
        last = env.get("last_turn")
        self.informed = bool(last)
        if last:
            self._read(view, seat, table, last)

    def _read(self, view: dict, seat: int, table: dict, last: dict) -> None:
        n, me = len(view["seats"]), view["viewer"]
        # the cards placed since this seat's latest turn began: its own and the later seats'
        removed: set = set()
        s = seat
        while s != me:
            later = view["seats"][s].get("last_turn") or {}
            if later.get("kind") == PLAYED:
                removed.update(ID_OF[c] for c in later["placed"])
            s = (s + 1) % n
        placed = tuple(ID_OF[c] for c in last["placed"]) if last["kind"] == PLAYED else ()
        spent = len(placed) if last["kind"] == PLAYED else 1 if last["kind"] == DISCARDED else 0
        self.before = before = Table(table_before(table, removed))
        self.placed = placed
        found = best_turns(before, placed, keep=1) if placed else []
        self.value = found[0][0] if found else 0
        free = self.size - len(self.known)
        self.kept = max(0, min(free, HAND_SIZE - spent - len(self.known)))
        if self.kept:
            self.cands = [c for c in self.unseen if self._fits(self.placed + (c,))]

    def _fits(self, hand) -> bool:
        """Could the seat have held ``hand`` (with the cards it placed) and still found no turn
        worth more than the one it played?"""
        assert self.before is not None  # set by _read, the only way to kept cards to test
        found = best_turns(self.before, hand, keep=1)
        return (found[0][0] if found else 0) <= self.value

    def sample(self, count: int, rnd: random.Random) -> list[list[int]]:
        """``count`` hands: the known (shown) cards, kept cards that pass the joint test, and
        draws from the other unseen cards."""
        out: list[list[int]] = []
        tries = self.tries
        while len(out) < count:
            kept: list = []
            if self.kept and len(self.cands) >= self.kept:
                while tries > 0:
                    tries -= 1
                    pick = rnd.sample(self.cands, self.kept)
                    if self._fits(self.placed + tuple(pick)):
                        kept = pick
                        break
            taken = set(kept)
            rest = [c for c in self.unseen if c not in taken]
            draws = rnd.sample(rest, min(len(rest), self.size - len(self.known) - len(kept)))
            out.append(self.known + kept + draws)
        return out
