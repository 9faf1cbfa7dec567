"""Ratings in the admin, read-only: a moderator sees their communities' ratings and history;
nobody edits them by hand (each rating is the sum of its history, written once per match by
``ratings.services``)."""
from django.contrib import admin

from gameplatform.tenants.admin import ReadOnlyScoped

from .models import Rating, RatingChange


class ReadOnlyScopedAdmin(ReadOnlyScoped, admin.ModelAdmin):
    """Scoped to the moderator's tenants; view only, for superusers too."""


@admin.register(Rating)
class RatingAdmin(ReadOnlyScopedAdmin):
    list_display = ["user", "game", "rating", "rated_games", "wins", "mu", "sigma", "tenant", "updated_at"]
    list_select_related = ["user", "tenant"]
    list_filter = [("tenant", admin.RelatedOnlyFieldListFilter), "game"]
    search_fields = ["user__username", "user__display_name"]
    ordering = ["tenant", "game", "-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyScopedAdmin):
    list_display = ["user", "game", "match", "rank", "rating_before", "rating_after", "rated_games", "tenant",
                    "created_at"]
    list_select_related = ["user", "tenant"]
    list_filter = [("tenant", admin.RelatedOnlyFieldListFilter), "game"]
    search_fields = ["user__username", "user__display_name"]
    ordering = ["-created_at", "-pk"]
