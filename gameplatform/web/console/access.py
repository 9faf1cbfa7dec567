"""Who opens which tab of a community's console (issue 27, point 2) and the shared steps of its
views. Moderators get Members, Invitations, Reports and the Audit log; owners (and site
administrators) every tab. Anyone else: 404 for an invite-only community they are not in
(its existence is not revealed), else 403. The console lives in the web layer because its
tabs reach the matches (variants, clocks) and the chat (reports)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop as N_

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import selectors
from gameplatform.tenants.models import Membership, Tenant
from gameplatform.tenants.roles import is_owner

NOT_MODERATOR = N_("Only the community's moderators and owners can open its console.")
OWNER_TAB = N_("Only the community's owner can open this part of the console.")
UNKNOWN_ACTION = _("That action is not one the console knows.")

# (url name, label, owners only)
TABS = (
    ("console:settings", _("Settings"), True),
    ("console:games", _("Games & variants"), True),
    ("console:members", _("Members"), False),
    ("console:ownership", _("Ownership"), True),
    ("console:invitations", _("Invitations"), False),
    ("console:reports", _("Reports"), False),
    ("console:audit", _("Audit log"), False),
)


@dataclass
class Console:
    """The community of the console and the viewer's standing in it."""

    tenant: Tenant
    membership: Membership | None
    owner: bool

    def tabs(self) -> list[tuple[str, str]]:
        """``[(url name, label)]`` of the tabs the viewer may open."""
        return [(name, label) for name, label, owners in TABS if self.owner or not owners]


def visible_tenant(request, slug: str) -> tuple[Tenant, Membership | None]:
    """The community ``slug`` and the viewer's membership; 404 for an invite-only one they are
    not in (nor a site administrator)."""
    tenant = get_object_or_404(Tenant, slug=slug)
    membership = selectors.membership_get(user=request.user, tenant=tenant)
    if membership is None and not tenant.is_open and not request.user.is_superuser:
        raise Http404("No such community.")
    return tenant, membership


def refuse(request, status: int, message: str):
    """The site's refusal page (``error.html``) with ``status``."""
    return render(request, "error.html", {"status": status, "message": message, "code": "not_moderator"},
                  status=status)


def console_page(*, owners_only: bool = False):
    """Decorates ``view(request, console, ...)``: signed in, the community visible, and the
    viewer its moderator or owner (``owners_only``: owner). A ``ServiceError`` the view lets
    through becomes a message and a redirect to the same tab for a POST, its page otherwise."""

    def decorate(view):
        @login_required
        @wraps(view)
        def wrapper(request, slug: str, *args, **kwargs):
            tenant, membership = visible_tenant(request, slug)
            if not selectors.user_can_moderate(user=request.user, tenant=tenant):
                return refuse(request, 403, NOT_MODERATOR)
            owner = is_owner(user=request.user, tenant=tenant)
            if owners_only and not owner:
                return refuse(request, 403, OWNER_TAB)
            console = Console(tenant=tenant, membership=membership, owner=owner)
            try:
                return view(request, console, *args, **kwargs)
            except ServiceError as exc:
                if request.method == "POST":
                    messages.error(request, exc.message)
                    return redirect(request.path)
                return refuse(request, exc.status, exc.message)

        return wrapper

    return decorate


def act(request, console: Console, tab: str, call, done) -> object:
    """Runs ``call()`` (one service) for a POST; ``done``: the success message (or a function
    of the result giving it); the refusal's message otherwise; then back to ``tab``."""
    try:
        result = call()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done(result) if callable(done) else done)
    return redirect(tab, slug=console.tenant.slug)


def render_tab(request, console: Console, template: str, context: dict, status: int = 200):
    """A tab's page with the console's frame (``tenants/console/base.html``)."""
    return render(request, template, {"console": console, "community": console.tenant, **context}, status=status)
