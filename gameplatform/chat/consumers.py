"""The chat over WebSockets: ``ChatSocketMixin`` (the chat part of the match socket
``ws/matches/<id>/`` and of the lobby socket) and ``LobbyConsumer`` (``ws/lobby/``, the
community lobby's room). docs/contracts.md, "Chat".

Client -> server (``realtime.messages``, strict)::

    {"type": "chat", "text": "gg", "client_message_id": "uuid"}   # say it in your room (services.message_post)
    {"type": "chat_sync"}                          # -> chat_history (sent on every (re)connect)
    {"type": "chat_mute", "user": "bob"}           # -> chat_mutes on every socket of yours
    {"type": "chat_unmute", "user": "bob"}
    {"type": "chat_report", "message": 12, "reason": "spam" | "abuse" | "cheating" | "other"}

Server -> client::

    {"type": "chat_history", "rooms": ["players"], "write": "players", "messages": [<message>],
     "muted": ["bob"], "blocked_until": iso8601 | null}
    {"type": "chat", "message": {"id", "room", "author", "name", "text", "created", "mine",
                                 "client_message_id"?}}   # the id: the author's sockets only
    {"type": "chat_deleted", "id": 12}             # a moderator removed it
    {"type": "chat_mutes", "muted": ["bob"]}
    {"type": "chat_blocked", "until": iso8601, "message": "..."}   # a time-out began
    {"type": "chat_reported", "message": 12}
    {"type": "chat_error", "code", "message", "field"?, "client_message_id"?, "retry_after"?}
                                                   # a refused chat frame; "unavailable": send again

A ban (of this community) or a suspension sends ``{"type": "error", "code": "banned" |
"suspended", "message"}`` and closes the socket with 4403 at once (``chat.realtime``, group
``user.<id>``). A muted person's messages never reach the muter's sockets (filtered here).

A chat message is stored once per ``client_message_id`` (``services.message_post``) and then
published to its room by the socket (``realtime.message_sends``); when the database or Redis
is out of reach the sender gets ``chat_error`` ``unavailable`` (``realtime.outages``) and
sends it again with the same id: a stored one is published again, never stored twice.
"""
from __future__ import annotations

import logging

from channels.db import database_sync_to_async
from django.utils.translation import gettext as _

from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match
from gameplatform.realtime.admission import MemberSocket
from gameplatform.realtime.auth import CLOSE_FORBIDDEN
from gameplatform.realtime.messages import CHAT_TYPES, ClientError, decode_frame, echo_ids, parse_message
from gameplatform.tenants.models import Membership

from . import realtime, selectors, services
from .models import ChatMessage

log = logging.getLogger(__name__)

MSG_SERVER_ERROR = "Something went wrong on our side; try again."
MSG_TIMED_OUT = "A moderator timed you out of the chat for a while."
MSG_SESSION_ENDED = "Your session has ended: sign in again."


