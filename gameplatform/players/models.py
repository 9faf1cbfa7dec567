"""A person's own settings (issue 13, point 2), the same in every community: language,
colour-blind palette and notification choices. Vacation is per community and lives on
``tenants.Membership`` (its allowance on ``tenants.Tenant``).

Read them with ``players.selectors.preferences_get(user)`` (defaults without a row); write them
with ``players.services.settings_update``. Other parts read the stored choices: the
translations (``language``), the games' UIs (``colour_blind``, in the match page's config) and
the notifications (``email_notifications``, ``browser_notifications``).
"""
from django.conf import settings
from django.db import models
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
    email_notifications = models.CharField(max_length=16, choices=Email.choices, default=Email.EVERY_TURN)
    browser_notifications = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.user}"
