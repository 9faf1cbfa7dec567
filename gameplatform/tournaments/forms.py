"""The create-a-tournament form (issue 28, point 3): shapes and ranges only; the service
(``services.tournament_create``) checks the rest with the lobby's rules."""
from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from gameplatform.matches import clocks
from gameplatform.matches.forms import TURN_TIME_CHOICES, variants_for
from gameplatform.matches.models import Match, RuleVariant
from gameplatform.tenants.selectors import tenant_game_slugs
from gameplatform.tournaments.models import Tournament
from games.registry import all_engines, get_engine


class TournamentForm(forms.Form):
    """Name, game, rule variant, format, rounds, table size, clock, rated, start, maximum players."""

    name = forms.CharField(label=_("Name"), max_length=80)
    game = forms.ChoiceField(label=_("Game"), choices=())
    variant = forms.ModelChoiceField(queryset=RuleVariant.objects.none(), required=False,
                                     empty_label=_("Standard rules"), label=_("Rule variant"))
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=20, initial=3)
    table_size = forms.IntegerField(label=_("Players per table"), min_value=2, max_value=8, initial=2)
    double_round_robin = forms.BooleanField(label=_("Round robin: everyone meets twice"), required=False)
    advance = forms.IntegerField(label=_("Knockout: players going through per table"), min_value=1, max_value=7,
                                 initial=1)
    bye_points = forms.FloatField(label=_("Points for a bye"), min_value=0, max_value=10, initial=1)
    time_control = forms.ChoiceField(label=_("Clock"), choices=Match.TimeControl.choices, initial=Match.TimeControl.TURN)
    turn_seconds = forms.TypedChoiceField(label=_("Time per turn"), choices=TURN_TIME_CHOICES, coerce=int,
                                          empty_value=None, required=False, initial="120")
    bank_minutes = forms.IntegerField(label=_("Time bank (minutes)"), required=False,
                                      min_value=clocks.BANK_MINUTES[0], max_value=clocks.BANK_MINUTES[1])
    increment_seconds = forms.IntegerField(label=_("Increment (seconds)"), required=False,
                                           min_value=clocks.INCREMENT_SECONDS[0], max_value=clocks.INCREMENT_SECONDS[1])
    days_per_move = forms.IntegerField(label=_("Days per move"), required=False,
                                       min_value=clocks.DAYS_PER_MOVE[0], max_value=clocks.DAYS_PER_MOVE[1])
    round_hours = forms.IntegerField(label=_("Hours per round"), min_value=1, max_value=2160, initial=24)
    rated = forms.BooleanField(label=_("Rated"), required=False)
    starts_at = forms.DateTimeField(label=_("Starts at"), required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    start_when_full = forms.BooleanField(label=_("Start as soon as it is full"), required=False, initial=True)
    max_players = forms.IntegerField(label=_("Maximum players"), min_value=2, max_value=512, initial=8)

    def __init__(self, *args, tenant, **kwargs):
        super().__init__(*args, **kwargs)
        engines = [get_engine(slug) for slug in tenant_game_slugs(tenant=tenant)] or all_engines()
        self.fields["game"].choices = [(e.slug, e.name) for e in engines]
        names = {e.slug: e.name for e in engines}
        self.fields["variant"].queryset = variants_for(tenant).filter(game__in=list(names))
        self.fields["variant"].label_from_instance = lambda v: f"{names.get(v.game, v.game)}: {v.name}"

    def service_fields(self) -> dict:
        """The service's keyword arguments: only the chosen clock's fields."""
        data = dict(self.cleaned_data)
        variant = data.pop("variant", None)
        data["variant_id"] = variant.pk if variant else None  # of another game: the service refuses it
        keep = {"turn": ("turn_seconds",), "fischer": ("bank_minutes", "increment_seconds"),
                "correspondence": ("days_per_move",)}[data["time_control"]]
        for name in ("turn_seconds", "bank_minutes", "increment_seconds", "days_per_move"):
            if name not in keep:
                data[name] = None
        if data.get("starts_at") is not None and timezone.is_naive(data["starts_at"]):
            data["starts_at"] = timezone.make_aware(data["starts_at"])
        return data
