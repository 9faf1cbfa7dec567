"""Admin for matches (with seats and the full move history inline) and rule variants.

Scoped by ``TenantScopedAdminMixin``: a moderator sees only their communities' matches and
variants (plus the global variants, read-only); superusers see all.

Hidden information: a match is read-only here for everyone, including superusers (moderators
often play too). Until it is over (finished or aborted) the page shows the *spectator* view of
the state, each move's action type only (an action may name hidden cards or tiles) and the
public events; the raw state, the full actions and events and the RNG seed appear once it is
over, when every secret is out anyway (replays show the same). So a moderator never peeks at
hands, deck order or the seed of a match still being played, in their own community or any
other. Moderation goes through the flow services: abort a match, hand a seat to a bot.
"""
import json

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from gameplatform.core.errors import ServiceError
from gameplatform.i18n.engine_texts import engine_text
from gameplatform.i18n.phrases import bot_kind_word, labelled
from gameplatform.tenants.admin import (
    TenantScopedAdminMixin,
    TenantScopedInlineMixin,
    is_superuser,
    moderated_tenant_ids,
)
from gameplatform.tenants.admin_audit import record_variant_form
from gameplatform.tenants.models import Tenant
from games.protocol import OptionsError, visible_events
from games.registry import UnknownGame, get_engine, slugs

from . import services
from .forms import TEAM_LETTERS
from .models import Match, MoveRecord, RuleVariant, Seat

OVER = (Match.Status.FINISHED, Match.Status.ABORTED)
HIDDEN_UNTIL_OVER = gettext_noop("hidden until the match is over")
# The JSON columns show the engine's data as stored, where a seat is an index from 0.
RAW_SEATS = gettext_noop("JSON: a seat in it is an index from 0, seat 1 is 0")
STATE_UNAVAILABLE = _("unavailable: {error}")
ABORTED = _("Match {match} aborted.")
HANDED_TO_BOT = _("Seat {seat} of {match} is now played by the {kind} bot.")
CHOOSE_ONE_MATCH = gettext_noop("Choose exactly one match to hand a seat to a bot.")
NO_HUMAN_SEAT = gettext_noop("This match has no seat played by a person that a bot could take over.")
OPTIONS_NOT_OBJECT = gettext_noop("Options must be a JSON object of option names to values, as the game's options_schema gives them.")
OPTIONS_REJECTED = _("The game rejected these options: {error}")
UNKNOWN_GAME = _("No game is registered under {game!r}.")
GLOBAL_VARIANT_SUPERUSER_ONLY = _(
    "Choose your community: variants for every community are made by site administrators."
)


def _pretty(data) -> str:
    return format_html("<pre style='white-space: pre-wrap; max-width: 70em'>{}</pre>", json.dumps(data, indent=2, sort_keys=True))


def bot_label(game: str, kind: str) -> str:
    """A bot level in words: "Strong: Plans its builds, trades and robber moves..."."""
    try:
        factory = get_engine(game).bots().get(kind)
    except UnknownGame:
        factory = None
    description = getattr(factory, "description", "") if factory else ""
    name = engine_text(kind.capitalize())
    return labelled(name, engine_text(description)) if description else name


def _is_over(match: Match) -> bool:
    return match.status in OVER


class SeatInline(TenantScopedInlineMixin, admin.TabularInline):
    """The seats, read-only, each with a link to hand it to a bot."""

    model = Seat
    tenant_path = "match__tenant"
    fields = ["number", "user", "bot_level", "team_name", "bot_takeover", "timeouts_in_row", "moderate"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("seat"))
    def number(self, seat):
        return seat.index + 1  # seats are numbered from 1 for people, everywhere

    @admin.display(description=_("team"))
    def team_name(self, seat):
        """The team as the table names it ("Team A"), not its index from 0."""
        if seat.team is None:
            return ""
        letter = TEAM_LETTERS[seat.team] if seat.team < len(TEAM_LETTERS) else seat.team + 1
        return gettext("Team {letter}").format(letter=letter)

    @admin.display(description=_("bot"))
    def bot_level(self, seat):
        return bot_label(seat.match.game, seat.bot_kind) if seat.bot_kind else ""

    @admin.display(description="")
    def moderate(self, seat):
        if seat.match.status != Match.Status.ACTIVE or seat.user_id is None or seat.is_bot:
            return ""
        url = reverse("admin:matches_match_hand_to_bot", args=[seat.match_id])
        return format_html('<a href="{}?seat={}">{}</a>', url, seat.index, gettext("Hand to a bot"))


