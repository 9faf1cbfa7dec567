"""Two-factor sign-in in tests (README "Two-factor sign-in"): codes computed as an
authenticator app does (RFC 6238, checked against the RFC's own test vector in
tests/accounts/test_mfa.py), authenticators made with allauth's own classes, and
``admin_sign_in``: a client signed in as the site's sign-in with a code leaves it, which is
what the admin needs (``accounts.mfa.admin_gate``)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import struct
import time

PERIOD = 30
DIGITS = 6


def totp(secret: str, at: float | None = None, *, step_offset: int = 0, digits: int = DIGITS) -> str:
    """The RFC 6238 code (HMAC-SHA1, 30 s steps) of the base32 ``secret`` at ``at`` (Unix
    seconds, default now), ``step_offset`` steps later (-1: the previous code)."""
    counter = int((time.time() if at is None else at) // PERIOD) + step_offset
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(value % 10**digits).zfill(digits)


def fresh_code(secret: str, used: set[str]) -> str:
    """A code the site accepts now that was not used yet (each code works once): the current
    step's, else the next step's (the site accepts one step either side)."""
    for offset in (0, 1):
        code = totp(secret, step_offset=offset)
        if code not in used:
            used.add(code)
            return code
    raise AssertionError("both acceptable codes were used: wait for the next step")


def enrol(user) -> tuple[str, list[str]]:
    """Gives ``user`` an authenticator app and recovery codes, as enrolling does; returns
    ``(secret, recovery codes)``."""
    from allauth.mfa.recovery_codes.internal.auth import RecoveryCodes
    from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret

    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    return secret, RecoveryCodes.activate(user).generate_codes()


def admin_sign_in(client, user) -> None:
    """``client.force_login(user)`` with the session the site's sign-in leaves after a right
    code (allauth's authentication records: password, then mfa), enrolling ``user`` first if
    they have no authenticator app: such a client may open the admin."""
    from allauth.account.internal.flows.login import record_authentication
    from allauth.mfa.models import Authenticator
    from django.test import RequestFactory

    authenticator = Authenticator.objects.filter(user=user, type=Authenticator.Type.TOTP).first()
    if authenticator is None:
        enrol(user)
        authenticator = Authenticator.objects.get(user=user, type=Authenticator.Type.TOTP)
    client.force_login(user)
    request = RequestFactory().get("/")
    request.session = client.session
    record_authentication(request, user, "password", username=user.get_username())
    record_authentication(request, user, "mfa", id=authenticator.pk, type=authenticator.type)
    request.session.save()
