"""The chat's part of a person's own data (issue 27, point 5): the messages THEY wrote (never
anyone else's, in whatever room), and what goes when they delete their account."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplatform.core import events

from .models import ChatMessage, Mute, Report


def chat_section(user) -> list[dict]:
    """``[{"community", "match", "room", "text", "created_at"}]``: ``user``'s own messages
    that a moderator did not remove, oldest first."""
    rows = (ChatMessage.unscoped.filter(author=user, deleted_at__isnull=True)
            .select_related("tenant").order_by("created_at", "pk"))
    return [{"community": m.tenant.slug, "match": m.match_id, "room": m.room, "text": m.text,
             "created_at": m.created_at.isoformat()} for m in rows]


def account_deleted(event: events.AccountDeleted, context: Mapping[str, Any]) -> None:
    """In the deletion's transaction: the person's messages are deleted (with the reports on
    them), and their mutes and reports go (point 5: "their chat messages are removed")."""
    ChatMessage.unscoped.filter(author_id=event.user_id).delete()
    Mute.unscoped.filter(user_id=event.user_id).delete()
    Mute.unscoped.filter(muted_id=event.user_id).delete()
    Report.unscoped.filter(reporter_id=event.user_id).delete()
