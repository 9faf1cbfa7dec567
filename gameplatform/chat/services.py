"""Writes of the chat and of moderation (issue 13, point 5).

All keyword-only; refusals raise ``ServiceError(code, message, status, field=...)`` and change
nothing (the messages are constants, so tests assert them). People: ``message_post``,
``mute_set``, ``report_create``. Moderators (of the tenant, or superusers): ``message_delete``,
``member_ban``, ``member_unban``, ``member_timeout``, ``report_dismiss``; each writes one
audit entry (``tenants.audit``) in its transaction. What changes reaches the sockets after commit
(``chat.realtime``).
"""
from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import ngettext

from accounts.selectors import username_resolve
from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match
from gameplatform.tenants.audit import audit_record
from gameplatform.tenants.closing import tenant_check_not_closed
from gameplatform.tenants.models import AuditEntry, Membership
from gameplatform.tenants.moderation import check_moderator, reason_clean
from gameplatform.tenants.services import membership_require

from . import realtime, selectors
from .limits import rate_take
from .models import MAX_TEXT_CHARS, ChatMessage, Mute, Report

Room = ChatMessage.Room
Action = AuditEntry.Action

# Messages for people (gettext at call time: the request's language).
TEXT_MISSING = N_("Field 'text' is required: the message to send.")
TEXT_INVALID = N_("Field 'text' must be text.")
TEXT_EMPTY = N_("Field 'text' is empty: write something first.")
RATE_LIMITED = N_("You are sending messages too fast: wait {seconds} s.")
TIMED_OUT = N_("A moderator timed you out of the chat until {until} (UTC).")
MATCH_NOT_FOUND = N_("No such match in this community.")
USER_NOT_FOUND = N_("Field 'user': nobody of that name is in this community.")
MUTE_SELF = N_("Field 'user': you cannot mute yourself.")
MESSAGE_NOT_FOUND = N_("Field 'message': no such message here.")
CLIENT_ID_USED = N_("Field 'client_message_id' names another message of yours: send it with a new id.")
MESSAGE_REMOVED = N_("A moderator removed this message.")
REPORT_OWN = N_("Field 'message': you cannot report your own message.")
REASON_INVALID = N_("Field 'reason' must be one of: spam, abuse, cheating, other.")
REPORTS_TOO_FAST = N_("You are sending reports too fast: wait {seconds} s.")
NOT_IN_TENANT = N_("That person is not a member of this community.")

# Kept here and in settings: CHAT_RATE_LIMIT messages per CHAT_RATE_WINDOW_SECONDS per person.
RATE_LIMIT = 5
RATE_WINDOW_SECONDS = 10
REPORT_LIMIT = 10
REPORT_WINDOW_SECONDS = 60


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
        raise ServiceError("text_too_long", ngettext(
            "Field 'text' is limited to {limit} character; this one has {size}.",
            "Field 'text' is limited to {limit} characters; this one has {size}.", MAX_TEXT_CHARS,
        ).format(limit=MAX_TEXT_CHARS, size=len(text)), 400, field="text")
    return text


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


def message_post(*, tenant, user, text: object, match_id: int | None = None,
                 client_message_id: str | None = None) -> ChatMessage:
    """Says ``text`` in ``user``'s room of match ``match_id`` (None: the lobby) and returns
    the stored message; the caller shows it to the room (``realtime.message_sends``: the
    socket does, so that a failed publish reaches the sender as "unavailable").

    Checks, in order: membership (``not_member``/``banned``, 403), the match (404), a
    time-out (``timed_out``, 403), the text (``text_clean``, 400), then the rate limit of
    ``CHAT_RATE_LIMIT`` messages per ``CHAT_RATE_WINDOW_SECONDS`` per person across rooms
    (``rate_limited``, 429, with ``retry_after`` seconds in the message). A refused
    message is not stored and not counted.

    ``client_message_id`` (1-64 characters, the page's id of the message): the message
    ``user`` already stored with that id is returned as it is, after the membership check
    only: a message sent again (after an outage or a lost answer) is stored once and not
    counted again. The id naming a message of another room is ``client_message_id_used``
    (409, field ``client_message_id``); one a moderator removed is ``message_removed`` (410).
    """
    membership = membership_require(user=user, tenant=tenant)
    tenant_check_not_closed(tenant)  # issue 27, point 4: a closed community has no chat
    if client_message_id is not None:
        stored = _message_sent(tenant=tenant, user=user, match_id=match_id, client_message_id=client_message_id)
        if stored is not None:
            return stored
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
    try:
        with transaction.atomic():
            return ChatMessage.objects.for_tenant(tenant).create(
                tenant=tenant, match=match, room=room, author=user, text=text, client_message_id=client_message_id
            )
    except IntegrityError:
        # The same message sent twice at once: the other one was stored first.
        stored = None
        if client_message_id is not None:
            stored = _message_sent(tenant=tenant, user=user, match_id=match_id, client_message_id=client_message_id)
        if stored is None:
            raise
        return stored


