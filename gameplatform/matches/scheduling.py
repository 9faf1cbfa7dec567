"""The turn timer's task, sent by name after commit (``core.taskqueue``): the time-out of a
version at its deadline. Bot turns are the bots' (``bots.scheduling``)."""
from __future__ import annotations

from datetime import datetime, timedelta

from gameplatform.core.taskqueue import task_send

EXPIRE_TURN = "gameplatform.matches.tasks.expire_turn"
# Timer tasks further away than this are left to the sweeper: Redis redelivers unacked
# messages after its visibility timeout (1 h), so a 7-day ETA would be delivered again and
# again, and an asynchronous turn does not mind a few seconds of sweeper latency.
TIMER_TASK_HORIZON = timedelta(minutes=15)


def expire_turn_at(match_id: int, version: int, eta: datetime) -> None:
    """The time-out of ``version`` of match ``match_id`` at ``eta``."""
    task_send(EXPIRE_TURN, (match_id, version), eta=eta)
