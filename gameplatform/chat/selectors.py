"""Reads of the chat: who may read and write which room, recent history, public shapes.

Rooms (``ChatMessage.Room``; Lichess's split): at a match that is open or in play, the people
seated at it (a seat a bot now plays for them included) read and write the players' room
and everyone else in the community the spectators' room, so no spectator can help a player
and no player reads the spectators; once the match is over (finished or aborted) everyone
reads both, and each still writes in their own. The lobby room is the community's.
"""
from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from gameplatform.matches.models import Match, Seat

from .models import ChatMessage, Mute

Room = ChatMessage.Room
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


def history_size() -> int:
    """How many recent messages a socket gets on ``chat_sync`` (``CHAT_HISTORY_MESSAGES``)."""
    return getattr(settings, "CHAT_HISTORY_MESSAGES", 50)


def is_player(*, match: Match, user) -> bool:
    """True when ``user`` holds a seat of ``match`` (also one a bot plays for them)."""
    return Seat.objects.filter(match_id=match.pk, user_id=user.pk).exists()


def room_to_write(*, player: bool) -> str:
    """The match room a person writes in: players' for the seated, else spectators'."""
    return Room.PLAYERS if player else Room.SPECTATORS


def rooms_visible(*, player: bool, status: str) -> frozenset[str]:
    """The match rooms a person reads, from whether they are seated and the match status."""
    if status in OVER:
        return frozenset({Room.PLAYERS, Room.SPECTATORS})
    return frozenset({room_to_write(player=player)})


def muted_ids(*, tenant, user) -> set[int]:
    """Ids of the people ``user`` muted in ``tenant``."""
    return set(Mute.objects.for_tenant(tenant).filter(user_id=user.pk).values_list("muted_id", flat=True))


def muted_names(*, tenant, user) -> list[str]:
    """Usernames ``user`` muted in ``tenant``, sorted."""
    return sorted(
        Mute.objects.for_tenant(tenant).filter(user_id=user.pk).values_list("muted__username", flat=True)
    )


def message_public(message: ChatMessage) -> dict:
    """What a client gets of a message: ``{id, room, author, name, text, created}``
    (``author`` the username, ``name`` the display name, ``created`` ISO 8601). The text is
    raw: clients escape it (``textContent``; templates autoescape)."""
    return {
        "id": message.pk,
        "room": message.room,
        "author": message.author.username,
        "name": message.author.public_name,
        "text": message.text,
        "created": message.created_at.isoformat(),
    }


def chat_history(*, tenant, user, match: Match | None, rooms, limit: int | None = None) -> list[dict]:
    """The latest ``limit`` (``history_size()``) messages of ``rooms`` of ``match`` (None:
    the lobby), oldest first, without deleted ones and those of people ``user`` muted; each
    ``message_public``, ``user``'s own with their ``client_message_id`` (so that their page
    knows a message it still shows as pending arrived). ``rooms`` must already be what
    ``user`` may read."""
    limit = history_size() if limit is None else limit
    qs = (
        ChatMessage.objects.for_tenant(tenant)
        .filter(match_id=match.pk if match is not None else None, deleted_at__isnull=True)
        .exclude(author_id__in=muted_ids(tenant=tenant, user=user))
        .select_related("author")
    )
    qs = qs.filter(room__in=list(rooms)) if match is not None else qs.filter(room=Room.LOBBY)
    out = []
    for m in reversed(list(qs.order_by("-created_at", "-pk")[:limit])):
        shown = message_public(m)
        if m.author_id == user.pk and m.client_message_id:
            shown["client_message_id"] = m.client_message_id
        out.append(shown)
    return out


def match_chat_log(*, match: Match, user) -> list[dict]:
    """The whole chat of a match that is over, both rooms, oldest first, for its replay page
    (without deleted messages and those of people ``user`` muted). [] while it is not over."""
    if match.status not in OVER:
        return []
    return chat_history(tenant=match.tenant_id, user=user, match=match,
                        rooms=rooms_visible(player=False, status=match.status), limit=10_000)


def timeout_left(membership) -> str | None:
    """ISO 8601 end of ``membership``'s chat time-out while it lasts, else None."""
    until = membership.timeout_until
    if until is None or until <= timezone.now():
        return None
    return until.isoformat()
