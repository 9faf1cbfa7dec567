"""Writes of the chat and of moderation (issue 13, point 5).

All keyword-only; refusals raise ``ServiceError(code, message, status, field=...)`` and change
nothing (the messages are constants, so tests assert them). People: ``message_post``,
``mute_set``, ``report_create``. Moderators (of the tenant, or superusers): ``message_delete``,
``member_ban``, ``member_unban``, ``member_timeout``, ``report_dismiss``; each writes one
``ModerationAction`` in its transaction. What changes reaches the sockets after commit
(``chat.realtime``).
"""
from __future__ import annotations

import unicodedata
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_

from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import user_can_moderate
from gameplatform.tenants.services import membership_require

from . import realtime, selectors
from .limits import rate_take
from .models import MAX_TEXT_CHARS, ChatMessage, ModerationAction, Mute, Report

Room = ChatMessage.Room
Action = ModerationAction.Action

# Messages for people (gettext at call time: the request's language).
TEXT_MISSING = N_("Field 'text' is required: the message to send.")
TEXT_INVALID = N_("Field 'text' must be text.")
TEXT_EMPTY = N_("Field 'text' is empty: write something first.")
TEXT_TOO_LONG = N_("Field 'text' is limited to {limit} characters; this one has {size}.")
RATE_LIMITED = N_("You are sending messages too fast: wait {seconds} s.")
TIMED_OUT = N_("A moderator timed you out of the chat until {until} (UTC).")
MATCH_NOT_FOUND = N_("No such match in this community.")
USER_NOT_FOUND = N_("Field 'user': nobody of that name is in this community.")
MUTE_SELF = N_("Field 'user': you cannot mute yourself.")
MESSAGE_NOT_FOUND = N_("Field 'message': no such message here.")
REPORT_OWN = N_("Field 'message': you cannot report your own message.")
REASON_INVALID = N_("Field 'reason' must be one of: spam, abuse, cheating, other.")
REPORTS_TOO_FAST = N_("You are sending reports too fast: wait {seconds} s.")
NOT_MODERATOR = N_("Only the community's moderators and owners can do that.")
ACT_ON_SELF = N_("You cannot moderate yourself.")
ACT_ON_STAFF = N_("Only an owner can moderate a moderator, and only a site administrator an owner.")
NOT_IN_TENANT = N_("That person is not a member of this community.")
TIMEOUT_INVALID = N_("Field 'seconds' must be a whole number of seconds from 60 to 30 days.")
REASON_TOO_LONG = N_("Field 'reason' is limited to 200 characters.")

# Kept here and in settings: CHAT_RATE_LIMIT messages per CHAT_RATE_WINDOW_SECONDS per person.
RATE_LIMIT = 5
RATE_WINDOW_SECONDS = 10
REPORT_LIMIT = 10
REPORT_WINDOW_SECONDS = 60
TIMEOUT_MIN_SECONDS = 60
TIMEOUT_MAX_SECONDS = 30 * 24 * 3600


# --- input -------------------------------------------------------------------------------------


