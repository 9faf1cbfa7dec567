"""Dealing again what a seat cannot see (the ``redeal`` hook of games/protocol.py): pure
helpers the engines share. Each keeps every group's size and the multiset of all the cards,
and changes only which hidden card lies where."""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 62  # engines' seeds are non-negative and fit a signed 64-bit integer


def reshuffle(groups: Sequence[Sequence[T]], rng: random.Random) -> list[tuple[T, ...]]:
    """The cards of ``groups`` (hands, a deck, face-down cells) pooled, shuffled with ``rng``
    and dealt back in groups of the same sizes, in the same order: ``[(...), ...]``."""
    pool = [card for group in groups for card in group]
    rng.shuffle(pool)
    out, at = [], 0
    for group in groups:
        out.append(tuple(pool[at:at + len(group)]))
        at += len(group)
    return out


def fresh_seed(rng: random.Random) -> int:
    """A new RNG seed for the redealt state: every future draw (dice, reshuffles) unknown."""
    return rng.getrandbits(SEED_BITS)
