"""Communities (tenants) and who belongs to them. Shared schema: tenant-owned rows carry a
``tenant`` foreign key and are read through ``objects.for_tenant`` (see scoping.py)."""
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .scoping import TenantScopedManager


class Tenant(models.Model):
    """A community. ``domain`` is the host that selects it, stored lower-case without port
    (blank: none; the default tenant also serves ``settings.TENANT_DEFAULT_HOSTS``).
    ``is_open``: anyone signed in may join; else an invitation is needed."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=80)
    domain = models.CharField(max_length=253, unique=True, null=True, blank=True)
    is_open = models.BooleanField(default=True, help_text="Open: anyone may join. Off: invite-only.")
    vacation_days_per_year = models.PositiveSmallIntegerField(
        default=14, validators=[MaxValueValidator(365)],
        help_text="Days of vacation each member may take per calendar year (their correspondence clocks pause).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Issue 27: communities started by their members.
    description = models.TextField(blank=True, max_length=2000)
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en",
                                help_text="The community's main language (for finding it; pages follow each reader's).")
    # The games the community offers, as registry slugs; empty: every game of the site.
    games = models.JSONField(default=list, blank=True)
    # Lobby defaults for new matches: {"turn_seconds": int|None, "time_control": ..., ...}.
    default_clock = models.JSONField(default=dict, blank=True)
    # Issue 28, point 3: may any member create a tournament (else moderators and the owner only)?
    tournaments_by_members = models.BooleanField(default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    # Handing ownership over: offered to a member, who must accept (tenants services).
    ownership_offered_to = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                             on_delete=models.SET_NULL, related_name="+")
    ownership_offered_at = models.DateTimeField(null=True, blank=True)
    # Closing (issue 27, point 4): asked at ``closing_at``; matches in progress are aborted at
    # ``closes_at`` (the notice period's end), when ``closed_at`` is set; the finished matches
    # stay readable by former members until ``purge_at``, then the community is deleted.
    closing_at = models.DateTimeField(null=True, blank=True)
    closes_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    purge_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        # Blank domains become NULL so several tenants may have none (unique allows NULLs).
        self.domain = _normalize_domain(self.domain)
        super().save(*args, **kwargs)

    def clean(self):
        """Refuses a reserved slug and a domain that is not a bare host name (no scheme, port
        or path); stores the domain lower-case."""
        if self.slug in RESERVED_SLUGS:
            raise ValidationError({"slug": SLUG_RESERVED})
        self.domain = _normalize_domain(self.domain)
        if self.domain and ("/" in self.domain or ":" in self.domain or " " in self.domain):
            raise ValidationError({"domain": DOMAIN_INVALID})


# /communities/<slug>/ shares its namespace with these pages, and a community started from the
# site is served at <slug>.COMMUNITY_BASE_DOMAIN (issue 27, point 1): the site's own page names
# and the host names a site keeps for itself are nobody's community.
RESERVED_SLUGS = frozenset({
    "join", "new", "search", "console", "c",  # /communities/... pages
    "admin", "api", "accounts", "account", "communities", "community", "games", "matches",
    "leaderboards", "players", "settings", "your-turn", "alerts", "i18n", "jsi18n", "static",
    "media", "ws", "help", "about", "docs", "support", "status", "login", "logout", "signup",
    "www", "mail", "email", "smtp", "imap", "pop", "ftp", "ns", "ns1", "ns2", "mx", "cdn",
    "assets", "app", "dev", "test", "staging", "localhost", "root", "staff", "security",
    "official", "moderators", "owner", "abuse", "postmaster", "webmaster",
})
SLUG_RESERVED = _("This slug is reserved for a page of the site; choose another.")
DOMAIN_INVALID = _("Enter a bare host name such as play.example.org (no scheme, port or path).")


def _normalize_domain(domain: str | None) -> str | None:
    domain = (domain or "").strip().lower().rstrip(".")
    return domain or None


class Membership(models.Model):
    """A user's role in one tenant. One account may belong to several tenants."""

    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        MODERATOR = "moderator", _("Moderator")
        OWNER = "owner", _("Owner")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Vacation in this community (issue 13; its allowance is ``tenant.vacation_days_per_year``),
    # kept by ``players.services.vacation_set``: on vacation from ``vacation_started`` through
    # ``vacation_until`` (both inclusive); ``vacation_days_used`` counts the days of earlier
    # vacations in ``vacation_year``.
    vacation_until = models.DateField(null=True, blank=True)
    vacation_started = models.DateField(null=True, blank=True)
    vacation_days_used = models.PositiveSmallIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(null=True, blank=True)
    # Moderation (issue 13, kept by ``chat.services``): a banned member keeps this row, so an
    # open community cannot re-admit them (``services.membership_require`` refuses them);
    # a member timed out may not chat until ``timeout_until``.
    banned_at = models.DateTimeField(null=True, blank=True)
    timeout_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "tenant"], name="one_membership_per_tenant")]

    def __str__(self) -> str:
        return gettext("%(user)s in %(community)s (%(role)s)") % {
            "user": self.user, "community": self.tenant, "role": self.get_role_display()}

    @property
    def can_moderate(self) -> bool:
        return self.role in (self.Role.MODERATOR, self.Role.OWNER) and self.banned_at is None

    @property
    def is_banned(self) -> bool:
        """Banned from this community: no lobby, match, chat or socket of it."""
        return self.banned_at is not None


