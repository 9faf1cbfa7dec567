"""A person's language: for every page they see (``UserLanguageMiddleware``, after
``LocaleMiddleware``), from the moment they sign in (``language_on_login``), and on their
sockets (``language_for_scope``)."""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import trans_real

from gameplatform.players.selectors import preferences_get

LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def stored_language(user) -> str | None:
    """``user``'s chosen language code ("en", "fr", "sv"), or None for anyone signed out and
    for a person who never saved a choice (the cookie and the browser then decide)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    prefs = preferences_get(user)
    if prefs._state.adding or prefs.language not in LANGUAGE_CODES:
        return None
    return prefs.language


class UserLanguageMiddleware:
    """Activates ``Preferences.language`` of the signed-in person for the request (it must
    stand after ``AuthenticationMiddleware``); ``LocaleMiddleware`` before it has already
    chosen from the ``django_language`` cookie or ``Accept-Language``, which stays for
    visitors and for people with no stored choice."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = stored_language(getattr(request, "user", None))
        if language and language != translation.get_language():
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


def language_for_scope(scope: dict, user) -> str:
    """The language of a WebSocket (a Channels ``scope``): the person's stored choice, else
    the language cookie, else ``Accept-Language``, else ``LANGUAGE_CODE``; the match socket
    answers in it (``realtime.admission.MemberSocket``)."""
    stored = stored_language(user)
    if stored:
        return stored
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie in LANGUAGE_CODES:
        return cookie
    headers = dict(scope.get("headers") or ())
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in trans_real.parse_accept_lang_header(accept):
        try:
            return trans_real.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


@receiver(user_logged_in, dispatch_uid="hexagora.i18n.language_on_login")
def language_on_login(sender, request, user, **kwargs) -> None:
    """Signing in switches the rest of that request to the person's stored language, so what it
    says ("Successfully signed in as …", the page it redirects to) is in their language already:
    activates ``user``'s stored language (``Preferences.language``) for the request that
    signs them in; nothing for a person who never chose one."""
    language = stored_language(user)
    if language and request is not None:
        translation.activate(language)
        request.LANGUAGE_CODE = language
