"""A person's own data from Settings (issue 27, point 5): "Download my data"
(``/settings/export/`` asks, ``/settings/export/<token>/`` downloads the JSON file, for its
owner signed in only: another person's or an unknown token is a 404, an expired one a 410)
and "Delete my account" (``/settings/delete/``: type the username and password). Thin: the
services of ``players.exports`` and ``accounts.deletion`` decide; a refusal is a message or
the error page, never a 500."""
from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts import deletion
from gameplatform.core.errors import ServiceError
from gameplatform.players import exports
from gameplatform.tenants.pages import error_page

EXPORT_ASKED = _("Your data is being prepared: you will get an e-mail with the link, and it will be here too.")
DELETED = _("Your account is deleted. Goodbye!")


@login_required
@require_POST
def data_export_start(request):
    """POST: asks for a new file of the person's data (made in the background)."""
    try:
        exports.data_export_request(user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, EXPORT_ASKED)
    return redirect("/settings/#your-data")


@login_required
@require_GET
def data_export_download(request, token: str):
    """The ready file, as an attachment ``hexagora-data-<username>.json``."""
    try:
        export = exports.data_export_download(user=request.user, token=token)
    except ServiceError as exc:
        return error_page(request, exc)
    body = json.dumps(export.data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="hexagora-data-{request.user.pk}.json"'
    response["Cache-Control"] = "private, no-store"
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """GET: what deleting does, and the form (username and password); POST: deletes, signs
    out and goes to the sign-in page. An owner is told which communities to hand over or
    close first."""
    owned = deletion.communities_owned(user=request.user)
    error = None
    if request.method == "POST":
        try:
            deletion.account_delete(user=request.user, password=request.POST.get("password", ""),
                                    username=request.POST.get("username", ""), request=request)
        except ServiceError as exc:
            error = exc
        else:
            logout(request)
            messages.success(request, DELETED)
            return redirect("account_login")
    status = error.status if error is not None else 200
    context = {"owned": owned, "error": error, "typed": request.POST.get("username", "")[:150]}
    return render(request, "players/delete_account.html", context, status=status)
