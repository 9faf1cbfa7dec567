"""Two-factor sign-in (README "Two-factor sign-in"): allauth's MFA (``allauth.mfa``: an
authenticator app, TOTP, and recovery codes) for every account, required before the admin.

- **Who must have it**: ``selectors.user_mfa_required`` (site staff and superusers, community
  owners and moderators). Anyone may enrol at ``/accounts/2fa/`` (linked from the settings
  page); nobody else is forced.
- **How a session shows it passed**: allauth records each step of a sign-in in the session
  (``allauth.account.authentication.get_authentication_records``: ``{"method": "password"}``,
  then ``{"method": "mfa", "type": "totp" | "recovery_codes"}`` once a code was right, at
  sign-in or at re-authentication). Enrolling an authenticator app adds such a record too
  (``accounts.forms.EnrolTOTPForm``): the person just typed a right code of it.
- **The admin's gate** (``admin_gate``, called by ``gameplatform.admin_site.AdminSite`` for
  every admin view; the admin's own login form is replaced by the site's, which asks for the
  code): a staff member without an authenticator app is sent to enrol
  (``ENROL_FOR_ADMIN``); one whose session has no ``mfa`` record is asked for a code
  (allauth's MFA re-authentication, ``CODE_FOR_ADMIN``) and comes back.
- **The throttle**: every code check goes through ``accounts.throttle`` with
  ``Scope.MFA`` (``accounts.forms.ThrottledCodeMixin``), counted per account, per account and
  address, per address, or per device cookie; a device cookie of an account with an
  authenticator app is only set by a sign-in that passed the code (``device_cookie_allowed``),
  so knowing the password never buys a fresh device counter.
- **API tokens**: ``POST /api/v1/auth/token/`` asks an account with an authenticator app for a
  code too (``code_check``); enrolling revokes the account's token, which was obtained with
  the password alone.
"""
from __future__ import annotations

import logging
from urllib.parse import urlencode

from allauth.mfa.adapter import DefaultMFAAdapter
from allauth.mfa.models import Authenticator
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext_lazy as _

from . import selectors, throttle
from .forms import ThrottledAuthenticateForm
from .second_factor import (  # noqa: F401  (the gate's and the middleware's names, kept here too)
    device_cookie_allowed,
    session_second_factor_passed,
    session_second_factor_record,
    throttled_message,
)

log = logging.getLogger(__name__)

ENROL_FOR_ADMIN = _(
    "The admin needs two-factor sign-in: set up an authenticator app first. Site "
    "administrators, community owners and moderators enter a code from it each time they sign in."
)
CODE_FOR_ADMIN = _(
    "This session signed in without a code from your authenticator app: enter one to open the admin."
)
MFA_REQUIRED = _(
    "This account signs in with two-factor authentication: send a code from its "
    "authenticator app, or one of its recovery codes, as otp."
)
CODE_WRONG = _(
    "Incorrect code: type the code your authenticator app shows for this account right now "
    "(each code works once)."
)
CODE_INCORRECT = _(
    "That code is not right: send the current code of the account's authenticator app, or "
    "an unused recovery code."
)


class MFAAdapter(DefaultMFAAdapter):
    """allauth.mfa's adapter (``settings.MFA_ADAPTER``): a wrong code says what to type."""

    error_messages = {**DefaultMFAAdapter.error_messages, "incorrect_code": CODE_WRONG}


def refusal_message(request) -> str:
    """What to tell a request whose sign-in attempt the throttle refused: a code's message
    when a second-factor code was refused, else the password's."""
    refused = [a.scope for a in throttle.attempts_of(request) if a.refused]
    return throttled_message() if throttle.Scope.MFA in refused else throttle.throttled_message()


def admin_gate(request):
    """None when ``request`` may go on into the admin, else the redirect that gets it there:
    to enrol an authenticator app, or to enter a code (back to this page after). Only
    signed-in active staff are gated here; the admin itself sends everyone else to sign in."""
    user = request.user
    if not (user.is_authenticated and user.is_active and user.is_staff):
        return None
    if not selectors.user_mfa_enabled(user=user):
        messages.warning(request, ENROL_FOR_ADMIN)
        return _no_store(HttpResponseRedirect(reverse("mfa_activate_totp")))
    if not session_second_factor_passed(request, user):
        messages.info(request, CODE_FOR_ADMIN)
        target = f"{reverse('mfa_reauthenticate')}?{urlencode({REDIRECT_FIELD_NAME: request.get_full_path()})}"
        return _no_store(HttpResponseRedirect(target))
    return None


def _no_store(response):
    add_never_cache_headers(response)
    return response


def code_check(request, user, code: str) -> bool:
    """True when ``code`` is a right code of ``user``'s authenticator app or an unused
    recovery code (used up), checked under the throttle like a sign-in's (a refusal is
    ``throttle.request_throttled(request)``). For ``POST /api/v1/auth/token/``: the session
    is left alone."""
    form = ThrottledAuthenticateForm(user=user, data={"code": code})
    if not form.is_valid():
        return False
    form.authenticator.record_usage()
    return True


# --- signals --------------------------------------------------------------------------------


def on_authenticator_added(sender, request, user, authenticator, **kwargs) -> None:
    """An authenticator app was enrolled: the account's API token, obtained with the password
    alone, is revoked."""
    if authenticator.type != Authenticator.Type.TOTP:
        return
    from rest_framework.authtoken.models import Token

    revoked, _ = Token.objects.filter(user_id=user.pk).delete()
    log.info("two-factor sign-in: user %s enrolled an authenticator app (API token revoked: %s)", user.pk, bool(revoked))


def connect() -> None:
    """Connects the receivers (``AccountsConfig.ready``)."""
    from allauth.mfa import signals

    signals.authenticator_added.connect(
        on_authenticator_added, dispatch_uid="accounts.mfa.authenticator_added", weak=False
    )
