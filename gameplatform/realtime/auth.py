"""Who a socket belongs to, checked again before each client frame (every consumer).

Close codes (RFC 6455 private range 4000-4999, read as HTTP statuses): the client stops
reconnecting on them; neither says more than "no" (another tenant's match is a 404, exactly
like one that does not exist).
"""
from __future__ import annotations

from importlib import import_module
from types import SimpleNamespace

from django.conf import settings
from django.contrib.auth import get_user

from gameplatform.matches.errors import ServiceError
from gameplatform.tenants.services import membership_require

CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


def session_user_still_allowed(scope: dict, *, user_id: int, tenant) -> bool:
    """True when the socket's session still signs in the active user ``user_id``, who is
    still a member of ``tenant`` (not banned); then ``scope["user"]`` is that fresh user. A
    logout or a password change elsewhere ends the session; a suspension or a ban ends the
    membership check."""
    engine = import_module(settings.SESSION_ENGINE)
    session_key = getattr(scope.get("session"), "session_key", None)
    user = get_user(SimpleNamespace(session=engine.SessionStore(session_key)))
    if not user.is_authenticated or user.pk != user_id:
        return False
    try:
        membership_require(user=user, tenant=tenant)
    except ServiceError:
        return False
    scope["user"] = user
    return True
