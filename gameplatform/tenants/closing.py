"""Closing a community (issue 27, point 4): the owner asks, members get a notice, the site
closes it at the notice's end and deletes it once the retention period is over; site staff
restore it before then.

The dates live on ``Tenant``: ``closing_at`` (asked), ``closes_at`` (= ``closing_at`` +
``COMMUNITY_CLOSE_NOTICE_DAYS``: matches in progress then are aborted without a result, by
``matches.closing.closings_sweep``, which calls ``community_mark_closed``), ``closed_at`` and
``purge_at`` (= ``closes_at`` + ``COMMUNITY_RETENTION_DAYS``: ``purge_sweep`` deletes the
community and, by cascade, everything it owns). A community is *closing* from ``closing_at``
to ``closes_at`` and *closed* after: ``tenant_check_open`` refuses new matches, starts,
joining and chat in either state.

All keyword-only; refusals raise ``ServiceError(code, message, status)``.
"""
from __future__ import annotations

import datetime
import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError

from .audit import audit_record
from .models import AuditEntry, Membership, Tenant

log = logging.getLogger(__name__)

NOT_OWNER = N_("Only the community's owner (or site staff) can close it.")
NOT_STAFF = N_("Only site staff can restore a closed community.")
ALREADY_CLOSING = N_("This community is already closing.")
NOT_CLOSING = N_("This community is not closing.")
ALREADY_CLOSED = N_("This community is closed: only site staff can restore it.")
PURGED = N_("This community's retention period is over: it can no longer be restored.")
CLOSING_REFUSED = N_("This community is closing: no new match can be created, started or joined.")
CLOSED_REFUSED = N_("This community is closed: nothing new can happen in it.")
NOTICE_INVALID = N_("notice_days must be a whole number of days from 0 to 365.")


def notice_days_default() -> int:
    """``COMMUNITY_CLOSE_NOTICE_DAYS`` (7 by default)."""
    return int(getattr(settings, "COMMUNITY_CLOSE_NOTICE_DAYS", 7))


def retention_days() -> int:
    """``COMMUNITY_RETENTION_DAYS`` (90 by default): how long a closed community stays readable."""
    return int(getattr(settings, "COMMUNITY_RETENTION_DAYS", 90))


def closing_dates(*, now: datetime.datetime | None = None, notice_days: int | None = None) -> dict:
    """The dates a closing asked at ``now`` would set: ``{"closing_at", "closes_at",
    "purge_at"}`` (what the close page shows before the owner confirms)."""
    now = now or timezone.now()
    days = notice_days_default() if notice_days is None else notice_days
    closes_at = now + datetime.timedelta(days=days)
    return {"closing_at": now, "closes_at": closes_at,
            "purge_at": closes_at + datetime.timedelta(days=retention_days())}


def tenant_state(tenant: Tenant | None) -> str:
    """"open", "closing" (notice running) or "closed"."""
    if tenant is None or tenant.closing_at is None:
        return "open"
    if tenant.closed_at is not None or (tenant.closes_at is not None and tenant.closes_at <= timezone.now()):
        return "closed"
    return "closing"


def _fresh_state(tenant: Tenant | None) -> str:
    """``tenant_state`` from the row as stored now: a socket's or a page's ``Tenant`` may be
    older than the closing."""
    if tenant is None or tenant.pk is None:
        return "open"
    fresh = Tenant.objects.filter(pk=tenant.pk).only("closing_at", "closes_at", "closed_at").first()
    return tenant_state(fresh)


def tenant_check_open(tenant: Tenant | None) -> None:
    """Raises 409 ``community_closing`` during the notice and 409 ``community_closed`` after
    it: no new match, no start, no joining (of the community or a match)."""
    state = _fresh_state(tenant)
    if state == "closing":
        raise ServiceError("community_closing", CLOSING_REFUSED, 409)
    if state == "closed":
        raise ServiceError("community_closed", CLOSED_REFUSED, 409)


def tenant_check_not_closed(tenant: Tenant | None) -> None:
    """Raises 409 ``community_closed`` once the notice is over (the chat: people may still
    talk during the notice)."""
    if _fresh_state(tenant) == "closed":
        raise ServiceError("community_closed", CLOSED_REFUSED, 409)


