"""The chat's subscribers (``core.events``): what a community's moderation means for its chat
(the audit log, the person's reports, their sockets), in the moderation's transaction."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth import get_user_model

from gameplatform.core import events
from gameplatform.core.personal import export_section_register
from gameplatform.tenants.models import Membership

from . import personal, services


def _membership(event: events.MemberEvent, context: Mapping[str, Any]) -> Membership:
    membership = context.get("membership")
    if membership is None:
        membership = Membership.objects.select_related("user", "tenant").get(
            tenant_id=event.tenant_id, user_id=event.user_id)
    return membership


def _by(event, context: Mapping[str, Any]):
    by = context.get("by")
    if by is None and event.by_id is not None:
        by = get_user_model().objects.filter(pk=event.by_id).first()
    return by


def banned(event: events.MemberBanned, context: Mapping[str, Any]) -> None:
    services.member_banned(membership=_membership(event, context), by=_by(event, context), reason=event.reason,
                           report_id=event.report_id)


def unbanned(event: events.MemberUnbanned, context: Mapping[str, Any]) -> None:
    services.member_unbanned(membership=_membership(event, context), by=_by(event, context), reason=event.reason)


def timed_out(event: events.MemberTimedOut, context: Mapping[str, Any]) -> None:
    services.member_timed_out(membership=_membership(event, context), by=_by(event, context), reason=event.reason,
                              report_id=event.report_id)


def subscribe() -> None:
    """Called once from ``ChatConfig.ready``."""
    events.subscribe(events.MemberBanned, banned, phase=events.IN_TRANSACTION)
    events.subscribe(events.MemberUnbanned, unbanned, phase=events.IN_TRANSACTION)
    events.subscribe(events.MemberTimedOut, timed_out, phase=events.IN_TRANSACTION)
    # Issue 27, point 5: "Download my data" and "Delete my account".
    export_section_register("chat_messages", personal.chat_section)
    events.subscribe(events.AccountDeleted, personal.account_deleted, phase=events.IN_TRANSACTION)
