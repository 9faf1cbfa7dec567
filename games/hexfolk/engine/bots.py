"""Hexfolk bots. They decide from a seat's view and legal actions only, never the state.

``RandomBot`` (kind ``"random"``) plays a uniformly random legal action, templates as listed
(see actions.py). ``StrongBot`` (kind ``"strong"``, bot_strong.py) plans builds, trades, the
robber, discards and development cards with a hand-crafted value function. ``BuilderBot`` is the playout policy of tests and simulations: it builds when
it can (city, settlement, development card, road, in that order of preference), rolls, moves
the robber and discards as suggested, and otherwise ends its turn, so random games finish
quickly; it is not offered in the lobby.
"""
from __future__ import annotations

import random

from games.hexfolk.engine.bot_strong import StrongBot
from games.protocol import Action, RandomBot

# Preference of the playout policy by action type: higher first; ties broken at random.
BUILDER_PREFERENCE = {
    "build_city": 9, "build_settlement": 8, "buy_dev": 7, "play_knight": 6,
    "play_road_building": 6, "play_year_of_plenty": 6, "play_monopoly": 6, "build_road": 5,
    "roll": 4, "move_robber": 4, "discard": 4, "confirm_trade": 4, "accept_trade": 3,
    "bank_trade": 2, "pass": 1, "end_turn": 1, "decline_trade": 1, "withdraw_trade": 1,
}
BANK_TRADE_CHANCE = 0.7  # how often the playout policy trades with the bank before ending


class BuilderBot:
    """Greedy builder for playouts (see the module docstring)."""

    name = "builder"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """The most preferred legal action, random among equals; raises ``ValueError`` if
        ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        best = max(BUILDER_PREFERENCE.get(a["type"], 0) for a in legal)
        if best <= BUILDER_PREFERENCE["bank_trade"] and rng.random() >= BANK_TRADE_CHANCE:
            best = BUILDER_PREFERENCE["end_turn"]
        top = [a for a in legal if BUILDER_PREFERENCE.get(a["type"], 0) == best] or legal
        return rng.choice(top)


def bot_factories() -> dict:
    """Bot kinds offered in the lobby: ``{"random": RandomBot, "strong": StrongBot}``."""
    return {"random": RandomBot, "strong": StrongBot}
