"""A session's second factor (issue 24, point 9): whether it passed a code, recording that it
did, and what that means for device cookies. Below the throttle and the forms, which use it;
``accounts.mfa`` (the admin's gate, the API's code check) builds on it."""
from __future__ import annotations

from allauth.account.authentication import get_authentication_records
from allauth.account.internal.flows.login import record_authentication
from allauth.mfa.models import Authenticator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import ngettext

from . import selectors


def throttled_message() -> str:
    """The refusal of a code over the throttle's limits (``accounts.middleware``)."""
    minutes = max(1, settings.AUTH_THROTTLE_WINDOW_SECONDS // 60)
    return ngettext(
        "Too many wrong codes: wait {minutes} minute, or sign in on a device where you have "
        "entered a right code before. If these were not your attempts, someone knows your "
        "password: reset it by e-mail.",
        "Too many wrong codes: wait {minutes} minutes, or sign in on a device where you have "
        "entered a right code before. If these were not your attempts, someone knows your "
        "password: reset it by e-mail.", minutes).format(minutes=minutes)


def session_second_factor_passed(request, user=None) -> bool:
    """True when ``request``'s session recorded a right second-factor code for ``user``
    (default ``request.user``): at sign-in, at re-authentication or at enrolment."""
    user = user if user is not None else getattr(request, "user", None)
    if user is None or not user.is_authenticated or not hasattr(request, "session"):
        return False
    return any(record.get("method") == "mfa" for record in get_authentication_records(request, user))


def session_second_factor_record(request, user, **extra) -> None:
    """Records in ``request``'s session that ``user`` passed a second factor (allauth's
    record, as its sign-in writes it): enrolling an authenticator app proves it as well as a
    sign-in code does (``accounts.forms.EnrolTOTPForm``)."""
    record_authentication(request, user, "mfa", type=Authenticator.Type.TOTP, **extra)


def device_cookie_allowed(request, user_id: int) -> bool:
    """Whether this request may set a device cookie for account ``user_id``
    (``accounts.devices``): always for an account without an authenticator app; for one
    with it, only once the session passed the code for that account."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not selectors.user_mfa_enabled(user=user):
        return True
    return session_second_factor_passed(request, user)
