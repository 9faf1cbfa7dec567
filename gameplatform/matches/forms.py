"""Forms of the site pages: create a match (lobby), add a bot to a seat.

The forms check shape and ranges taken from the engines (``games.registry``); the services
(``matches.services``) have the last word and their ``ServiceError`` lands on the named field.
"""
from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gameplatform.i18n.engine_texts import engine_text
from gameplatform.tenants.selectors import tenant_game_slugs
from games.ladder import level_strength
from games.protocol import bot_budget_seconds
from games.registry import UnknownGame, all_engines, get_engine

from . import clocks
from .models import Match, RuleVariant

# Turn timer choices in seconds ("" = unlimited). Live: a player waits at the table;
# async: a correspondence game, a move a day or so.
TURN_TIME_CHOICES = [
    ("", _("Unlimited")),
    (_("Live"), [("30", _("30 seconds")), ("60", _("1 minute")), ("120", _("2 minutes")), ("300", _("5 minutes")),
                 ("600", _("10 minutes"))]),
    (_("Async"), [("3600", _("1 hour")), ("43200", _("12 hours")), ("86400", _("1 day")), ("259200", _("3 days")),
                  ("604800", _("7 days"))]),
]

# The layout every game has; the others are worded by the engine (``team_layout_labels``) or
# described from the teams per seat.
NO_TEAMS_LABEL = _("No teams: every player for themselves")
TEAM_LETTERS = "ABCDEF"

ERR_UNKNOWN_GAME = _("Choose one of the games offered.")
ERR_SEATS_RANGE = _("{name} is played by {lo} to {hi} players.")
ERR_LAYOUT = _("This team layout does not fit {n} players of {name}; choose one of the offered layouts.")
ERR_VARIANT_GAME = _("This rule variant belongs to another game.")
ERR_BOT_KIND = _("Choose a bot: {kinds}.")

# Issue 13: does the match count for ratings? "auto" (the default) is decided at the start:
# rated when no bot sits at the table. cleaned_data["rated"] is None, True or False.
RATED_CHOICES = [
    ("auto", _("Rated unless a bot plays")),
    ("yes", _("Rated (with bots, only the people count)")),
    ("no", _("Unrated")),
]
RATED_VALUES = {"auto": None, "": None, "yes": True, "no": False}

# Option field names carry the game: "opt__hextopia__jokers".
OPTION_PREFIX = "opt__"


def option_field_name(game: str, option: str) -> str:
    """Form field name of engine option ``option`` of ``game``."""
    return f"{OPTION_PREFIX}{game}__{option}"


def layout_label(name: str, teams: list, labels: dict[str, str] | None = None) -> str:
    """Label of a team layout ``name`` whose team per seat is ``teams``: the engine's words
    (``labels``), else the teams seat by seat ("2v2: A B A B")."""
    if name == "none":
        return str(NO_TEAMS_LABEL)
    if labels and name in labels:
        return engine_text(labels[name])
    return name + ": " + " ".join(TEAM_LETTERS[t] if t is not None else "-" for t in teams)


def layouts_for(engine, seats: int) -> list[tuple[str, str]]:
    """``[(name, label)]`` of the engine's team layouts for ``seats`` players, "none" first."""
    layouts = engine.team_layouts(seats)
    labels = engine.team_layout_labels()
    names = sorted(layouts, key=lambda n: (n != "none", n))
    return [(n, layout_label(n, list(layouts[n]), labels)) for n in names]


def variants_for(tenant):
    """Active rule variants usable in ``tenant``: global ones and the tenant's own."""
    return RuleVariant.objects.filter(Q(tenant__isnull=True) | Q(tenant=tenant), is_active=True).order_by("game", "name")


def _option_field(schema: dict, labels: dict | None = None) -> forms.Field | None:
    """A form field for one property of an engine's ``options_schema`` (JSON schema subset);
    ``labels`` names enum values (value -> label; the value itself otherwise)."""
    kind = schema.get("type")
    label = engine_text(schema["title"]) if schema.get("title") else None
    help_text = engine_text(schema.get("description", ""))
    default = schema.get("default")
    if kind == "boolean":
        return forms.BooleanField(required=False, label=label, help_text=help_text, initial=bool(default))
    if "enum" in schema:
        labels = labels or {}
        values = list(dict.fromkeys(str(v) for v in schema["enum"]))  # each value offered once
        return forms.ChoiceField(
            choices=[(v, engine_text(labels.get(v, v))) for v in values], label=label, help_text=help_text,
            initial=None if default is None else str(default),
        )
    if kind == "integer":
        return forms.IntegerField(
            label=label, help_text=help_text, initial=default,
            min_value=schema.get("minimum"), max_value=schema.get("maximum"),
        )
    if kind == "string":
        return forms.CharField(label=label, help_text=help_text, initial=default, max_length=schema.get("maxLength", 200))
    return None