class MoveRecordInline(TenantScopedInlineMixin, admin.TabularInline):
    """Every applied action in order, read-only; secrets only once the match is over."""

    model = MoveRecord
    tenant_path = "match__tenant"
    fields = ["seq", "seat_number", "actor", "shown_action", "shown_events", "created_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = _("move history")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("match")

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("seat"))
    def seat_number(self, record):
        return record.seat + 1  # seats are numbered from 1 for people, everywhere

    @admin.display(description=format_lazy("{} ({})", _("action"), _(RAW_SEATS)))
    def shown_action(self, record):
        action = record.action if isinstance(record.action, dict) else {}
        if _is_over(record.match):
            return json.dumps(action, sort_keys=True)
        return json.dumps({"type": action.get("type")})

    @admin.display(description=format_lazy("{} ({})", _("events"), _(RAW_SEATS)))
    def shown_events(self, record):
        events = record.events if isinstance(record.events, list) else []
        if not _is_over(record.match):
            events = visible_events(events, None)
        return json.dumps(events, sort_keys=True)


class HandToBotForm(forms.Form):
    """Which person's seat a bot takes over, and which bot."""

    seat = forms.TypedChoiceField(coerce=int, label=_("Seat"))
    kind = forms.ChoiceField(label=_("Bot"))

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [
            (s.index, gettext("Seat {number}: {player}").format(number=s.index + 1, player=s.user)) for s in match.seats.all() if s.user_id and not s.is_bot
        ]
        try:
            kinds = list(get_engine(match.game).bots())
        except UnknownGame:
            kinds = []
        self.fields["kind"].choices = [(k, bot_label(match.game, k)) for k in kinds]
        if kinds:
            self.fields["kind"].initial = kinds[-1]  # the strongest (protocol order)


