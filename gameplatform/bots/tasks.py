"""Celery tasks of the bots: take ids, call ``bots.services``."""
from celery import shared_task

from gameplatform.bots import analysis, services
from gameplatform.core.outages import OUTAGE_RETRY


@shared_task(name="gameplatform.bots.tasks.play_bot_turn", ignore_result=True, **OUTAGE_RETRY)
def play_bot_turn(match_id, version):
    """A bot's move for ``match_id`` if ``version`` is still current and a bot plays a seat
    in ``to_act`` (else nothing). Returns True when it moved. Tried again while the database
    does not answer (``OUTAGE_RETRY``)."""
    return services.bot_take_turn(match_id=match_id, version=version)


@shared_task(name="gameplatform.bots.tasks.analysis_slice", ignore_result=True, **OUTAGE_RETRY)
def analysis_slice(analysis_id):
    """One slice of an analysis after a game (``bots.analysis.analysis_slice``); it sends the
    next itself. Tried again while the database does not answer (``OUTAGE_RETRY``)."""
    return analysis.analysis_slice(analysis_id)
