"""The database side of ``gameplatform.locks`` (used without Redis)."""
from django.db import models


class IntervalLock(models.Model):
    """A lock taken for a while: ``name`` is held until ``expires_at``; whoever finds it
    expired takes it (``gameplatform.locks.interval_lock``)."""

    name = models.CharField(max_length=64, primary_key=True)
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} until {self.expires_at:%H:%M:%S}"
