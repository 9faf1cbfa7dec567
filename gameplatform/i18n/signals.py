"""Signing in switches the rest of that request to the person's stored language, so what it
says ("Successfully signed in as …", the page it redirects to) is in their language already."""
from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation

from .middleware import stored_language


@receiver(user_logged_in, dispatch_uid="hexagora.i18n.language_on_login")
def language_on_login(sender, request, user, **kwargs) -> None:
    """Activates ``user``'s stored language (``Preferences.language``) for the request that
    signs them in; nothing for a person who never chose one."""
    language = stored_language(user)
    if language and request is not None:
        translation.activate(language)
        request.LANGUAGE_CODE = language
