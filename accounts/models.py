"""The custom user model (in the first migration, so it can grow without a painful swap)."""
from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A Hexagora account. ``is_active=False`` (suspended in the admin) blocks login and acting.

    ``display_name`` is shown at the table; it falls back to the username.
    """

    display_name = models.CharField(max_length=40, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def public_name(self) -> str:
        """The name other players see."""
        return self.display_name or self.username


class ThrottleCounter(models.Model):
    """A sign-in throttle counter in the database (``accounts.throttle.DatabaseStore``, used
    without Redis): ``count`` until ``expires_at``. ``key`` is hashed (no address or login)."""

    key = models.CharField(max_length=100, primary_key=True)
    count = models.IntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}={self.count}"
