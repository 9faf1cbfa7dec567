"""Ratings per community and game, and one history row per update (issue 13, point 1).

Both are tenant-owned: read them with ``Model.objects.for_tenant(tenant)``; ``Model.unscoped``
is for code that checks the tenant itself (the rating service, handed a locked match).
Written only by ``ratings.services.ratings_record_match``, inside the transaction that ends
a match.
"""
from django.conf import settings
from django.db import models

from gameplatform.tenants.models import Tenant
from gameplatform.tenants.scoping import TenantScopedManager

from . import skill


class Rating(models.Model):
    """A person's rating in one game of one community: OpenSkill ``mu``/``sigma`` (see
    ``skill``), ``rating`` (the displayed number, ``40 * (mu - 3 sigma) + 1000``, kept for
    ordering the leaderboard), and how many rated games (and wins) it rests on."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="ratings")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=32)
    mu = models.FloatField(default=skill.MU)
    sigma = models.FloatField(default=skill.SIGMA)
    rating = models.IntegerField(default=skill.display_rating(skill.MU, skill.SIGMA))
    rated_games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        constraints = [models.UniqueConstraint(fields=["tenant", "user", "game"], name="one_rating_per_game")]
        indexes = [models.Index(fields=["tenant", "game", "-rating"], name="leaderboard_order")]

    def __str__(self) -> str:
        return f"{self.user} {self.game}: {self.rating}"

    @property
    def provisional(self) -> bool:
        """True until ``skill.PROVISIONAL_GAMES`` (10) rated games."""
        return skill.is_provisional(self.rated_games)


class RatingChange(models.Model):
    """One update of one person's rating by one finished match: before and after, the rank the
    person finished at and the rated-game count after it. The profile's chart is these rows in
    order. At most one row per match and person: the update is done once."""

    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32)
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="rating_changes")
    rank = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    rating_before = models.IntegerField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rating_after = models.IntegerField()
    rated_games = models.PositiveIntegerField(help_text="Rated games after this one.")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TenantScopedManager()
    unscoped = models.Manager()  # noqa: DJ012 - a second manager, not a field

    class Meta:
        default_manager_name = "unscoped"
        base_manager_name = "unscoped"
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_change_per_match_and_user")]
        indexes = [models.Index(fields=["tenant", "user", "game", "created_at"], name="rating_history_order")]

    def __str__(self) -> str:
        return f"{self.user} {self.game} #{self.match_id}: {self.rating_before} -> {self.rating_after}"

    @property
    def delta(self) -> int:
        """``rating_after - rating_before``."""
        return self.rating_after - self.rating_before
