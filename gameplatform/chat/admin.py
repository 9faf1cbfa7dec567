"""Moderation in the admin (issue 13, point 5): reports with their actions, the chat's
messages, and the audit log.

A community moderator sees only their communities' rows (``TenantScopedAdminMixin``); nobody
adds or edits these rows by hand: every change is an action below, which calls one service
(``chat.services``) and so writes the audit log (``tenants.AuditEntry``, whose admin is the
tenants app's). Mutes stay private: no admin.
"""
from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import moderation
from gameplatform.tenants.admin import ReadOnlyScoped
from gameplatform.tenants.admin_actions import DAY, HOUR
from gameplatform.tenants.admin_actions import run_each as _run
from gameplatform.tenants.models import Membership

from . import services
from .models import ChatMessage, Report

# What an action did, by the count of rows it did it for (tenants.admin_actions.run_each).
SANCTIONS_DONE = {
    "ban": ngettext_lazy("Banned the author of %(count)s message.", "Banned the authors of %(count)s messages.",
                         "count"),
    "1h": ngettext_lazy("Timed out the author of %(count)s message for 1 hour.",
                        "Timed out the authors of %(count)s messages for 1 hour.", "count"),
    "24h": ngettext_lazy("Timed out the author of %(count)s message for 24 hours.",
                         "Timed out the authors of %(count)s messages for 24 hours.", "count"),
}
DELETED = ngettext_lazy("Deleted %(count)s message.", "Deleted %(count)s messages.", "count")
DISMISSED = ngettext_lazy("Dismissed %(count)s report.", "Dismissed %(count)s reports.", "count")


def _membership_of(message: ChatMessage) -> Membership:
    membership = Membership.objects.select_related("user", "tenant").filter(
        user_id=message.author_id, tenant_id=message.tenant_id).first()
    if membership is None:
        raise ServiceError("not_member", services.NOT_IN_TENANT, 404)
    return membership


def _sanction(modeladmin, request, pairs, kind: str) -> None:
    """``pairs``: (message, report or None). Each author is acted on once."""
    seen: set[int] = set()
    by = request.user

    def act(pair):
        message, report = pair
        if message.author_id in seen:
            return
        seen.add(message.author_id)
        membership = _membership_of(message)
        reason = report.get_reason_display() if report is not None else ""
        report_id = report.pk if report is not None else None
        if kind == "ban":
            moderation.member_ban(membership=membership, by=by, reason=reason, report_id=report_id)
        else:
            moderation.member_timeout(membership=membership, by=by, seconds=HOUR if kind == "1h" else DAY,
                                      reason=reason, report_id=report_id)

    _run(modeladmin, request, pairs, act, SANCTIONS_DONE[kind])


@admin.register(Report)
class ReportAdmin(ReadOnlyScoped, admin.ModelAdmin):
    """Members' reports, open ones first to handle: delete the message, time out or ban its
    author, or dismiss."""

    list_display = ["created_at", "status", "reason", "said", "author", "where", "reporter", "tenant"]
    list_filter = ["status", "reason", ("tenant", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["message__author", "message__match", "reporter", "tenant"]
    search_fields = ["message__text", "message__author__username", "reporter__username"]
    fields = ["tenant", "message", "said", "author", "where", "reporter", "reason", "status", "created_at",
              "handled_by", "handled_at"]
    readonly_fields = fields
    actions = ["delete_messages", "timeout_1h", "timeout_24h", "ban_authors", "dismiss"]

    @admin.display(description=_("Message"))
    def said(self, obj):
        deleted = _(" (deleted)") if obj.message.deleted_at else ""
        return f"{obj.message.text}{deleted}"

    @admin.display(description=_("Author"), ordering="message__author__username")
    def author(self, obj):
        return obj.message.author.username

    @admin.display(description=_("Where"))
    def where(self, obj):
        return _where(obj.message)

    def _pairs(self, queryset):
        return [(r.message, r) for r in queryset.select_related("message__author", "tenant")]

    @admin.action(description=_("Delete the reported messages"))
    def delete_messages(self, request, queryset):
        _run(self, request, self._pairs(queryset),
             lambda p: services.message_delete(message=p[0], by=request.user, reason=p[1].get_reason_display(),
                                               report=p[1]),
             DELETED)

    @admin.action(description=_("Time out the authors for 1 hour"))
    def timeout_1h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "1h")

    @admin.action(description=_("Time out the authors for 24 hours"))
    def timeout_24h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "24h")

    @admin.action(description=_("Ban the authors from the community"))
    def ban_authors(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "ban")

    @admin.action(description=_("Dismiss the reports"))
    def dismiss(self, request, queryset):
        _run(self, request, list(queryset.select_related("message__author", "tenant")),
             lambda r: services.report_dismiss(report=r, by=request.user), DISMISSED)


def _where(message: ChatMessage) -> str:
    if message.match_id is None:
        return str(_("Lobby"))
    return f"{message.match} · {message.get_room_display()}"


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyScoped, admin.ModelAdmin):
    """What was said in the community's rooms (deleted messages stay, marked)."""

    list_display = ["created_at", "author", "said", "where", "deleted", "tenant"]
    list_filter = ["room", ("deleted_at", admin.EmptyFieldListFilter), ("tenant", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["author", "match", "tenant"]
    search_fields = ["text", "author__username"]
    fields = ["tenant", "where", "author", "text", "created_at", "deleted_at", "deleted_by"]
    readonly_fields = fields
    actions = ["delete_messages", "timeout_1h", "timeout_24h", "ban_authors"]

    @admin.display(description=_("Message"))
    def said(self, obj):
        return obj.text

    @admin.display(description=_("Where"))
    def where(self, obj):
        return _where(obj)

    @admin.display(description=_("Deleted"), boolean=True)
    def deleted(self, obj):
        return obj.deleted_at is not None

    def _pairs(self, queryset):
        return [(m, None) for m in queryset.select_related("author", "tenant")]

    @admin.action(description=_("Delete the messages"))
    def delete_messages(self, request, queryset):
        _run(self, request, list(queryset.select_related("tenant")),
             lambda m: services.message_delete(message=m, by=request.user), DELETED)

    @admin.action(description=_("Time out the authors for 1 hour"))
    def timeout_1h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "1h")

    @admin.action(description=_("Time out the authors for 24 hours"))
    def timeout_24h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "24h")

    @admin.action(description=_("Ban the authors from the community"))
    def ban_authors(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "ban")
