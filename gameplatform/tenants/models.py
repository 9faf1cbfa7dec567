"""Communities (tenants) and who belongs to them. Shared schema: tenant-owned rows carry a
``tenant`` foreign key and are read through ``objects.for_tenant`` (see scoping.py)."""
import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


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


# /communities/<slug>/ shares its namespace with these pages.
RESERVED_SLUGS = frozenset({"join"})
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
        return f"{self.user} in {self.tenant} ({self.role})"

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
        return f"invitation to {self.tenant}"
