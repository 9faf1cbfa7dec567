"""Lobby options and seats (rules, "Object of the game", "The board", "The 7 and the robber";
interpretation, "Lobby options")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.board import map_slugs
from games.protocol import OptionsError, SeatSpec

DEFAULTS = {"victory_points": 10, "map": "standard", "friendly_robber": False, "robber_off": False,
            "longest_road_off": False, "largest_army_off": False, "discard_limit": 7, "turn_limit": 0}


def test_defaults():
    """Interpretation: "victory points 8-15 (default 10) ... discard limit (default 7)"."""
    assert ENGINE.validate_options({}) == DEFAULTS
    assert ENGINE.validate_options(None) == DEFAULTS
    schema = ENGINE.options_schema()
    assert {k: v["default"] for k, v in schema["properties"].items()} == DEFAULTS
    assert set(schema["properties"]["map"]["enum"]) == {"standard", *map_slugs()}


@pytest.mark.parametrize("raw, field, message", [
    ({"victory_points": 7}, "victory_points", E.OPTION_VICTORY_POINTS),
    ({"victory_points": 16}, "victory_points", E.OPTION_VICTORY_POINTS),
    ({"victory_points": "10"}, "victory_points", E.OPTION_VICTORY_POINTS),
    ({"victory_points": True}, "victory_points", E.OPTION_VICTORY_POINTS),
    ({"map": "atlantis"}, "map", E.OPTION_MAP),
    ({"friendly_robber": 1}, "friendly_robber", E.OPTION_BOOL),
    ({"robber_off": "yes"}, "robber_off", E.OPTION_BOOL),
    ({"discard_limit": 3}, "discard_limit", E.OPTION_DISCARD_LIMIT),
    ({"turn_limit": -1}, "turn_limit", E.OPTION_TURN_LIMIT),
    ({"colour": "red"}, "colour", E.OPTION_UNKNOWN),
])
def test_bad_options_name_the_field(raw, field, message):
    """Bad input names the rule or field (DEVELOPERS.md)."""
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_options(raw)
    assert err.value.field == field and err.value.message == message


def test_options_not_an_object():
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_options([1])
    assert err.value.message == E.OPTIONS_NOT_OBJECT


def test_victory_points_bounds_accepted():
    """Rules: "to 8 to 15 points"."""
    for vp in (8, 15):
        assert ENGINE.validate_options({"victory_points": vp})["victory_points"] == vp


def test_player_counts_two_to_eight_without_teams():
    """Interpretation: "players 2-8"."""
    opts = ENGINE.validate_options({})
    for n in range(2, 9):
        ENGINE.validate_seats(opts, [SeatSpec()] * n)
    for n in (1, 9):
        with pytest.raises(OptionsError) as err:
            ENGINE.validate_seats(opts, [SeatSpec()] * n)
        assert err.value.message == E.SEATS_COUNT
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_seats(opts, [SeatSpec(team=0), SeatSpec(team=1)])
    assert err.value.message == E.SEATS_NO_TEAMS
    assert ENGINE.team_layouts(4) == {"none": [None] * 4}


def test_standard_board_grows_with_the_players():
    """Rules: "From 5 players up the board grows to 30 hexes, from 7 players up to 44"."""
    for n, hexes in ((2, 19), (4, 19), (5, 30), (6, 30), (7, 44), (8, 44)):
        st = ENGINE.setup({}, [SeatSpec()] * n, 3)
        assert st.board.topo.n_hexes == hexes


def test_bank_by_player_count():
    """Rules: "The bank holds 19 cards per resource, from 5 players up 24, from 7 players up
    29." """
    for n, size in ((2, 19), (4, 19), (5, 24), (6, 24), (7, 29), (8, 29)):
        assert ENGINE.setup({}, [SeatSpec()] * n, 3).bank == [size] * 5


def test_map_must_fit_the_player_count():
    """Each map file names its player range (interpretation: "recommended player counts")."""
    opts = ENGINE.validate_options({"map": "lagoon"})
    ENGINE.validate_seats(opts, [SeatSpec()] * 3)
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_seats(opts, [SeatSpec()] * 6)
    assert err.value.message == E.MAP_SEATS
