"""The rating arithmetic: OpenSkill's Weng-Lin Plackett-Luce model over one finished match.

Pure Python (no Django), so it is easy to test on its own. A rating is a Gaussian belief
``(mu, sigma)`` about a player's skill; a new player starts at ``mu = 25``, ``sigma = 25/3``
(the model's defaults). One match of 2 or more sides (a side is a team, or a player alone),
each with a rank (1 = best; equal ranks are a tie), updates every player's ``(mu, sigma)``.

What people see is the conservative estimate ``mu - 3 sigma`` (OpenSkill's ``ordinal``),
scaled to familiar numbers: ``display = 40 * (mu - 3 sigma) + 1000`` (``ordinal(alpha=40,
target=1000)``), so a newcomer shows 1000 and the number rises as wins and certainty grow.
Leaderboards order by it. A rating is *provisional* until ``PROVISIONAL_GAMES`` rated games.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = 25.0 / 3.0
PROVISIONAL_GAMES = 10
DISPLAY_Z = 3.0
DISPLAY_ALPHA = 40.0
DISPLAY_TARGET = 1000.0

# One model for the process: ``rate`` copies its inputs and keeps no state between calls (we
# never pass ``limit_sigma``, the one argument that would change the model).
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

TOO_FEW_SIDES = "A rated match needs at least two sides."


@dataclass(frozen=True)
class Skill:
    """A rating: mean ``mu`` and standard deviation ``sigma`` of the skill belief."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def display(self) -> int:
        """The number people see: ``round(40 * (mu - 3 sigma) + 1000)``."""
        return display_rating(self.mu, self.sigma)


@dataclass(frozen=True)
class Entry:
    """One rated person in a match: ``key`` (e.g. the user id), ``side`` (people with the same
    side are a team; a player without a team is a side of their own), ``rank`` (1 = best, equal
    ranks tie) and the ``skill`` before the match."""

    key: Hashable
    side: Hashable
    rank: int
    skill: Skill


def display_rating(mu: float, sigma: float) -> int:
    """``round(40 * (mu - 3 sigma) + 1000)``: OpenSkill's ordinal, scaled."""
    ordinal = MODEL.rating(mu=mu, sigma=sigma).ordinal(DISPLAY_Z, DISPLAY_ALPHA, DISPLAY_TARGET)
    return round(ordinal)


def is_provisional(rated_games: int) -> bool:
    """True until ``PROVISIONAL_GAMES`` (10) rated games are played."""
    return rated_games < PROVISIONAL_GAMES


def rate(entries: Sequence[Entry]) -> dict[Hashable, Skill]:
    """The new skill of every entry after one match: ``{key: Skill}``.

    Entries are grouped into sides in the order first seen; a side's rank is the best (lowest)
    rank of its members (teammates share their team's rank in every game's result). Raises
    ``ValueError`` (``TOO_FEW_SIDES``) when fewer than two sides remain, and for a key listed
    twice.
    """
    keys = [e.key for e in entries]
    if len(set(keys)) != len(keys):
        raise ValueError("Each player may be listed once.")
    sides: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        sides.setdefault(entry.side, []).append(entry)
    if len(sides) < 2:
        raise ValueError(TOO_FEW_SIDES)
    members = list(sides.values())
    teams = [[MODEL.rating(mu=e.skill.mu, sigma=e.skill.sigma) for e in side] for side in members]
    ranks = [float(min(e.rank for e in side)) for side in members]
    rated = MODEL.rate(teams, ranks=ranks)
    out = {}
    for side, new_team in zip(members, rated, strict=True):
        for entry, new in zip(side, new_team, strict=True):
            out[entry.key] = Skill(mu=float(new.mu), sigma=float(new.sigma))
    return out
