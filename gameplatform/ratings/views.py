"""Leaderboard pages: ``/leaderboards/`` (every game, its top players) and
``/leaderboards/<game>/?page=N`` (one game, paged). Members of the community only; the lists
show only its members (``ratings.selectors``)."""
from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from gameplatform.core.errors import ServiceError
from gameplatform.tenants.pages import member_page
from games.registry import all_engines

from . import selectors, skill

PAGE_SIZE = 50
TOP_SHOWN = 5
PAGE_INVALID = _("page must be a whole number from 1 to {pages}.")


def page_number(raw, pages: int) -> int:
    """The ``page`` query parameter as a number from 1 to ``pages`` (absent: 1); else
    ``ServiceError`` 400 ``invalid_page`` naming the field."""
    if raw is None:
        return 1
    if not (isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 9 and 1 <= int(raw) <= pages):
        raise ServiceError("invalid_page", PAGE_INVALID.format(pages=pages), 400, "page")
    return int(raw)


def leaderboard_rows(ratings) -> list[dict]:
    """Rows for the tables: ``rating_public`` plus ``username`` and ``name``."""
    return [{**selectors.rating_public(r, position=r.position), "username": r.user.username,
             "name": r.user.public_name} for r in ratings]


@require_GET
@member_page
def leaderboard_index(request):
    """/leaderboards/: every game with its top ``TOP_SHOWN`` players here."""
    games = []
    for engine in all_engines():
        board = selectors.leaderboard(tenant=request.tenant, game=engine.slug)
        games.append({"slug": engine.slug, "name": engine.name, "rows": leaderboard_rows(board[:TOP_SHOWN]),
                      "count": board.count()})
    return render(request, "ratings/leaderboard_index.html", {"games": games})


@require_GET
@member_page
def leaderboard(request, game: str):
    """/leaderboards/<game>/?page=N: the game's ratings here, best first, ``PAGE_SIZE`` a page;
    404 for a game not offered, 400 for a bad ``page``."""
    board = selectors.leaderboard(tenant=request.tenant, game=game)
    paginator = Paginator(board, PAGE_SIZE)
    page = paginator.page(page_number(request.GET.get("page"), paginator.num_pages))
    context = {
        "game": game,
        "game_name": selectors.game_name(game),
        "rows": leaderboard_rows(page.object_list),
        "page": page,
        "provisional_games": skill.PROVISIONAL_GAMES,
        "mine": next((r for r in selectors.ratings_of(tenant=request.tenant, user=request.user) if r["game"] == game),
                     None),
    }
    return render(request, "ratings/leaderboard.html", context)
