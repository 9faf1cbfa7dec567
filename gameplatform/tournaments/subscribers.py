"""The tournaments' subscribers (``core.events``) and their part of the periodic sweep: a table's
match ended, so its tournament may decide it and pair the next round (issue 28: "a tournament
reacts to 'match ended'; the turn flow does not call it")."""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from django.db import transaction

from gameplatform.core import events, sweeps
from gameplatform.core.taskqueue import task_send
from gameplatform.tournaments import lifecycle
from gameplatform.tournaments.models import TournamentTable
from gameplatform.tournaments.services import ADVANCE_TASK

log = logging.getLogger(__name__)


def table_ended(event: events.MatchEnded, context: Mapping[str, Any]) -> None:
    """In the ending's transaction (one query, at the end of a match only: the after-commit
    work of a move reads nothing): when the match is a tournament's table,
    ``tournament_advance`` after commit. A task lost to a broker outage is made up for by the
    sweep."""
    tid = (TournamentTable.objects.filter(match_id=event.match_id)
           .values_list("round__tournament_id", flat=True).first())
    if tid is None:
        return

    def send() -> None:
        try:
            task_send(ADVANCE_TASK, (tid,))
        except Exception:
            log.warning("tournament %s: advance task not sent; the sweep will advance it", tid)
    transaction.on_commit(send)


def tournaments_sweep() -> int:
    """Advances every tournament with something due (``lifecycle.due_ids``); returns how many
    changed."""
    changed = 0
    for tid in lifecycle.due_ids():
        try:
            changed += bool(lifecycle.advance(tid))
        except Exception:  # one tournament's fault must not stop the others'
            log.exception("tournament %s could not advance", tid)
    return changed


def subscribe() -> None:
    """Called once from ``TournamentsConfig.ready``."""
    events.subscribe(events.MatchEnded, table_ended, phase=events.IN_TRANSACTION)
    sweeps.sweep_register("tournaments", tournaments_sweep)
