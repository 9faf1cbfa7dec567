"""Celery tasks of the bots: take ids, call ``bots.services``."""
from celery import shared_task

from gameplatform.bots import services


@shared_task(name="gameplatform.bots.tasks.play_bot_turn", ignore_result=True)
def play_bot_turn(match_id, version):
    """A bot's move for ``match_id`` if ``version`` is still current and a bot plays a seat
    in ``to_act`` (else nothing). Returns True when it moved."""
    return services.bot_take_turn(match_id=match_id, version=version)
