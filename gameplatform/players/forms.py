"""The settings page's form. It checks shapes; ``players.services.settings_update`` has the
last word (the vacation allowance) and its refusal lands on the named field."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import LANGUAGES, Preferences


class SettingsForm(forms.Form):
    """Language, colour-blind palette, high contrast, notifications and this community's vacation."""

    language = forms.ChoiceField(choices=LANGUAGES, label=_("Language"))
    colour_blind = forms.BooleanField(required=False, label=_("Colour-blind palette"),
                                      help_text=_("Games draw seats and pieces in colours told apart without red and green."))
    high_contrast = forms.BooleanField(required=False, label=_("High contrast"),
                                       help_text=_("Pages and every game's table drawn with darker text, stronger lines and a bolder focus ring."))
    email_notifications = forms.ChoiceField(choices=Preferences.Email.choices, widget=forms.RadioSelect,
                                            label=_("Email when it is my turn"))
    browser_notifications = forms.BooleanField(required=False, label=_("Browser notifications"),
                                               help_text=_("Your browser asks once for permission."))
    vacation_until = forms.DateField(required=False, label=_("On vacation until"),
                                     widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                                     help_text=_("Leave empty when you are not away."))

    def field_label(self, name: str) -> str:
        """The label of field ``name`` (the name itself for one the form does not have)."""
        field = self.fields.get(name)
        return str(field.label) if field is not None and field.label else name
