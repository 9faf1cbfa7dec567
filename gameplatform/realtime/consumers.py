"""The match socket: ``ws/matches/<match_id>/`` (docs/contracts.md, "WebSocket").

Thin: it checks who is asking, parses strictly, calls one service or selector, and shapes
the answer. The rules, the locking and the broadcast live in ``matches.services``.
"""
from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from gameplatform.chat.consumers import ChatSocketMixin
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.i18n.middleware import language_for_scope
from gameplatform.i18n.view_texts import localized
from gameplatform.matches import selectors, services
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.inputs import ActionInput
from gameplatform.matches.models import Match
from gameplatform.tenants.selectors import tenant_for_host
from gameplatform.tenants.services import membership_require
from games.protocol import IllegalAction

from . import broadcast
from .auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, session_user_still_allowed
from .messages import (
    CHAT_TYPES,
    CLOSE_TOO_BIG,
    ClientError,
    FrameTooLarge,
    check_frame_size,
    decode_frame,
    parse_message,
)
from .origin import header, origin_allowed

log = logging.getLogger(__name__)

__all__ = ["CLOSE_FORBIDDEN", "CLOSE_NOT_FOUND", "MatchConsumer"]

SERVER_ERROR = "server_error"
MSG_SERVER_ERROR = _("Something went wrong on our side; send sync to see the current state of the match.")
NOT_MEMBER = "not_member"
MSG_SESSION_ENDED = _("Your session has ended: sign in again.")


