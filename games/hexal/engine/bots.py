"""Hexal bots, weakest first: random, greedy, strong. Each decides from the seat's view and
the legal actions only (reading.py rebuilds the table from the view).

- ``RandomBot`` (games.protocol): any legal action, uniformly.
- ``GreedyBot``: names the target whose best fill scores most this turn (search.py), places
  that fill card by card, then ends the turn; with no play, discards the card that fits
  fewest open places (or passes).
- ``StrongBot`` (bot_strong.py): also weighs the places it leaves open to the next players
  and the hand it keeps.
"""
from __future__ import annotations

import random

from games.hexal.engine.cards import CODE, ID_OF
from games.hexal.engine.reading import Board, fallback, place_action, targets_of
from games.protocol import Action, RandomBot


class GreedyBot:
    """The most points this turn (see the module docstring)."""

    name = "greedy"
    description = "Plays the cards that score the most points this turn, nothing more."

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        """One element of ``legal``; raises ``ValueError`` if it is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        board = Board.from_view(view)
        if board.target is None:
            best = board.ranked_fills([ID_OF[code] for code in targets_of(legal)])
            if not best:
                return fallback(board, legal)
            return {"type": "target", "card": CODE[best[0][1]]}
        value, pick = board.fill(board.target)
        if pick:
            key, card = pick[0]
            action = place_action(key, card)
            if action in legal:
                return action
        for kind in ("end_turn", "clear_target"):
            if {"type": kind} in legal:
                return {"type": kind}
        return fallback(board, legal)


def bot_factories() -> dict:
    """Bot kinds for the lobby, weakest first: ``random``, ``greedy``, ``strong``."""
    from games.hexal.engine.bot_strong import StrongBot

    return {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def timeout_bot():
    """The bot that plays a seat whose time ran out: the greedy bot (the best score this turn,
    decided in a few milliseconds; RULES.md, "Time out")."""
    return GreedyBot()