@admin.register(Match)
class MatchAdmin(TenantScopedAdminMixin, admin.ModelAdmin):
    """Matches: read-only, with seats and move history; abort and hand-to-bot via services."""

    list_display = ["id", "__str__", "game", "tenant", "status", "version", "created_at", "finished_at"]
    list_filter = [("tenant", admin.RelatedOnlyFieldListFilter), "game", "status"]
    list_select_related = ["tenant"]
    search_fields = ["title"]
    date_hierarchy = "created_at"
    inlines = [SeatInline, MoveRecordInline]
    actions = ["abort_matches", "hand_seat_to_bot"]
    fieldsets = [
        (None, {"fields": ["tenant", "game", "title", "status", "moderate", "variant", "options", "created_by",
                           "rated"]}),
        (_("Timing"), {"fields": ["created_at", "started_at", "finished_at", "time_control", "turn_seconds",
                               "bank_minutes", "increment_seconds", "days_per_move", "deadline"]}),
        (_("State"), {"fields": ["version", "seed_commitment", "shown_seed", "shown_state", "shown_result"]}),
    ]
    readonly_fields = [
        "tenant", "game", "title", "status", "moderate", "variant", "options", "created_by", "rated",
        "created_at", "started_at", "finished_at", "time_control", "turn_seconds", "bank_minutes",
        "increment_seconds", "days_per_move", "deadline",
        "version", "seed_commitment", "shown_seed", "shown_state", "shown_result",
    ]

    # Matches are made in the lobby and changed only by the services.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return is_superuser(request)

    def has_moderate_permission(self, request, obj=None):
        """Abort / hand to bot: superusers, and moderators for their communities' matches."""
        if not (is_superuser(request) or moderated_tenant_ids(request)):
            return False
        return obj is None or self.in_scope(request, obj)

    # --- hidden information --------------------------------------------------------------------
    @admin.display(description=_("seed"))
    def shown_seed(self, match):
        if match.seed is None:
            return "-"
        return match.seed if _is_over(match) else gettext(HIDDEN_UNTIL_OVER)

    @admin.display(description=_("state"))
    def shown_state(self, match):
        if match.state is None:
            return "-"
        if _is_over(match):
            return _pretty(match.state)
        try:
            engine = get_engine(match.game)
            view = engine.view(engine.decode(match.state), None)
        except Exception as exc:  # a broken row must not take the admin page down
            return STATE_UNAVAILABLE.format(error=type(exc).__name__)
        return format_html(
            "<p>{}</p>{}", gettext("Spectator view: hands, deck order and the seed are {hidden} ({note}).").format(
                hidden=gettext(HIDDEN_UNTIL_OVER), note=gettext(RAW_SEATS)), _pretty(view)
        )

    @admin.display(description=_("result"))
    def shown_result(self, match):
        return _pretty(match.result) if match.result is not None else "-"

    @admin.display(description=_("moderation"))
    def moderate(self, match):
        if match.status in OVER:
            return "-"
        links = [format_html('<a href="{}">{}</a>', reverse("admin:matches_match_abort", args=[match.pk]),
                             gettext("Abort this match"))]
        if match.status == Match.Status.ACTIVE:
            links.append(
                format_html('<a href="{}">{}</a>', reverse("admin:matches_match_hand_to_bot", args=[match.pk]),
                            gettext("Hand a seat to a bot"))
            )
        return format_html(" · ".join(["{}"] * len(links)), *links)

    # --- moderation: actions and their pages -------------------------------------------------
    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<path:object_id>/abort/", wrap(self.abort_view), name="matches_match_abort"),
            path("<path:object_id>/hand-to-bot/", wrap(self.hand_to_bot_view), name="matches_match_hand_to_bot"),
            *super().get_urls(),
        ]

    def _moderated_match(self, request, object_id) -> Match:
        match = self.get_object(request, object_id)  # scoped: another tenant's match is None
        if match is None:
            raise Http404("No such match.")
        if not self.has_moderate_permission(request, match):
            raise PermissionDenied
        return match

    def _abort(self, request, match) -> bool:
        try:
            services.match_abort(match_id=match.pk, by=request.user)
        except ServiceError as exc:
            self.message_user(request, labelled(match, exc.message), messages.ERROR)
            return False
        self.message_user(request, ABORTED.format(match=match), messages.SUCCESS)
        return True

    @admin.action(description=_("Abort the selected matches"), permissions=["moderate"])
    def abort_matches(self, request, queryset):
        """Asks first (issue 8: "the admin's bulk abort asks for confirmation"), as Django's
        delete action does; the confirmation page posts back with ``confirm``."""
        matches = list(queryset)
        if request.POST.get("confirm") != "yes":
            context = {**self.admin_site.each_context(request), "opts": self.model._meta, "matches": matches,
                       "title": ngettext("Abort {count} match?", "Abort {count} matches?", len(matches)).format(
                           count=len(matches)),
                       "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME}
            return TemplateResponse(request, "tenants/admin/match_abort_many.html", context)
        for match in matches:
            self._abort(request, match)
        return None

    @admin.action(description=_("Hand a seat of the selected match to a bot"), permissions=["moderate"])
    def hand_seat_to_bot(self, request, queryset):
        matches = list(queryset[:2])
        if len(matches) != 1:
            self.message_user(request, gettext(CHOOSE_ONE_MATCH), messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("admin:matches_match_hand_to_bot", args=[matches[0].pk]))

    def abort_view(self, request, object_id):
        """GET: confirm; POST: ``match_abort``. Another tenant's match: 404."""
        match = self._moderated_match(request, object_id)
        change_url = reverse("admin:matches_match_change", args=[match.pk])
        if request.method == "POST":
            self._abort(request, match)
            return HttpResponseRedirect(change_url)
        context = {**self.admin_site.each_context(request), "opts": self.model._meta, "match": match,
                   "title": gettext("Abort {match}?").format(match=match), "change_url": change_url}
        return TemplateResponse(request, "tenants/admin/match_abort.html", context)

    def hand_to_bot_view(self, request, object_id):
        """GET: choose seat and bot (``?seat=`` preselects); POST: ``seat_hand_to_bot``."""
        match = self._moderated_match(request, object_id)
        change_url = reverse("admin:matches_match_change", args=[match.pk])
        if request.method == "POST":
            form = HandToBotForm(request.POST, match=match)
            if form.is_valid():
                seat, kind = form.cleaned_data["seat"], form.cleaned_data["kind"]
                try:
                    services.seat_hand_to_bot(match_id=match.pk, seat_index=seat, kind=kind, by=request.user)
                except ServiceError as exc:
                    self.message_user(request, exc.message, messages.ERROR)
                else:
                    self.message_user(request, HANDED_TO_BOT.format(seat=seat + 1, match=match, kind=bot_kind_word(kind)),
                                      messages.SUCCESS)
                return HttpResponseRedirect(change_url)
        else:
            form = HandToBotForm(match=match, initial={"seat": request.GET.get("seat")})
        if not form.fields["seat"].choices:
            self.message_user(request, gettext(NO_HUMAN_SEAT), messages.WARNING)
            return HttpResponseRedirect(change_url)
        context = {**self.admin_site.each_context(request), "opts": self.model._meta, "match": match,
                   "form": form, "title": gettext("Hand a seat of {match} to a bot").format(match=match),
                   "change_url": change_url}
        return TemplateResponse(request, "tenants/admin/match_hand_to_bot.html", context)


class RuleVariantForm(forms.ModelForm):
    """A preset: the game is chosen from the registry and the options are checked with
    ``get_engine(game).validate_options``; the engine's complaint is shown on the field."""

    game = forms.ChoiceField()
    request = None

    class Meta:
        model = RuleVariant
        fields = ["tenant", "game", "name", "description", "options", "is_active"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = []
        for slug in slugs():
            try:
                choices.append((slug, get_engine(slug).name))
            except Exception:  # an engine that fails to import is simply not offered
                continue
        current = self.instance.game if self.instance.pk else None
        if current and current not in dict(choices):
            choices.append((current, current))
        self.fields["game"].choices = choices

    def clean(self):
        cleaned = super().clean()
        request = self.request
        if request is not None and not is_superuser(request) and "tenant" in self.fields and not cleaned.get("tenant"):
            self.add_error("tenant", GLOBAL_VARIANT_SUPERUSER_ONLY)
        game, options = cleaned.get("game"), cleaned.get("options")
        if game is None or "options" not in cleaned:
            return cleaned
        if not isinstance(options, dict):
            self.add_error("options", gettext(OPTIONS_NOT_OBJECT))
            return cleaned
        try:
            engine = get_engine(game)
        except UnknownGame:
            self.add_error("game", UNKNOWN_GAME.format(game=game))
            return cleaned
        try:
            engine.validate_options(options)
        except OptionsError as exc:
            message = engine_text(exc.template, exc.params)
            self.add_error("options", labelled(exc.field, message) if exc.field else message)
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            self.add_error("options", OPTIONS_REJECTED.format(error=exc))
        return cleaned


class CommunityOrGlobalFilter(admin.SimpleListFilter):
    """Variants by community, with "every community" for the global ones."""

    title = _("community")
    parameter_name = "community"

    def lookups(self, request, model_admin):
        tenants = Tenant.objects.all() if is_superuser(request) else Tenant.objects.filter(
            pk__in=moderated_tenant_ids(request)
        )
        return [("global", gettext("Every community"))] + [(str(t.pk), t.name) for t in tenants.order_by("name")]

    def queryset(self, request, queryset):
        value = self.value()
        if value == "global":
            return queryset.filter(tenant__isnull=True)
        if value and value.isdigit():
            return queryset.filter(tenant_id=int(value))
        return queryset


@admin.register(RuleVariant)
class RuleVariantAdmin(TenantScopedAdminMixin, admin.ModelAdmin):
    """Named option presets per game. Moderators see the global ones (read-only) and edit
    their communities' own."""

    form = RuleVariantForm
    list_display = ["name", "game", "community", "is_active"]
    list_filter = ["game", CommunityOrGlobalFilter, "is_active"]
    search_fields = ["name", "description"]
    readonly_fields = ["options_schema"]

    def scope_queryset(self, qs, tenant_ids):
        return qs.filter(Q(tenant__in=tenant_ids) | Q(tenant__isnull=True))

    def has_view_permission(self, request, obj=None):
        if obj is not None and obj.tenant_id is None and not is_superuser(request):
            return bool(moderated_tenant_ids(request))  # global presets are visible to moderators
        return super().has_view_permission(request, obj)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change, **kwargs)
        return type(form.__name__, (form,), {"request": request})

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        record_variant_form(by=request.user, form=form, created=not change)  # issue 27: the audit trail

    @admin.display(description=_("community"))
    def community(self, variant):
        return variant.tenant or gettext("every community")

    @admin.display(description=_("options the game accepts"))
    def options_schema(self, variant):
        if not variant.game:
            return gettext("Save once with a game chosen to see its options.")
        try:
            return _pretty(get_engine(variant.game).options_schema())
        except Exception as exc:  # an unknown or broken engine: say so instead of failing
            return STATE_UNAVAILABLE.format(error=type(exc).__name__)
