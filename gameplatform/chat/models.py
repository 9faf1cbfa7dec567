"""Chat rooms of matches and lobbies, mutes, reports and the moderation audit log (issue 13).

Every row is tenant-owned: read through ``objects.for_tenant(tenant)``; ``unscoped`` is for
the admin (which scopes itself) and code that checked the tenant already. A banned member and
a timed-out one are ``tenants.Membership.banned_at`` / ``timeout_until``.
"""
from django.conf import settings
from django.db import models
from django.utils.text import Truncator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gameplatform.tenants.models import Tenant
from gameplatform.tenants.scoping import TenantScopedManager

# Longest message, in characters (after normalising: services.text_clean).
MAX_TEXT_CHARS = 500
# How much of a message names it (in the admin's lists, a report's name).
QUOTED_CHARS = 40


def _quoted(text: str) -> str:
    return Truncator(text).chars(QUOTED_CHARS)


class ChatMessage(models.Model):
    """One line said in a room: a match's players' or spectators' room, or the lobby's.

    ``match`` is set for the match rooms and None for the lobby. ``text`` is stored as typed
    (normalised) and escaped wherever it is shown. ``client_message_id`` is unique per author
    (the page's id of the message, so a message sent twice is stored once). A moderator's delete keeps the row
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
    # The id the author's page gave the message (1-64 characters): a message sent again
    # after a lost answer or an outage is stored once (``services.message_post``).
    client_message_id = models.CharField(max_length=64, null=True, blank=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        ordering = ["-created_at", "-pk"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        verbose_name = _("chat message")
        indexes = [models.Index(fields=["tenant", "match", "room", "-created_at"], name="chat_room_recent")]
        constraints = [
            models.UniqueConstraint(fields=["author", "client_message_id"],
                                    condition=models.Q(client_message_id__isnull=False),
                                    name="chat_message_client_once"),
        ]

    def __str__(self) -> str:
        return gettext("%(author)s: “%(text)s”") % {"author": self.author, "text": _quoted(self.text)}


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
        return gettext("%(user)s mutes %(muted)s") % {"user": self.user, "muted": self.muted}


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
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once")]

    def __str__(self) -> str:
        """Named by who reported what, where (issue 26, point 11: "report of 4 by bob" said
        none of it): "Report by bob of carol's message “you cheat” in Night Owls"."""
        return gettext("Report by %(reporter)s of %(author)s's message “%(text)s” in %(community)s") % {
            "reporter": self.reporter, "author": self.message.author, "text": _quoted(self.message.text),
            "community": self.tenant}
