"""Starting a community from the site, and what a community's page shows of its play (issue 27,
points 1 and 6). Here, above accounts and matches: the start page asks accounts whether the
person's e-mail address is confirmed, and the community's page (``tenants.views``) lists its
open and live matches through ``tenants.pages.home_section``.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http.request import split_domain_port
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from accounts.selectors import user_email_confirmed
from gameplatform.core.errors import ServiceError
from gameplatform.i18n.view_texts import localized_seats
from gameplatform.matches import selectors as matches
from gameplatform.matches.models import Match
from gameplatform.tenants import selectors as tenants
from gameplatform.tenants import services
from gameplatform.tenants.forms import CommunityCreateForm
from gameplatform.tenants.pages import home_section
from games.registry import UnknownGame, get_engine

CREATED = _("{name} is ready. Its address: {address}")
NOT_CREATED = _("The community was not started: please correct the fields marked below.")
HOME_MATCHES = 10  # open and live matches listed on a community's page, each


def _address_pattern(request) -> str:
    """``http://<slug>.localhost:8000/`` as this request would reach it: the scheme and port
    it came on, ``SLUG`` where the slug goes (the page fills it in as it is typed)."""
    _, port = split_domain_port(request.get_host())
    return f"{request.scheme}://{services.community_domain('SLUG')}{':' + port if port else ''}/"


@login_required
@require_http_methods(["GET", "POST"])
def community_create(request):
    """/communities/new/: the form (GET) and the start (POST, ``services.community_create``).
    A refusal shows the form again with the service's message on its field (or above it),
    with the status it carries; success goes to the community's page with its address."""
    confirmed = user_email_confirmed(user=request.user)
    form = CommunityCreateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            try:
                tenant = services.community_create(
                    user=request.user, name=data["name"], slug=data["slug"], description=data["description"],
                    is_open=data["is_open"], language=data["language"], games=data["games"],
                    email_confirmed=confirmed,
                )
            except ServiceError as exc:
                form.add_error(exc.field if exc.field in form.fields else None, exc.message)
                status = exc.status
            else:
                address = tenants.tenant_site_url(tenant=tenant, request=request)
                messages.success(request, CREATED.format(name=tenant.name, address=address))
                return redirect("tenants:detail", slug=tenant.slug)
        messages.error(request, NOT_CREATED)
    context = {"form": form, "email_confirmed": confirmed, "address_pattern": _address_pattern(request)}
    return render(request, "tenants/community_create.html", context, status=status)


def _game_name(slug: str) -> str:
    try:
        return get_engine(slug).name
    except UnknownGame:
        return slug


def _home_match(match: Match) -> dict:
    seats = localized_seats([matches.seat_public(seat=seat) for seat in match.seats.all()])
    return {
        "id": match.pk,
        "label": match.title or _game_name(match.game),
        "game_name": _game_name(match.game),
        "free": sum(1 for seat in seats if not seat["name"]),
        "players": [seat["name"] for seat in seats if seat["name"]],
    }


@home_section
def home_matches(*, request, tenant) -> dict:
    """The community page's open and live matches of ``tenant`` (its own only), newest first,
    ``HOME_MATCHES`` of each: ``home_open_matches`` and ``home_live_matches``."""
    lists = {}
    for status in (Match.Status.OPEN, Match.Status.ACTIVE):
        lists[status] = [_home_match(m) for m in matches.match_list(tenant=tenant, status=status)[:HOME_MATCHES]]
    return {"home_open_matches": lists[Match.Status.OPEN], "home_live_matches": lists[Match.Status.ACTIVE]}
