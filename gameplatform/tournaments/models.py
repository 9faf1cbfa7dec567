"""A community's tournaments (issue 28): the event (``Tournament``), who plays (``Entry``), its
rounds (``TournamentRound``) and each round's tables (``TournamentTable``, one match each).

The pairing and the scoring are pure (``pairing``, ``scoring``); the lifecycle that fills these
rows is ``lifecycle``; people's writes are ``services``. ``Tournament.seed`` (the pairing's tie
breaker) never leaves the server.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from gameplatform.matches.models import Match, RuleVariant
from gameplatform.tenants.models import Tenant
from gameplatform.tenants.scoping import TenantScopedManager


class Tournament(models.Model):
    """One event of ``game`` in ``tenant``: its format, its tables' settings (those of a lobby
    match, checked by ``matches.seated.table_settings_check``), registration and status."""

    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        KNOCKOUT = "knockout", _("Knockout")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=80)
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=16, choices=Format.choices, default=Format.SWISS)
    # Swiss: the rounds asked; round robin and knockout: set at the start from the field.
    rounds = models.PositiveSmallIntegerField(default=3)
    table_size = models.PositiveSmallIntegerField(default=2)
    double_round_robin = models.BooleanField(default=False)
    # Knockout: how many of each table go through (tables of 2: 1).
    advance = models.PositiveSmallIntegerField(default=1)
    # Points of places 1..table_size ("ties share"); bye worth in points.
    place_points = models.JSONField(default=list)
    bye_points = models.FloatField(default=1.0)
    # The tables' settings (``matches.seated.TABLE_FIELDS``).
    options = models.JSONField(default=dict, blank=True)
    variant = models.ForeignKey(RuleVariant, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    time_control = models.CharField(max_length=16, choices=Match.TimeControl.choices, default=Match.TimeControl.TURN)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    bank_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    increment_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    days_per_move = models.PositiveSmallIntegerField(null=True, blank=True)
    # A round's deadline (hours after its start): its unfinished tables are then adjudicated.
    round_hours = models.PositiveIntegerField(default=24)
    rated = models.BooleanField(default=False)
    starts_at = models.DateTimeField(null=True, blank=True)
    start_when_full = models.BooleanField(default=False)
    max_players = models.PositiveSmallIntegerField(default=16)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    seed = models.BigIntegerField()
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Why it was cancelled (a moderator's reason, or "too few players").
    note = models.CharField(max_length=200, blank=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        ordering = ["-created_at"]
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"

    def __str__(self) -> str:
        return self.name

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED)


class Entry(models.Model):
    """``user`` registered in ``tournament``. ``withdrawn_at``: left (or removed by a moderator,
    ``removed``): never paired again, their unfinished tables forfeited. ``eliminated_in``:
    knocked out in that round. ``rating``: the seed's rating, taken at the start."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    registered_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    removed = models.BooleanField(default=False)
    eliminated_in = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.FloatField(default=0.0)

    class Meta:
        ordering = ["registered_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_person")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.tournament_id}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class TournamentRound(models.Model):
    """Round ``number`` (from 1) of ``tournament``: its ``byes`` (user ids), when it started,
    its ``deadline`` and when it was over."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    byes = models.JSONField(default=list)
    started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"


class TournamentTable(models.Model):
    """Table ``index`` of a round: its ``match`` and its ``players`` (user ids, seat order).
    ``places`` (same order, 1 = best, ties share) once decided: from the match's result, a
    forfeit or a moderator's adjudication (``adjudicated``); ``scores`` the game's own."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    index = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_table")
    players = models.JSONField(default=list)
    places = models.JSONField(null=True, blank=True)
    # The game's own scores (``Result.scores``, seat order) of a finished match: a tie-break.
    scores = models.JSONField(null=True, blank=True)
    adjudicated = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "index"]
        constraints = [models.UniqueConstraint(fields=["round", "index"], name="one_table_per_index")]

    def __str__(self) -> str:
        return f"table {self.index + 1} of {self.round}"