def _message_sent(*, tenant, user, match_id: int | None, client_message_id: str) -> ChatMessage | None:
    """The message ``user`` stored under ``client_message_id`` in this room, or None; raises
    ``client_message_id_used`` (409) for one of another room, ``message_removed`` (410) for
    one a moderator removed."""
    stored = ChatMessage.unscoped.filter(author_id=user.pk, client_message_id=client_message_id).select_related(
        "author").first()
    if stored is None:
        return None
    if stored.tenant_id != tenant.pk or stored.match_id != match_id:
        raise ServiceError("client_message_id_used", _(CLIENT_ID_USED), 409, field="client_message_id")
    if stored.deleted_at is not None:
        raise ServiceError("message_removed", _(MESSAGE_REMOVED), 410)
    return stored


def _member_named(*, tenant, username: object) -> Membership:
    """The membership in ``tenant`` of the account ``username`` designates
    (``accounts.selectors.username_resolve``: never a look-alike); 404 ``user_not_found``."""
    membership = username_resolve(
        username, queryset=Membership.objects.filter(tenant=tenant).select_related("user"), path="user__"
    )
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


def _log(*, tenant, by, action: str, target=None, message=None, report=None, reason="", until=None):
    """One audit entry (``tenants.audit``): the message (its text kept in ``details``, as the
    moderator saw it) or else the report is the subject."""
    subject, details = "", {}
    if message is not None:
        subject, details = f"message:{message.pk}", {"text": message.text[:500]}
        if report is not None:
            details["report"] = report.pk
    elif report is not None:
        subject = f"report:{report.pk}"
    return audit_record(tenant=tenant, actor=by, action=action, target=target, subject=subject, reason=reason,
                        until=until, details=details)


def _resolve_reports(*, tenant, by, message_ids=None, author=None) -> None:
    """Marks the open reports of those messages (or of everything ``author`` said) acted on."""
    qs = Report.objects.for_tenant(tenant).filter(status=Report.Status.OPEN)
    qs = qs.filter(message_id__in=message_ids) if message_ids is not None else qs.filter(message__author=author)
    qs.update(status=Report.Status.RESOLVED, handled_by=by, handled_at=timezone.now())


def message_delete(*, message: ChatMessage, by, reason: object = "", report: Report | None = None) -> ChatMessage:
    """Hides ``message`` from everyone (the row stays for the log), resolves its open reports
    and logs ``delete``; the room's sockets drop it after commit. Raises ``not_moderator``
    (403). Deleting a deleted message changes nothing."""
    reason = reason_clean(reason)
    tenant = message.tenant
    check_moderator(by=by, tenant=tenant)
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


BANNED_SOCKET = N_("You are banned from this community.")
SUSPENDED_SOCKET = N_("This account is suspended.")


def revoke_event(*, user_id: int, tenant_id: int | None, code: str, message: str) -> tuple[str, dict]:
    """The ``(group, event)`` that closes ``user_id``'s sockets (of ``tenant_id``; None: all)."""
    return realtime.group_user(user_id), {"type": "user.revoked", "tenant": tenant_id, "code": code,
                                          "message": message}


def _report(tenant, report_id: int | None) -> Report | None:
    return Report.objects.for_tenant(tenant).filter(pk=report_id).first() if report_id else None


def member_banned(*, membership: Membership, by, reason: str, report_id: int | None) -> None:
    """A ban (``tenants.moderation.member_ban``), in its transaction: the person's open
    reports resolved, ``ban`` logged, their sockets of this tenant closed at once (4403)
    after commit."""
    tenant = membership.tenant
    _resolve_reports(tenant=tenant, by=by, author=membership.user)
    _log(tenant=tenant, by=by, action=Action.BAN, target=membership.user, report=_report(tenant, report_id),
         reason=reason)
    realtime.after_commit([revoke_event(user_id=membership.user_id, tenant_id=membership.tenant_id,
                                        code="banned", message=BANNED_SOCKET)])


def member_unbanned(*, membership: Membership, by, reason: str) -> None:
    """A ban lifted (``tenants.moderation.member_unban``): ``unban`` logged."""
    _log(tenant=membership.tenant, by=by, action=Action.UNBAN, target=membership.user, reason=reason)


def member_timed_out(*, membership: Membership, by, reason: str, report_id: int | None) -> None:
    """A chat time-out (``tenants.moderation.member_timeout``), in its transaction: the
    person's open reports resolved, ``timeout`` logged, their sockets of this tenant told
    after commit."""
    tenant = membership.tenant
    _resolve_reports(tenant=tenant, by=by, author=membership.user)
    _log(tenant=tenant, by=by, action=Action.TIMEOUT, target=membership.user, report=_report(tenant, report_id),
         reason=reason, until=membership.timeout_until)
    realtime.after_commit([(realtime.group_user(membership.user_id),
                            {"type": "user.timeout", "tenant": membership.tenant_id,
                             "until": membership.timeout_until.isoformat()})])


def report_dismiss(*, report: Report, by, reason: object = "") -> Report:
    """Closes an open report without acting on it and logs ``dismiss``. Raises
    ``not_moderator`` (403)."""
    reason = reason_clean(reason)
    check_moderator(by=by, tenant=report.tenant)
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
