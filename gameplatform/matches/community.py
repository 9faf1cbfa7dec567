"""What a community's owner sets for its matches (issue 27, point 2): its rule variants
(create, edit, retire; the options checked by the game's own schema, as the admin does) and
its settings with the lobby's default clock (checked with the lobby's ranges, then
``tenants.settings_service.settings_update``). Each change is recorded once in the audit trail
(``variant_create`` / ``variant_edit`` / ``variant_retire`` with subject ``variant:<id>``,
``settings``; point 3). Keyword-only; refusals raise ``ServiceError`` and change nothing.
"""
from __future__ import annotations

import logging

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.tenants.audit import audit_record, changes_apply
from gameplatform.tenants.models import AuditEntry, Tenant
from gameplatform.tenants.roles import check_owner
from gameplatform.tenants.settings_service import CLOCK_INVALID, CLOCK_KEYS, settings_update
from games.protocol import OptionsError
from games.registry import UnknownGame, get_engine, slugs

from . import clocks
from .models import RuleVariant
from .services import _check_turn_seconds

log = logging.getLogger(__name__)
Action = AuditEntry.Action

VARIANT_FIELDS = ("game", "name", "description", "options")
VARIANT_NOT_FOUND = N_("No such rule variant in this community.")
VARIANT_UNKNOWN_FIELD = N_("Field '{field}' is not a field of a rule variant.")
VARIANT_GAME_INVALID = N_("Field 'game' must be one of: {choices}.")
VARIANT_NAME_INVALID = N_("Field 'name' must be text of 1 to 60 characters.")
VARIANT_DESCRIPTION_INVALID = N_("Field 'description' must be text of at most 200 characters.")
VARIANT_OPTIONS_INVALID = N_("Field 'options' must be a JSON object of the game's options.")
VARIANT_GAME_FIXED = N_("A variant's game does not change: make a new variant instead.")


def variant_get(*, tenant: Tenant, variant_id: object) -> RuleVariant:
    """The community's own variant ``variant_id`` (never a site-wide or another community's
    one); ``variant_not_found`` (404) otherwise."""
    if isinstance(variant_id, bool) or not isinstance(variant_id, int) or not 0 < variant_id < 2**31:
        raise ServiceError("variant_not_found", VARIANT_NOT_FOUND, 404, field="variant")
    variant = RuleVariant.objects.filter(pk=variant_id, tenant=tenant).first()
    if variant is None:
        raise ServiceError("variant_not_found", VARIANT_NOT_FOUND, 404, field="variant")
    return variant


def _check_options(game: str, options: object) -> dict:
    if not isinstance(options, dict):
        raise ServiceError("invalid_options", VARIANT_OPTIONS_INVALID, 400, field="options")
    try:
        get_engine(game).validate_options(options)
    except OptionsError as exc:
        name = f"options.{exc.field}" if exc.field else "options"
        raise ServiceError("invalid_options", engine_text(exc.template, exc.params), 400, field=name)
    except (TypeError, ValueError, KeyError, AttributeError, UnknownGame):
        log.exception("engine %s crashed validating variant options %r", game, options)
        raise ServiceError("invalid_options", VARIANT_OPTIONS_INVALID, 400, field="options")
    return options


def _clean(fields: object, *, creating: bool) -> dict:
    if not isinstance(fields, dict):
        raise ServiceError("unknown_field", _(VARIANT_UNKNOWN_FIELD).format(field="?"), 400)
    for key in fields:
        if key not in VARIANT_FIELDS:
            name = str(key)[:40]
            raise ServiceError("unknown_field", _(VARIANT_UNKNOWN_FIELD).format(field=name), 400, field=name)
    out = dict(fields)
    if creating or "game" in out:
        if out.get("game") not in slugs():
            raise ServiceError("invalid_game", _(VARIANT_GAME_INVALID).format(choices=", ".join(slugs())), 400,
                               field="game")
    if creating or "name" in out:
        name = out.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 60:
            raise ServiceError("invalid_name", VARIANT_NAME_INVALID, 400, field="name")
        out["name"] = name.strip()
    if "description" in out:
        if not isinstance(out["description"], str) or len(out["description"]) > 200:
            raise ServiceError("invalid_description", VARIANT_DESCRIPTION_INVALID, 400, field="description")
        out["description"] = out["description"].strip()
    return out


