"""Moderating a community's members: bans, lifting them, chat time-outs (issue 13; issue 25,
point 3: the community's own moderation lives with the community).

Who may act on whom (``check_may_sanction``): a moderator acts on players, an owner also on
moderators, a site administrator on anyone else; nobody on themselves. Each action changes
the ``Membership`` in one transaction and publishes its event there (``core.events``:
``MemberBanned``, ``MemberUnbanned``, ``MemberTimedOut``, with the membership and the
moderator in the context): the chat subscribes to log it in the audit log, resolve the person's reports and
tell their sockets (closing them on a ban) after commit.
"""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core import events
from gameplatform.core.errors import ServiceError

from .models import Membership
from .selectors import user_can_moderate

NOT_MODERATOR = N_("Only the community's moderators and owners can do that.")
ACT_ON_SELF = N_("You cannot moderate yourself.")
ACT_ON_STAFF = N_("Only an owner can moderate a moderator, and only a site administrator an owner.")
TIMEOUT_INVALID = N_("Field 'seconds' must be a whole number of seconds from 60 to 30 days.")
REASON_TOO_LONG = N_("Field 'reason' is limited to 200 characters.")
TIMEOUT_MIN_SECONDS = 60
TIMEOUT_MAX_SECONDS = 30 * 24 * 3600
REASON_MAX_CHARS = 200


def reason_clean(reason: object) -> str:
    """A moderator's reason as stored (stripped; "" for None). Raises ``invalid_reason``
    (400, field ``reason``) for a non-string or one over ``REASON_MAX_CHARS``."""
    if reason is None:
        return ""
    if not isinstance(reason, str) or len(reason) > REASON_MAX_CHARS:
        raise ServiceError("invalid_reason", _(REASON_TOO_LONG), 400, field="reason")
    return reason.strip()


def check_moderator(*, by, tenant) -> None:
    """Raises ``not_moderator`` (403) unless ``by`` is an active moderator or owner of
    ``tenant`` (or a site administrator)."""
    if by is None or not getattr(by, "is_authenticated", False) or not by.is_active:
        raise ServiceError("not_moderator", _(NOT_MODERATOR), 403)
    if not user_can_moderate(user=by, tenant=tenant):
        raise ServiceError("not_moderator", _(NOT_MODERATOR), 403)


def check_may_sanction(*, by, membership: Membership) -> None:
    """Raises unless ``by`` may ban or time out ``membership``'s person: ``by`` moderates
    the tenant (``not_moderator``, 403) and is not that person (``act_on_self``, 403); a
    moderator acts on players, an owner also on moderators, a superuser on anyone else
    (``act_on_staff``, 403)."""
    check_moderator(by=by, tenant=membership.tenant)
    target = membership.user
    if target.pk == by.pk:
        raise ServiceError("act_on_self", _(ACT_ON_SELF), 403)
    if by.is_superuser:
        return
    Role = Membership.Role
    if target.is_superuser or membership.role == Role.OWNER:
        raise ServiceError("act_on_staff", _(ACT_ON_STAFF), 403)
    if membership.role == Role.MODERATOR:
        owner = Membership.objects.filter(user=by, tenant=membership.tenant, role=Role.OWNER,
                                          banned_at__isnull=True).exists()
        if not owner:
            raise ServiceError("act_on_staff", _(ACT_ON_STAFF), 403)


def _locked(membership: Membership) -> Membership:
    return Membership.objects.select_for_update().select_related("user", "tenant").get(pk=membership.pk)


def _publish(event: events.MemberEvent, membership: Membership, by) -> None:
    events.publish(event, context={"membership": membership, "by": by})


def member_ban(*, membership: Membership, by, reason: object = "", report_id: int | None = None) -> Membership:
    """Bans the member from the tenant (``Membership.banned_at``): the row stays, so an open
    tenant does not re-admit them; every service refuses them (``membership_require``:
    ``banned``). Publishes ``MemberBanned`` (``report_id``: the chat report acted on): the
    chat logs ``ban``, resolves their open reports and closes their sockets of this tenant
    at once (4403) after commit. Raises as ``check_may_sanction`` and ``reason_clean``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        if membership.banned_at is None:
            membership.banned_at = timezone.now()
            membership.save(update_fields=["banned_at"])
        _publish(events.MemberBanned(tenant_id=membership.tenant_id, user_id=membership.user_id, by_id=by.pk,
                                     reason=reason, report_id=report_id), membership, by)
    return membership


def member_unban(*, membership: Membership, by, reason: object = "") -> Membership:
    """Lifts a ban and publishes ``MemberUnbanned`` (logged ``unban``). Raises as
    ``check_may_sanction``."""
    reason = reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        if membership.banned_at is not None:
            membership.banned_at = None
            membership.save(update_fields=["banned_at"])
        _publish(events.MemberUnbanned(tenant_id=membership.tenant_id, user_id=membership.user_id, by_id=by.pk,
                                       reason=reason), membership, by)
    return membership


def member_timeout(*, membership: Membership, by, seconds: object, reason: object = "",
                   report_id: int | None = None) -> Membership:
    """Keeps the member out of the tenant's chat for ``seconds`` (60 s to 30 days; a later
    time-out replaces an earlier one) and publishes ``MemberTimedOut``: the chat resolves
    their open reports, logs ``timeout`` and tells their sockets of this tenant at once.
    Raises ``invalid_seconds`` (400) and as ``check_may_sanction``."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not (
        TIMEOUT_MIN_SECONDS <= seconds <= TIMEOUT_MAX_SECONDS
    ):
        raise ServiceError("invalid_seconds", _(TIMEOUT_INVALID), 400, field="seconds")
    reason = reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        membership.timeout_until = timezone.now() + timedelta(seconds=seconds)
        membership.save(update_fields=["timeout_until"])
        _publish(events.MemberTimedOut(tenant_id=membership.tenant_id, user_id=membership.user_id, by_id=by.pk,
                                       until=membership.timeout_until.isoformat(), reason=reason,
                                       report_id=report_id), membership, by)
    return membership
