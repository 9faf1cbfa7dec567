"""Forms of the community pages."""
from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _


class InviteCodeForm(forms.Form):
    """The invitation code a moderator handed out (surrounding spaces ignored)."""

    code = forms.CharField(label=_("Invitation code"), max_length=64, strip=True)


def game_choices() -> list[tuple[str, str]]:
    from games.registry import all_engines

    return [(engine.slug, engine.name) for engine in all_engines()]


class CommunityCreateForm(forms.Form):
    """Starting a community (issue 27, point 1). The form checks shapes; the service
    (``services.community_create``) checks everything else and names the field it refuses."""

    name = forms.CharField(label=_("Name"), max_length=80, strip=True)
    slug = forms.CharField(
        label=_("Address"), max_length=40, strip=True,
        help_text=_("3 to 40 lower-case letters a-z, digits and hyphens: the community's own address."),
    )
    description = forms.CharField(
        label=_("Description"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("What the community is about, for people who find it."),
    )
    is_open = forms.TypedChoiceField(
        label=_("Who may join"), coerce=lambda value: value == "open", initial="open", widget=forms.RadioSelect,
        choices=[("open", _("Open: anyone signed in may join")),
                 ("invite", _("Invite-only: with an invitation code"))],
    )
    language = forms.ChoiceField(label=_("Language"), choices=())
    games = forms.MultipleChoiceField(
        label=_("Games"), required=False, widget=forms.CheckboxSelectMultiple, choices=(),
        help_text=_("None ticked: every game of the site."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = settings.LANGUAGES
        self.fields["language"].initial = translation.get_language() or settings.LANGUAGE_CODE
        self.fields["games"].choices = game_choices()


class CommunitySearchForm(forms.Form):
    """``/communities/?q=&language=&game=`` (issue 27, point 6); a value it does not know is
    left out of the search (and shown as the field's error), never a crash."""

    q = forms.CharField(label=_("Name"), required=False, max_length=80, strip=True)
    language = forms.ChoiceField(label=_("Language"), required=False, choices=())
    game = forms.ChoiceField(label=_("Game"), required=False, choices=())

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("Any language")), *settings.LANGUAGES]
        self.fields["game"].choices = [("", _("Any game")), *game_choices()]

    def filters(self) -> dict:
        """The valid filters: ``{"q", "language", "game"}``, each "" when absent or invalid."""
        self.is_valid()
        data = getattr(self, "cleaned_data", {})
        return {name: data.get(name) or "" for name in ("q", "language", "game")}
