"""The strong Hexal bot (work in progress: plays as the greedy bot for now)."""
from __future__ import annotations

from games.hexal.engine.bots import GreedyBot


class StrongBot(GreedyBot):
    """Placeholder: the greedy bot under the strong bot's name."""

    name = "strong"
    description = "Scores well this turn and weighs what it leaves for the next players."
