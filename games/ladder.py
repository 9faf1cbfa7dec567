"""The bot levels' measured strengths (issue 30, point 2), as ``bench/bot_ladder.py --write``
stored them in ``games/ladder.json``: per game, per usual player count, each level's rating on
the people's scale (OpenSkill, ``40 * (mu - 3 sigma) + 1000``) from bot-against-bot matches, the
levels strongest first, and how often each beat the one below at shared tables. Pure Python, no
Django: the lobby and the rules pages read it through ``level_strength``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

LADDER_PATH = Path(__file__).with_name("ladder.json")
# The player counts each game is rated at: its usual tables (the first is the one shown).
USUAL_PLAYERS = {"hextopia": (2, 4), "hexcrement": (2, 4), "hexal": (2, 4), "hexfolk": (3, 4),
                 "hexboard-words": (2, 4)}


@dataclass(frozen=True)
class Strength:
    """A level's measured strength: ``rating`` (the people's scale), ``about`` (rounded to 50,
    what pages show), ``players`` and ``games`` it was measured at, and against the level
    below it (``below``: its kind, None for the weakest) the share of shared tables it finished
    ahead at (``margin``, 0-1)."""

    rating: int
    about: int
    players: int
    games: int
    below: str | None
    margin: float | None


@cache
def _ladder() -> dict:
    try:
        return json.loads(LADDER_PATH.read_text())
    except (OSError, ValueError):
        return {}


def level_strength(slug: str, kind: str) -> Strength | None:
    """The strength of bot level ``kind`` of game ``slug`` at its first usual player count, or
    None when it was not measured."""
    tables = _ladder().get(slug) or []
    if not tables:
        return None
    table = tables[0]
    level = table.get("levels", {}).get(kind)
    if level is None:
        return None
    order = table.get("order", [])
    below = order[order.index(kind) + 1] if kind in order and order.index(kind) + 1 < len(order) else None
    margin = next((m["wins"] for m in table.get("margins", []) if m["upper"] == kind), None)
    rating = int(level["rating"])
    return Strength(rating=rating, about=int(round(rating / 50.0) * 50), players=int(table["players"]),
                    games=int(table["games"]), below=below, margin=margin)
