"""Celery tasks of the bots: take ids, call ``bots.services``."""
from celery import shared_task

from gameplatform.bots import services
from gameplatform.core.outages import OUTAGE_RETRY


@shared_task(name="gameplatform.bots.tasks.play_bot_turn", ignore_result=True, **OUTAGE_RETRY)
def play_bot_turn(match_id, version):
    """A bot's move for ``match_id`` if ``version`` is still current and a bot plays a seat
    in ``to_act`` (else nothing). Returns True when it moved. Tried again while the database
    does not answer (``OUTAGE_RETRY``)."""
    return services.bot_take_turn(match_id=match_id, version=version)
