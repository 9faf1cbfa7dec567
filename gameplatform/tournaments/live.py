"""A tournament's live updates (issue 28, point 4): after a change commits, its group hears
``tournament.changed`` and every open page of it (``consumers.TournamentConsumer``) fetches the
fresh standings and rounds. The message carries no data: what a page shows is read with the
viewer's own rights."""
from __future__ import annotations

from django.db import transaction

from gameplatform.realtime.broadcast import groups_send

MESSAGE_TYPE = "tournament.changed"  # TournamentConsumer.tournament_changed


def group(tournament_id: int) -> str:
    """The group of the sockets open on tournament ``tournament_id``'s page."""
    return f"tournament.{int(tournament_id)}"


def changed_later(tournament_id: int) -> None:
    """After the current transaction commits: tell the tournament's pages (never raises: a
    page that misses it is right again at its next message or reload)."""
    transaction.on_commit(lambda: groups_send([(group(tournament_id), {"type": MESSAGE_TYPE})]))