class MatchCreateForm(forms.Form):
    """The lobby's create-match form. ``cleaned_data["options"]`` holds the chosen game's
    options (engine option name -> value), or nothing when a rule variant (a preset of
    options) is chosen; the engine validates them in ``match_create``. ``rated``: None
    (rated unless a bot plays), True or False."""

    game = forms.ChoiceField(choices=())
    seats = forms.TypedChoiceField(coerce=int, choices=(), label=_("Players"))
    team_layout = forms.CharField(max_length=32, initial="none", label=_("Teams"))
    variant = forms.ModelChoiceField(queryset=RuleVariant.objects.none(), required=False,
                                     empty_label=_("Standard rules"), label=_("Rule variant"))
    turn_seconds = forms.TypedChoiceField(
        choices=TURN_TIME_CHOICES, coerce=int, empty_value=None, required=False, label=_("Time per turn")
    )
    # Issue 13: the time control; only the chosen control's fields reach the service.
    time_control = forms.ChoiceField(
        choices=Match.TimeControl.choices, required=False, initial=Match.TimeControl.TURN, label=_("Clock"),
    )
    bank_minutes = forms.IntegerField(
        min_value=clocks.BANK_MINUTES[0], max_value=clocks.BANK_MINUTES[1], required=False,
        initial=clocks.DEFAULT_BANK_MINUTES, label=_("Time bank (minutes)"),
        help_text=_("Each player's time for the whole match."),
    )
    increment_seconds = forms.IntegerField(
        min_value=clocks.INCREMENT_SECONDS[0], max_value=clocks.INCREMENT_SECONDS[1], required=False,
        initial=clocks.DEFAULT_INCREMENT_SECONDS, label=_("Increment (seconds)"),
        help_text=_("Added to a player's bank after each of their turns."),
    )
    days_per_move = forms.IntegerField(
        min_value=clocks.DAYS_PER_MOVE[0], max_value=clocks.DAYS_PER_MOVE[1], required=False,
        initial=clocks.DEFAULT_DAYS_PER_MOVE, label=_("Days per move"),
        help_text=_("The clock stops while a player is on vacation."),
    )
    title = forms.CharField(max_length=80, required=False, label=_("Title (optional)"))
    rated = forms.ChoiceField(choices=RATED_CHOICES, required=False, initial="auto", label=_("Rated"))
    hints = forms.BooleanField(required=False, label=_("Offer hints"))

    def __init__(self, *args, tenant, **kwargs):
        super().__init__(*args, **kwargs)
        self.tenant = tenant
        # Only the games the community offers (issue 27, point 6; the service refuses others).
        self.engines = [get_engine(slug) for slug in tenant_game_slugs(tenant=tenant)] or all_engines()
        # Issue 27: a new match starts from the community's default clock.
        for name, value in (getattr(tenant, "default_clock", None) or {}).items():
            if name in self.fields and value is not None:
                self.fields[name].initial = value
        self.fields["game"].choices = [(e.slug, e.name) for e in self.engines]
        lo = min(e.min_seats for e in self.engines)
        hi = max(e.max_seats for e in self.engines)
        self.fields["seats"].choices = [(n, str(n)) for n in range(lo, hi + 1)]
        if self.engines:
            self.fields["game"].initial = self.engines[0].slug
            self.fields["seats"].initial = self.engines[0].min_seats
        self.fields["variant"].queryset = variants_for(tenant)
        # game slug -> [(field name, option name)] so clean() collects the chosen game's options.
        self.option_fields: dict[str, list[tuple[str, str]]] = {}
        for engine in self.engines:
            props = (engine.options_schema() or {}).get("properties", {})
            value_labels = engine.option_value_labels()
            names = []
            for option, schema in props.items():
                field = _option_field(schema, value_labels.get(option))
                if field is None:
                    continue
                if field.label is None:
                    field.label = engine_text(option.replace("_", " ").capitalize())
                field.required = False  # only the chosen game's options matter; the engine fills defaults
                name = option_field_name(engine.slug, option)
                self.fields[name] = field
                names.append((name, option))
            self.option_fields[engine.slug] = names

    def option_groups(self):
        """``[(engine, [bound fields])]`` for rendering one fieldset per game."""
        return [(e, [self[name] for name, _ in self.option_fields.get(e.slug, [])]) for e in self.engines]

    def clock_fields(self):
        """The bound fields of the Fischer and correspondence clocks, in the lobby's order."""
        return [self[name] for name in ("bank_minutes", "increment_seconds", "days_per_move")]

    def variant_choices(self):
        """``[(id, name, game, description)]`` of the usable variants (the template tags each
        option with its game so the page shows only the chosen game's)."""
        return [(v.pk, v.name, v.game, v.description) for v in self.fields["variant"].queryset]

    def current_layouts(self) -> list[tuple[str, str]]:
        """Layouts for the game and seat count now in the form (bound data or initial), so the
        page works before (or without) the lobby script."""
        try:
            engine = get_engine(self["game"].value() or "")
            seats = int(self["seats"].value())
        except (UnknownGame, TypeError, ValueError):
            return [("none", str(NO_TEAMS_LABEL))]
        if not engine.min_seats <= seats <= engine.max_seats:
            return [("none", str(NO_TEAMS_LABEL))]
        return layouts_for(engine, seats)

    def client_config(self) -> dict:
        """What the lobby script needs: per game its seat range and layouts per seat count."""
        out = {}
        for e in self.engines:
            out[e.slug] = {
                "name": e.name,
                "min_seats": e.min_seats,
                "max_seats": e.max_seats,
                "layouts": {str(n): layouts_for(e, n) for n in range(e.min_seats, e.max_seats + 1)},
                # The game's rules set the time (an hourglass option): no lobby time to choose.
                "own_clock": e.clock_seconds(e.validate_options({})) is not None,
            }
        return out

    def clean_rated(self):
        return RATED_VALUES[self.cleaned_data.get("rated") or ""]

    def clean_time_control(self):
        return self.cleaned_data.get("time_control") or Match.TimeControl.TURN

    def clean(self):
        data = super().clean()
        # Only the chosen control's fields count: the others' (hidden) inputs are dropped.
        control = data.get("time_control") or Match.TimeControl.TURN
        keep = {Match.TimeControl.TURN: ("turn_seconds",),
                Match.TimeControl.FISCHER: ("bank_minutes", "increment_seconds"),
                Match.TimeControl.CORRESPONDENCE: ("days_per_move",)}[control]
        for name in ("turn_seconds", "bank_minutes", "increment_seconds", "days_per_move"):
            if name not in keep:
                data[name] = None
                self.errors.pop(name, None)
        slug = data.get("game")
        if not slug:
            return data
        try:
            engine = get_engine(slug)
        except UnknownGame:
            self.add_error("game", ERR_UNKNOWN_GAME)
            return data
        seats = data.get("seats")
        if seats is not None:
            if not engine.min_seats <= seats <= engine.max_seats:
                self.add_error("seats", ERR_SEATS_RANGE.format(name=engine.name, lo=engine.min_seats, hi=engine.max_seats))
            else:
                layout = data.get("team_layout") or "none"
                if layout not in engine.team_layouts(seats):
                    self.add_error("team_layout", ERR_LAYOUT.format(n=seats, name=engine.name))
                data["team_layout"] = layout
        variant = data.get("variant")
        if variant is not None and variant.game != slug:
            self.add_error("variant", ERR_VARIANT_GAME)
        options = {}
        # A rule variant is a preset of options: with one chosen, the preset decides them.
        chosen = [] if variant is not None else self.option_fields.get(slug, [])
        for name, option in chosen:
            value = data.get(name)
            if value is None or value == "":
                continue
            options[option] = value
        data["options"] = options
        return data

    def field_for_service(self, field: str | None) -> str | None:
        """The form field a ``ServiceError.field`` points at (None: a form-wide error)."""
        if not field:
            return None
        if field in self.fields:
            return field
        if field in ("variant_id",):
            return "variant"
        if field in ("seat_count", "players"):
            return "seats"
        option = field.split(".", 1)[1] if field.startswith("options.") else field
        name = option_field_name(self.cleaned_data.get("game", ""), option)
        return name if name in self.fields else None


