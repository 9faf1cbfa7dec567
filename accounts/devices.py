"""Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").

Every successful sign-in (any route that checked a password; for an account with two-factor
sign-in, only a sign-in that also passed its code) sets ``DEVICE_COOKIE_NAME``: a
value signed with ``SECRET_KEY`` (``django.core.signing``, salt ``SALT``) holding, for each
account that signed in on this browser (at most ``MAX_ACCOUNTS``, newest first),
``[user id, nonce]``. The nonce is new at each sign-in. A client that sends a valid cookie
entry for the account it tries is that account's known device: ``accounts.throttle`` then
counts its failures on that nonce alone, so failures from other addresses never lock the owner
out here. The cookie is HttpOnly, SameSite=Lax, Secure when the request came over HTTPS, and
lives ``DEVICE_COOKIE_MAX_AGE`` seconds; a forged, altered or expired one is ignored.
"""
from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing

from .second_factor import device_cookie_allowed

SALT = "hexagora.accounts.device-cookie"
MAX_ACCOUNTS = 5
PENDING_ATTR = "_device_cookie_users"


def cookie_name() -> str:
    return settings.DEVICE_COOKIE_NAME


def _entries(request) -> list[list]:
    """The valid ``[user id, nonce]`` entries of the request's device cookie ([] if none)."""
    raw = request.COOKIES.get(cookie_name())
    if not raw:
        return []
    try:
        value = signing.loads(raw, salt=SALT, max_age=settings.DEVICE_COOKIE_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return []
    if not isinstance(value, list):
        return []
    return [
        e for e in value
        if isinstance(e, list) and len(e) == 2 and isinstance(e[0], int) and isinstance(e[1], str) and e[1]
    ][:MAX_ACCOUNTS]


def device_of(request, user_id: int) -> str | None:
    """The nonce of the request's device cookie for account ``user_id``, or None."""
    return next((nonce for uid, nonce in _entries(request) if uid == user_id), None)


def issue_later(request, user_id: int) -> None:
    """Asks the middleware to set a fresh device cookie entry for ``user_id`` on the response."""
    pending = request.__dict__.setdefault(PENDING_ATTR, [])
    if user_id not in pending:
        pending.append(user_id)


def cookie_value(request, user_ids: list[int]) -> str:
    """The signed cookie value: a new nonce for each of ``user_ids``, the request's other
    entries kept after them."""
    fresh = [[uid, secrets.token_urlsafe(18)] for uid in user_ids]
    kept = [e for e in _entries(request) if e[0] not in user_ids]
    return signing.dumps((fresh + kept)[:MAX_ACCOUNTS], salt=SALT, compress=True)


def set_pending_cookie(request, response) -> None:
    """Sets the device cookie on ``response`` if a sign-in of this request asked for it. An
    account with two-factor sign-in gets its entry only once the session passed the code
    (``accounts.second_factor.device_cookie_allowed``): a right password alone is not a known device."""
    pending = [uid for uid in request.__dict__.get(PENDING_ATTR) or [] if device_cookie_allowed(request, uid)]
    if not pending:
        return
    response.set_cookie(
        cookie_name(),
        cookie_value(request, pending),
        max_age=settings.DEVICE_COOKIE_MAX_AGE,
        httponly=True,
        secure=request.is_secure(),
        samesite="Lax",
    )
