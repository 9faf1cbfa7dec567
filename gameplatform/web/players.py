"""A player's page in the community (``/players/<username>/``) and one's own settings
(``/settings/``). Thin: parse, call one selector or service, shape the page. Members only; a
person who is not in this community is a 404 here, whatever they are elsewhere."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from accounts import selectors as accounts
from gameplatform.core.errors import ServiceError
from gameplatform.players import exports, selectors, services
from gameplatform.players.forms import SettingsForm
from gameplatform.players.language import LANGUAGE_CODES, stored_language
from gameplatform.ratings import selectors as ratings
from gameplatform.tenants.pages import member_page

from . import charts, profiles

SAVED = _("Your settings are saved.")
NOT_SAVED = _("Nothing was saved: please correct {fields}.")


@require_GET
@member_page
def profile(request, username: str):
    """/players/<username>/: ratings per game (provisional marked) with their history charts,
    win rate per game, current and recent matches, all of this community only."""
    user, _ = profiles.player_get(tenant=request.tenant, username=username)
    data = profiles.player_profile(tenant=request.tenant, user=user)
    for row in data["ratings"]:
        history = ratings.rating_history(tenant=request.tenant, user=user, game=row["game"])
        row["chart"] = charts.rating_chart([ratings.change_public(c) for c in history])
    context = {**data, "player": user, "is_me": user.pk == request.user.pk}
    return render(request, "players/profile.html", context)


def _initial(data: dict, user=None) -> dict:
    initial = {key: data[key] for key in services.SETTINGS_FIELDS}
    if stored_language(user) is None and get_language() in LANGUAGE_CODES:
        # No saved choice yet: the form offers the language the page is shown in (the cookie's
        # or the browser's), so saving other settings does not switch the site to English.
        initial["language"] = get_language()
    until = initial["vacation_until"]
    if until is not None and until < timezone.localdate():
        initial["vacation_until"] = None  # an ended vacation is not shown as planned
    return initial


@require_http_methods(["GET", "POST"])
@member_page
def settings_page(request):
    """/settings/: GET the form; POST saves every field at once (400 and nothing saved when a
    field is refused, the field's message beside it)."""
    current = selectors.settings_get(user=request.user, tenant=request.tenant)
    if request.method == "GET":
        return _render(request, SettingsForm(initial=_initial(current, request.user)), current)
    form = SettingsForm(request.POST)
    if form.is_valid():
        try:
            services.settings_update(user=request.user, tenant=request.tenant, **form.cleaned_data)
        except ServiceError as exc:
            if exc.status == 403:
                raise
            form.add_error(exc.field if exc.field in form.fields else None, exc.message)
        else:
            messages.success(request, SAVED)
            return redirect("settings")
    names = ", ".join(form.field_label(name) if name != "__all__" else "the form" for name in form.errors)
    messages.error(request, NOT_SAVED.format(fields=names))
    return _render(request, form, current, status=400)


def _render(request, form: SettingsForm, current: dict, status: int = 200):
    # The account's sign-in (two-factor status; managed on allauth's pages, linked from here).
    context = {"form": form, "current": current, "mfa": accounts.user_mfa_summary(user=request.user),
               "data_export": exports.export_public(exports.data_export_latest(user=request.user))}
    return render(request, "players/settings.html", context, status=status)
