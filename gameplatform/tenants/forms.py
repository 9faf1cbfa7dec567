"""Forms of the community pages."""
from django import forms
from django.utils.translation import gettext_lazy as _


class InviteCodeForm(forms.Form):
    """The invitation code a moderator handed out (surrounding spaces ignored)."""

    code = forms.CharField(label=_("Invitation code"), max_length=64, strip=True)
