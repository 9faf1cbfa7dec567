"""The analysis after a game (issue 30, point 3): one per seat of a finished match, asked
for by that seat's player, made once by a background task (``bots.analysis``)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Analysis(models.Model):
    """The strong bot's second look at one seat's decisions in a finished match.

    ``status``: queued, running, done or failed; ``progress``: 0-100 while it runs;
    ``result`` once done (``bots.analysis.analysis_public`` gives its shape); ``seconds``:
    the worker time it took (its budget is ``ANALYSIS_BUDGET_SECONDS``); ``error``: why it
    failed (for moderators; the player sees a plain sentence).
    """

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="analyses")
    seat = models.PositiveSmallIntegerField()
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                     related_name="analyses")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    seconds = models.FloatField(default=0.0)
    error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When a slice last stored its work: a queued or running analysis silent for longer than
    # ``bots.analysis.STALE`` lost its task (a worker or Redis restart) and is sent again.
    touched_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name_plural = "analyses"
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_analysis_per_seat")]

    def __str__(self) -> str:
        return f"analysis of match {self.match_id}, seat {self.seat + 1} ({self.status})"