def variant_create(*, tenant: Tenant, by, fields: object) -> RuleVariant:
    """A new rule variant of the community: ``fields`` {game, name, description?, options?}.
    Raises ``not_owner`` (403), ``unknown_field`` / ``invalid_<field>`` (400, naming it)."""
    check_owner(by=by, tenant=tenant)
    data = _clean(fields, creating=True)
    options = _check_options(data["game"], data.get("options", {}))
    with transaction.atomic():
        variant = RuleVariant.objects.create(tenant=tenant, game=data["game"], name=data["name"],
                                             description=data.get("description", ""), options=options)
        audit_record(tenant=tenant, actor=by, action=Action.VARIANT_CREATE, subject=f"variant:{variant.pk}",
                     details={"game": variant.game, "name": variant.name, "options": options})
    return variant


def variant_edit(*, tenant: Tenant, by, variant_id: object, fields: object) -> RuleVariant:
    """Changes the name, description or options of the community's variant (not its game);
    records ``variant_edit`` with ``{field: [old, new]}`` when something changed. Raises
    ``not_owner`` (403), ``variant_not_found`` (404), ``game_fixed`` / ``invalid_<field>``
    (400)."""
    check_owner(by=by, tenant=tenant)
    variant = variant_get(tenant=tenant, variant_id=variant_id)
    data = _clean(fields, creating=False)
    if "game" in data and data["game"] != variant.game:
        raise ServiceError("game_fixed", VARIANT_GAME_FIXED, 400, field="game")
    data.pop("game", None)
    if "options" in data:
        _check_options(variant.game, data["options"])
    with transaction.atomic():
        current = RuleVariant.objects.select_for_update().get(pk=variant.pk)
        diff = changes_apply(current, data)
        if diff:
            audit_record(tenant=tenant, actor=by, action=Action.VARIANT_EDIT, subject=f"variant:{current.pk}",
                         details={"name": current.name, **diff})
    return current


def variant_retire(*, tenant: Tenant, by, variant_id: object) -> RuleVariant:
    """Takes the variant off the lobby (``is_active`` False; matches played with it keep it).
    Records ``variant_retire`` once (retiring a retired variant changes nothing). Raises
    ``not_owner`` (403), ``variant_not_found`` (404)."""
    check_owner(by=by, tenant=tenant)
    variant = variant_get(tenant=tenant, variant_id=variant_id)
    with transaction.atomic():
        current = RuleVariant.objects.select_for_update().get(pk=variant.pk)
        if current.is_active:
            current.is_active = False
            current.save(update_fields=["is_active"])
            audit_record(tenant=tenant, actor=by, action=Action.VARIANT_RETIRE, subject=f"variant:{current.pk}",
                         details={"game": current.game, "name": current.name})
    return current


def default_clock_clean(value: object) -> dict:
    """The lobby's default clock as stored on ``Tenant.default_clock``: ``{"time_control",
    and its fields}`` checked with the lobby's ranges (``clocks.time_control_check``); {} for
    None or {} (the lobby's own defaults). Raises 400 naming ``default_clock.<field>``."""
    if value in (None, {}):
        return {}
    if not isinstance(value, dict) or not set(value) <= set(CLOCK_KEYS):
        raise ServiceError("invalid_default_clock", _(CLOCK_INVALID).format(keys=", ".join(CLOCK_KEYS)), 400,
                           field="default_clock")
    try:
        _check_turn_seconds(value.get("turn_seconds"))
        checked = clocks.time_control_check(
            time_control=value.get("time_control"), turn_seconds=value.get("turn_seconds"),
            bank_minutes=value.get("bank_minutes"), increment_seconds=value.get("increment_seconds"),
            days_per_move=value.get("days_per_move"))
    except ServiceError as exc:
        exc.field = f"default_clock.{exc.field}" if exc.field else "default_clock"
        raise
    return {k: v for k, v in checked.items() if v is not None}


def community_settings_update(*, tenant: Tenant, by, changes: object, reason: str = "") -> Tenant:
    """``tenants.settings_service.settings_update`` with the default clock checked first
    (``default_clock_clean``); same errors, ``not_owner`` (403) before any input check."""
    check_owner(by=by, tenant=tenant)
    if isinstance(changes, dict) and "default_clock" in changes:
        changes = {**changes, "default_clock": default_clock_clean(changes["default_clock"])}
    return settings_update(tenant=tenant, by=by, changes=changes, reason=reason)
