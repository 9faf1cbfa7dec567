"""The lobby form's pieces that do not need a page: option fields from an engine's
options_schema, team layout labels, turn time labels."""
from django import forms as django_forms

from gameplatform.matches import forms
from gameplatform.web import matches as views


def test_option_fields_follow_the_schema_types():
    boolean = forms._option_field({"type": "boolean", "default": True, "title": "Jokers", "description": "Two more cards."})
    assert isinstance(boolean, django_forms.BooleanField)
    assert boolean.initial is True and boolean.label == "Jokers" and boolean.help_text == "Two more cards."

    number = forms._option_field({"type": "integer", "minimum": 5, "maximum": 15, "default": 10})
    assert isinstance(number, django_forms.IntegerField)
    assert (number.min_value, number.max_value, number.initial) == (5, 15, 10)

    choice = forms._option_field({"type": "string", "enum": ["small", "large"], "default": "small"})
    assert isinstance(choice, django_forms.ChoiceField)
    assert choice.choices == [("small", "small"), ("large", "large")] and choice.initial == "small"

    assert forms._option_field({"type": "object"}) is None


def test_layout_labels_name_known_layouts_and_describe_others():
    from games.registry import get_engine

    hextopia = get_engine("hextopia")
    assert dict(forms.layouts_for(hextopia, 4))["2v2"] == "2 v 2: partners face each other"
    assert forms.layout_label("2v2", [0, 1, 0, 1], hextopia.team_layout_labels()) == "2 v 2: partners face each other"
    assert forms.layout_label("odd", [0, None, 1]) == "odd: A - B"
    assert forms.layout_label("none", [None, None]) == forms.NO_TEAMS_LABEL


def test_turn_time_labels():
    assert views.turn_time_label(None) == "Unlimited"
    assert views.turn_time_label(30) == "30 seconds"
    assert views.turn_time_label(86400) == "1 day"
    assert views.turn_time_label(45) == "45 s"


def test_service_error_fields_land_on_form_fields(db, tenant):
    form = forms.MatchCreateForm({"game": "hextopia", "seats": "2", "team_layout": "none"}, tenant=tenant)
    assert form.is_valid()
    assert form.field_for_service("options.jokers") == "opt__hextopia__jokers"
    assert form.field_for_service("variant_id") == "variant"
    assert form.field_for_service("turn_seconds") == "turn_seconds"
    assert form.field_for_service("options") is None
    assert form.field_for_service(None) is None


def test_options_in_words_use_the_schema_titles():
    from games.registry import get_engine

    hextopia = get_engine("hextopia")
    # Issue 8: only what differs from the defaults, without double negatives.
    assert views.options_text(hextopia, {"jokers": True}) == "JOKER variant"
    assert views.options_text(hextopia, {"jokers": False}) == ""
    assert views.options_text(hextopia, {}) == ""
    assert views.options_text(None, {"board_size": 7}) == "Board size: 7"
    hexfolk = get_engine("hexfolk")
    defaults = hexfolk.validate_options({})
    shown = views.options_text(hexfolk, {**defaults, "robber_off": True, "victory_points": 12, "map": "lagoon"})
    assert shown == "Victory points: 12, Map: " + hexfolk.option_value_labels()["map"]["lagoon"] + ", Robber off"
    assert views.options_text(hexfolk, defaults) == ""


def test_a_game_that_sets_its_own_clock_shows_it_once():
    """The hourglass of HexBoard Words is the time per turn: the options line does not repeat
    it, and the lobby offers no time of its own for such a game."""
    from games.registry import get_engine

    words = get_engine("hexboard-words")
    defaults = words.validate_options({})
    clock = next(n for n in defaults if words.clock_seconds({**defaults, n: 180}) == 180)
    assert views.options_text(words, {**defaults, clock: 180}) == ""
