"""A community's settings changed by its owner (issue 27, point 2): name, description, open or
invite-only, language, vacation days per year, the games on offer and the lobby's default
clock, and whether any member may create a tournament (issue 28); each change recorded once in
the audit trail (``settings``, details ``{field: [old, new]}``; point 3).

The default clock's ranges are the lobby's (``matches.clocks``, a layer above): callers go
through ``matches.community.community_settings_update``, which checks them and calls
``settings_update`` here; this module checks the clock's shape only.
"""
from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError
from games.registry import slugs

from .audit import audit_record, changes_apply
from .models import AuditEntry, Tenant
from .roles import check_owner

FIELDS = ("name", "description", "is_open", "language", "vacation_days_per_year", "games", "default_clock",
          "tournaments_by_members")
CLOCK_KEYS = ("time_control", "turn_seconds", "bank_minutes", "increment_seconds", "days_per_move")
NAME_MAX, DESCRIPTION_MAX, VACATION_MAX = 80, 2000, 365

UNKNOWN_FIELD = N_("Field '{field}' is not a setting of the community.")
NAME_INVALID = N_("Field 'name' must be text of 1 to 80 characters.")
DESCRIPTION_INVALID = N_("Field 'description' must be text of at most 2000 characters.")
IS_OPEN_INVALID = N_("Field 'is_open' must be true (open) or false (invite-only).")
TOURNAMENTS_INVALID = N_("Field 'tournaments_by_members' must be true (any member) or false (moderators only).")
LANGUAGE_INVALID = N_("Field 'language' must be one of: {choices}.")
VACATION_INVALID = N_("Field 'vacation_days_per_year' must be a whole number of days from 0 to 365.")
GAMES_INVALID = N_("Field 'games' must be a list of games of the site: {choices} (none: every game).")
CLOCK_INVALID = N_("Field 'default_clock' must be an object with: {keys}.")


def _fail(code: str, message: str, name: str, **params) -> ServiceError:
    return ServiceError(code, _(message).format(**params), 400, field=name)


def _clean_games(value: object) -> list[str]:
    known = slugs()
    if not isinstance(value, list) or not all(isinstance(g, str) and g in known for g in value):
        raise _fail("invalid_games", GAMES_INVALID, "games", choices=", ".join(known))
    return sorted(set(value), key=list(known).index)


def _clean_clock(value: object) -> dict:
    ok = isinstance(value, dict) and set(value) <= set(CLOCK_KEYS) and all(
        v is None or isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in value.values())
    if not ok:
        raise _fail("invalid_default_clock", CLOCK_INVALID, "default_clock", keys=", ".join(CLOCK_KEYS))
    return {k: v for k, v in value.items() if v is not None}


def clean_value(field: str, value: object):
    """``value`` of setting ``field`` as stored; raises ``invalid_<field>`` (400, naming it)."""
    if field == "name":
        if not isinstance(value, str) or not value.strip() or len(value.strip()) > NAME_MAX:
            raise _fail("invalid_name", NAME_INVALID, field)
        return value.strip()
    if field == "description":
        if not isinstance(value, str) or len(value) > DESCRIPTION_MAX:
            raise _fail("invalid_description", DESCRIPTION_INVALID, field)
        return value.strip()
    if field == "is_open":
        if not isinstance(value, bool):
            raise _fail("invalid_is_open", IS_OPEN_INVALID, field)
        return value
    if field == "tournaments_by_members":
        if not isinstance(value, bool):
            raise _fail("invalid_tournaments_by_members", TOURNAMENTS_INVALID, field)
        return value
    if field == "language":
        codes = [code for code, _name in settings.LANGUAGES]
        if value not in codes:
            raise _fail("invalid_language", LANGUAGE_INVALID, field, choices=", ".join(codes))
        return value
    if field == "vacation_days_per_year":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= VACATION_MAX:
            raise _fail("invalid_vacation_days_per_year", VACATION_INVALID, field)
        return value
    if field == "games":
        return _clean_games(value)
    return _clean_clock(value)


def settings_update(*, tenant: Tenant, by, changes: object, reason: str = "") -> Tenant:
    """Applies ``changes`` ({setting: value}, any of ``FIELDS``) for the owner ``by``; records
    one ``settings`` entry with ``{field: [old, new]}`` of what really changed (none when
    nothing did). Raises ``not_owner`` (403), ``unknown_field`` (400) and ``invalid_<field>``
    (400, naming the field); a refusal changes nothing."""
    check_owner(by=by, tenant=tenant)
    if not isinstance(changes, dict):
        raise _fail("unknown_field", UNKNOWN_FIELD, "settings", field="?")
    for field in changes:
        if field not in FIELDS:
            raise _fail("unknown_field", UNKNOWN_FIELD, str(field)[:40], field=str(field)[:40])
    cleaned = {field: clean_value(field, value) for field, value in changes.items()}
    with transaction.atomic():
        current = Tenant.objects.select_for_update().get(pk=tenant.pk)
        diff = changes_apply(current, cleaned)
        if diff:
            audit_record(tenant=current, actor=by, action=AuditEntry.Action.SETTINGS, reason=reason, details=diff)
    return current
