"""Tournament pages (issue 28, point 4): the community's list, the create form, a tournament's
page (format, players, rounds with live links, standings with tie-breaks, podium) and its live
part (``/tournaments/<id>/live/``: what the page swaps in when ``ws/tournaments/<id>/`` says a
change happened); the registration and the moderators' buttons post here.

Thin, as ``web.matches``: every page needs a signed-in member of ``request.tenant``; another
community's tournament is a 404; a refusal shows the service's message.
"""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from gameplatform.core.errors import ServiceError
from gameplatform.tenants.pages import home_section, member_page
from gameplatform.tenants.selectors import user_can_moderate
from gameplatform.tournaments import selectors, services
from gameplatform.tournaments.forms import TournamentForm
from gameplatform.tournaments.models import Tournament
from games.registry import UnknownGame, get_engine

CREATED = _("Tournament created: members may register now.")
REGISTERED = _("You are registered.")
WITHDRAWN = _("You withdrew from the tournament.")
DONE = _("Done.")
FORM_INVALID = _("The tournament was not created: please correct the fields marked below.")
FIELD_ALIASES = {"seats": "table_size", "options": "game", "variant_id": "variant"}


def _game_name(slug: str) -> str:
    try:
        return get_engine(slug).name
    except UnknownGame:
        return slug


def may_create(request) -> bool:
    """May this member create a tournament here (point 3)?"""
    tenant = request.tenant
    return bool(tenant.tournaments_by_members or user_can_moderate(user=request.user, tenant=tenant))


def cards(tournaments) -> list[dict]:
    """What a list shows of each tournament."""
    return [{"t": t, "game_name": _game_name(t.game), "players": getattr(t, "players", None)} for t in tournaments]


@home_section
def tournaments_home(*, request, tenant) -> dict:
    """The community's page lists its upcoming and running tournaments (point 4)."""
    return {"tournaments_upcoming": cards(selectors.tournaments_of(tenant, statuses=selectors.UPCOMING)[:10]),
            "tournaments_running": cards(selectors.tournaments_of(tenant, statuses=selectors.RUNNING)[:10])}


@require_GET
@member_page
def tournament_list(request):
    """/tournaments/: upcoming, running and finished tournaments of this community."""
    tenant = request.tenant
    context = {
        "upcoming": cards(selectors.tournaments_of(tenant, statuses=selectors.UPCOMING)),
        "running": cards(selectors.tournaments_of(tenant, statuses=selectors.RUNNING)),
        "over": cards(selectors.tournaments_of(tenant, statuses=(Tournament.Status.FINISHED,
                                                                 Tournament.Status.CANCELLED))[:30]),
        "may_create": may_create(request),
    }
    return render(request, "tournaments/list.html", context)


@require_http_methods(["GET", "POST"])
@member_page
def tournament_create(request):
    """/tournaments/new/: the create form (moderators, or members when the community allows)."""
    if not may_create(request):
        raise ServiceError("not_allowed", str(_(services.NOT_ALLOWED)), 403)
    form = TournamentForm(request.POST or None, tenant=request.tenant)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(tenant=request.tenant, user=request.user, **form.service_fields())
        except ServiceError as exc:
            if exc.status != 400:
                raise
            name = FIELD_ALIASES.get((exc.field or "").split(".")[0], exc.field)
            form.add_error(name if name in form.fields else None, exc.message)
        else:
            messages.success(request, CREATED)
            return redirect("tournament_detail", tournament_id=tournament.pk)
    status = 400 if request.method == "POST" else 200
    if status == 400:
        messages.error(request, FORM_INVALID)
    return render(request, "tournaments/create.html", {"form": form}, status=status)


def _detail_context(request, tournament_id) -> dict:
    tournament = selectors.tournament_get(request.tenant, tournament_id)
    if tournament is None:
        raise Http404
    public = selectors.tournament_public(tournament)
    return {
        "tournament": tournament, "public": public, "game_name": _game_name(tournament.game),
        "entry": selectors.entry_of(tournament, request.user),
        "is_moderator": user_can_moderate(user=request.user, tenant=request.tenant),
        "podium": selectors.podium(tournament),
        "rounds": list(reversed(public["rounds"])),
    }


@require_GET
@member_page
def tournament_detail(request, tournament_id: int):
    """/tournaments/<id>/: the tournament's page."""
    return render(request, "tournaments/detail.html", _detail_context(request, tournament_id))


@require_GET
@member_page
def tournament_live(request, tournament_id: int):
    """/tournaments/<id>/live/: the page's live part alone (standings, rounds, actions)."""
    return render(request, "tournaments/_live.html", _detail_context(request, tournament_id))


def _post(request, tournament_id: int, call, success) -> object:
    try:
        call()
    except ServiceError as exc:
        if exc.status == 404:
            raise Http404
        messages.error(request, exc.message)
    else:
        messages.success(request, success)
    return redirect("tournament_detail", tournament_id=tournament_id)


@require_POST
@member_page
def tournament_register(request, tournament_id: int):
    return _post(request, tournament_id, lambda: services.tournament_register(
        tenant=request.tenant, user=request.user, tournament_id=tournament_id), REGISTERED)


@require_POST
@member_page
def tournament_withdraw(request, tournament_id: int):
    return _post(request, tournament_id, lambda: services.tournament_withdraw(
        tenant=request.tenant, user=request.user, tournament_id=tournament_id), WITHDRAWN)


ACTIONS = {
    "pause": services.tournament_pause, "resume": services.tournament_resume, "cancel": services.tournament_cancel,
    "repair": services.tournament_repair,
}


def _int_or_none(raw):
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


@require_POST
@member_page
def tournament_moderate(request, tournament_id: int, action: str):
    """POST /tournaments/<id>/<action>/: pause, resume, cancel, repair (pair the pending round
    again), remove (``user_id``) or adjudicate (``table``, from 1; ``places`` "1,2,2,4")."""
    base = {"tenant": request.tenant, "user": request.user, "tournament_id": tournament_id,
            "reason": request.POST.get("reason", "")}
    if action in ACTIONS:
        return _post(request, tournament_id, lambda: ACTIONS[action](**base), DONE)
    if action == "remove":
        return _post(request, tournament_id, lambda: services.tournament_remove_player(
            **base, user_id=request.POST.get("user_id")), DONE)
    if action == "adjudicate":
        places = [_int_or_none(p) for p in request.POST.get("places", "").split(",")]
        number = _int_or_none(request.POST.get("table"))  # the page numbers tables from 1
        return _post(request, tournament_id, lambda: services.tournament_adjudicate(
            **base, table_index=None if number is None else number - 1, places=places), DONE)
    raise Http404
