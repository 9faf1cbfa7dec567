"""Forms that check a password or send a reset mail, under the sign-in throttle
(``accounts.throttle``): allauth's password change and reset request (``ACCOUNT_FORMS``)
and the admin's password change (``gameplatform.admin_site``). The request comes from
allauth's request context (set by its ``AccountMiddleware`` for every request)."""
from __future__ import annotations

from allauth.account.adapter import get_adapter
from allauth.account.forms import ChangePasswordForm, ResetPasswordForm
from allauth.core import context
from django import forms
from django.contrib.admin.forms import AdminPasswordChangeForm

from . import throttle


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
