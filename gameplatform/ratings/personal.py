"""The ratings' part of a person's own data (issue 27, point 5): their ratings and rating
history in every community, and what goes when they delete their account (their own rows
only: nobody else's rating changes)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplatform.core import events

from .models import Rating, RatingChange
from .selectors import change_public, rating_public


def ratings_section(user) -> dict:
    """``{"ratings": [rating_public + "community"], "history": [change_public +
    "community"]}`` (history oldest first)."""
    ratings = Rating.unscoped.filter(user=user).select_related("tenant").order_by("tenant_id", "game")
    changes = RatingChange.unscoped.filter(user=user).select_related("tenant").order_by("created_at", "pk")
    return {
        "ratings": [{**rating_public(r), "community": r.tenant.slug} for r in ratings],
        "history": [{**change_public(c), "community": c.tenant.slug} for c in changes],
    }


def account_deleted(event: events.AccountDeleted, context: Mapping[str, Any]) -> None:
    """In the deletion's transaction: the person's own ratings and history rows go; the
    others' ratings, computed when the matches ended, stay as they are."""
    RatingChange.unscoped.filter(user_id=event.user_id).delete()
    Rating.unscoped.filter(user_id=event.user_id).delete()
