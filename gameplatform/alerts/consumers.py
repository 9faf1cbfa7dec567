"""The person's own socket: ``ws/me/`` (docs/contracts.md, "WebSocket ws/me/").

Connect: the Origin must be this site (else the handshake is refused); the session user signed
in, active and a member of the community the Host names (else accepted and closed with 4403,
or 4404 for a host no community serves). The socket joins ``notify.user_group(user, tenant)``
and gets ``{"type": "waiting", "count": n}``: what /your-turn/ lists (``selectors.alerts_count``).

Server -> client::

    {"type": "waiting", "count": 3}                           # on connect, sync and any change
    {"type": "alert", "kind": "turn" | "invitation" | "match_end", "match": 12, "url": "/matches/12/",
     "title": "Your turn", "body": "It is your turn in Hextopia.", "notify": true, "count": 3}
    {"type": "error", "code": "...", "message": "...", "field"?: "type"}

``notify``: the person's "Browser notifications" setting (the page shows a notification only
then, and only with the browser's permission). Client -> server: ``{"type": "sync"}`` only;
anything else is answered with ``error`` (the socket stays open), a frame over 16,384
characters with ``message_too_large`` and close 4009 (``realtime.sockets``). Before each client
message and each alert the session and the membership are checked again (else ``not_member``
and close 4403). The database or Redis out of reach: a handshake is closed with 4503, a
``sync`` answered with ``unavailable`` (``realtime.outages``).
"""
from __future__ import annotations

import logging
from importlib import import_module
from types import SimpleNamespace

from channels.db import database_sync_to_async
from django.conf import settings
from django.contrib.auth import get_user
from django.urls import reverse
from django.utils import translation

from gameplatform.core.outages import is_outage
from gameplatform.players.selectors import preferences_get
from gameplatform.realtime.admission import MemberSocket
from gameplatform.realtime.auth import CLOSE_FORBIDDEN
from gameplatform.realtime.messages import (
    MALFORMED,
    MISSING_FIELD,
    MSG_NOT_OBJECT,
    UNEXPECTED_FIELD,
    UNKNOWN_TYPE,
    ClientError,
    decode_frame,
)
from gameplatform.tenants.selectors import membership_get

from . import notify, selectors

log = logging.getLogger(__name__)

MSG_TYPE_MISSING = "Field 'type' is required: sync."
MSG_TYPE_UNKNOWN = "Field 'type' must be sync."
MSG_FIELD_UNEXPECTED = "Field '{field}' is not part of a 'sync' message."
MSG_SERVER_ERROR = "Something went wrong on our side; send sync to see your count again."


def parse_me_message(content: object) -> str:
    """Validates a decoded client message of ``ws/me/``: returns its type ("sync"); raises
    ``ClientError`` naming the first bad field."""
    if not isinstance(content, dict):
        raise ClientError(MALFORMED, MSG_NOT_OBJECT)
    if "type" not in content:
        raise ClientError(MISSING_FIELD, MSG_TYPE_MISSING.format(types="sync"), "type")
    if content["type"] != "sync":
        raise ClientError(UNKNOWN_TYPE, MSG_TYPE_UNKNOWN.format(types="sync"), "type")
    extra = sorted(str(key) for key in content if key != "type")
    if extra:
        field = extra[0][:40]
        raise ClientError(UNEXPECTED_FIELD, MSG_FIELD_UNEXPECTED.format(field=field, kind="sync"), field)
    return "sync"


class MeConsumer(MemberSocket):
    """One page of one signed-in person: their "waiting for you" count in this community, live,
    and their alerts (see the module docstring)."""

    server_error_message = MSG_SERVER_ERROR

    socket_name = "me socket"

    async def connect(self):
        self.group = None
        await super().connect()  # MemberSocket: Origin, session, community, membership

    def admit_member(self, user, tenant) -> int | None:
        """Members only, and no joining an open community by the way (4403)."""
        return None if membership_get(user=user, tenant=tenant) is not None else CLOSE_FORBIDDEN

    async def admitted(self) -> None:
        self.group = notify.user_group(self.user_id, self.tenant.pk)
        await self.join(self.group)
        await self._send_count()

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        if self.user_id is None:
            return
        try:
            if not await self.recheck():
                return
            parse_me_message(decode_frame(text_data, bytes_data))
            await self._send_count()
        except ClientError as exc:
            out = {"type": "error", "code": exc.code, "message": str(exc.message)}  # lazy texts: str for JSON
            if exc.field:
                out["field"] = exc.field
            await self.send_json(out)
        except Exception as exc:
            await self.failed(exc)  # an outage: "unavailable"; else server_error

    async def socket_resumed(self, event):
        """The channel layer is back after an outage: changes may have been missed."""
        if self.user_id is not None and not self.closed:
            await self._send_count()

    async def alerts_changed(self, event):
        """A change for this person (``notify.users_notify``): the fresh count, and the alert
        in their words when there is one."""
        try:
            if not await self.recheck():
                return
            alert = event.get("alert")
            count, text, notify_on = await database_sync_to_async(self._read)(alert)
            if alert is None:
                await self.send_json({"type": "waiting", "count": count})
                return
            await self.send_json({
                "type": "alert", "kind": alert.get("kind"), "match": alert.get("match"),
                "url": reverse("match_detail", args=[int(alert["match"])]), **text,
                "notify": notify_on, "count": count,
            })
        except Exception as exc:
            if is_outage(exc):
                raise  # SocketConsumer answers "unavailable": the page syncs later
            log.exception("me socket: alert not forwarded")

    # --- helpers --------------------------------------------------------------------------

    async def _send_count(self):
        count = await database_sync_to_async(selectors.alerts_count)(tenant=self.tenant, user=self.scope["user"])
        await self.send_json({"type": "waiting", "count": count})

    def still_allowed(self) -> bool:
        """The session still signs in the same active person, still a member (never joining
        an open community by the way)."""
        if self.user_id is None:
            return False
        engine = import_module(settings.SESSION_ENGINE)
        session_key = getattr(self.scope.get("session"), "session_key", None)
        user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
        if not user.is_authenticated or user.pk != self.user_id or membership_get(user=user, tenant=self.tenant) is None:
            return False
        self.scope["user"] = user
        return True

    def _read(self, alert: dict | None) -> tuple[int, dict, bool]:
        """The count, the alert's words in the person's language, and their notification flag."""
        user = self.scope["user"]
        count = selectors.alerts_count(tenant=self.tenant, user=user)
        if alert is None:
            return count, {}, False
        prefs = preferences_get(user)
        with translation.override(prefs.language):
            text = selectors.alert_text(alert)
        return count, text, bool(prefs.browser_notifications)
