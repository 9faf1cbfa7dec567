"""The invitation form of an open match's page."""
from django import forms
from django.utils.translation import gettext_lazy as _


class InviteForm(forms.Form):
    """``username``: a member of this community (``services.match_invite`` decides)."""

    username = forms.CharField(max_length=150, label=_("Username"), strip=True,
                               error_messages={"required": _("Enter the username of a member of this community."),
                                               "max_length": _("Usernames have at most 150 characters.")})
