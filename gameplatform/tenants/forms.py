"""Forms of the community pages."""
from django import forms


class InviteCodeForm(forms.Form):
    """The invitation code a moderator handed out (surrounding spaces ignored)."""

    code = forms.CharField(label="Invitation code", max_length=64, strip=True)