class MatchConsumer(ChatSocketMixin, AsyncJsonWebsocketConsumer):
    """One browser tab watching or playing one match.

    Connect: the Origin must be this site (else the handshake is refused), the session user
    signed in and active, a member of the tenant the Host header names
    (``membership_require``), and the match that tenant's; else the socket is accepted and
    closed at once with 4403 (not allowed) or 4404 (no such match here), nothing sent.
    The socket then joins ``match.<id>.seat.<i>`` if the user holds seat ``i``, else
    ``match.<id>.public`` (spectator), and gets the ``state`` snapshot.

    Client -> server (parsed strictly by ``messages.parse_message``)::

        {"type": "action", "action": {...}, "expected_version": 12, "client_action_id": "uuid"}
        {"type": "sync"}      # answered with a fresh "state"
        {"type": "resume"}    # services.seat_resume (the owner is back), then a fresh "state"

    Server -> client::

        {"type": "state", <selectors.match_snapshot>}         # after every change, and on sync
        {"type": "ack", "client_action_id": "uuid", "version": 13}
        {"type": "error", "code": "stale_version", "message": "...", "field"?: "expected_version",
         "client_action_id"?: "uuid", "version"?: 13}

    Every ``state`` and ``ack`` carries ``version``, and so does an error that is about the
    version (``stale_version``, any 409): a client that sees a gap (a state whose version is
    more than one past the last it saw, or a stale error) sends ``sync`` and gets the current
    snapshot. A repeated ``client_action_id`` is applied once and acked with its first
    version. Before each message the session, the user's active flag and the membership are
    checked again; a user who fails gets ``not_member`` and the socket closes with 4403.
    Client mistakes are answered with ``error`` and the socket stays open; nothing a client
    sends raises out of the consumer.

    The match's chat rides on the same socket (``chat.consumers.ChatSocketMixin``): the
    socket joins the groups of the rooms its person may read (``chat.selectors``: players'
    or spectators' while the match is open or in play, both once it is over), followed as
    the seat and the status change, and the person's own group, through which a ban or a
    suspension closes it at once (4403).
    """

    async def connect(self):
        self.user_id = None
        self.tenant = None
        self.seat_index = None
        self.group = None
        self.last_version = -1
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.chat_match_id = self.match_id
        self.language = settings.LANGUAGE_CODE
        try:
            allowed = await database_sync_to_async(origin_allowed)(self.scope)
        except Exception:
            log.exception("match socket %s: origin check failed", self.match_id)
            allowed = False
        if not allowed:
            await self.close(code=CLOSE_FORBIDDEN)  # before accept: the handshake fails
            return
        # Sockets live on this loop; broadcasts from foreign threads are scheduled on it.
        broadcast.server_loop_record(asyncio.get_running_loop())
        try:
            code = await database_sync_to_async(self._admit)()
        except Exception:
            log.exception("match socket %s: admission failed", self.match_id)
            code = CLOSE_FORBIDDEN
        # Accept, then close with a code the page can read (a refused handshake shows none).
        await self.accept()
        if code is not None:
            await self.close(code=code)
            return
        await self._join(self._group_for(self.seat_index))
        await self.chat_open()
        await self._send_fresh_state()

    async def disconnect(self, code):
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None
        await self.chat_close()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Every client frame: recheck the person, parse, dispatch; errors become messages,
        in the socket's language (``language_for_scope``, read at connect)."""
        if self.user_id is None:
            return  # refused at connect; the close is on its way
        with translation.override(self.language):
            await self._receive(text_data, bytes_data)

    async def _receive(self, text_data, bytes_data):
        try:
            check_frame_size(text_data, bytes_data)  # before any work: a huge frame costs nothing
        except FrameTooLarge as exc:
            await self.send_json({"type": "error", "code": exc.code, "message": str(exc.message), "limit": exc.limit})
            await self.close(code=CLOSE_TOO_BIG)
            return
        cid = None
        try:
            if not await database_sync_to_async(self._still_allowed)():
                await self.send_json({"type": "error", "code": NOT_MEMBER, "message": str(MSG_SESSION_ENDED)})
                await self.close(code=CLOSE_FORBIDDEN)
                return
            content = decode_frame(text_data, bytes_data)
            try:
                msg = parse_message(content)
            except ClientError as exc:
                if isinstance(content, dict) and content.get("type") in CHAT_TYPES:
                    await self.chat_error(exc.code, exc.message, exc.field)  # for the chat panel
                    return
                raise
            cid = msg.client_action_id
            if msg.kind in CHAT_TYPES:
                await self.chat_receive(msg)
            elif msg.kind == "action":
                await self._action(msg)
            elif msg.kind == "resume":
                await database_sync_to_async(self._resume)()
                await self._send_fresh_state()
            else:
                await self._send_fresh_state()
        except ClientError as exc:
            await self._send_error(exc.code, exc.message, exc.field, exc.client_action_id)
        except ServiceError as exc:
            await self._send_error(exc.code, exc.message, exc.field, cid)
        except Exception:
            log.exception("match socket %s: message failed", self.match_id)
            await self._send_error(SERVER_ERROR, MSG_SERVER_ERROR, None, cid)

    async def match_state(self, event):
        """A broadcast (``broadcast.match_messages``): forward it as ``state`` if it is ours."""
        try:
            await self._forward(event)
        except Exception:
            log.exception("match socket %s: broadcast not forwarded", self.match_id)

    async def _forward(self, event):
        snapshot = event["snapshot"]
        if self.seat_index is not None and event.get("user_id") != self.user_id:
            # The seat changed hands since we joined its group: never show us its view.
            await self._send_fresh_state()
            return
        if self.seat_index is None and self.user_id in (event.get("seat_users") or ()):
            # We took a seat while watching: switch to our seat's group and view.
            await self._send_fresh_state()
            return
        if snapshot["version"] < self.last_version:
            return  # older than what this socket already has
        self.last_version = snapshot["version"]
        with translation.override(self.language):
            snapshot = localized(snapshot)  # the broadcast's view is English: in our language
        await self.send_json({"type": "state", **snapshot})
        await self.chat_follow(status=snapshot["status"])

    # --- message handlers -----------------------------------------------------------------

    async def _action(self, msg):
        try:
            outcome = await database_sync_to_async(services.submit_action)(
                match_id=self.match_id,
                move=ActionInput(action=msg.action, expected_version=msg.expected_version,
                                 client_action_id=msg.client_action_id),
                tenant=self.tenant,
                user=self.scope["user"],
            )
        except (ServiceError, IllegalAction) as exc:
            field = getattr(exc, "field", None)
            message = engine_text(exc.message) if isinstance(exc, IllegalAction) else exc.message
            version = None
            if getattr(exc, "status", 400) == 409:
                version = await database_sync_to_async(self._current_version)()
            await self._send_error(exc.code, message, field, msg.client_action_id, version)
            return
        await self.send_json({"type": "ack", "client_action_id": msg.client_action_id, "version": outcome.version})

    async def _send_fresh_state(self):
        """Re-read our seat (it may have changed), move to its group, send its snapshot."""
        index, snapshot = await database_sync_to_async(self._seat_and_snapshot)()
        seat_changed = index != self.seat_index
        if seat_changed or self.group is None:
            self.seat_index = index
            await self._join(self._group_for(index))
        self.last_version = max(self.last_version, snapshot["version"])
        await self.send_json({"type": "state", **snapshot})
        await self.chat_follow(status=snapshot["status"], seat_changed=seat_changed)

    async def _send_error(self, code, message, field=None, client_action_id=None, version=None):
        out = {"type": "error", "code": code, "message": str(message)}
        if field:
            out["field"] = field
        if client_action_id is not None:
            out["client_action_id"] = client_action_id
        if version is not None:
            out["version"] = version
        await self.send_json(out)

    async def _join(self, group):
        if self.group == group:
            return
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        await self.channel_layer.group_add(group, self.channel_name)
        self.group = group

    def _group_for(self, index):
        if index is None:
            return broadcast.group_public(self.match_id)
        return broadcast.group_seat(self.match_id, index)

    # --- database work (run in a thread through database_sync_to_async) -------------------

    def _admit(self) -> int | None:
        """Checks user, tenant, membership and match; sets tenant, user and seat. Returns a
        close code, or None when the socket may stay."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not user.is_active:
            return CLOSE_FORBIDDEN
        tenant = tenant_for_host(header(self.scope, b"host"))
        if tenant is None:
            return CLOSE_NOT_FOUND
        try:
            membership_require(user=user, tenant=tenant)
            match = selectors.match_get(tenant=tenant, match_id=self.match_id)
        except ServiceError as exc:
            # 403: not a member; 404 (or 400 for an id no match can have): no such match here.
            return CLOSE_FORBIDDEN if exc.status == 403 else CLOSE_NOT_FOUND
        seat = selectors.seat_of(match=match, user=user)
        self.tenant, self.user_id = tenant, user.pk
        self.seat_index = seat.index if seat is not None else None
        self.language = language_for_scope(self.scope, user)
        return None

    def _still_allowed(self) -> bool:
        """The session still signs in the same active user, who is still a member."""
        return session_user_still_allowed(self.scope, user_id=self.user_id, tenant=self.tenant)

    def _seat_and_snapshot(self) -> tuple[int | None, dict]:
        match = selectors.match_get(tenant=self.tenant, match_id=self.match_id)
        seat = selectors.seat_of(match=match, user=self.scope["user"])
        index = seat.index if seat is not None else None
        with translation.override(self.language):  # the view's engine texts in our language
            return index, selectors.match_snapshot(match=match, seat=index)

    def _resume(self) -> None:
        services.seat_resume(tenant=self.tenant, user=self.scope["user"], match_id=self.match_id)

    def _current_version(self) -> int | None:
        return Match.objects.for_tenant(self.tenant).filter(pk=self.match_id).values_list("version", flat=True).first()
