"""``SocketConsumer``: what every socket of the site shares (the match socket, the lobby's,
``ws/me/``): the frame size limit and the outage handling (docs/contracts.md, "WebSocket
close codes" and "WebSocket outages").

- A frame over ``messages.MAX_FRAME_CHARS`` is refused unread: ``{"type": "error", "code":
  "message_too_large", "message", "limit"}``, then close ``CLOSE_TOO_BIG`` (4009). Daphne
  accepts only 1000 and 3000-4999 as close codes from the application, so RFC 6455's 1009
  cannot be used here (Daphne would answer with 1011 and log "Exception inside application").
- PostgreSQL or Redis out of reach (``outages.is_outage``) never ends a socket with an
  exception (Daphne: HTTP 500 to a handshake, close 1011 after it). A handshake that cannot be
  admitted (the session, the membership, the channel layer's subscription or a group) is
  accepted, sent ``outages.unavailable_frame()`` and closed with ``CLOSE_UNAVAILABLE`` (4503);
  a client message that cannot be served is answered with that frame and the socket stays
  open (consumers answer their own way through ``failed``); a group event that cannot be
  handled is logged and answered the same way (the client then syncs); a disconnect ends the
  consumer even if leaving the groups fails.
- The channel layer's ``receive`` (a Redis read with the "core" layer) that fails is not the
  end of the socket: it joins its groups again (``join`` keeps the list), once Redis answers
  (a Redis restarted without its data has forgotten them), then gets the event
  ``{"type": "socket.resumed"}`` (``socket_resumed``: the match socket sends a fresh state,
  ``ws/me/`` the count) and receives again. The "pubsub" layer's receive never fails: redis-py
  subscribes again by itself when its connection comes back.
- Every channel-layer call goes through ``_layer`` (``new_channel``, ``join``, ``leave``,
  ``publish``, the receive): whatever it raises counts as the layer being unavailable
  (``LayerUnavailable``), so a race inside channels-redis or redis-py while Redis comes back
  is a 4503 or an ``unavailable``, not an HTTP 500; one that is no lost connection is
  logged with its traceback.
"""
from __future__ import annotations

import asyncio
import logging

from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.utils import translation

from gameplatform.core import jsonfast
from gameplatform.core.outages import is_outage
from gameplatform.players.language import language_for_scope

from .auth import SCOPE_OUTAGE
from .messages import CLOSE_TOO_BIG, MAX_FRAME_CHARS, FrameTooLarge
from .outages import CLOSE_UNAVAILABLE, unavailable_frame

log = logging.getLogger(__name__)


SERVER_ERROR = "server_error"
# Back-off of the channel layer's receive while Redis is away (seconds).
RECEIVE_RETRY_FIRST = 0.5
RECEIVE_RETRY_MAX = 5.0


class LayerUnavailable(ConnectionError):
    """A channel-layer call failed (raised from the original error): an outage for
    ``outages.is_outage``, as the built-in ``ConnectionError`` it is."""


