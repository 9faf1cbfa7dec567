"""The community's audit trail (issue 27, point 3): ``audit_record`` writes one ``AuditEntry``
in the caller's transaction (the service that acts calls it once per action, so a refused or
undone action leaves no entry); ``audit_list`` reads a community's entries for its moderators
and owners (never another community's).
"""
from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError

from .models import AuditEntry, Tenant
from .selectors import user_can_moderate

Action = AuditEntry.Action
NOT_ALLOWED = N_("Only the community's moderators and owners can read its audit log.")


def audit_record(*, tenant: Tenant, actor, action: str, target=None, subject: str = "", reason: str = "",
                 until=None, details: dict | None = None) -> AuditEntry:
    """Writes one entry: ``action`` (an ``AuditEntry.Action``) by ``actor`` (a user, or None
    for the site itself: a timer, a closing) on ``target`` (a user) and/or ``subject``
    (``"match:12"``); ``reason`` is cut to 200 characters; ``details`` a small JSON object."""
    return AuditEntry.objects.for_tenant(tenant).create(
        tenant=tenant, actor=actor, action=action, target=target, subject=subject[:40],
        reason=(reason or "")[:200], until=until, details=details or {},
    )


def changes_apply(instance, values: dict) -> dict:
    """Sets ``values`` ({field: new}) on ``instance`` (a row locked by the caller) and saves
    the fields that really change; returns them as ``{field: [old, new]}``, the ``details`` of
    an entry (empty: nothing changed, nothing saved)."""
    diff = {f: [getattr(instance, f), v] for f, v in values.items() if getattr(instance, f) != v}
    if diff:
        for field, (_old, new) in diff.items():
            setattr(instance, field, new)
        instance.save(update_fields=list(diff))
    return diff


def audit_list(*, tenant: Tenant, user, action: str | None = None) -> QuerySet[AuditEntry]:
    """``tenant``'s entries, newest first, for ``user`` who must moderate it (moderator,
    owner or site administrator), optionally of one ``action``. Raises ``not_moderator``
    (403) for anyone else."""
    if not user_can_moderate(user=user, tenant=tenant):
        raise ServiceError("not_moderator", _(NOT_ALLOWED), 403)
    qs = AuditEntry.objects.for_tenant(tenant).select_related("actor", "target")
    if action:
        qs = qs.filter(action=action)
    return qs
