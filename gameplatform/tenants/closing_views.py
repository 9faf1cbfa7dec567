"""``/communities/<slug>/close/`` (issue 27, point 4): the owner sees the exact dates and
confirms the closing, or cancels it during the notice; site staff restore a closing or closed
community there. Thin: the services of ``tenants.closing`` decide; a refusal is a message.
An invite-only community the person is not in is a 404; anyone else but its owners and site
staff gets a 403 page."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from gameplatform.core.errors import ServiceError

from . import closing, selectors
from .models import Tenant
from .pages import error_page

CLOSING_STARTED = _("{name} is closing: its members see the date on its pages.")
CLOSING_CANCELLED = _("The closing of {name} is cancelled.")
RESTORED = _("{name} is restored.")
ACTIONS = {"close", "cancel", "restore"}
ACTION_INVALID = _("Choose an action: close, cancel or restore.")


@login_required
@require_http_methods(["GET", "POST"])
def community_close(request, slug: str):
    """GET: the dates a closing would set now (or the current closing's) and the form;
    POST ``action`` close / cancel / restore."""
    tenant = get_object_or_404(Tenant, slug=slug)
    membership = selectors.membership_get(user=request.user, tenant=tenant)
    if membership is None and not tenant.is_open and not request.user.is_superuser:
        raise Http404("No such community.")
    if not closing.user_can_close(user=request.user, tenant=tenant):
        return error_page(request, ServiceError("not_owner", closing.NOT_OWNER, 403))
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in ACTIONS:
            messages.error(request, ACTION_INVALID)
            return redirect("tenants:close", slug=tenant.slug)
        try:
            if action == "close":
                closing.community_close(tenant=tenant, by=request.user)
                messages.success(request, CLOSING_STARTED.format(name=tenant.name))
            elif action == "cancel":
                closing.community_close_cancel(tenant=tenant, by=request.user)
                messages.success(request, CLOSING_CANCELLED.format(name=tenant.name))
            else:
                closing.community_restore(tenant=tenant, by=request.user)
                messages.success(request, RESTORED.format(name=tenant.name))
        except ServiceError as exc:
            messages.error(request, exc.message)
        return redirect("tenants:close", slug=tenant.slug)
    state = closing.tenant_state(tenant)
    context = {
        "community": tenant, "state": state, "dates": closing.closing_dates(),
        "can_restore": request.user.is_superuser and state != "open",
    }
    return render(request, "tenants/close.html", context)