def text_clean(text: object) -> str:
    """The message as stored: line breaks as ``\\n``, tabs as spaces, other control and
    format characters (NUL, bidi overrides, zero-width ones) dropped, outer spaces stripped.
    Raises ``invalid_text`` (400, field ``text``) for a non-string, an empty result or one
    over ``MAX_TEXT_CHARS`` characters."""
    if text is None:
        raise ServiceError("missing_field", _(TEXT_MISSING), 400, field="text")
    if not isinstance(text, str):
        raise ServiceError("invalid_text", _(TEXT_INVALID), 400, field="text")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    text = "".join(c for c in text if c == "\n" or unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Co", "Cn"))
    text = text.strip()
    if not text:
        raise ServiceError("invalid_text", _(TEXT_EMPTY), 400, field="text")
    if len(text) > MAX_TEXT_CHARS:
        raise ServiceError("text_too_long", _(TEXT_TOO_LONG).format(limit=MAX_TEXT_CHARS, size=len(text)), 400,
                           field="text")
    return text


def _reason_clean(reason: object) -> str:
    if reason is None:
        return ""
    if not isinstance(reason, str) or len(reason) > 200:
        raise ServiceError("invalid_reason", _(REASON_TOO_LONG), 400, field="reason")
    return reason.strip()


# --- people ------------------------------------------------------------------------------------


def _room_of(*, tenant, user, match_id: int | None) -> tuple[Match | None, str]:
    """The match (None: the lobby) and the room ``user`` writes in; ``match_not_found``
    (404) for a match of another tenant."""
    if match_id is None:
        return None, Room.LOBBY
    match = Match.objects.for_tenant(tenant).filter(pk=match_id).first()
    if match is None:
        raise ServiceError("match_not_found", _(MATCH_NOT_FOUND), 404)
    return match, selectors.room_to_write(player=selectors.is_player(match=match, user=user))


def message_post(*, tenant, user, text: object, match_id: int | None = None) -> ChatMessage:
    """Says ``text`` in ``user``'s room of match ``match_id`` (None: the lobby).

    Checks, in order: membership (``not_member``/``banned``, 403), the match (404), a
    time-out (``timed_out``, 403), the text (``text_clean``, 400), then the rate limit of
    ``CHAT_RATE_LIMIT`` messages per ``CHAT_RATE_WINDOW_SECONDS`` per person across rooms
    (``rate_limited``, 429, with ``retry_after`` seconds in the message). A refused
    message is not stored and not counted. After commit the room's group gets it.
    """
    membership = membership_require(user=user, tenant=tenant)
    match, room = _room_of(tenant=tenant, user=user, match_id=match_id)
    until = selectors.timeout_left(membership)
    if until is not None:
        shown = membership.timeout_until.strftime("%Y-%m-%d %H:%M")
        raise ServiceError("timed_out", _(TIMED_OUT).format(until=shown), 403)
    text = text_clean(text)
    wait = rate_take(scope="chat", key=user.pk, limit=getattr(settings, "CHAT_RATE_LIMIT", RATE_LIMIT),
                     window=getattr(settings, "CHAT_RATE_WINDOW_SECONDS", RATE_WINDOW_SECONDS))
    if wait is not None:
        raise ServiceError("rate_limited", _(RATE_LIMITED).format(seconds=wait), 429)
    with transaction.atomic():
        message = ChatMessage.objects.for_tenant(tenant).create(
            tenant=tenant, match=match, room=room, author=user, text=text
        )
        group = realtime.group_room(tenant_id=tenant.pk, match_id=match.pk if match else None, room=room)
        realtime.after_commit([(group, {"type": "chat.message", "message": selectors.message_public(message),
                                        "author_id": user.pk})])
    return message


def _member_named(*, tenant, username: object) -> Membership:
    if not isinstance(username, str) or not username or len(username) > 150:
        raise ServiceError("user_not_found", _(USER_NOT_FOUND), 404, field="user")
    membership = Membership.objects.filter(tenant=tenant, user__username=username).select_related("user").first()
    if membership is None:
        raise ServiceError("user_not_found", _(USER_NOT_FOUND), 404, field="user")
    return membership


def mute_set(*, tenant, user, username: object, muted: bool) -> list[str]:
    """Mutes (``muted=True``) or unmutes the member ``username`` for ``user`` in ``tenant``;
    returns the usernames ``user`` now mutes. Raises ``user_not_found`` (404, field
    ``user``) for anyone not in the tenant and ``mute_self`` (400). Every socket of
    ``user`` learns the new list after commit (and filters with it)."""
    membership_require(user=user, tenant=tenant)
    target = _member_named(tenant=tenant, username=username).user
    if target.pk == user.pk:
        raise ServiceError("mute_self", _(MUTE_SELF), 400, field="user")
    with transaction.atomic():
        rows = Mute.objects.for_tenant(tenant).filter(user=user, muted=target)
        if muted:
            Mute.objects.for_tenant(tenant).get_or_create(tenant=tenant, user=user, muted=target)
        else:
            rows.delete()
        names = selectors.muted_names(tenant=tenant, user=user)
        ids = sorted(selectors.muted_ids(tenant=tenant, user=user))
        realtime.after_commit([(realtime.group_user(user.pk), {"type": "chat.mutes", "tenant": tenant.pk,
                                                               "muted": names, "muted_ids": ids})])
    return names


def _message_readable(*, tenant, user, message_id: object) -> ChatMessage:
    """The message ``message_id`` if ``user`` may read it now, else ``message_not_found`` (404)."""
    if isinstance(message_id, bool) or not isinstance(message_id, int) or not 0 < message_id < 2**63:
        raise ServiceError("message_not_found", _(MESSAGE_NOT_FOUND), 404, field="message")
    message = (ChatMessage.objects.for_tenant(tenant).filter(pk=message_id, deleted_at__isnull=True)
               .select_related("match").first())
    if message is None:
        raise ServiceError("message_not_found", _(MESSAGE_NOT_FOUND), 404, field="message")
    if message.match is not None:
        player = selectors.is_player(match=message.match, user=user)
        if message.room not in selectors.rooms_visible(player=player, status=message.match.status):
            raise ServiceError("message_not_found", _(MESSAGE_NOT_FOUND), 404, field="message")
    return message


def report_create(*, tenant, user, message_id: object, reason: object) -> Report:
    """Reports a message ``user`` can read to the tenant's moderators; a second report of
    the same message by the same person returns the first. Raises ``message_not_found``
    (404), ``report_own`` (400), ``invalid_reason`` (400, field ``reason``) and
    ``rate_limited`` (429, ``REPORT_LIMIT`` per ``REPORT_WINDOW_SECONDS``)."""
    membership_require(user=user, tenant=tenant)
    if reason not in Report.Reason.values:
        raise ServiceError("invalid_reason", _(REASON_INVALID), 400, field="reason")
    message = _message_readable(tenant=tenant, user=user, message_id=message_id)
    if message.author_id == user.pk:
        raise ServiceError("report_own", _(REPORT_OWN), 400, field="message")
    existing = Report.objects.for_tenant(tenant).filter(message=message, reporter=user).first()
    if existing is not None:
        return existing
    wait = rate_take(scope="report", key=user.pk, limit=REPORT_LIMIT, window=REPORT_WINDOW_SECONDS)
    if wait is not None:
        raise ServiceError("rate_limited", _(REPORTS_TOO_FAST).format(seconds=wait), 429)
    report, _created = Report.objects.for_tenant(tenant).get_or_create(
        tenant=tenant, message=message, reporter=user, defaults={"reason": reason}
    )
    return report


# --- moderators --------------------------------------------------------------------------------


def _check_moderator(*, by, tenant) -> None:
    if by is None or not getattr(by, "is_authenticated", False) or not by.is_active:
        raise ServiceError("not_moderator", _(NOT_MODERATOR), 403)
    if not user_can_moderate(user=by, tenant=tenant):
        raise ServiceError("not_moderator", _(NOT_MODERATOR), 403)


def check_may_sanction(*, by, membership: Membership) -> None:
    """Raises unless ``by`` may ban or time out ``membership``'s person: ``by`` moderates
    the tenant (``not_moderator``, 403) and is not that person (``act_on_self``, 403); a
    moderator acts on players, an owner also on moderators, a superuser on anyone else
    (``act_on_staff``, 403)."""
    _check_moderator(by=by, tenant=membership.tenant)
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


def _log(*, tenant, by, action: str, target=None, message=None, report=None, reason="", until=None):
    return ModerationAction.objects.for_tenant(tenant).create(
        tenant=tenant, actor=by, action=action, target=target, message=message, report=report,
        reason=reason[:200], until=until,
    )


def _resolve_reports(*, tenant, by, message_ids=None, author=None) -> None:
    """Marks the open reports of those messages (or of everything ``author`` said) acted on."""
    qs = Report.objects.for_tenant(tenant).filter(status=Report.Status.OPEN)
    qs = qs.filter(message_id__in=message_ids) if message_ids is not None else qs.filter(message__author=author)
    qs.update(status=Report.Status.RESOLVED, handled_by=by, handled_at=timezone.now())


def message_delete(*, message: ChatMessage, by, reason: object = "", report: Report | None = None) -> ChatMessage:
    """Hides ``message`` from everyone (the row stays for the log), resolves its open reports
    and logs ``delete``; the room's sockets drop it after commit. Raises ``not_moderator``
    (403). Deleting a deleted message changes nothing."""
    reason = _reason_clean(reason)
    tenant = message.tenant
    _check_moderator(by=by, tenant=tenant)
    with transaction.atomic():
        current = ChatMessage.objects.for_tenant(tenant).select_for_update().get(pk=message.pk)
        if current.deleted_at is not None:
            return current
        current.deleted_at, current.deleted_by = timezone.now(), by
        current.save(update_fields=["deleted_at", "deleted_by"])
        _resolve_reports(tenant=tenant, by=by, message_ids=[current.pk])
        _log(tenant=tenant, by=by, action=Action.DELETE, target=current.author, message=current,
             report=report, reason=reason)
        group = realtime.group_room(tenant_id=tenant.pk, match_id=current.match_id, room=current.room)
        realtime.after_commit([(group, {"type": "chat.deleted", "id": current.pk})])
    return current


def _locked(membership: Membership) -> Membership:
    return Membership.objects.select_for_update().select_related("user", "tenant").get(pk=membership.pk)


def member_ban(*, membership: Membership, by, reason: object = "", report: Report | None = None) -> Membership:
    """Bans the member from the tenant (``Membership.banned_at``): the row stays, so an open
    tenant does not re-admit them; every service refuses them (``membership_require``:
    ``banned``); their open reports are resolved, ``ban`` is logged and their sockets of
    this tenant close at once (4403) after commit. Raises as ``check_may_sanction``."""
    reason = _reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        if membership.banned_at is None:
            membership.banned_at = timezone.now()
            membership.save(update_fields=["banned_at"])
        _resolve_reports(tenant=membership.tenant, by=by, author=membership.user)
        _log(tenant=membership.tenant, by=by, action=Action.BAN, target=membership.user, report=report,
             reason=reason)
        realtime.after_commit([revoke_event(user_id=membership.user_id, tenant_id=membership.tenant_id,
                                            code="banned", message=BANNED_SOCKET)])
    return membership


BANNED_SOCKET = N_("You are banned from this community.")
SUSPENDED_SOCKET = N_("This account is suspended.")


def revoke_event(*, user_id: int, tenant_id: int | None, code: str, message: str) -> tuple[str, dict]:
    """The ``(group, event)`` that closes ``user_id``'s sockets (of ``tenant_id``; None: all)."""
    return realtime.group_user(user_id), {"type": "user.revoked", "tenant": tenant_id, "code": code,
                                          "message": message}


def member_unban(*, membership: Membership, by, reason: object = "") -> Membership:
    """Lifts a ban and logs ``unban``. Raises as ``check_may_sanction``."""
    reason = _reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        if membership.banned_at is not None:
            membership.banned_at = None
            membership.save(update_fields=["banned_at"])
        _log(tenant=membership.tenant, by=by, action=Action.UNBAN, target=membership.user, reason=reason)
    return membership


def member_timeout(*, membership: Membership, by, seconds: object, reason: object = "",
                   report: Report | None = None) -> Membership:
    """Keeps the member out of the tenant's chat for ``seconds`` (60 s to 30 days; a later
    time-out replaces an earlier one), resolves their open reports and logs ``timeout``;
    their sockets of this tenant hear it at once. Raises ``invalid_seconds`` (400) and as
    ``check_may_sanction``."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not (
        TIMEOUT_MIN_SECONDS <= seconds <= TIMEOUT_MAX_SECONDS
    ):
        raise ServiceError("invalid_seconds", _(TIMEOUT_INVALID), 400, field="seconds")
    reason = _reason_clean(reason)
    with transaction.atomic():
        membership = _locked(membership)
        check_may_sanction(by=by, membership=membership)
        membership.timeout_until = timezone.now() + timedelta(seconds=seconds)
        membership.save(update_fields=["timeout_until"])
        _resolve_reports(tenant=membership.tenant, by=by, author=membership.user)
        _log(tenant=membership.tenant, by=by, action=Action.TIMEOUT, target=membership.user, report=report,
             reason=reason, until=membership.timeout_until)
        realtime.after_commit([(realtime.group_user(membership.user_id),
                                {"type": "user.timeout", "tenant": membership.tenant_id,
                                 "until": membership.timeout_until.isoformat()})])
    return membership


def report_dismiss(*, report: Report, by, reason: object = "") -> Report:
    """Closes an open report without acting on it and logs ``dismiss``. Raises
    ``not_moderator`` (403)."""
    reason = _reason_clean(reason)
    _check_moderator(by=by, tenant=report.tenant)
    with transaction.atomic():
        current = Report.objects.for_tenant(report.tenant_id).select_for_update().select_related("message").get(
            pk=report.pk)
        if current.status != Report.Status.OPEN:
            return current
        current.status, current.handled_by, current.handled_at = Report.Status.DISMISSED, by, timezone.now()
        current.save(update_fields=["status", "handled_by", "handled_at"])
        _log(tenant=report.tenant, by=by, action=Action.DISMISS, target=current.message.author,
             message=current.message, report=current, reason=reason)
    return current
