"""The console's tabs about people (issue 27, point 2): Members (roles, bans, time-outs,
removal), Ownership (offer, withdraw; the member offered accepts or declines from the
community's page) and Invitations. Thin: one service per POST (``tenants.roles``,
``tenants.moderation``, ``tenants.services``)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Case, IntegerField, Value, When
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from gameplatform.core.errors import ServiceError
from gameplatform.tenants import moderation, roles, services
from gameplatform.tenants.models import Invitation, Membership

from .access import UNKNOWN_ACTION, act, console_page, render_tab, visible_tenant
from .forms import MemberActionForm, ReasonForm

Role = Membership.Role
DONE = {
    "moderator": _("{name} is now a moderator."),
    "player": _("{name} is now a player."),
    "ban": _("{name} is banned."),
    "unban": _("{name}'s ban is lifted."),
    "timeout": _("{name} is timed out of the chat."),
    "remove": _("{name} is no longer a member."),
}
OFFERED = _("Ownership offered to {name}: they must accept it on the community's page.")
OFFER_WITHDRAWN = _("The ownership offer is withdrawn.")
OFFER_ACCEPTED = _("You are now the owner of {name}.")
OFFER_DECLINED = _("You declined the ownership of {name}.")
INVITATION_CREATED = _("New invitation code: {code}")
INVITATION_REVOKED = _("Invitation code {code} revoked.")
CHOOSE_MEMBER = _("Choose the member to offer the ownership to.")


def _all_members(tenant):
    rank = Case(When(role=Role.OWNER, then=Value(0)), When(role=Role.MODERATOR, then=Value(1)), default=Value(2),
                output_field=IntegerField())
    return (Membership.objects.filter(tenant=tenant).select_related("user")
            .annotate(rank=rank).order_by("rank", "user__username"))


def _may_sanction(user, membership) -> bool:
    try:
        moderation.check_may_sanction(by=user, membership=membership)
    except ServiceError:
        return False
    return True


@console_page()
def members_tab(request, console):
    """Every member with their role and standing; the actions the viewer may take on each."""
    rows = [{"m": m, "may": _may_sanction(request.user, m)} for m in _all_members(console.tenant)]
    return render_tab(request, console, "tenants/console/members.html", {"rows": rows, "now": timezone.now()})


def _member_call(request, console, membership: Membership, data: dict):
    action, reason = data["action"], data.get("reason", "")
    if action in (Role.MODERATOR, Role.PLAYER):
        return lambda: roles.role_set(membership=membership, role=action, by=request.user, reason=reason)
    if action == "ban":
        return lambda: moderation.member_ban(membership=membership, by=request.user, reason=reason)
    if action == "unban":
        return lambda: moderation.member_unban(membership=membership, by=request.user, reason=reason)
    if action == "timeout":
        return lambda: moderation.member_timeout(membership=membership, by=request.user,
                                                 seconds=data.get("seconds") or 3600, reason=reason)
    return lambda: roles.member_remove(membership=membership, by=request.user, reason=reason)


@console_page()
@require_POST
def member_act(request, console, pk: int):
    """One action of the Members tab on the membership ``pk`` of this community."""
    membership = get_object_or_404(Membership.objects.select_related("user", "tenant"), pk=pk, tenant=console.tenant)
    form = MemberActionForm(request.POST)
    if not form.is_valid():
        messages.error(request, UNKNOWN_ACTION)
        return redirect("console:members", slug=console.tenant.slug)
    action = form.cleaned_data["action"]
    name = membership.user.get_username()
    return act(request, console, "console:members", _member_call(request, console, membership, form.cleaned_data),
               DONE[action].format(name=name))


@console_page(owners_only=True)
def ownership_tab(request, console):
    """The standing offer, if any, and the members the owner may offer the ownership to."""
    candidates = _all_members(console.tenant).filter(banned_at__isnull=True, user__is_active=True).exclude(
        role=Role.OWNER)
    return render_tab(request, console, "tenants/console/ownership.html", {"candidates": candidates})


@console_page(owners_only=True)
@require_POST
def ownership_offer(request, console):
    """Offers the ownership to the member named in ``user`` (an id)."""
    raw = request.POST.get("user", "")
    person = get_user_model().objects.filter(pk=int(raw)).first() if raw.isdigit() and len(raw) < 10 else None
    if person is None:
        messages.error(request, CHOOSE_MEMBER)
        return redirect("console:ownership", slug=console.tenant.slug)
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    return act(request, console, "console:ownership", lambda: roles.ownership_offer(
        tenant=console.tenant, by=request.user, to=person, reason=reason),
        OFFERED.format(name=person.get_username()))


@console_page(owners_only=True)
@require_POST
def ownership_cancel(request, console):
    """Withdraws the standing offer."""
    return act(request, console, "console:ownership", lambda: roles.ownership_cancel(
        tenant=console.tenant, by=request.user), OFFER_WITHDRAWN)


@login_required
@require_POST
def ownership_respond(request, slug: str, answer: str):
    """The member offered the ownership accepts or declines it (from the community's page)."""
    tenant, _membership = visible_tenant(request, slug)
    try:
        if answer == "accept":
            roles.ownership_accept(tenant=tenant, user=request.user)
            messages.success(request, OFFER_ACCEPTED.format(name=tenant.name))
        else:
            if tenant.ownership_offered_to_id != request.user.pk:
                raise ServiceError("no_offer", roles.NO_OFFER, 403)
            roles.ownership_cancel(tenant=tenant, by=request.user)
            messages.success(request, OFFER_DECLINED.format(name=tenant.name))
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("tenants:detail", slug=tenant.slug)


@console_page()
def invitations_tab(request, console):
    """The community's invitation codes, unused first, with who used the others."""
    invitations = (Invitation.objects.filter(tenant=console.tenant).select_related("created_by", "used_by")
                   .order_by("used_at", "-created_at", "-pk")[:200])
    return render_tab(request, console, "tenants/console/invitations.html", {"invitations": invitations})


@console_page()
@require_POST
def invitation_create(request, console):
    """A new invitation code (``services.invitation_create``)."""
    return act(request, console, "console:invitations", lambda: services.invitation_create(
        tenant=console.tenant, by=request.user), lambda inv: INVITATION_CREATED.format(code=inv.code))


@console_page()
@require_POST
def invitation_revoke(request, console, pk: int):
    """Revokes an unused code of this community (``services.invitation_revoke``)."""
    invitation = get_object_or_404(Invitation, pk=pk, tenant=console.tenant)
    return act(request, console, "console:invitations", lambda: services.invitation_revoke(
        invitation=invitation, by=request.user), INVITATION_REVOKED.format(code=invitation.code))
