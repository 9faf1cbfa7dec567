"""``MemberSocket``: the one admission of every socket of the site (the match socket, the
lobby's, ``ws/me/``): security code, written once (issue 25, point 3).

A handshake is admitted in this order (docs/contracts.md, "WebSocket close codes"):

1. the ``Origin`` is one of the site's (``origin.origin_allowed``), else the handshake is
   refused before it is accepted (the browser sees no close code);
2. the session signs in an active person (``scope["user"]``), else accept + close 4403;
3. the ``Host`` is a community's (``tenants.selectors.tenant_for_host``), else 4404;
4. the person may use this socket there (``admit_member``: by default a member, not banned,
   not suspended: ``tenants.services.membership_require``), else 4403 (or the code the
   subclass returns: 4404 for a match the community does not have);

then ``tenant``, ``user_id`` and ``language`` are set and ``admitted()`` runs (joining
groups, the first messages). A refusal is accepted and then closed so that the page can read
the code. A database or Redis outage at any step is left to ``SocketConsumer`` (4503). Before
each client message a subclass calls ``recheck()``: the session must still sign in the same
member (``still_allowed``), else the socket says ``not_member`` and closes with 4403.
"""
from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.utils.translation import gettext_lazy as _

from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import is_outage
from gameplatform.players.language import language_for_scope
from gameplatform.tenants.selectors import tenant_for_host
from gameplatform.tenants.services import membership_require

from . import broadcast
from .auth import CLOSE_FORBIDDEN, CLOSE_NOT_FOUND, session_user_still_allowed
from .origin import header, origin_allowed
from .sockets import SocketConsumer

log = logging.getLogger(__name__)

NOT_MEMBER = "not_member"
MSG_SESSION_ENDED = _("Your session has ended: sign in again.")


class MemberSocket(SocketConsumer):
    """Admission (module docstring) for the sockets of a community's members. Subclasses
    override ``admit_member`` (extra checks, in a database thread) and ``admitted`` (what
    follows an admission); ``socket_name`` names the socket in the log."""

    socket_name = "socket"

    async def connect(self):
        self.user_id = None
        self.tenant = None
        try:
            allowed = await database_sync_to_async(origin_allowed)(self.scope)
        except Exception as exc:
            if is_outage(exc):
                raise  # SocketConsumer closes with 4503
            log.exception("%s: origin check failed", self.socket_name)
            allowed = False
        if not allowed:
            await self.close(code=CLOSE_FORBIDDEN)  # before accept: the handshake fails
            return
        # Sockets live on this loop; broadcasts from foreign threads are scheduled on it.
        broadcast.server_loop_record(asyncio.get_running_loop())
        try:
            code = await database_sync_to_async(self._admit)()
        except Exception as exc:
            if is_outage(exc):
                raise
            log.exception("%s: admission failed", self.socket_name)
            code = CLOSE_FORBIDDEN
        # Accept, then close with a code the page can read (a refused handshake shows none).
        await self.accept()
        if code is not None:
            await self.close(code=code)
            return
        await self.admitted()

    def _admit(self) -> int | None:
        """Steps 2 to 4 of the module docstring, in a database thread: a close code, or None
        when the socket may stay (then ``tenant``, ``user_id`` and ``language`` are set)."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated or not user.is_active:
            return CLOSE_FORBIDDEN
        tenant = tenant_for_host(header(self.scope, b"host"))
        if tenant is None:
            return CLOSE_NOT_FOUND
        code = self.admit_member(user, tenant)
        if code is not None:
            return code
        self.tenant, self.user_id = tenant, user.pk
        self.language = language_for_scope(self.scope, user)
        return None

    def admit_member(self, user, tenant) -> int | None:
        """May ``user`` use this socket in ``tenant``? None, or the close code. Default: a
        member (``membership_require``: not banned, not suspended; an open community admits
        a newcomer as it does on its pages), else 4403."""
        try:
            membership_require(user=user, tenant=tenant)
        except ServiceError:
            return CLOSE_FORBIDDEN
        return None

    async def admitted(self) -> None:
        """What follows an admission (joining groups, the first messages). Default: nothing."""

    def still_allowed(self) -> bool:
        """The session still signs in the same active user, who is still a member (in a
        database thread; then ``scope["user"]`` is that fresh user)."""
        return session_user_still_allowed(self.scope, user_id=self.user_id, tenant=self.tenant)

    async def recheck(self) -> bool:
        """``still_allowed``, else ``session_ended`` and say False."""
        if await database_sync_to_async(self.still_allowed)():
            return True
        await self.session_ended()
        return False

    async def session_ended(self) -> None:
        """The person may no longer use the socket: tell ``not_member`` and close with 4403."""
        await self.send_json({"type": "error", "code": NOT_MEMBER, "message": str(MSG_SESSION_ENDED)})
        await self.close(code=CLOSE_FORBIDDEN)
        self.user_id = None
