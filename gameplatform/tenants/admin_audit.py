"""The Django admin's changes in the community's audit trail (issue 27, point 3: every action
recorded once, wherever it is made): a role changed or a member removed on the members' pages,
the community's settings changed, an invitation made or deleted, a rule variant saved. The
admin saves in one transaction per request, so these entries go with the change."""
from __future__ import annotations

from .audit import audit_record
from .models import AuditEntry, Invitation, Membership, Tenant

Action = AuditEntry.Action
SETTINGS_FIELDS = ("name", "description", "is_open", "language", "vacation_days_per_year", "games",
                   "default_clock", "slug", "domain")


def _plain(value):
    return value if isinstance(value, (str, int, float, bool, list, dict, type(None))) else str(value)


def record_role_form(*, by, form) -> None:
    """A membership's role changed in ``form`` (a change form or an inline row)."""
    if not form.instance.pk or "role" not in form.changed_data:
        return
    old, new = form.initial.get("role"), form.cleaned_data.get("role")
    if old != new:
        membership = form.instance
        audit_record(tenant=membership.tenant, actor=by, action=Action.ROLE, target=membership.user,
                     details={"role": [old, new]}, reason="admin")


def record_removal(*, by, membership: Membership) -> None:
    """A membership deleted in the admin."""
    audit_record(tenant=membership.tenant, actor=by, action=Action.MEMBER_REMOVE, target=membership.user,
                 details={"role": membership.role}, reason="admin")


def record_settings_form(*, by, form) -> None:
    """The community's own fields changed on its admin page: ``{field: [old, new]}``."""
    tenant: Tenant = form.instance
    changed = [f for f in form.changed_data if f in SETTINGS_FIELDS]
    if not tenant.pk or not changed:
        return
    details = {f: [_plain(form.initial.get(f)), _plain(form.cleaned_data.get(f))] for f in changed}
    audit_record(tenant=tenant, actor=by, action=Action.SETTINGS, details=details, reason="admin")


def record_invitation(*, by, invitation: Invitation, made: bool) -> None:
    """An invitation code made or deleted in the admin."""
    audit_record(tenant=invitation.tenant, actor=by,
                 action=Action.INVITATION_CREATE if made else Action.INVITATION_REVOKE,
                 subject=f"invitation:{invitation.pk}", details={"code": invitation.code[:4] + "…"}, reason="admin")


def record_variant_form(*, by, form, created: bool) -> None:
    """A community's rule variant saved in the admin (a site-wide one has no community log):
    made, retired (``is_active`` turned off) or edited."""
    variant = form.instance
    if variant.tenant_id is None:
        return
    if created:
        action = Action.VARIANT_CREATE
    elif "is_active" in form.changed_data and not variant.is_active:
        action = Action.VARIANT_RETIRE
    elif form.changed_data:
        action = Action.VARIANT_EDIT
    else:
        return
    details = {f: [_plain(form.initial.get(f)), _plain(form.cleaned_data.get(f))] for f in form.changed_data
               if f != "tenant"} if not created else {"game": variant.game, "name": variant.name}
    audit_record(tenant=variant.tenant, actor=by, action=action, subject=f"variant:{variant.pk}",
                 details=details, reason="admin")
