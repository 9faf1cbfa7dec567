"""The bots' subscribers (``core.events``) and their part of the periodic sweep: a bot's
turn task when a bot is due, and the bot turns whose task was lost."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings

from gameplatform.bots import scheduling, services
from gameplatform.core import events, sweeps


def bot_turn_schedule(event: events.TurnChanged, context: Mapping[str, Any]) -> None:
    """After commit, with ``BOT_TURNS = "tasks"``: ``play_bot_turn(match, version)`` in
    ``BOT_DELAY_SECONDS`` when a bot must act (a task for an older version finds it stale and
    does nothing). With the default "runner" nothing is sent: the runners find the turn by
    its ``bot_due_at`` (``bots.runner``)."""
    if event.bot_due and settings.BOT_TURNS == "tasks":
        scheduling.bot_turn_after(event.match_id, event.version, settings.BOT_DELAY_SECONDS)


def subscribe() -> None:
    """Called once from ``BotsConfig.ready``."""
    events.subscribe(events.TurnChanged, bot_turn_schedule, phase=events.AFTER_COMMIT)
    sweeps.sweep_register("bot-turns", lambda: services.bots_sweep())