class SocketConsumer(AsyncJsonWebsocketConsumer):
    """The base of the site's consumers (module docstring). Subclasses implement ``connect``,
    ``receive`` and their handlers as usual, join and leave groups with ``join`` / ``leave``
    (``disconnect`` leaves them all) and call ``failed(exc, ...)`` where they catch exceptions of their own; ``accepted`` and
    ``closed`` say where the socket stands."""

    accepted = False
    closed = False
    # The language of the socket's texts: the cookie's or the browser's from the handshake
    # (``players.language.language_for_scope``, no database), the person's stored choice once
    # a consumer admits them. Every handler runs in it.
    language: str | None = None
    # The text of a server error (not an outage) that ``failed`` sends.
    server_error_message = "Something went wrong on our side; try again."

    async def __call__(self, scope, receive, send):
        """Channels' ``AsyncConsumer.__call__``, except that a channel layer that cannot
        subscribe (Redis away: the "pubsub" layer subscribes in ``new_channel``) leaves the
        socket without a layer, to be closed with 4503 at connect, and that its ``receive``
        waits for Redis instead of failing."""
        self.scope = scope
        self.base_send = send
        self.language = language_for_scope(scope, None)
        self.outage = bool(scope.get(SCOPE_OUTAGE))
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = None
        self.joined: set[str] = set()
        sources = [receive]
        if self.channel_layer is not None and not self.outage:
            try:
                self.channel_name = await self._layer(self.channel_layer.new_channel)
            except LayerUnavailable as exc:
                log.warning("%s: no channel-layer channel: %r", type(self).__name__, exc.__cause__)
                self.outage = True
            else:
                sources.append(self._layer_receive)
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass

    async def _layer(self, call, *args):
        """``await call(*args)``, a channel-layer call; any failure -> ``LayerUnavailable``."""
        try:
            return await call(*args)
        except Exception as exc:
            if not is_outage(exc):
                log.error("%s: the channel layer failed", type(self).__name__, exc_info=exc)
            raise LayerUnavailable(repr(exc)) from exc

    async def _layer_receive(self):
        try:
            return await self._layer(self.channel_layer.receive, self.channel_name)
        except LayerUnavailable as exc:
            log.warning("%s: channel-layer receive failed: %r", type(self).__name__, exc.__cause__)
        await self._rejoin()
        return {"type": "socket.resumed"}

    async def _rejoin(self) -> None:
        """Waits for Redis (with back-off), joining the socket's groups again."""
        delay = RECEIVE_RETRY_FIRST
        while True:
            await asyncio.sleep(delay)
            try:
                for group in sorted(self.joined):
                    await self._layer(self.channel_layer.group_add, group, self.channel_name)
                return
            except LayerUnavailable:
                delay = min(delay * 2, RECEIVE_RETRY_MAX)

    async def join(self, group: str) -> None:
        """Adds the socket to ``group`` (joined again after a channel-layer outage)."""
        await self._layer(self.channel_layer.group_add, group, self.channel_name)
        self.joined.add(group)

    async def leave(self, group: str) -> None:
        self.joined.discard(group)
        await self._layer(self.channel_layer.group_discard, group, self.channel_name)

    async def disconnect(self, code):
        """Leaves every group the socket joined; one that cannot be left (Redis away) is
        skipped: the socket is gone all the same."""
        for group in sorted(self.joined):
            try:
                await self.leave(group)
            except Exception as exc:
                if not is_outage(exc):
                    raise
                log.warning("%s: group %s not left: %r", type(self).__name__, group, exc)

    async def publish(self, group: str, event: dict) -> None:
        """Sends ``event`` to ``group`` (raises ``LayerUnavailable``)."""
        await self._layer(self.channel_layer.group_send, group, event)

    async def socket_resumed(self, event) -> None:
        """The channel layer works again after an outage (events were lost meanwhile):
        subclasses catch up here."""

    @classmethod
    async def encode_json(cls, content):
        """Every frame a socket sends as JSON (``send_json``), through ``core.jsonfast``."""
        return jsonfast.dumps(content)

    async def dispatch(self, message):
        """Runs the message's handler, in the socket's language. Unlike channels' own
        ``AsyncConsumer.dispatch``, no ``close_old_connections`` in a thread first: that is a
        thread hop per message per socket (a tenth of Daphne's CPU per bot move, issue 29),
        and every database use of these consumers goes through ``database_sync_to_async``,
        which closes old connections itself (``tests/realtime/test_dispatch.py`` keeps it so)."""
        with translation.override(self.language):
            try:
                handler = getattr(self, get_handler_name(message), None)
                if handler is None:
                    raise ValueError(f"No handler for message type {message['type']}")
                await handler(message)
            except StopConsumer:
                raise
            except Exception as exc:
                if not is_outage(exc):
                    raise
                await self._outage(message.get("type"), exc)

    async def _outage(self, kind: str | None, exc: BaseException) -> None:
        log.warning("%s: %s failed, the database or Redis is out of reach: %r", type(self).__name__, kind, exc)
        if kind == "websocket.disconnect":
            raise StopConsumer()  # leaving the groups failed: the socket is gone all the same
        if kind == "websocket.connect" or not self.accepted:
            await self.close_unavailable()
        elif not self.closed:
            await self.send_json(unavailable_frame())

    async def websocket_connect(self, message):
        if self.outage:
            await self.close_unavailable()  # the session or the channel layer failed already
            return
        await super().websocket_connect(message)

    async def websocket_receive(self, message):
        """Every client frame: the size limit first (a huge frame costs nothing), then
        ``receive``. Frames arriving after the server closed are dropped."""
        if self.closed:
            return
        text, data = message.get("text"), message.get("bytes")
        size = len(text) if text is not None else len(data or b"")
        if size > MAX_FRAME_CHARS:
            exc = FrameTooLarge(size)
            await self.send_json({"type": "error", "code": exc.code, "message": str(exc.message), "limit": exc.limit})
            await self.close(code=CLOSE_TOO_BIG)
            return
        await super().websocket_receive(message)

    async def accept(self, subprotocol=None, headers=None):
        await super().accept(subprotocol, headers)
        self.accepted = True

    async def close(self, code=None, reason=None):
        if self.closed:
            return
        self.closed = True
        await super().close(code=code, reason=reason)

    async def close_unavailable(self) -> None:
        """Accept if need be, send ``unavailable`` and close with 4503 (the client retries)."""
        if self.closed:
            return
        if not self.accepted:
            await self.accept()
        await self.send_json(unavailable_frame())
        await self.close(code=CLOSE_UNAVAILABLE)

    async def failed(self, exc: BaseException, *, kind: str = "error", message: str | None = None, **extra) -> None:
        """Answers a message that raised ``exc``: ``unavailable`` (retryable, with
        ``retry_after``) for an outage, else ``server_error`` with ``message`` (logged with
        its traceback). ``kind``: the frame's type; ``extra``: ids to echo."""
        if self.closed:
            return
        if is_outage(exc):
            log.warning("%s: a message could not be served: %r", type(self).__name__, exc)
            await self.send_json(unavailable_frame(kind, **extra))
            return
        log.error("%s: a message failed", type(self).__name__, exc_info=exc)
        await self.send_json({"type": kind, "code": SERVER_ERROR,
                              "message": str(message or self.server_error_message), **extra})
