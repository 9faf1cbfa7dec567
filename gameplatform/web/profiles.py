"""A player's page in a community: who they are there, their ratings, win rates, current and
recent matches (``/players/<username>/`` and ``/api/v1/players/<username>/``).

A profile exists only in a community the player belongs to: ``player_get`` answers 404 for
anyone else, the same answer as for a username nobody has, and every list it feeds
(``player_profile``) is filtered to that community's matches and ratings.
"""
from __future__ import annotations

from django.utils.translation import gettext_noop

from accounts.models import User
from accounts.selectors import username_resolve
from gameplatform.core.errors import ServiceError
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import game_name, seat_won
from gameplatform.ratings import selectors as ratings
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import membership_list_active

PLAYER_NOT_FOUND = gettext_noop("There is no such player in this community.")
RECENT_SHOWN = 20
CURRENT_SHOWN = 50


def player_get(*, tenant, username) -> tuple[User, Membership]:
    """The active member ``username`` designates in ``tenant`` (``accounts.selectors.username_resolve``:
    exactly so called, else the one member so called in any case or width, never a look-alike)
    and their membership; 404 ``player_not_found`` for a name nobody has, a malformed one, and
    a person who is not an active member of ``tenant`` (``tenants.selectors.membership_list_active``:
    not in it, banned from it or suspended; the same answer, so membership elsewhere never shows)."""
    if tenant is None:
        raise ServiceError("player_not_found", PLAYER_NOT_FOUND, 404)
    membership = username_resolve(
        username, queryset=membership_list_active(tenant=tenant).select_related("user"), path="user__"
    )
    if membership is None:
        raise ServiceError("player_not_found", PLAYER_NOT_FOUND, 404)
    return membership.user, membership


def player_profile(*, tenant, user) -> dict:
    """What ``user``'s page in ``tenant`` shows (every list from ``tenant`` alone)::

        {"username", "name", "joined_at",
         "ratings": [ratings.selectors.rating_public(...)],             # by game
         "win_rates": [{"game", "game_name", "played", "wins", "win_rate"}],   # 0-1, by game
         "recent_matches": [{"id", "game", "game_name", "title", "finished_at", "players",
                             "rank", "won", "rated", "rating_change"}],       # newest first
         "current_matches": [{"id", "game", "game_name", "title", "status", "created_at",
                              "started_at", "deadline", "players"}]}

    ``win_rates`` count every finished match the person sat at (rated or not);
    ``rating_change`` is the rating difference that match made (None: unrated).
    """
    membership = Membership.objects.get(tenant=tenant, user=user)
    seated = Seat.objects.filter(user=user).values("match_id")
    mine = Match.objects.for_tenant(tenant).filter(pk__in=seated).defer("state")
    finished = list(
        mine.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk").prefetch_related("seats")
    )
    rates: dict[str, dict] = {}
    recent = []
    changes = ratings.changes_by_match(tenant=tenant, user=user, match_ids=[m.pk for m in finished[:RECENT_SHOWN]])
    for i, match in enumerate(finished):
        seats = list(match.seats.all())
        index = next(s.index for s in seats if s.user_id == user.pk)
        won = seat_won(match.result, index)
        row = rates.setdefault(match.game, {"game": match.game, "game_name": game_name(match.game),
                                            "played": 0, "wins": 0})
        row["played"] += 1
        row["wins"] += won
        if i < RECENT_SHOWN:
            ranks = (match.result or {}).get("ranks") or []
            recent.append({
                "id": match.pk, "game": match.game, "game_name": game_name(match.game), "title": match.title,
                "finished_at": match.finished_at, "players": len(seats),
                "rank": ranks[index] if index < len(ranks) else None, "won": won, "rated": bool(match.rated),
                "rating_change": changes.get(match.pk),
            })
    for row in rates.values():
        row["win_rate"] = row["wins"] / row["played"]
    current = [
        {"id": m.pk, "game": m.game, "game_name": game_name(m.game), "title": m.title, "status": m.status,
         "created_at": m.created_at, "started_at": m.started_at, "deadline": m.deadline,
         "players": len(m.seats.all())}
        for m in mine.filter(status__in=[Match.Status.OPEN, Match.Status.ACTIVE])
        .order_by("-created_at", "-pk").prefetch_related("seats")[:CURRENT_SHOWN]
    ]
    return {
        "username": user.username,
        "name": user.public_name,
        "joined_at": membership.joined_at,
        "ratings": ratings.ratings_of(tenant=tenant, user=user),
        "win_rates": sorted(rates.values(), key=lambda r: r["game_name"]),
        "recent_matches": recent,
        "current_matches": current,
    }
