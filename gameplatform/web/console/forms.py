"""Forms of the console's tabs. They parse the browser's strings into values; the services
check them (and say which field is wrong)."""
from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from gameplatform.matches import clocks
from gameplatform.matches.forms import TURN_TIME_CHOICES
from gameplatform.matches.models import Match
from gameplatform.tenants.moderation import REASON_MAX_CHARS
from games.registry import all_engines

CLOCK_CHOICES = [("", _("The lobby's default"))] + list(Match.TimeControl.choices)
TIMEOUT_CHOICES = [(3600, _("1 hour")), (86400, _("24 hours")), (7 * 86400, _("7 days"))]
JSON_INVALID = _("Enter a JSON object, for example {}.")


class SettingsForm(forms.Form):
    """Name, description, openness, language, vacation days, who creates tournaments and the
    default clock."""

    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(label=_("Description"), max_length=2000, required=False,
                                  widget=forms.Textarea(attrs={"rows": 4}))
    is_open = forms.TypedChoiceField(label=_("Who may join"), coerce=lambda v: v == "open",
                                     choices=[("open", _("Open: anyone signed in may join")),
                                              ("invite", _("Invite-only: with an invitation code"))])
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    vacation_days_per_year = forms.IntegerField(label=_("Vacation days per year"), min_value=0, max_value=365)
    tournaments_by_members = forms.BooleanField(label=_("Any member may create a tournament"), required=False)
    time_control = forms.ChoiceField(label=_("Clock of new matches"), choices=CLOCK_CHOICES, required=False)
    turn_seconds = forms.TypedChoiceField(label=_("Time per turn"), choices=TURN_TIME_CHOICES, coerce=int,
                                          empty_value=None, required=False)
    bank_minutes = forms.IntegerField(label=_("Time bank (minutes)"), required=False,
                                      min_value=clocks.BANK_MINUTES[0], max_value=clocks.BANK_MINUTES[1])
    increment_seconds = forms.IntegerField(label=_("Increment (seconds)"), required=False,
                                           min_value=clocks.INCREMENT_SECONDS[0],
                                           max_value=clocks.INCREMENT_SECONDS[1])
    days_per_move = forms.IntegerField(label=_("Days per move"), required=False,
                                       min_value=clocks.DAYS_PER_MOVE[0], max_value=clocks.DAYS_PER_MOVE[1])

    @classmethod
    def for_tenant(cls, tenant):
        """The form showing ``tenant``'s current settings."""
        clock = tenant.default_clock or {}
        return cls(initial={"name": tenant.name, "description": tenant.description,
                            "is_open": "open" if tenant.is_open else "invite", "language": tenant.language,
                            "vacation_days_per_year": tenant.vacation_days_per_year,
                            "tournaments_by_members": tenant.tournaments_by_members, **clock})

    def changes(self) -> dict:
        """The settings service's ``changes``: every field, the clock as one object holding
        only the chosen control's fields."""
        data = self.cleaned_data
        control = data.get("time_control") or ""
        clock: dict = {}
        if control:
            keep = {"turn": ("turn_seconds",), "fischer": ("bank_minutes", "increment_seconds"),
                    "correspondence": ("days_per_move",)}[control]
            clock = {"time_control": control, **{k: data.get(k) for k in keep if data.get(k) is not None}}
        return {"name": data["name"], "description": data.get("description", ""), "is_open": data["is_open"],
                "language": data["language"], "vacation_days_per_year": data["vacation_days_per_year"],
                "default_clock": clock, "tournaments_by_members": bool(data.get("tournaments_by_members"))}


class GamesForm(forms.Form):
    """The games the community offers (none ticked: every game)."""

    games = forms.MultipleChoiceField(label=_("Games on offer"), required=False,
                                      widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["games"].choices = [(e.slug, e.name) for e in all_engines()]


class JSONObjectField(forms.CharField):
    """A JSON object typed in a text area."""

    def to_python(self, value):
        value = super().to_python(value)
        if not value:
            return {}
        try:
            parsed = json.loads(value)
        except ValueError:
            raise forms.ValidationError(JSON_INVALID)
        if not isinstance(parsed, dict):
            raise forms.ValidationError(JSON_INVALID)
        return parsed


class VariantForm(forms.Form):
    """A rule variant: game (fixed once made), name, description and options."""

    game = forms.ChoiceField(label=_("Game"))
    name = forms.CharField(label=_("Name"), max_length=60)
    description = forms.CharField(label=_("Description"), max_length=200, required=False)
    options = JSONObjectField(label=_("Options (JSON)"), required=False, max_length=4000,
                              widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(e.slug, e.name) for e in all_engines()]


class MemberActionForm(forms.Form):
    """One action on a member of the Members tab."""

    action = forms.ChoiceField(choices=[(a, a) for a in ("moderator", "player", "ban", "unban", "timeout", "remove")])
    seconds = forms.TypedChoiceField(choices=TIMEOUT_CHOICES, coerce=int, required=False, empty_value=3600)
    reason = forms.CharField(max_length=REASON_MAX_CHARS, required=False)


class ReasonForm(forms.Form):
    """A reason typed with an action (optional)."""

    reason = forms.CharField(max_length=REASON_MAX_CHARS, required=False)
