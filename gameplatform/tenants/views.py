"""Community pages under /communities/: my communities and the open ones, joining (open or by
invitation code) and, for moderators/owners, invitation codes. Thin: parse, call one service,
show the outcome as a message; a refused request never answers 500."""
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from gameplatform.core.errors import ServiceError

from . import selectors, services
from .forms import CommunitySearchForm, InviteCodeForm, game_choices
from .models import Invitation, Membership, Tenant
from .pages import home_context

JOINED = _("You joined {name}.")
ALREADY_MEMBER = _("You are already a member of {name}.")
INVITATION_CREATED = _("New invitation code for {name}: {code}")
INVITATION_REVOKED = _("Invitation code {code} revoked.")
CODE_REQUIRED = _("Enter the invitation code you were given.")


SEARCH_PAGE_SIZE = 20
MEMBERS_SHOWN = 100


@login_required
def community_list(request):
    """My communities (with my role), and the communities I may join, found by name, language
    and game (``?q=&language=&game=&page=``, issue 27, point 6): open ones, never closed ones,
    20 a page."""
    search = CommunitySearchForm(request.GET or None)
    filters = search.filters()
    mine = Membership.objects.filter(user=request.user).values("tenant_id")
    found = selectors.tenant_search(user=request.user, **filters).exclude(pk__in=mine)
    page = Paginator(found, SEARCH_PAGE_SIZE).get_page(request.GET.get("page"))
    query = {name: value for name, value in filters.items() if value}
    languages, games = dict(settings.LANGUAGES), dict(game_choices())
    results = [{"community": c, "language": languages.get(c.language, c.language),
                "games": [games.get(slug, slug) for slug in c.games or []]} for c in page.object_list]
    return render(
        request,
        "tenants/community_list.html",
        {
            "memberships": selectors.membership_list_for_user(user=request.user),
            "joinable": page.object_list,
            "results": results,
            "page": page,
            "page_query": urlencode(query),
            "searched": bool(query),
            "search_form": search,
            "invite_form": InviteCodeForm(),
        },
    )


def _visible_tenant(request, slug: str) -> tuple[Tenant, object]:
    """The tenant ``slug`` and the user's membership; 404 for an invite-only tenant the user is
    not in (its existence is not revealed)."""
    tenant = get_object_or_404(Tenant, slug=slug)
    membership = selectors.membership_get(user=request.user, tenant=tenant)
    if membership is None and not tenant.is_open and not request.user.is_superuser:
        raise Http404("No such community.")
    return tenant, membership


def _games_offered(tenant: Tenant) -> list[dict]:
    names = dict(game_choices())
    return [{"slug": slug, "name": names.get(slug, slug)} for slug in selectors.tenant_game_slugs(tenant=tenant)]


@login_required
def community_detail(request, slug: str):
    """One community, for a newcomer (issue 27, point 6): its description, language, address,
    the games it offers (rules and leaderboards), its members with the owners and moderators
    first, its open and live matches (``pages.home_context``), how to join (open: a button;
    invite-only: the code form); my role; for moderators, the unused invitation codes. A
    banned member sees only the ban."""
    tenant, membership = _visible_tenant(request, slug)
    can_moderate = selectors.user_can_moderate(user=request.user, tenant=tenant)
    banned = membership is not None and membership.is_banned
    members = selectors.membership_list(tenant=tenant) if not banned or can_moderate else None
    context = {
        "community": tenant,
        "membership": membership,
        "can_moderate": can_moderate,
        "members": members[:MEMBERS_SHOWN] if members is not None else None,
        "member_count": members.count() if members is not None else 0,
        "invitations": selectors.invitation_list_unused(tenant=tenant) if can_moderate else None,
        "join_url": request.build_absolute_uri(reverse("tenants:join_invite")),
        "site_url": selectors.tenant_site_url(tenant=tenant, request=request),
        "base_url": selectors.tenant_base_url(tenant=tenant, request=request),
        "games_offered": _games_offered(tenant),
        "every_game": not tenant.games,
        "language_name": dict(settings.LANGUAGES).get(tenant.language, tenant.language),
        "invite_form": InviteCodeForm(),
        **(home_context(request=request, tenant=tenant) if not banned or can_moderate else {}),
    }
    return render(request, "tenants/community_detail.html", context)


@login_required
@require_POST
def community_join(request, slug: str):
    """Joins an open community (POST)."""
    tenant, membership = _visible_tenant(request, slug)
    if membership is not None:
        messages.info(request, ALREADY_MEMBER.format(name=tenant.name))
        return redirect("tenants:detail", slug=tenant.slug)
    try:
        services.membership_join(user=request.user, tenant=tenant)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("tenants:list")
    messages.success(request, JOINED.format(name=tenant.name))
    return redirect("tenants:detail", slug=tenant.slug)


@login_required
@require_http_methods(["GET", "POST"])
def community_join_invite(request):
    """GET: the code form (``?code=`` pre-fills it, so a shared link works); POST: joins."""
    if request.method == "GET":
        form = InviteCodeForm(initial={"code": request.GET.get("code", "")[:64]})
        return render(request, "tenants/join_invite.html", {"invite_form": form})
    form = InviteCodeForm(request.POST)
    if not form.is_valid():
        messages.error(request, CODE_REQUIRED)
        return render(request, "tenants/join_invite.html", {"invite_form": form}, status=400)
    try:
        membership = services.membership_join_by_invite(user=request.user, code=form.cleaned_data["code"])
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render(request, "tenants/join_invite.html", {"invite_form": form}, status=exc.status)
    messages.success(request, JOINED.format(name=membership.tenant.name))
    return redirect("tenants:detail", slug=membership.tenant.slug)


@login_required
@require_POST
def invitation_create(request, slug: str):
    """A moderator/owner makes a new invitation code (POST); shown in a message and the list."""
    tenant, _ = _visible_tenant(request, slug)
    try:
        invitation = services.invitation_create(tenant=tenant, by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, INVITATION_CREATED.format(name=tenant.name, code=invitation.code))
    return redirect("tenants:detail", slug=tenant.slug)


@login_required
@require_POST
def invitation_revoke(request, slug: str, pk: int):
    """A moderator/owner deletes an unused invitation code (POST)."""
    tenant, _ = _visible_tenant(request, slug)
    invitation = get_object_or_404(Invitation, pk=pk, tenant=tenant)
    try:
        services.invitation_revoke(invitation=invitation, by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, INVITATION_REVOKED.format(code=invitation.code))
    return redirect("tenants:detail", slug=tenant.slug)
