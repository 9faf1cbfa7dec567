"""Chat rooms of matches and lobbies, mutes, reports and the moderation audit log (issue 13).

Every row is tenant-owned: read through ``objects.for_tenant(tenant)``; ``unscoped`` is for
the admin (which scopes itself) and code that checked the tenant already. A banned member and
a timed-out one are ``tenants.Membership.banned_at`` / ``timeout_until``.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from gameplatform.tenants.models import Tenant
from gameplatform.tenants.scoping import TenantScopedManager

# Longest message, in characters (after normalising: services.text_clean).
MAX_TEXT_CHARS = 500


class ChatMessage(models.Model):
    """One line said in a room: a match's players' or spectators' room, or the lobby's.

    ``match`` is set for the match rooms and None for the lobby. ``text`` is stored as typed
    (normalised) and escaped wherever it is shown. A moderator's delete keeps the row
    (``deleted_at``/``deleted_by``) for the audit log and the reports; it is then shown to
    nobody but the admin.
    """

    class Room(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")
        LOBBY = "lobby", _("Lobby")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    room = models.CharField(max_length=12, choices=Room.choices)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=MAX_TEXT_CHARS)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    deleted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        ordering = ["-created_at", "-pk"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        verbose_name = _("chat message")
        indexes = [models.Index(fields=["tenant", "match", "room", "-created_at"], name="chat_room_recent")]

    def __str__(self) -> str:
        return f"{self.author}: {self.text[:40]}"


class Mute(models.Model):
    """``user`` does not see what ``muted`` says in this tenant's rooms (filtered on the
    server, for every socket of ``user``)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012

    class Meta:
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        constraints = [models.UniqueConstraint(fields=["tenant", "user", "muted"], name="chat_mute_once")]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class Report(models.Model):
    """A member's report of a message, for the community's moderators (admin, "Reports")."""

    class Reason(models.TextChoices):
        SPAM = "spam", _("Spam")
        ABUSE = "abuse", _("Abuse or harassment")
        CHEATING = "cheating", _("Cheating or help from outside")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Acted on")
        DISMISSED = "dismissed", _("Dismissed")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=12, choices=Reason.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    handled_at = models.DateTimeField(null=True, blank=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012

    class Meta:
        ordering = ["-created_at", "-pk"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once")]

    def __str__(self) -> str:
        return f"report of {self.message_id} by {self.reporter}"


class ModerationAction(models.Model):
    """The audit log: one row per moderation action, written by the service that acts, in
    its transaction. Read-only in the admin, for the community's owners."""

    class Action(models.TextChoices):
        DELETE = "delete", _("Deleted a message")
        BAN = "ban", _("Banned")
        UNBAN = "unban", _("Lifted a ban")
        TIMEOUT = "timeout", _("Timed out")
        DISMISS = "dismiss", _("Dismissed a report")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    action = models.CharField(max_length=12, choices=Action.choices)
    target = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    message = models.ForeignKey(ChatMessage, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    report = models.ForeignKey(Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    reason = models.CharField(max_length=200, blank=True)
    until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012

    class Meta:
        ordering = ["-created_at", "-pk"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        verbose_name = _("moderation action")

    def __str__(self) -> str:
        return f"{self.actor}: {self.get_action_display()} {self.target}"
