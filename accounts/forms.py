"""Forms that check a password, a second-factor code or send a reset mail, under the sign-in
throttle (``accounts.throttle``): allauth's password change and reset request
(``ACCOUNT_FORMS``), the admin's password change (``gameplatform.admin_site``), and
allauth.mfa's code forms at sign-in and re-authentication (``MFA_FORMS``). The request comes
from allauth's request context (set by its ``AccountMiddleware`` for every request)."""
from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.forms import ChangePasswordForm, ResetPasswordForm
from allauth.core import context
from allauth.mfa.base.forms import AuthenticateForm, ReauthenticateForm
from allauth.mfa.totp.forms import ActivateTOTPForm
from django import forms
from django.contrib.admin.forms import AdminPasswordChangeForm

from . import second_factor, throttle


def _request():
    return getattr(context, "request", None)


class ThrottledChangePasswordForm(ChangePasswordForm):
    """allauth's password change; the current password is checked under the throttle."""

    def clean_oldpassword(self) -> str:
        password = self.cleaned_data.get("oldpassword", "")
        if not throttle.password_check(_request(), self.user, password):
            raise get_adapter().validation_error("enter_current_password")
        return password


class ThrottledResetPasswordForm(ResetPasswordForm):
    """allauth's reset request; each request counts against the address and the account
    named (its own counters: ``Scope.RESET``), and a refused one sends no mail."""

    def clean_email(self) -> str:
        email = super().clean_email()
        request = _request()
        if request is not None:
            attempt = throttle.attempt_begin(request, login=email, scope=throttle.Scope.RESET)
            throttle.attempt_failed(request, attempt)  # a request is never taken back
            if attempt.refused:
                raise forms.ValidationError(throttle.throttled_message(), code=throttle.THROTTLED)
        return email


class ThrottledAdminPasswordChangeForm(AdminPasswordChangeForm):
    """The admin's own password change; the old password is checked under the throttle."""

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        if not throttle.password_check(_request(), self.user, old_password):
            raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class ThrottledCodeMixin:
    """A second-factor code (authenticator app or recovery code) checked under the throttle
    (``Scope.MFA``: per account, account and address, address, or device cookie, as for
    passwords). A refused attempt is not checked at all, so a right code is refused too;
    the middleware then answers 429 (``accounts.second_factor.throttled_message``). allauth's own
    limit (``ACCOUNT_RATE_LIMITS["login_failed"]``) is checked after ours, in its form."""

    def clean_code(self) -> str:
        request = _request()
        if request is None:
            return super().clean_code()
        attempt = throttle.attempt_begin(request, user=self.user, scope=throttle.Scope.MFA)
        if attempt.refused:
            raise forms.ValidationError(second_factor.throttled_message(), code=throttle.THROTTLED)
        try:
            code = super().clean_code()
        except forms.ValidationError:
            throttle.attempt_failed(request, attempt)
            raise
        throttle.attempt_succeeded(request, attempt)
        return code


class ThrottledAuthenticateForm(ThrottledCodeMixin, AuthenticateForm):
    """allauth's code form of the sign-in (``/accounts/2fa/authenticate/``)."""


class ThrottledReauthenticateForm(ThrottledCodeMixin, ReauthenticateForm):
    """allauth's code form of the re-authentication (``/accounts/2fa/reauthenticate/``)."""


class EnrolTOTPForm(ActivateTOTPForm):
    """allauth's form that enrols an authenticator app: its right code is this session's
    second factor too (``accounts.second_factor.session_second_factor_record``), so a moderator sent
    to enrol goes on into the admin without signing in again."""

    def clean_code(self) -> str:
        code = super().clean_code()
        request = _request()
        if request is not None:
            second_factor.session_second_factor_record(request, self.user, enrolled=True)
        return code
