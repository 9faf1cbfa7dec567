"""Who a socket belongs to: at the handshake (``socket_auth_stack``) and again before each
client frame (every consumer).

Close codes (RFC 6455 private range 4000-4999, read as HTTP statuses): the client stops
reconnecting on them; neither says more than "no" (another tenant's match is a 404, exactly
like one that does not exist).
"""
from __future__ import annotations

import logging
from importlib import import_module
from types import SimpleNamespace

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser

from gameplatform.core.errors import ServiceError
from gameplatform.core.outages import is_outage
from gameplatform.tenants.services import membership_require

log = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# The scope key set when the session could not be read (the database is out of reach): the
# consumer then accepts and closes with outages.CLOSE_UNAVAILABLE instead of failing.
SCOPE_OUTAGE = "hexagora.outage"


class OutageTolerantAuthMiddleware(AuthMiddleware):
    """Channels' ``AuthMiddleware`` (the session's user in ``scope["user"]``, read before the
    consumer starts), except that a database outage while reading it leaves an anonymous
    user and ``scope[SCOPE_OUTAGE] = True`` instead of an exception, which Daphne would turn
    into an HTTP 500 answer to the handshake."""

    async def resolve_scope(self, scope):
        try:
            await super().resolve_scope(scope)
        except Exception as exc:
            if not is_outage(exc):
                raise
            log.warning("socket handshake: the session could not be read: %r", exc)
            scope["user"]._wrapped = AnonymousUser()
            scope[SCOPE_OUTAGE] = True


def socket_auth_stack(inner):
    """``AuthMiddlewareStack`` with ``OutageTolerantAuthMiddleware``: cookies, session, user."""
    return CookieMiddleware(SessionMiddleware(OutageTolerantAuthMiddleware(inner)))


def session_user_still_allowed(scope: dict, *, user_id: int, tenant) -> bool:
    """True when the socket's session still signs in the active user ``user_id``, who is
    still a member of ``tenant`` (not banned); then ``scope["user"]`` is that fresh user. A
    logout or a password change elsewhere ends the session; a suspension or a ban ends the
    membership check. ``scope["membership"]`` is then the membership just read."""
    engine = import_module(settings.SESSION_ENGINE)
    session_key = getattr(scope.get("session"), "session_key", None)
    user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
    if not user.is_authenticated or user.pk != user_id:
        return False
    try:
        membership = membership_require(user=user, tenant=tenant)
    except ServiceError:
        return False
    scope["user"] = user
    scope["membership"] = membership  # just checked: the move submitted next needs not read it again
    return True
