"""A person's own settings (issue 13, point 2), the same in every community: language,
colour-blind palette and notification choices. Vacation is per community and lives on
``tenants.Membership`` (its allowance on ``tenants.Tenant``).

Read them with ``players.selectors.preferences_get(user)`` (defaults without a row); write them
with ``players.services.settings_update``. Other parts read the stored choices: the
translations (``language``), the games' UIs (``colour_blind``, in the match page's config) and
the notifications (``email_notifications``, ``browser_notifications``).
"""
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# The site's languages (the translations are wired elsewhere; this stores the choice).
LANGUAGES = [("en", "English"), ("fr", "Français"), ("sv", "Svenska")]


class Preferences(models.Model):
    """One person's settings; a person without a row has the field defaults."""

    class Email(models.TextChoices):
        EVERY_TURN = "every_turn", _("On every turn")
        DAILY_DIGEST = "daily_digest", _("A daily digest")
        OFF = "off", _("Off")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="preferences"
    )
    language = models.CharField(max_length=8, choices=LANGUAGES, default="en")
    colour_blind = models.BooleanField(
        default=False, help_text=_("Games draw with a palette told apart without red and green.")
    )
    high_contrast = models.BooleanField(
        default=False, help_text=_("Pages and every game's table drawn with stronger contrast.")
    )
    email_notifications = models.CharField(max_length=16, choices=Email.choices, default=Email.EVERY_TURN)
    browser_notifications = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return gettext("Preferences of %(user)s") % {"user": self.user}


def _export_token() -> str:
    return secrets.token_urlsafe(32)


class DataExport(models.Model):
    """One "Download my data" file (issue 27, point 5): asked for at ``created_at``, made in
    the background (``players.exports.data_export_build``, the Celery task
    ``players.tasks.build_data_export``), then ``ready`` with ``data`` (the JSON document)
    until ``expires_at`` (``DATA_EXPORT_TTL_HOURS`` after it was made). ``token``: the
    secret of the mailed link ``/settings/export/<token>/``, which only ``user`` signed in
    may open."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Being prepared")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="data_exports")
    token = models.CharField(max_length=64, unique=True, default=_export_token)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    ready_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    data = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"data export {self.pk} of {self.user_id} ({self.status})"
