"""The match socket: ``ws/matches/<match_id>/`` (docs/contracts.md, "WebSocket"): the match
and its chat on one socket, so it stands above both (the site's top layer).

Thin: it checks who is asking (``realtime.admission.MemberSocket``), parses strictly, calls
one service or selector, and shapes the answer. The rules, the locking and the broadcast live
in ``matches.services`` and ``realtime.broadcast``.
"""
from __future__ import annotations

import logging

from channels.db import database_sync_to_async
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from gameplatform.bots.hints import hint_ask
from gameplatform.chat.consumers import ChatSocketMixin
from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import is_outage
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.matches import selectors, services
from gameplatform.matches.inputs import ActionInput
from gameplatform.matches.models import Match
from gameplatform.realtime import broadcast
from gameplatform.realtime.admission import MemberSocket
from gameplatform.realtime.auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND
from gameplatform.realtime.frames import frame_for
from gameplatform.realtime.messages import CHAT_TYPES, ClientError, decode_frame, echo_ids, parse_message
from gameplatform.tenants.services import membership_require
from games.protocol import IllegalAction

log = logging.getLogger(__name__)

__all__ = ["CLOSE_FORBIDDEN", "CLOSE_NOT_FOUND", "MatchConsumer"]

MSG_SERVER_ERROR = _("Something went wrong on our side; send sync to see the current state of the match.")