def _invite_code() -> str:
    return secrets.token_urlsafe(12)


class Invitation(models.Model):
    """A code that admits one person to an invite-only tenant."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="invitations")
    code = models.CharField(max_length=32, unique=True, default=_invite_code)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return gettext("Invitation to %(community)s") % {"community": self.tenant}


class AuditEntry(models.Model):
    """The community's audit trail (issue 27, point 3): one row per moderation or ownership
    action, written once by the service that acts, in its transaction (``tenants.audit``).
    Read by the community's moderators and owners (their community's rows only); nobody edits
    or deletes a row (``save`` refuses an update, ``delete`` refuses always; only the whole
    community's purge removes them, through the database's cascade).

    ``target``: the member acted on, if any; ``subject``: what else was acted on, as
    ``"<kind>:<id>"`` (``"match:12"``, ``"message:7"``, ``"report:3"``, ``"variant:5"``);
    ``details``: what changed, a small JSON object (``{"from": ..., "to": ...}``)."""

    class Action(models.TextChoices):
        DELETE = "delete", _("Deleted a message")
        BAN = "ban", _("Banned")
        UNBAN = "unban", _("Lifted a ban")
        TIMEOUT = "timeout", _("Timed out")
        DISMISS = "dismiss", _("Dismissed a report")
        MATCH_ABORT = "match_abort", _("Aborted a match")
        SEAT_TO_BOT = "seat_to_bot", _("Handed a seat to a bot")
        SEAT_BACK = "seat_back", _("Gave a seat back to its player")
        VARIANT_CREATE = "variant_create", _("Created a rule variant")
        VARIANT_EDIT = "variant_edit", _("Edited a rule variant")
        VARIANT_RETIRE = "variant_retire", _("Retired a rule variant")
        SETTINGS = "settings", _("Changed the settings")
        ROLE = "role", _("Changed a role")
        MEMBER_REMOVE = "member_remove", _("Removed a member")
        INVITATION_CREATE = "invitation_create", _("Made an invitation code")
        INVITATION_REVOKE = "invitation_revoke", _("Revoked an invitation code")
        OWNERSHIP_OFFER = "ownership_offer", _("Offered the ownership")
        OWNERSHIP_CANCEL = "ownership_cancel", _("Withdrew the ownership offer")
        OWNERSHIP_TRANSFER = "ownership_transfer", _("Took over the ownership")
        CREATE = "create", _("Started the community")
        CLOSE = "close", _("Closed the community")
        RESTORE = "restore", _("Restored the community")
        TOURNAMENT_CREATE = "tournament_create", _("Created a tournament")
        TOURNAMENT_PAUSE = "tournament_pause", _("Paused a tournament")
        TOURNAMENT_RESUME = "tournament_resume", _("Resumed a tournament")
        TOURNAMENT_CANCEL = "tournament_cancel", _("Cancelled a tournament")
        TOURNAMENT_REMOVE = "tournament_remove", _("Removed a player from a tournament")
        TOURNAMENT_REPAIR = "tournament_repair", _("Paired a round again")
        TOURNAMENT_ADJUDICATE = "tournament_adjudicate", _("Adjudicated a tournament table")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="+")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    action = models.CharField(max_length=24, choices=Action.choices)
    target = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+")
    subject = models.CharField(max_length=40, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    until = models.DateTimeField(null=True, blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012

    class Meta:
        ordering = ["-created_at", "-pk"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return gettext("%(actor)s: %(action)s, %(target)s") % {
            "actor": self.actor, "action": self.get_action_display(), "target": self.target or self.subject}

    def save(self, *args, **kwargs):
        if self.pk is not None and not kwargs.get("force_insert"):
            raise AuditLogReadOnly("An audit log entry is never changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AuditLogReadOnly("An audit log entry is never deleted.")


class AuditLogReadOnly(RuntimeError):
    """Someone tried to change or delete an ``AuditEntry``."""
