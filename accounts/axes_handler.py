"""The django-axes handler (``settings.AXES_HANDLER``): axes hooks every ``authenticate()``
call (its backend asks ``is_allowed`` before the password is checked, Django's
``user_login_failed`` signal reports a wrong one); the policy and the counts are
``accounts.throttle``'s."""
from __future__ import annotations

from axes.handlers.base import AbstractAxesHandler, AxesBaseHandler

from . import throttle


def login_of(credentials: dict | None) -> str | None:
    """What the person typed as their login: allauth passes ``email`` for an e-mail login,
    everyone else ``username``."""
    credentials = credentials or {}
    for name in ("username", "email", "login"):
        value = credentials.get(name)
        if isinstance(value, str) and value:
            return value
    return None


class ThrottleHandler(AbstractAxesHandler, AxesBaseHandler):
    """``is_allowed``: ``throttle.attempt_begin`` (counts the attempt; False when refused, and
    axes then makes ``authenticate()`` fail without checking the password).
    ``user_login_failed``: ``throttle.attempt_failed``. A success is the attempt the request
    leaves open (``accounts.middleware``)."""

    def is_allowed(self, request, credentials: dict | None = None) -> bool:
        attempt = throttle.attempt_begin(request, login=login_of(credentials))
        return attempt.refused is None

    def get_failures(self, request, credentials: dict | None = None) -> int:
        return 0  # is_allowed decides; axes only calls this through is_locked

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        if request is not None:
            throttle.attempt_failed(request)  # the open one; a refused one is failed already

    def user_logged_in(self, sender, request, user, **kwargs):
        pass

    def user_logged_out(self, sender, request, user, **kwargs):
        pass
