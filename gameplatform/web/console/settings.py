"""The console's owner tabs Settings and Games & variants (issue 27, point 2). Thin: parse the
form, call one service (``matches.community``), show the outcome as a message."""
from __future__ import annotations

import json

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from gameplatform.core.errors import ServiceError
from gameplatform.matches import community
from gameplatform.matches.models import RuleVariant
from games.registry import all_engines

from .access import act, console_page, render_tab
from .forms import GamesForm, SettingsForm, VariantForm

SAVED = _("Settings saved.")
GAMES_SAVED = _("The games on offer are saved.")
VARIANT_CREATED = _("Rule variant {name} created.")
VARIANT_SAVED = _("Rule variant {name} saved.")
VARIANT_RETIRED = _("Rule variant {name} retired: the lobby no longer offers it.")
FORM_INVALID = _("Check the form: {errors}")


def _form_errors(form) -> str:
    return "; ".join(f"{form.fields[f].label if f in form.fields else f}: {' '.join(e)}"
                     for f, e in form.errors.items())


@console_page()
def console_home(request, console):
    """The console's address: its first tab the viewer may open (owners: Settings)."""
    return redirect(console.tabs()[0][0], slug=console.tenant.slug)


@console_page(owners_only=True)
@require_http_methods(["GET", "POST"])
def settings_tab(request, console):
    """GET: the settings; POST: saves them (``community_settings_update``)."""
    if request.method == "GET":
        return render_tab(request, console, "tenants/console/settings.html",
                          {"form": SettingsForm.for_tenant(console.tenant)})
    form = SettingsForm(request.POST)
    if not form.is_valid():
        messages.error(request, FORM_INVALID.format(errors=_form_errors(form)))
        return render_tab(request, console, "tenants/console/settings.html", {"form": form}, status=400)
    try:
        community.community_settings_update(tenant=console.tenant, by=request.user, changes=form.changes())
    except ServiceError as exc:
        messages.error(request, exc.message)
        return render_tab(request, console, "tenants/console/settings.html", {"form": form}, status=exc.status)
    messages.success(request, SAVED)
    return redirect("console:settings", slug=console.tenant.slug)


def _variants(tenant) -> list[dict]:
    rows = RuleVariant.objects.filter(tenant=tenant).order_by("-is_active", "game", "name")
    return [{"variant": v, "options": json.dumps(v.options, ensure_ascii=False)} for v in rows]


def _schemas() -> list[dict]:
    out = []
    for engine in all_engines():
        try:
            schema = engine.options_schema() or {}
        except Exception:  # a broken engine: its schema is simply not shown
            schema = {}
        out.append({"name": engine.name, "schema": json.dumps(schema.get("properties", {}), indent=1)})
    return out


@console_page(owners_only=True)
def games_tab(request, console):
    """The games on offer, the community's rule variants, and a form for a new one."""
    tenant = console.tenant
    return render_tab(request, console, "tenants/console/games.html", {
        "games_form": GamesForm(initial={"games": tenant.games}),
        "variant_form": VariantForm(),
        "variants": _variants(tenant),
        "schemas": _schemas(),
    })


@console_page(owners_only=True)
@require_POST
def games_save(request, console):
    """Saves the games on offer (the ``games`` setting)."""
    return _games_act(request, console, GamesForm(request.POST), lambda form: community.community_settings_update(
        tenant=console.tenant, by=request.user, changes={"games": form.cleaned_data["games"]}), GAMES_SAVED)


def _games_act(request, console, form, call, done):
    """A POST of the Games & variants tab: the form's complaint as a message, else ``act``
    with ``call(form)``; back to the tab either way."""
    if not form.is_valid():
        messages.error(request, FORM_INVALID.format(errors=_form_errors(form)))
        return redirect("console:games", slug=console.tenant.slug)
    return act(request, console, "console:games", lambda: call(form), done)


def _variant_fields(form) -> dict:
    data = form.cleaned_data
    return {"game": data["game"], "name": data["name"], "description": data.get("description", ""),
            "options": data.get("options") or {}}


@console_page(owners_only=True)
@require_POST
def variant_create(request, console):
    """A new rule variant (``variant_create``)."""
    return _games_act(request, console, VariantForm(request.POST), lambda form: community.variant_create(
        tenant=console.tenant, by=request.user, fields=_variant_fields(form)),
        lambda v: VARIANT_CREATED.format(name=v.name))


@console_page(owners_only=True)
@require_POST
def variant_edit(request, console, pk: int):
    """Saves a variant's name, description and options (``variant_edit``)."""
    return _games_act(request, console, VariantForm(request.POST), lambda form: community.variant_edit(
        tenant=console.tenant, by=request.user, variant_id=pk, fields=_variant_fields(form)),
        lambda v: VARIANT_SAVED.format(name=v.name))


@console_page(owners_only=True)
@require_POST
def variant_retire(request, console, pk: int):
    """Retires a variant (``variant_retire``)."""
    return act(request, console, "console:games", lambda: community.variant_retire(
        tenant=console.tenant, by=request.user, variant_id=pk), lambda v: VARIANT_RETIRED.format(name=v.name))
