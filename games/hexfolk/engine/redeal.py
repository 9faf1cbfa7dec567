"""``redeal`` (games/protocol.py): a Hexfolk state as one seat may imagine it, for the
analysis after a game. What a seat sees of another seat is its totals (resource cards and
development cards); the bank is public, so the resources the other seats hold together are
known by kind. An open trade tells more: the active player holds what they offer, a seat
that accepted holds what was asked, a seat that countered holds what it offered (a
counter-offer may ask the active player for cards they lack). Those cards stay pinned to their seat; the rest of the
other seats' resources, and their development cards with the undrawn ones, are dealt again.
"""
from __future__ import annotations

import random

from games.dealing import fresh_seed, reshuffle
from games.hexfolk.engine.state import ACCEPTED, COUNTERED, OVER, HexfolkState


def redeal(st: HexfolkState, seat: int, rng: random.Random) -> HexfolkState:
    """A copy of ``st`` with the hidden cards of the other seats dealt again (module
    docstring), the new development cards of the active seat drawn from its dealt ones, and a
    fresh seed; ``view(result, seat) == view(st, seat)``. Once the game is over every card
    is shown: a plain copy."""
    if st.phase == OVER:
        return st.clone()
    others = [s for s in range(st.n) if s != seat]
    pinned = _pinned(st, others)
    loose = [_cards([h - p for h, p in zip(st.hands[s], pinned[s], strict=True)]) for s in others]
    hands = [h[:] for h in st.hands]
    for s, dealt in zip(others, reshuffle(loose, rng), strict=True):
        hands[s] = [p + dealt.count(k) for k, p in enumerate(pinned[s])]
    dev = reshuffle([_cards(st.dev_hands[s]) for s in others] + [_cards(st.dev_left)], rng)
    dev_hands = [d[:] for d in st.dev_hands]
    dev_new, bought_count = st.dev_new, sum(int(k) for k in st.dev_new)
    for s, dealt in zip(others, dev, strict=False):
        dev_hands[s] = [dealt.count(k) for k in range(len(st.dev_left))]
        if s == st.turn and bought_count:
            bought = dealt[:bought_count]  # which of its cards are new is hidden too
            dev_new = [bought.count(k) for k in range(len(st.dev_left))]
    new = st.clone()
    new.hands, new.dev_hands, new.dev_new = hands, dev_hands, dev_new
    new.dev_left = [dev[-1].count(k) for k in range(len(st.dev_left))]
    new.seed = fresh_seed(rng)
    new._memo = {}  # its entries were computed from the old hands
    return new


def _pinned(st: HexfolkState, others: list[int]) -> dict[int, list[int]]:
    """Per other seat, the resource counts an open trade shows it holds (at least)."""
    pinned = {s: [0] * len(st.bank) for s in others}
    trade = st.trade
    if not trade:
        return pinned
    if st.turn in pinned:
        pinned[st.turn] = list(trade["give"])
    for key, answer in trade["answers"].items():
        s = int(key)
        if s in pinned and answer == ACCEPTED:
            pinned[s] = list(trade["get"])
        elif s in pinned and answer == COUNTERED and key in trade["counters"]:
            pinned[s] = list(trade["counters"][key][1])
    return pinned


def _cards(counts: list[int]) -> list[int]:
    """Counts by kind as a list of kinds: ``[2, 0, 1]`` -> ``[0, 0, 2]``."""
    return [kind for kind, count in enumerate(counts) for _ in range(count)]