class ChatSocketMixin:
    """The chat part of a consumer that has set ``tenant``, ``user_id``, ``scope["user"]``
    and ``chat_match_id`` (None: the lobby). Call ``chat_open`` after accepting,
    ``chat_follow`` after every state the socket sends (a match's seat or status may change
    its rooms) and ``chat_receive`` for chat frames; ``SocketConsumer.disconnect`` leaves the
    groups."""

    chat_match_id: int | None = None

    async def chat_open(self) -> None:
        """Joins the person's group and the groups of the rooms they read."""
        self.chat_groups: set[str] = set()
        self.chat_synced = False
        info = await database_sync_to_async(self._chat_info)(True)
        self.chat_muted, self.chat_player, self.chat_status = info["muted_ids"], info["player"], info["status"]
        await self._chat_join({realtime.group_user(self.user_id), *self._chat_room_groups()})

    async def chat_follow(self, *, status: str, seat_changed: bool = False) -> None:
        """Follows a match's seat and status: joins the rooms now readable, leaves the others,
        and sends the history again when they changed after the client asked for it."""
        if getattr(self, "chat_groups", None) is None or self.chat_match_id is None:
            return
        if seat_changed:
            self.chat_player = await database_sync_to_async(self._chat_is_player)()
        if status == self.chat_status and not seat_changed:
            return
        before = self._chat_room_groups()
        self.chat_status = status
        after = self._chat_room_groups()
        if before == after:
            return
        await self._chat_join({realtime.group_user(self.user_id), *after})
        if self.chat_synced:
            await self._chat_send_history()

    async def chat_resumed(self) -> None:
        """After a channel-layer outage (``SocketConsumer.socket_resumed``): the history again,
        if the client asked for it (messages sent meanwhile were not heard)."""
        if self.user_id is not None and getattr(self, "chat_synced", False):
            await self._chat_send_history()

    async def chat_receive(self, msg) -> None:
        """One parsed chat frame (``msg.kind`` in ``CHAT_TYPES``); refusals -> ``chat_error``
        (with the frame's ``client_message_id``); an outage -> ``chat_error`` ``unavailable``."""
        mid = {"client_message_id": msg.client_message_id} if msg.client_message_id else {}
        try:
            if msg.kind == "chat_sync":
                await self._chat_send_history()
            elif msg.kind == "chat":
                # Stored (once per client_message_id), then shown to the room: a failed
                # publish is "unavailable" for the sender, who sends it again.
                for group, event in await database_sync_to_async(self._chat_post)(msg):
                    await self.publish(group, event)
            elif msg.kind in ("chat_mute", "chat_unmute"):
                await database_sync_to_async(services.mute_set)(
                    tenant=self.tenant, user=self.scope["user"], username=msg.fields["user"],
                    muted=msg.kind == "chat_mute")
            elif msg.kind == "chat_report":
                report = await database_sync_to_async(services.report_create)(
                    tenant=self.tenant, user=self.scope["user"], message_id=msg.fields["message"],
                    reason=msg.fields["reason"])
                await self.send_json({"type": "chat_reported", "message": report.message_id})
        except ServiceError as exc:
            await self.chat_error(exc.code, exc.message, exc.field, msg.client_message_id)
        except Exception as exc:
            await self.failed(exc, kind="chat_error", message=_(MSG_SERVER_ERROR), **mid)

    async def chat_error(self, code: str, message: str, field: str | None = None,
                         client_message_id: str | None = None) -> None:
        out = {"type": "chat_error", "code": code, "message": str(message)}
        if field:
            out["field"] = field
        if client_message_id:
            out["client_message_id"] = client_message_id
        await self.send_json(out)

    # --- group events (chat.realtime) -------------------------------------------------------

    async def chat_message(self, event):
        if event.get("author_id") in getattr(self, "chat_muted", ()):
            return
        if getattr(self, "chat_groups", None) is None or event["message"].get("room") not in self._chat_rooms():
            return  # a room this socket left a moment ago (its seat or the status changed)
        mine = event.get("author_id") == self.user_id
        message = {**event["message"], "mine": mine}
        if mine and event.get("client_message_id"):
            message["client_message_id"] = event["client_message_id"]  # the page's pending one
        await self.send_json({"type": "chat", "message": message})

    async def chat_deleted(self, event):
        await self.send_json({"type": "chat_deleted", "id": event["id"]})

    async def chat_mutes(self, event):
        if not self._chat_ours(event):
            return
        self.chat_muted = set(event.get("muted_ids") or ())
        await self.send_json({"type": "chat_mutes", "muted": list(event.get("muted") or ())})

    async def user_timeout(self, event):
        if self._chat_ours(event):
            await self.send_json({"type": "chat_blocked", "until": event["until"], "message": _(MSG_TIMED_OUT)})

    async def user_revoked(self, event):
        """A ban here or a suspension anywhere: say so and close at once."""
        if event.get("tenant") is not None and not self._chat_ours(event):
            return
        if self.user_id is None:
            return
        self.user_id = None  # frames still on their way are ignored
        await self.send_json({"type": "error", "code": event.get("code", "not_member"),
                              "message": _(event.get("message") or MSG_SESSION_ENDED)})
        await self.close(code=CLOSE_FORBIDDEN)

    # --- helpers -----------------------------------------------------------------------------

    def _chat_ours(self, event) -> bool:
        return self.tenant is not None and event.get("tenant") == self.tenant.pk

    def _chat_rooms(self) -> frozenset[str]:
        if self.chat_match_id is None:
            return frozenset({ChatMessage.Room.LOBBY})
        return selectors.rooms_visible(player=self.chat_player, status=self.chat_status)

    def _chat_room_groups(self) -> set[str]:
        return {realtime.group_room(tenant_id=self.tenant.pk, match_id=self.chat_match_id, room=room)
                for room in self._chat_rooms()}

    async def _chat_join(self, groups: set[str]) -> None:
        for group in self.chat_groups - groups:
            await self.leave(group)
        for group in groups - self.chat_groups:
            await self.join(group)
        self.chat_groups = set(groups)

    async def _chat_send_history(self) -> None:
        info = await database_sync_to_async(self._chat_info)(False)
        self.chat_muted = info.pop("muted_ids")
        self.chat_synced = True
        if info.pop("changed"):
            await self._chat_join({realtime.group_user(self.user_id), *self._chat_room_groups()})
        await self.send_json({"type": "chat_history", **info})

    def _chat_post(self, msg) -> list[tuple[str, dict]]:
        message = services.message_post(tenant=self.tenant, user=self.scope["user"], text=msg.fields["text"],
                                        match_id=self.chat_match_id, client_message_id=msg.client_message_id)
        return realtime.message_sends(message)

    def _chat_is_player(self) -> bool:
        match = Match.objects.for_tenant(self.tenant).filter(pk=self.chat_match_id).first()
        return match is not None and selectors.is_player(match=match, user=self.scope["user"])

    def _chat_info(self, opening: bool) -> dict:
        """Fresh from the database: the mutes, the seat and status, and (unless opening) the
        history of the rooms now readable, with the time-out."""
        user = self.scope["user"]
        muted = selectors.muted_ids(tenant=self.tenant, user=user)
        match = None
        player, status = False, None
        if self.chat_match_id is not None:
            match = Match.objects.for_tenant(self.tenant).filter(pk=self.chat_match_id).first()
            if match is not None:
                player, status = selectors.is_player(match=match, user=user), match.status
        if opening:
            return {"muted_ids": muted, "player": player, "status": status}
        changed = (player, status) != (getattr(self, "chat_player", None), getattr(self, "chat_status", None))
        if self.chat_match_id is not None:
            self.chat_player, self.chat_status = player, status
        rooms = self._chat_rooms()
        membership = Membership.objects.filter(user=user, tenant=self.tenant).first()
        return {
            "muted_ids": muted,
            "changed": changed,
            "rooms": sorted(rooms),
            "write": ChatMessage.Room.LOBBY if match is None else selectors.room_to_write(player=player),
            "messages": selectors.chat_history(tenant=self.tenant, user=user, match=match, rooms=rooms)
            if match is not None or self.chat_match_id is None else [],
            "muted": selectors.muted_names(tenant=self.tenant, user=user),
            "blocked_until": selectors.timeout_left(membership) if membership is not None else None,
        }


