"""Reads for players: own settings, vacation, and a player's profile in a community.

A profile exists only in a community the player belongs to: ``player_get`` answers 404 for
anyone else, the same answer as for a username nobody has, and every list it feeds
(``player_profile``) is filtered to that community's matches and ratings.
"""
from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.models import User
from gameplatform.matches.errors import ServiceError
from gameplatform.matches.models import Match, Seat
from gameplatform.ratings import selectors as ratings
from gameplatform.ratings.selectors import game_name
from gameplatform.tenants.models import Membership
from gameplatform.tenants.selectors import membership_list_active

from .models import Preferences

PLAYER_NOT_FOUND = gettext_noop("There is no such player in this community.")
RECENT_SHOWN = 20
CURRENT_SHOWN = 50


def preferences_get(user) -> Preferences:
    """``user``'s stored preferences, or an unsaved ``Preferences`` with the defaults (for a
    person who never changed them, or anyone signed out). Never writes."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Preferences()
    try:
        return user.preferences
    except Preferences.DoesNotExist:
        return Preferences(user=user)


def vacation_days_left(*, membership: Membership, today: datetime.date | None = None) -> int:
    """Vacation days the member may still take this calendar year in the membership's
    community: ``tenant.vacation_days_per_year`` minus the days of earlier vacations this year
    and the whole of a vacation set this year (running or planned); never below 0."""
    today = today or timezone.localdate()
    used = membership.vacation_days_used if membership.vacation_year == today.year else 0
    start, until = membership.vacation_started, membership.vacation_until
    if start is not None and until is not None and start.year == today.year:
        used += (until - start).days + 1
    return max(membership.tenant.vacation_days_per_year - used, 0)


def on_vacation(*, membership: Membership, today: datetime.date | None = None) -> bool:
    """True while the member's vacation runs: ``vacation_started <= today <= vacation_until``
    (for the clocks, which pause correspondence deadlines then)."""
    today = today or timezone.localdate()
    start, until = membership.vacation_started, membership.vacation_until
    return start is not None and until is not None and start <= today <= until


def settings_get(*, user, tenant) -> dict:
    """``user``'s settings as the settings page and ``/api/v1/settings/`` show them::

        {"language": "en", "colour_blind": false, "email_notifications": "every_turn",
         "browser_notifications": false, "vacation_until": date | None,
         "vacation_days_per_year": 14, "vacation_days_left": 14}

    The vacation fields are those of ``tenant`` (None and 0 without a membership there)."""
    prefs = preferences_get(user)
    membership = Membership.objects.filter(user=user, tenant=tenant).select_related("tenant").first()
    return {
        "language": prefs.language,
        "colour_blind": prefs.colour_blind,
        "email_notifications": prefs.email_notifications,
        "browser_notifications": prefs.browser_notifications,
        "vacation_until": membership.vacation_until if membership else None,
        "vacation_days_per_year": tenant.vacation_days_per_year if tenant is not None else 0,
        "vacation_days_left": vacation_days_left(membership=membership) if membership else 0,
    }


def player_get(*, tenant, username) -> tuple[User, Membership]:
    """The active member ``username`` of ``tenant`` and their membership; 404
    ``player_not_found`` for a name nobody has, a malformed one, and a person who is not an
    active member of ``tenant`` (``tenants.selectors.membership_list_active``: not in it,
    banned from it or suspended; the same answer, so membership elsewhere never shows)."""
    if tenant is None or not isinstance(username, str) or not 0 < len(username) <= 150:
        raise ServiceError("player_not_found", PLAYER_NOT_FOUND, 404)
    membership = (
        membership_list_active(tenant=tenant).filter(user__username=username).select_related("user").first()
    )
    if membership is None:
        raise ServiceError("player_not_found", PLAYER_NOT_FOUND, 404)
    return membership.user, membership


def seat_won(result, index: int) -> bool:
    """Did seat ``index`` win a match with this ``result``? One of ``winners`` when the result
    names them, else ranked first."""
    if not isinstance(result, dict):
        return False
    winners = result.get("winners")
    if isinstance(winners, list) and winners:
        return index in winners
    ranks = result.get("ranks")
    return isinstance(ranks, list) and index < len(ranks) and ranks[index] == 1


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
