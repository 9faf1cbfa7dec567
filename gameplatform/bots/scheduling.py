"""The bot's turn task, sent by name after commit (``core.taskqueue``)."""
from __future__ import annotations

from gameplatform.core.taskqueue import task_send

PLAY_BOT_TURN = "gameplatform.bots.tasks.play_bot_turn"


def bot_turn_after(match_id: int, version: int, seconds: float) -> None:
    """A bot's turn at ``version`` of match ``match_id`` in ``seconds``."""
    task_send(PLAY_BOT_TURN, (match_id, version), countdown=seconds)
