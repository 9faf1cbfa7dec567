"""Moderation in the admin (issue 13, point 5): reports with their actions, the chat's
messages, and the audit log.

A community moderator sees only their communities' rows (``TenantScopedAdminMixin``); nobody
adds or edits these rows by hand: every change is an action below, which calls one service
(``chat.services``) and so writes the audit log. The audit log (``ModerationAction``) is for
the community's owners and superusers, read-only. Mutes stay private: no admin.
"""
from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from gameplatform.matches.errors import ServiceError
from gameplatform.tenants.admin import TenantScopedAdminMixin, is_superuser
from gameplatform.tenants.models import Membership

from . import services
from .admin_actions import DAY, HOUR
from .admin_actions import run_each as _run
from .models import ChatMessage, ModerationAction, Report


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
        if kind == "ban":
            services.member_ban(membership=membership, by=by, reason=reason, report=report)
        else:
            services.member_timeout(membership=membership, by=by, seconds=HOUR if kind == "1h" else DAY,
                                    reason=reason, report=report)

    done = {"ban": _("Banned the authors of {count} messages."),
            "1h": _("Timed out the authors of {count} messages for 1 hour."),
            "24h": _("Timed out the authors of {count} messages for 24 hours.")}[kind]
    _run(modeladmin, request, pairs, act, str(done))


class ReadOnlyScoped(TenantScopedAdminMixin):
    """Scoped, and nobody (superusers included) adds, edits or really deletes a row."""

    moderator_can_add = False
    moderator_can_change = False
    moderator_can_delete = False

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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
             str(_("Deleted {count} messages.")))

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
             lambda r: services.report_dismiss(report=r, by=request.user), str(_("Dismissed {count} reports.")))


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
             lambda m: services.message_delete(message=m, by=request.user), str(_("Deleted {count} messages.")))

    @admin.action(description=_("Time out the authors for 1 hour"))
    def timeout_1h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "1h")

    @admin.action(description=_("Time out the authors for 24 hours"))
    def timeout_24h(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "24h")

    @admin.action(description=_("Ban the authors from the community"))
    def ban_authors(self, request, queryset):
        _sanction(self, request, self._pairs(queryset), "ban")


def owned_tenant_ids(request) -> frozenset[int]:
    """Ids of the tenants ``request.user`` owns and is not banned from (cached on the request)."""
    cached = getattr(request, "_owned_tenant_ids", None)
    if cached is None:
        user = request.user
        if user.is_active and user.is_staff:
            cached = frozenset(Membership.objects.filter(
                user=user, role=Membership.Role.OWNER, banned_at__isnull=True).values_list("tenant_id", flat=True))
        else:
            cached = frozenset()
        request._owned_tenant_ids = cached
    return cached


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyScoped, admin.ModelAdmin):
    """The audit log: every moderation action, for the community's owners, read-only."""

    list_display = ["created_at", "actor", "action", "target", "summary", "until", "tenant"]
    list_filter = ["action", ("tenant", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["actor", "target", "message", "tenant"]
    search_fields = ["actor__username", "target__username", "reason"]
    fields = ["tenant", "created_at", "actor", "action", "target", "message", "report", "reason", "until"]
    readonly_fields = fields

    @admin.display(description=_("Message and reason"))
    def summary(self, obj):
        text = obj.message.text if obj.message_id else ""
        return format_html("{}<br><small>{}</small>", text, obj.reason) if obj.reason else text

    # Owners, not moderators: the log watches the moderators too.
    def get_queryset(self, request):
        qs = admin.ModelAdmin.get_queryset(self, request)
        if is_superuser(request):
            return qs
        return qs.filter(tenant_id__in=owned_tenant_ids(request))

    def in_scope(self, request, obj) -> bool:
        return is_superuser(request) or obj.tenant_id in owned_tenant_ids(request)

    def has_module_permission(self, request):
        return is_superuser(request) or bool(owned_tenant_ids(request))

    def has_view_permission(self, request, obj=None):
        if is_superuser(request):
            return True
        return bool(owned_tenant_ids(request)) and (obj is None or self.in_scope(request, obj))
