"""The language chooser's endpoint (``/i18n/setlang/``, URL name ``set_language``)."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseBadRequest
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from .language import LANGUAGE_CODES
from .models import Preferences

LANGUAGE_UNKNOWN = "language must be one of: {codes}."


@require_POST
def language_set(request):
    """POST ``language`` (en, fr or sv) and optionally ``next`` (a local URL): Django's
    ``set_language`` sets the ``django_language`` cookie and redirects to ``next`` (or back);
    a signed-in person's choice is saved in ``Preferences.language`` too, so it follows them
    to other devices. An unknown code is a 400 naming the field, and nothing is saved."""
    language = request.POST.get("language", "")
    if language not in LANGUAGE_CODES:
        codes = ", ".join(code for code, _name in settings.LANGUAGES)
        return HttpResponseBadRequest(_(LANGUAGE_UNKNOWN).format(codes=codes), content_type="text/plain")
    response = set_language(request)
    user = request.user
    if user.is_authenticated:
        Preferences.objects.update_or_create(user=user, defaults={"language": language})
    return response