class MatchConsumer(ChatSocketMixin, MemberSocket):
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
        {"type": "hint"}      # bots.hints.hint_ask: {"type": "hint", "match", "version", "seat", "bot", "action"}

    Server -> client::

        {"type": "state", <selectors.match_snapshot>}         # after every change, and on sync
        {"type": "ack", "client_action_id": "uuid", "version": 13}
        {"type": "error", "code": "stale_version", "message": "...", "field"?: "expected_version",
         "client_action_id"?: "uuid", "version"?: 13}

    Every ``state`` and ``ack`` carries ``version``, and so does an error that is about the
    version (``stale_version``, any 409): a client that sees a gap (a state whose version is
    more than one past the last it saw, or a stale error) sends ``sync`` and gets the current
    snapshot. A repeated ``client_action_id`` is applied once and acked with its first
    version. While PostgreSQL or Redis is out of reach an action gets ``{"type": "error",
    "code": "unavailable", "message", "retry_after", "client_action_id"}`` (the client sends
    it again, same id, after ``retry_after`` seconds) and a handshake is closed with 4503
    (``realtime.sockets``). Before each message the session, the user's active flag and the membership are
    checked again; a user who fails gets ``not_member`` and the socket closes with 4403.
    Client mistakes are answered with ``error`` and the socket stays open; nothing a client
    sends raises out of the consumer.

    The match's chat rides on the same socket (``chat.consumers.ChatSocketMixin``): the
    socket joins the groups of the rooms its person may read (``chat.selectors``: players'
    or spectators' while the match is open or in play, both once it is over), followed as
    the seat and the status change, and the person's own group, through which a ban or a
    suspension closes it at once (4403).
    """

    socket_name = "match socket"

    async def connect(self):
        self.seat_index = None
        self.group = None
        self.last_version = -1
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        self.chat_match_id = self.match_id
        await super().connect()  # MemberSocket: Origin, session, community, membership, match

    def admit_member(self, user, tenant) -> int | None:
        """A member of ``tenant`` (``membership_require``) and the match that community's;
        sets ``seat_index`` (None: a spectator). 4403 / 4404 otherwise."""
        try:
            membership_require(user=user, tenant=tenant)
            match = selectors.match_get(tenant=tenant, match_id=self.match_id)
        except ServiceError as exc:
            # 403: not a member; 404 (or 400 for an id no match can have): no such match here.
            return CLOSE_FORBIDDEN if exc.status == 403 else CLOSE_NOT_FOUND
        seat = selectors.seat_of(match=match, user=user)
        self.seat_index = seat.index if seat is not None else None
        return None

    async def admitted(self) -> None:
        await self._join(self._group_for(self.seat_index))
        await self.chat_open()
        await self._send_fresh_state()

    async def socket_resumed(self, event):
        """The channel layer is back after an outage: broadcasts were lost meanwhile."""
        if self.user_id is None or self.closed:
            return
        with translation.override(self.language):
            await self._send_fresh_state()
            await self.chat_resumed()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """Every client frame: recheck the person, parse, dispatch; errors become messages,
        in the socket's language (``language_for_scope``, read at connect)."""
        if self.user_id is None:
            return  # refused at connect; the close is on its way
        with translation.override(self.language):
            await self._receive(text_data, bytes_data)

    async def _receive(self, text_data, bytes_data):
        # (The size limit was checked by SocketConsumer.websocket_receive.)
        content, bad, msg = None, None, None
        try:
            content = decode_frame(text_data, bytes_data)
            msg = parse_message(content)
        except ClientError as exc:
            bad = exc  # answered below, once the person is checked
        ids = echo_ids(content)
        cid = ids.get("client_action_id")
        try:
            if msg is not None and msg.kind == "action":
                await self._action(msg)  # the person is checked in the move's own database call
                return
            if not await self.recheck():
                return
            if bad is not None:
                if isinstance(content, dict) and content.get("type") in CHAT_TYPES:
                    await self.chat_error(bad.code, bad.message, bad.field, bad.client_message_id)  # the panel's
                    return
                raise bad
            if msg.kind in CHAT_TYPES:
                await self.chat_receive(msg)
            elif msg.kind == "action":
                await self._action(msg)
            elif msg.kind == "resume":
                await database_sync_to_async(self._resume)()
                await self._send_fresh_state()
            elif msg.kind == "hint":
                hint = await database_sync_to_async(self._hint)()
                await self.send_json({"type": "hint", **hint})
            else:
                await self._send_fresh_state()
        except ClientError as exc:
            await self._send_error(exc.code, exc.message, exc.field, exc.client_action_id)
        except ServiceError as exc:
            await self._send_error(exc.code, exc.message, exc.field, cid)
        except Exception as exc:
            # An outage: "unavailable", the client sends it again; else a server error.
            chat = isinstance(content, dict) and content.get("type") in CHAT_TYPES
            await self.failed(exc, kind="chat_error" if chat else "error", message=MSG_SERVER_ERROR, **ids)

    async def match_state(self, event):
        """A broadcast (``frames.state_message``): forward its ``state`` frame if it is ours
        (an outage meanwhile: ``unavailable``, after which the client syncs)."""
        try:
            await self._forward(event)
        except Exception as exc:
            if is_outage(exc):
                raise  # SocketConsumer answers "unavailable"
            log.exception("match socket %s: broadcast not forwarded", self.match_id)

    async def _forward(self, event):
        if self.seat_index is not None and event.get("user_id") != self.user_id:
            # The seat changed hands since we joined its group: never show us its view.
            await self._send_fresh_state()
            return
        if self.seat_index is None and self.user_id in (event.get("seat_users") or ()):
            # We took a seat while watching: switch to our seat's group and view.
            await self._send_fresh_state()
            return
        if event["version"] < self.last_version:
            return  # older than what this socket already has
        self.last_version = event["version"]
        # Encoded once by the broadcaster (in English), rendered once per language here.
        await self.send(text_data=frame_for(event, self.language))
        await self.chat_follow(status=event["status"])

    # --- message handlers -----------------------------------------------------------------

    async def _action(self, msg):
        """A move: the person rechecked (``still_allowed``) and the move submitted in one
        database call, one thread hop (issue 29: a hop and its connection check per frame
        cost Daphne more than the move's own work); ``ack``, or the refusal naming the rule."""
        try:
            outcome = await database_sync_to_async(self._allowed_submit)(msg)
        except (ServiceError, IllegalAction) as exc:
            field = getattr(exc, "field", None)
            message = engine_text(exc.message) if isinstance(exc, IllegalAction) else exc.message
            version = None
            if getattr(exc, "status", 400) == 409:
                version = await database_sync_to_async(self._current_version)()
            await self._send_error(exc.code, message, field, msg.client_action_id, version)
            return
        if outcome is None:
            await self.session_ended()
            return
        await self.send_json({"type": "ack", "client_action_id": msg.client_action_id, "version": outcome.version})

    def _allowed_submit(self, msg):
        """In a database thread: None when the person may no longer use the socket, else
        ``services.submit_action``'s outcome (its errors raised)."""
        if not self.still_allowed():
            return None
        return services.submit_action(
            match_id=self.match_id,
            move=ActionInput(action=msg.action, expected_version=msg.expected_version,
                             client_action_id=msg.client_action_id),
            tenant=self.tenant,
            user=self.scope["user"],
            membership=self.scope.get("membership"),  # still_allowed just required it
        )

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
            await self.leave(self.group)
        await self.join(group)
        self.group = group

    def _group_for(self, index):
        if index is None:
            return broadcast.group_public(self.match_id)
        return broadcast.group_seat(self.match_id, index)

    # --- database work (run in a thread through database_sync_to_async) -------------------

    def _seat_and_snapshot(self) -> tuple[int | None, dict]:
        match = selectors.match_get(tenant=self.tenant, match_id=self.match_id)
        seat = selectors.seat_of(match=match, user=self.scope["user"])
        index = seat.index if seat is not None else None
        with translation.override(self.language):  # the view's engine texts in our language
            return index, selectors.match_snapshot(match=match, seat=index)

    def _hint(self) -> dict:
        return hint_ask(tenant=self.tenant, user=self.scope["user"], match_id=self.match_id)

    def _resume(self) -> None:
        services.seat_resume(tenant=self.tenant, user=self.scope["user"], match_id=self.match_id)

    def _current_version(self) -> int | None:
        return Match.objects.for_tenant(self.tenant).filter(pk=self.match_id).values_list("version", flat=True).first()
