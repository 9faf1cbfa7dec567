"""The ratings' subscriber (``core.events``): a finished rated match is rated in the
transaction that ends it, so the ending and the rating change commit together (issue 13)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplatform.core import events
from gameplatform.core.personal import export_section_register
from gameplatform.matches.models import Match, Seat
from gameplatform.ratings import personal, services


def match_rate(event: events.MatchEnded, context: Mapping[str, Any]) -> None:
    """In the ending's transaction: ``ratings_record_match`` for a finished match (an aborted
    one is never rated), with the match row and seats the turn flow holds (read and locked
    here when the publisher had none)."""
    if event.status != Match.Status.FINISHED:
        return
    match = context.get("match")
    if match is None:
        match = Match.unscoped.select_for_update().get(pk=event.match_id)
    seats = context.get("seats")
    if seats is None:
        seats = list(Seat.objects.filter(match_id=match.pk).order_by("index"))
    services.ratings_record_match(match=match, seats=seats)


def subscribe() -> None:
    """Called once from ``RatingsConfig.ready``."""
    events.subscribe(events.MatchEnded, match_rate, phase=events.IN_TRANSACTION)
    # Issue 27, point 5: "Download my data" and "Delete my account".
    export_section_register("ratings", personal.ratings_section)
    events.subscribe(events.AccountDeleted, personal.account_deleted, phase=events.IN_TRANSACTION)
