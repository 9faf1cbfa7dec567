"""The chat's socket groups and what is sent to them, after commit.

Groups (Channels group names):

- ``chat.lobby.<tenant id>``: the lobby sockets of a community (``ws/lobby/``);
- ``chat.match.<match id>.players`` / ``.spectators``: the match sockets (``ws/matches/<id>/``)
  whose person may read that room (``selectors.rooms_visible``);
- ``user.<user id>``: every socket of one person, of any community: a ban, a time-out, a
  suspension or a change of their mutes reaches them all at once.

Events (the consumer method is the type with "." read as "_", ``ChatSocketMixin``)::

    {"type": "chat.message", "message": <selectors.message_public>, "author_id": 7,
     "client_message_id": "uuid" | None}
    {"type": "chat.deleted", "id": 12}
    {"type": "user.revoked", "tenant": <id> | None, "code": "banned", "message": "..."}
    {"type": "user.timeout", "tenant": <id>, "until": iso8601}
    {"type": "chat.mutes", "tenant": <id>, "muted": ["bob", ...], "muted_ids": [8, ...]}

``author_id`` and ``muted_ids`` never reach a client: the consumer filters with them;
``client_message_id`` reaches only the author's sockets (their page's pending message).
"""
from __future__ import annotations

from django.db import transaction

from gameplatform.realtime.broadcast import groups_send

from .selectors import message_public


def group_room(*, tenant_id: int, match_id: int | None, room: str) -> str:
    """The group of a room: ``chat.lobby.<tenant>`` or ``chat.match.<match>.<room>``."""
    if match_id is None:
        return f"chat.lobby.{tenant_id}"
    return f"chat.match.{match_id}.{room}"


def group_user(user_id: int) -> str:
    """The group of every socket of one person: ``user.<id>``."""
    return f"user.{user_id}"


def message_sends(message) -> list[tuple[str, dict]]:
    """The ``(group, event)`` that shows a stored ``ChatMessage`` to its room ([] once a
    moderator removed it); sent by the socket that stored it, again for a repeat."""
    if message.deleted_at is not None:
        return []
    group = group_room(tenant_id=message.tenant_id, match_id=message.match_id, room=message.room)
    return [(group, {"type": "chat.message", "message": message_public(message), "author_id": message.author_id,
                     "client_message_id": message.client_message_id})]


def after_commit(sends: list[tuple[str, dict]]) -> None:
    """Sends ``sends`` to their groups once the current transaction commits (at once outside
    one). Never raises: a socket that missed it catches up with ``chat_sync``."""
    transaction.on_commit(lambda: groups_send(sends))
