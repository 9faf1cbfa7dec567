"""Telling a person's sockets (``ws/me/``) that something changed for them, after commit.

Group: ``alerts.user.<user id>.tenant.<tenant id>``: every socket of that person on a page of
that community (a change in one community never reaches a page of another). Message::

    {"type": "alerts.changed", "alert": null | {"kind": "turn" | "invitation" | "match_end",
     "match": <id>, "game": <slug>, "title": <match title>, ...}}

``consumers.MeConsumer.alerts_changed`` reads the count afresh (so messages that overtake each
other still leave the right number) and words the alert in the person's language. The send
itself is ``realtime.broadcast.groups_send`` (any thread: a view, a Celery worker, the
embedded worker). Nothing here reads the database: callers hand over what their transaction
knew, so the after-commit work of a move costs no query.
"""
from __future__ import annotations

from collections.abc import Iterable

from gameplatform.realtime.broadcast import groups_send

MESSAGE_TYPE = "alerts.changed"  # MeConsumer.alerts_changed
KIND_TURN = "turn"
KIND_INVITATION = "invitation"
KIND_MATCH_END = "match_end"
KINDS = (KIND_TURN, KIND_INVITATION, KIND_MATCH_END)


def user_group(user_id: int, tenant_id: int) -> str:
    """The group of ``user_id``'s sockets on pages of tenant ``tenant_id``."""
    return f"alerts.user.{int(user_id)}.tenant.{int(tenant_id)}"


def match_alert(kind: str, match, **extra) -> dict:
    """The ``alert`` of a message about ``match`` (a ``Match``): ``kind`` (one of ``KINDS``),
    its id, game slug and title, plus ``extra`` (JSON values)."""
    return {"kind": kind, "match": match.pk, "game": match.game, "title": match.title, **extra}


def users_notify(tenant_id: int, changes: Iterable[tuple[int, dict | None]]) -> None:
    """Sends each ``(user id, alert or None)`` of ``changes`` to that person's group in
    ``tenant_id``: None means only "your count may have changed". Call it after commit; it
    never raises (a socket that misses a message shows the right count at the next one)."""
    sends = [(user_group(uid, tenant_id), {"type": MESSAGE_TYPE, "alert": alert}) for uid, alert in changes]
    if sends:
        groups_send(sends)
