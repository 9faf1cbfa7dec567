"""The tournaments' Celery task: ``tournament_advance(tournament_id)`` (``lifecycle.advance``),
sent by name after commit (``services``, ``subscribers``); the sweep makes up for a lost one."""
from celery import shared_task

from gameplatform.tournaments import lifecycle


@shared_task(name="gameplatform.tournaments.tasks.tournament_advance", ignore_result=True)
def tournament_advance(tournament_id):
    """Does what is due for ``tournament_id``; returns True when something changed."""
    if not isinstance(tournament_id, int) or isinstance(tournament_id, bool):
        return False
    return lifecycle.advance(tournament_id)
