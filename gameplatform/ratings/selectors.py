"""Reads for ratings: leaderboards, a person's ratings and their history.

Everything takes the tenant and shows only its active members now
(``tenants.selectors.membership_list_active``: someone who left a community, was banned from it
or whose account is suspended drops off its leaderboard; unbanned, they are back).
"""
from __future__ import annotations

from django.db.models import F, QuerySet, Window
from django.db.models.functions import Rank
from django.utils.translation import gettext_noop

from gameplatform.core.errors import ServiceError
from gameplatform.matches.selectors import game_name
from gameplatform.tenants.selectors import active_member_ids
from games import registry

from . import skill
from .models import Rating, RatingChange

GAME_NOT_FOUND = gettext_noop("There is no such game here.")


def game_check(game, *, status: int = 404, field: str = "game") -> str:
    """``game`` if it is a registered game's slug; else ``ServiceError`` ``unknown_game`` with
    ``status`` (404 for a path, 400 for a query parameter) naming ``field``."""
    if not isinstance(game, str) or game not in registry.slugs():
        raise ServiceError("unknown_game", GAME_NOT_FOUND, status, field)
    return game


def _members(qs: QuerySet, tenant) -> QuerySet:
    return qs.filter(user_id__in=active_member_ids(tenant=tenant))


def leaderboard(*, tenant, game) -> QuerySet[Rating]:
    """The ratings of ``game`` in ``tenant`` best first (``rating``, then ``mu``, then
    username), each annotated with ``position`` (1 = best; equal ratings share it), with
    ``user`` loaded. Only members with at least one rated game. Raises 404 ``unknown_game``."""
    game_check(game)
    qs = _members(Rating.objects.for_tenant(tenant).filter(game=game, rated_games__gte=1), tenant)
    return (
        qs.select_related("user")
        .annotate(position=Window(Rank(), order_by=F("rating").desc()))
        .order_by("-rating", "-mu", "user__username", "pk")
    )


def rating_public(rating: Rating, *, position: int | None = None) -> dict:
    """A rating as pages and the API show it::

        {"game", "game_name", "rating", "mu", "sigma", "rated_games", "wins", "provisional",
         "position"}

    ``rating`` is the displayed number (``skill``); ``position`` on the leaderboard, if known."""
    return {
        "game": rating.game,
        "game_name": game_name(rating.game),
        "rating": rating.rating,
        "mu": round(rating.mu, 3),
        "sigma": round(rating.sigma, 3),
        "rated_games": rating.rated_games,
        "wins": rating.wins,
        "provisional": rating.provisional,
        "position": position,
    }


def ratings_of(*, tenant, user) -> list[dict]:
    """``user``'s ratings in ``tenant`` (``rating_public``, with the leaderboard ``position``),
    by game name. Empty for someone who is not a member."""
    rows = _members(Rating.objects.for_tenant(tenant).filter(user=user, rated_games__gte=1), tenant)
    out = []
    for r in rows:
        better = _members(
            Rating.objects.for_tenant(tenant).filter(game=r.game, rated_games__gte=1, rating__gt=r.rating), tenant
        ).count()
        out.append(rating_public(r, position=better + 1))
    return sorted(out, key=lambda d: d["game_name"])


def rating_history(*, tenant, user, game=None) -> QuerySet[RatingChange]:
    """``user``'s rating changes in ``tenant``, oldest first (one per rated match), for one
    ``game`` or all. Raises 400 ``unknown_game`` (field ``game``) for a game not registered."""
    qs = RatingChange.objects.for_tenant(tenant).filter(user=user)
    if game is not None:
        qs = qs.filter(game=game_check(game, status=400))
    return qs.order_by("created_at", "pk")


def change_public(change: RatingChange) -> dict:
    """A rating change as the API and the chart show it::

        {"match", "game", "rank", "rating_before", "rating_after", "delta", "mu", "sigma",
         "rated_games", "provisional", "created_at"}"""
    return {
        "match": change.match_id,
        "game": change.game,
        "rank": change.rank,
        "rating_before": change.rating_before,
        "rating_after": change.rating_after,
        "delta": change.delta,
        "mu": round(change.mu_after, 3),
        "sigma": round(change.sigma_after, 3),
        "rated_games": change.rated_games,
        "provisional": skill.is_provisional(change.rated_games),
        "created_at": change.created_at,
    }


def changes_by_match(*, tenant, user, match_ids) -> dict[int, int]:
    """``{match_id: rating delta}`` of ``user``'s changes from those matches of ``tenant``."""
    rows = RatingChange.objects.for_tenant(tenant).filter(user=user, match_id__in=list(match_ids))
    return {c.match_id: c.delta for c in rows.only("match_id", "rating_before", "rating_after")}
