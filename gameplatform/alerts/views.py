"""Pages of the alerts: ``/your-turn/``, inviting to an open match (by username, and the
signed invitation link) and the one-click unsubscribe of the mails.

Thin: parse, call one selector or service, shape the page. A refusal is a page with its 4xx
status and the service's message (a form error where there is a form), never a 500.
"""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from gameplatform.core.errors import ServiceError
from gameplatform.matches import selectors as match_selectors
from gameplatform.matches.models import Match, Seat
from gameplatform.matches.selectors import game_name
from gameplatform.tenants.pages import member_page

from . import joins, selectors, services
from .forms import InviteForm
from .models import MatchInvitation


@require_GET
@member_page
def your_turn(request):
    """/your-turn/: the matches of this community waiting for the person, oldest deadline
    first (no deadline last), and their open invitations."""
    waiting = selectors.waiting_list(tenant=request.tenant, user=request.user)
    invitations = selectors.invitation_list(tenant=request.tenant, user=request.user)
    # The header's badge counts both lists (selectors.alerts_count); js/me.js compares.
    context = {"waiting": waiting, "invitations": invitations, "count": len(waiting) + len(invitations)}
    return render(request, "alerts/your_turn.html", context)


def _invite_context(request, match: Match, form: InviteForm) -> dict:
    invited = (MatchInvitation.objects.filter(match=match).select_related("user").order_by("created_at", "pk"))
    return {
        "match": match, "game_name": game_name(match.game), "form": form,
        "invite_url": request.build_absolute_uri(selectors.invite_path(match.pk)),
        "invited": [inv.user.public_name for inv in invited],
    }


@require_http_methods(["GET", "POST"])
@member_page
def invite(request, match_id: int):
    """/matches/<id>/invite/: the creator of an open match invites a member by username (POST
    ``username``), or copies the invitation link. A refused name is a form error (400 or
    409, nothing written); anyone else but the creator gets 403."""
    match = match_selectors.match_get(tenant=request.tenant, match_id=match_id)
    if match.created_by_id != request.user.pk:
        raise ServiceError("not_creator", str(services.NOT_CREATOR), 403)
    if request.method == "GET":
        return render(request, "alerts/invite.html", _invite_context(request, match, InviteForm()))
    form = InviteForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            invitation = services.match_invite(tenant=request.tenant, user=request.user, match_id=match.pk,
                                               username=form.cleaned_data["username"])
        except ServiceError as exc:
            if exc.status in (403, 404):
                raise
            form.add_error("username" if exc.field == "username" else None, exc.message)
            status = exc.status
        else:
            messages.success(request, gettext("%(name)s is invited.") % {"name": invitation.user.public_name})
            return redirect("match_detail", match_id=match.pk)
    return render(request, "alerts/invite.html", _invite_context(request, match, form), status=status)


@require_http_methods(["GET", "POST"])
@member_page
def invite_link(request, match_id: int, token: str):
    """/matches/<id>/invite/<token>/: the match's invitation link. GET shows the match and a
    "Take a seat" button while a seat is free; POST takes it (``joins.invite_link_join``).
    A token that is not this match's is a 404."""
    if not selectors.invite_token_valid(token, match_id):
        raise ServiceError("invalid_invite_link", str(services.INVITE_LINK_INVALID), 404, "token")
    match = match_selectors.match_get(tenant=request.tenant, match_id=match_id)
    status = 200
    if request.method == "POST":
        try:
            joins.invite_link_join(tenant=request.tenant, user=request.user, match_id=match.pk, token=token)
        except ServiceError as exc:
            if exc.status in (403, 404):
                raise
            messages.error(request, exc.message)
            status = exc.status
        else:
            messages.success(request, gettext("You took a seat."))
            return redirect("match_detail", match_id=match.pk)
    seats = list(Seat.objects.filter(match=match).select_related("user").order_by("index"))
    context = {
        "match": match, "game_name": game_name(match.game),
        "creator": match.created_by.public_name if match.created_by else None,
        "seated": any(s.user_id == request.user.pk for s in seats),
        "free": sum(1 for s in seats if s.user_id is None and not s.bot_kind),
        "seats": len(seats),
    }
    return render(request, "alerts/invite_link.html", context, status=status)


@csrf_exempt  # RFC 8058: the one-click POST comes from the mail client, with no cookie or form token
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """/alerts/unsubscribe/<token>/: GET asks "stop the mails?" with a button; POST (the button,
    or a mail client's RFC 8058 one-click ``List-Unsubscribe=One-Click``) turns them off. No
    sign-in needed: the signed token is the proof. A bad token is a 400 page, nothing changed."""
    user = selectors.unsubscribe_token_user(token)
    if user is None:
        return render(request, "alerts/unsubscribe.html", {"invalid": True}, status=400)
    if request.method == "POST":
        services.email_unsubscribe(token=token)
        return render(request, "alerts/unsubscribe.html", {"done": True})
    return render(request, "alerts/unsubscribe.html", {"token": token})

