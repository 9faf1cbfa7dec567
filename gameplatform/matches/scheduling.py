"""Scheduling the turn flow's tasks by name, so that the services import no task module
(the tasks import the services: an import here would close a circle).

``expire_turn_at(match_id, version, eta)`` and ``bot_turn_after(match_id, version, seconds)``
look the task up in the Celery app's registry (``gameplatform.celery.app``) and send it.
"""
from __future__ import annotations

from datetime import datetime

EXPIRE_TURN = "gameplatform.matches.tasks.expire_turn"
PLAY_BOT_TURN = "gameplatform.bots.tasks.play_bot_turn"


def _task(name: str):
    from gameplatform.celery import app

    return app.tasks[name]


def expire_turn_at(match_id: int, version: int, eta: datetime) -> None:
    """The time-out of ``version`` of match ``match_id`` at ``eta``."""
    _task(EXPIRE_TURN).apply_async((match_id, version), eta=eta)


def bot_turn_after(match_id: int, version: int, seconds: float) -> None:
    """A bot's turn at ``version`` of match ``match_id`` in ``seconds``."""
    _task(PLAY_BOT_TURN).apply_async((match_id, version), countdown=seconds)