def user_can_close(*, user, tenant: Tenant) -> bool:
    """An active owner of ``tenant`` (not banned), or active site staff (``is_staff`` without
    a moderator's or owner's role there is not enough: only superusers count as site staff)."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(user=user, tenant=tenant, role=Membership.Role.OWNER,
                                     banned_at__isnull=True).exists()


def _locked(tenant: Tenant) -> Tenant:
    return Tenant.objects.select_for_update().get(pk=tenant.pk)


def community_close(*, tenant: Tenant, by, notice_days: int | None = None, reason: str = "") -> Tenant:
    """Starts closing ``tenant`` (point 4): sets ``closing_at`` now, ``closes_at`` after
    ``notice_days`` (None: ``COMMUNITY_CLOSE_NOTICE_DAYS``; 0: at the next sweep) and
    ``purge_at`` ``COMMUNITY_RETENTION_DAYS`` later; records the audit entry ``close``.
    Raises 403 ``not_owner`` unless ``by`` is an owner of ``tenant`` or a superuser, 400
    ``invalid_notice_days`` (field ``notice_days``), 409 ``already_closing``."""
    if not user_can_close(user=by, tenant=tenant):
        raise ServiceError("not_owner", NOT_OWNER, 403)
    if notice_days is not None and (isinstance(notice_days, bool) or not isinstance(notice_days, int)
                                    or not 0 <= notice_days <= 365):
        raise ServiceError("invalid_notice_days", NOTICE_INVALID, 400, field="notice_days")
    with transaction.atomic():
        tenant = _locked(tenant)
        if tenant.closing_at is not None:
            raise ServiceError("already_closing", ALREADY_CLOSING, 409)
        dates = closing_dates(notice_days=notice_days)
        for key, value in dates.items():
            setattr(tenant, key, value)
        tenant.closed_at = None
        tenant.save(update_fields=[*dates, "closed_at"])
        audit_record(tenant=tenant, actor=by, action=AuditEntry.Action.CLOSE, reason=reason,
                     until=tenant.closes_at, details={"closes_at": tenant.closes_at.isoformat(),
                                                      "purge_at": tenant.purge_at.isoformat()})
    return tenant


def community_close_cancel(*, tenant: Tenant, by) -> Tenant:
    """The owner changes their mind during the notice: the dates are cleared (audit entry
    ``restore`` with ``{"cancelled": true}``). Raises 403 ``not_owner``, 409 ``not_closing``
    (nothing to cancel) and 409 ``already_closed`` (after ``closes_at``: staff restore)."""
    if not user_can_close(user=by, tenant=tenant):
        raise ServiceError("not_owner", NOT_OWNER, 403)
    with transaction.atomic():
        tenant = _locked(tenant)
        state = tenant_state(tenant)
        if state == "open":
            raise ServiceError("not_closing", NOT_CLOSING, 409)
        if state == "closed" and not by.is_superuser:
            raise ServiceError("already_closed", ALREADY_CLOSED, 409)
        _clear(tenant)
        audit_record(tenant=tenant, actor=by, action=AuditEntry.Action.RESTORE, details={"cancelled": True})
    return tenant


def community_restore(*, tenant: Tenant, by) -> Tenant:
    """Site staff (superusers) restore a closing or closed community before ``purge_at``:
    the dates are cleared and the audit entry ``restore`` recorded (its aborted matches stay
    aborted). Raises 403 ``not_staff``, 409 ``not_closing`` and 410 ``purged`` (too late)."""
    if by is None or not getattr(by, "is_superuser", False) or not by.is_active:
        raise ServiceError("not_staff", NOT_STAFF, 403)
    with transaction.atomic():
        tenant = _locked(tenant)
        if tenant.closing_at is None:
            raise ServiceError("not_closing", NOT_CLOSING, 409)
        if tenant.purge_at is not None and tenant.purge_at <= timezone.now():
            raise ServiceError("purged", PURGED, 410)
        was_closed = tenant.closed_at is not None
        _clear(tenant)
        audit_record(tenant=tenant, actor=by, action=AuditEntry.Action.RESTORE, details={"was_closed": was_closed})
    return tenant


def _clear(tenant: Tenant) -> None:
    tenant.closing_at = tenant.closes_at = tenant.closed_at = tenant.purge_at = None
    tenant.save(update_fields=["closing_at", "closes_at", "closed_at", "purge_at"])


def tenants_due_to_close(*, now: datetime.datetime | None = None):
    """The communities whose notice is over and that are not marked closed yet (the sweep's)."""
    return Tenant.objects.filter(closes_at__lte=now or timezone.now(), closed_at__isnull=True,
                                 closing_at__isnull=False).order_by("closes_at")


def community_mark_closed(*, tenant_id: int, aborted: list[int]) -> bool:
    """Sets ``closed_at`` once the matches in progress were aborted (``aborted``: their ids;
    each abort wrote its own audit entry ``match_abort`` of the site). False when the
    community was restored (or already closed) meanwhile."""
    with transaction.atomic():
        tenant = Tenant.objects.select_for_update().filter(pk=tenant_id).first()
        if tenant is None or tenant.closed_at is not None or tenant.closes_at is None:
            return False
        if tenant.closes_at > timezone.now():
            return False
        tenant.closed_at = timezone.now()
        tenant.save(update_fields=["closed_at"])
    return True


def purge_sweep(*, now: datetime.datetime | None = None) -> int:
    """Deletes every closed community whose ``purge_at`` has passed (with everything it owns:
    matches, replays, chat, ratings, memberships, audit log, by the database's cascade);
    returns how many. The periodic sweep's part "community-purge"."""
    now = now or timezone.now()
    done = 0
    for tenant in Tenant.objects.filter(purge_at__lte=now, closed_at__isnull=False):
        with transaction.atomic():
            locked = Tenant.objects.select_for_update().filter(pk=tenant.pk, purge_at__lte=now,
                                                             closed_at__isnull=False).first()
            if locked is None:
                continue
            log.info("community %s (%s) purged", locked.pk, locked.slug)
            locked.delete()
            done += 1
    return done