class LobbyConsumer(ChatSocketMixin, MemberSocket):
    """A community lobby's chat: ``ws/lobby/`` on the community's host.

    Connect: as the match socket (Origin, session, active member not banned; else accepted
    and closed with 4403, or 4404 for a host that serves no community; the database or
    Redis out of reach: 4503, ``realtime.sockets``); nothing is sent until the client asks
    (``chat_sync``). Only chat frames are accepted; before each the person is checked again
    (``not_member`` and 4403 when that fails).
    """

    server_error_message = MSG_SERVER_ERROR

    socket_name = "lobby socket"

    async def connect(self):
        self.chat_match_id = None
        await super().connect()  # MemberSocket: Origin, session, community, membership

    async def admitted(self) -> None:
        await self.chat_open()

    async def socket_resumed(self, event):
        await self.chat_resumed()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.user_id is None:
            return
        content, bad = None, None
        try:
            content = decode_frame(text_data, bytes_data)
        except ClientError as exc:
            bad = exc  # answered below, once the person is checked
        ids = echo_ids(content)
        try:
            if not await self.recheck():
                return
            if bad is not None:
                raise bad
            msg = parse_message(content, CHAT_TYPES)
        except ClientError as exc:
            out = {"type": "error", "code": exc.code, "message": str(exc.message), **ids}  # lazy texts: str
            if exc.field:
                out["field"] = exc.field
            await self.send_json(out)
            return
        except Exception as exc:
            # The person could not be checked: a chat message's sender keeps it pending.
            chat = isinstance(content, dict) and content.get("type") == "chat"
            await self.failed(exc, kind="chat_error" if chat else "error", message=_(MSG_SERVER_ERROR), **ids)
            return
        await self.chat_receive(msg)
