"""The realtime subscriber (``core.events``): after commit, every change of a match goes to
its sockets (``broadcast.match_changed``), each seat its own view."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplatform.core import events
from gameplatform.matches.selectors import SnapshotTable
from gameplatform.realtime import broadcast


def change_broadcast(event: events.MatchChanged, context: Mapping[str, Any]) -> None:
    """Broadcasts ``event.version``: from the rows and state the publisher committed when it
    handed them over (no query), else read again (``broadcast.match_changed``). Never raises."""
    match, seats, state = context.get("match"), context.get("seats"), context.get("state")
    if match is None or seats is None or state is None:
        broadcast.match_changed(event.match_id, event.version, list(event.events))
        return
    broadcast.match_changed(event.match_id, event.version, list(event.events),
                  table=SnapshotTable(match, seats, state, context.get("actor")))


def subscribe() -> None:
    """Called once from ``RealtimeConfig.ready``."""
    events.subscribe(events.MatchChanged, change_broadcast, phase=events.AFTER_COMMIT)
