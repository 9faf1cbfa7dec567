"""Reads for players: their preferences and their settings page (a player's profile in a
community is the site's: ``web.profiles``)."""
from __future__ import annotations

from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import vacation_days_left

from .models import Preferences


def preferences_get(user) -> Preferences:
    """``user``'s stored preferences, or an unsaved ``Preferences`` with the defaults (for a
    person who never changed them, or anyone signed out). Never writes."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Preferences()
    try:
        return user.preferences
    except Preferences.DoesNotExist:
        return Preferences(user=user)


def settings_get(*, user, tenant) -> dict:
    """``user``'s settings as the settings page and ``/api/v1/settings/`` show them::

        {"language": "en", "colour_blind": false, "high_contrast": false, "email_notifications": "every_turn",
         "browser_notifications": false, "vacation_until": date | None,
         "vacation_days_per_year": 14, "vacation_days_left": 14}

    The vacation fields are those of ``tenant`` (None and 0 without a membership there)."""
    prefs = preferences_get(user)
    membership = Membership.objects.filter(user=user, tenant=tenant).select_related("tenant").first()
    return {
        "language": prefs.language,
        "colour_blind": prefs.colour_blind,
        "high_contrast": prefs.high_contrast,
        "email_notifications": prefs.email_notifications,
        "browser_notifications": prefs.browser_notifications,
        "vacation_until": membership.vacation_until if membership else None,
        "vacation_days_per_year": tenant.vacation_days_per_year if tenant is not None else 0,
        "vacation_days_left": vacation_days_left(membership=membership) if membership else 0,
    }