class SeatBotForm(forms.Form):
    """Add a bot of ``kind`` to an empty seat; the kinds are the engine's ``bots()``, the
    strongest first selected; ``descriptions`` says what each level is."""

    kind = forms.ChoiceField(choices=())

    def __init__(self, *args, engine, **kwargs):
        super().__init__(*args, **kwargs)
        bots = engine.bots()
        kinds = list(bots)
        self.fields["kind"].choices = [(k, engine_text(k.capitalize())) for k in kinds]
        self.fields["kind"].initial = kinds[-1]
        self.fields["kind"].error_messages["invalid_choice"] = ERR_BOT_KIND.format(kinds=", ".join(kinds))
        self.descriptions = [(k, engine_text(k.capitalize()), bot_level_description(bots[k], game=engine.slug, kind=k))
                             for k in kinds]


def bot_level_description(factory, *, game: str | None = None, kind: str | None = None) -> str:
    """What a bot level is, in the active language: its ``description``, issue 29 point 5 its
    time budget per decision (``games.protocol.bot_budget_seconds``), and issue 30 point 2
    its measured strength when ``game`` and ``kind`` name a level the ladder rated
    (``games.ladder``), for instance "Plays any legal move at random. Thinks for up to 0.1 s
    a move. Measured strength: about 950." """
    budget = gettext("Thinks for up to %(seconds)s s a move.") % {"seconds": number_format(bot_budget_seconds(factory))}
    parts = [engine_text(getattr(factory, "description", "")), budget]
    strength = level_strength(game, kind) if game and kind else None
    if strength is not None:
        parts.append(gettext("Measured strength: about %(rating)s.") % {
            "rating": number_format(strength.about, force_grouping=True)})
        if strength.below and strength.margin is not None:
            parts.append(gettext("Finishes ahead of the %(level)s bot at %(percent)s%% of %(players)s-player tables.") % {
                "level": engine_text(strength.below.capitalize()), "percent": round(100 * strength.margin),
                "players": strength.players})
    return " ".join(p for p in parts if p)


class QuickPlayForm(forms.Form):
    """The lobby's "play against bots now": a game and, optionally, the bots' level."""

    game = forms.ChoiceField(choices=())
    kind = forms.CharField(max_length=32, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(e.slug, e.name) for e in all_engines()]
