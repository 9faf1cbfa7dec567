"""Lobby options (issue 10, point 2): players 2-8, target score 50-200 (default 100), personal
stack (rules 14-15, off by default)."""
from __future__ import annotations

import pytest

from games.protocol import OptionsError, SeatSpec
from tests.games.hexal.helpers import ENGINE, seats


def test_the_schema_and_defaults():
    props = ENGINE.options_schema()["properties"]
    assert props["target_score"] == {**props["target_score"], "type": "integer", "minimum": 50,
                                     "maximum": 200, "default": 100}
    assert props["personal_stack"]["type"] == "boolean" and props["personal_stack"]["default"] is False
    assert ENGINE.validate_options(None) == {"target_score": 100, "personal_stack": False}
    assert ENGINE.slug == "hexal" and ENGINE.name == "Hexal Classic"


@pytest.mark.parametrize("raw, field", [({"target_score": 49}, "target_score"), ({"target_score": 201}, "target_score"),
                                        ({"target_score": "100"}, "target_score"), ({"personal_stack": 1}, "personal_stack"),
                                        ({"jokers": True}, "jokers")])
def test_bad_options_name_the_field(raw, field):
    with pytest.raises(OptionsError) as info:
        ENGINE.validate_options(raw)
    assert info.value.field == field


def test_two_to_eight_players_without_teams():
    for n in range(2, 9):
        ENGINE.validate_seats({}, seats(n))
        assert ENGINE.team_layouts(n) == {"none": [None] * n}
    for bad in (seats(1), seats(9), [SeatSpec(team=0), SeatSpec(team=1)]):
        with pytest.raises(OptionsError) as info:
            ENGINE.validate_seats({}, bad)
        assert info.value.field == "seats"
    with pytest.raises(OptionsError):
        ENGINE.setup({}, seats(9), 1)
