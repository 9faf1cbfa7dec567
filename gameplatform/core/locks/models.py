"""The database side of ``gameplatform.core.locks`` (used without Redis)."""
from __future__ import annotations

from datetime import datetime

from django.db import models


class IntervalLock(models.Model):
    """A lock taken for a while: ``name`` is held until ``expires_at``; whoever finds it
    expired takes it (``gameplatform.core.locks.interval_lock``)."""

    # The fields' types spelled out (django-stubs without its mypy plugin cannot infer them).
    name: models.CharField[str, str] = models.CharField(max_length=64, primary_key=True)
    expires_at: models.DateTimeField[datetime, datetime] = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} until {self.expires_at:%H:%M:%S}"
