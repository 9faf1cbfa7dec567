"""Writes for a person's own settings (issue 13, point 2): preferences and vacation.

Keyword-only; refusals raise ``ServiceError(code, message, 400, field)`` naming the field, and
a refused call changes nothing (every value is checked before anything is written, and the
writes share one transaction).
"""
from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext

from gameplatform.core import events
from gameplatform.core.errors import ServiceError
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import vacation_days_left
from gameplatform.tenants.services import membership_require

from .models import LANGUAGES, Preferences
from .selectors import settings_get

# The furthest ahead a vacation may end (a year's allowance never exceeds 365 days).
VACATION_MAX_AHEAD = datetime.timedelta(days=366)

LANGUAGE_INVALID = "language must be one of: " + ", ".join(code for code, _ in LANGUAGES) + "."
EMAIL_INVALID = "email_notifications must be one of: " + ", ".join(Preferences.Email.values) + "."
BOOLEAN_INVALID = _("{field} must be true or false.")
FIELD_UNKNOWN = _("{field} is not a setting. Settings: {known}.")
VACATION_TYPE = gettext_noop("vacation_until must be a date (YYYY-MM-DD) or null.")
VACATION_PAST = gettext_noop("vacation_until must be today or later (or empty to end a vacation).")
VACATION_FAR = gettext_noop("vacation_until must be within a year from today.")
VACATION_NONE = gettext_noop("This community gives no vacation days.")

SETTINGS_FIELDS = ("language", "colour_blind", "high_contrast", "email_notifications", "browser_notifications", "vacation_until")


def settings_update(*, user, tenant, **changes) -> dict:
    """Changes ``user``'s settings: any of ``language`` ("en", "fr", "sv"), ``colour_blind``
    (bool), ``high_contrast`` (bool), ``email_notifications`` ("every_turn", "daily_digest", "off"),
    ``browser_notifications`` (bool) and ``vacation_until`` (a ``datetime.date`` or None, in
    ``tenant``: see ``vacation_set``); keys left out stay as they are. Returns
    ``selectors.settings_get``'s dict after the change.

    Raises 403 ``not_member`` (``membership_require``) and 400 ``invalid_setting`` with
    ``field`` the first bad key (an unknown key, a wrong value, a vacation beyond the
    allowance); nothing is written then.
    """
    membership = membership_require(user=user, tenant=tenant)
    for key in changes:
        if key not in SETTINGS_FIELDS:
            raise ServiceError("invalid_setting", FIELD_UNKNOWN.format(field=key, known=", ".join(SETTINGS_FIELDS)),
                               400, key)
    values = {}
    if "language" in changes:
        if changes["language"] not in dict(LANGUAGES):
            raise ServiceError("invalid_setting", LANGUAGE_INVALID, 400, "language")
        values["language"] = changes["language"]
    if "email_notifications" in changes:
        if changes["email_notifications"] not in Preferences.Email.values:
            raise ServiceError("invalid_setting", EMAIL_INVALID, 400, "email_notifications")
        values["email_notifications"] = changes["email_notifications"]
    for key in ("colour_blind", "high_contrast", "browser_notifications"):
        if key in changes:
            if not isinstance(changes[key], bool):
                raise ServiceError("invalid_setting", BOOLEAN_INVALID.format(field=key), 400, key)
            values[key] = changes[key]
    with transaction.atomic():
        if "vacation_until" in changes:
            vacation_set(membership=membership, until=changes["vacation_until"])
        if values:
            prefs, _ = Preferences.objects.select_for_update().get_or_create(user=user)
            for key, value in values.items():
                setattr(prefs, key, value)
            prefs.save()
    return settings_get(user=user, tenant=tenant)


def vacation_set(*, membership: Membership, until, today: datetime.date | None = None) -> Membership:
    """Sets (or, with ``until`` None, ends) the member's vacation in the membership's
    community, from ``today`` (default: the site's date) through ``until`` inclusive.

    Days count against the calendar year the vacation is set in (the allowance is
    ``tenant.vacation_days_per_year``): a running vacation is first settled (its days before
    today count as taken, the rest is given back), then the new one reserves
    ``(until - today) + 1`` days. The same end as now (even one past) changes nothing. Raises 400
    ``invalid_setting`` (field ``vacation_until``) for a non-date, a date in the past or more
    than a year ahead, and for more days than are left; nothing is written then. A change
    publishes ``VacationChanged``: the turn flow then reschedules the deadlines of the member's
    correspondence matches here (``matches.vacations.clocks_vacation_changed``).
    """
    today = today or timezone.localdate()
    if until is not None and (not isinstance(until, datetime.date) or isinstance(until, datetime.datetime)):
        raise ServiceError("invalid_setting", VACATION_TYPE, 400, "vacation_until")
    with transaction.atomic():
        m = Membership.objects.select_for_update().select_related("tenant").get(pk=membership.pk)
        if until == m.vacation_until:
            return m  # unchanged (an ended vacation sent back by a form included)
        if until is not None:
            if until < today:
                raise ServiceError("invalid_setting", VACATION_PAST, 400, "vacation_until")
            if until > today + VACATION_MAX_AHEAD:
                raise ServiceError("invalid_setting", VACATION_FAR, 400, "vacation_until")
        _settle(m, today)
        if until is not None:
            days = (until - today).days + 1
            left = vacation_days_left(membership=m, today=today)
            if m.tenant.vacation_days_per_year == 0:
                raise ServiceError("invalid_setting", VACATION_NONE, 400, "vacation_until")
            if days > left:
                raise ServiceError("invalid_setting", _vacation_too_long(days, left), 400, "vacation_until")
            m.vacation_started, m.vacation_until = today, until
        m.save(update_fields=["vacation_until", "vacation_started", "vacation_days_used", "vacation_year"])
        # The vacation pauses the member's correspondence clocks in this community (issue 13):
        # the turn flow's subscriber reschedules them in this transaction.
        events.publish(events.VacationChanged(tenant_id=m.tenant_id, user_id=m.user_id), context={"membership": m})
    membership.__dict__.update({k: getattr(m, k) for k in
                                ("vacation_until", "vacation_started", "vacation_days_used", "vacation_year")})
    return m


def _vacation_too_long(days: int, left: int) -> str:
    """The refusal of a vacation of ``days`` days when ``left`` remain, in the active language
    (each number with its own plural)."""
    asked = ngettext("vacation_until is too far: that is {days} day.", "vacation_until is too far: that is {days} days.",
                     days).format(days=days)
    have = ngettext("You have {left} vacation day left this year.", "You have {left} vacation days left this year.",
                    left).format(left=left)
    return f"{asked} {have}"


def _settle(m: Membership, today: datetime.date) -> None:
    """Moves the days already taken of the running (or past) vacation into
    ``vacation_days_used`` of its year, and clears it; a new year starts from 0 days used.
    Changes ``m`` in memory only."""
    if m.vacation_year != today.year:
        m.vacation_year, m.vacation_days_used = today.year, 0
    if m.vacation_started is not None and m.vacation_until is not None:
        if m.vacation_started.year == today.year:
            end = min(m.vacation_until + datetime.timedelta(days=1), today)
            m.vacation_days_used = min(m.vacation_days_used + max((end - m.vacation_started).days, 0), 32767)
    m.vacation_started = m.vacation_until = None
