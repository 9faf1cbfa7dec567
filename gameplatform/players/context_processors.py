from django.utils.functional import SimpleLazyObject

from .selectors import preferences_get


def preferences(request):
    """Puts ``preferences`` (the signed-in person's ``players.Preferences``, defaults for
    anyone else) in every template context, read only when a template uses it."""
    return {"preferences": SimpleLazyObject(lambda: preferences_get(getattr(request, "user", None)))}
