"""Lobby options and seats; determinism and the state's JSON round-trip."""
from __future__ import annotations

import json
import random

import pytest

from games.hextopia.engine import errors as E
from games.protocol import OptionsError, SeatSpec
from tests.games.hextopia.helpers import ENGINE, seats_for


def test_options_schema_offers_the_joker_variant_off_by_default():
    """Rules: "(Game Variation: JOKER: Allows player to send any one of another player's pieces
    IN-PLAY back to START.)" """
    schema = ENGINE.options_schema()
    assert schema["properties"]["jokers"]["type"] == "boolean"
    assert schema["properties"]["jokers"]["default"] is False
    assert schema["additionalProperties"] is False
    json.dumps(schema)
    assert ENGINE.validate_options({}) == {"jokers": False}
    assert ENGINE.validate_options({"jokers": True}) == {"jokers": True}


@pytest.mark.parametrize(("raw", "field", "message"), [
    ({"jokers": 1}, "jokers", E.OPTION_JOKERS_BOOL),
    ({"jokers": "true"}, "jokers", E.OPTION_JOKERS_BOOL),
    ({"jokers": None}, "jokers", E.OPTION_JOKERS_BOOL),
    ({"speed": "fast"}, "speed", E.OPTION_UNKNOWN),
    ([("jokers", True)], "", E.OPTIONS_NOT_OBJECT),
])
def test_bad_options_are_refused_naming_the_field(raw, field, message):
    """Rules: "JOKER: Removed from the deck of cards." (the variant is a yes/no choice)."""
    with pytest.raises(OptionsError) as info:
        ENGINE.validate_options(raw)
    assert (info.value.field, info.value.message) == (field, message)


@pytest.mark.parametrize("count", [0, 1, 7, 8])
def test_two_to_six_players(count):
    """Rules: "(2-6 players ages 7 and up)" """
    with pytest.raises(OptionsError) as info:
        ENGINE.validate_seats({"jokers": False}, [SeatSpec()] * count)
    assert (info.value.field, info.value.message) == ("seats", E.SEATS_COUNT)
    with pytest.raises(OptionsError):
        ENGINE.setup({}, [SeatSpec()] * count, 1)


def test_every_listed_layout_is_accepted():
    """Rules: "Teammates should sit across from one another or alternating with opponents" """
    for n in range(2, 7):
        for layout in ENGINE.team_layouts(n):
            ENGINE.validate_seats({"jokers": False}, seats_for(n, layout))


def test_the_same_seed_and_actions_give_the_same_game():
    """Rules: "Shuffle cards and deal HANDs" (every shuffle comes from the seed in the state)."""
    def game(seed):
        rng = random.Random(4)
        st = ENGINE.setup({"jokers": True}, seats_for(4, "2v2"), seed)
        trail = [ENGINE.encode(st)]
        for _ in range(200):
            seat = ENGINE.to_act(st)[0]
            legal = ENGINE.legal_actions(st, seat)
            st, _ = ENGINE.apply(st, seat, legal[rng.randrange(len(legal))])
            trail.append(ENGINE.encode(st))
        return trail

    assert game(42) == game(42)
    assert game(42)[0]["hands"] != game(43)[0]["hands"]


def test_encode_round_trips_through_json():
    """Rules: "After each HAND the player to the left of the dealer is responsible for collecting
    played cards" (the whole table, pile and deck included, is saved and restored)."""
    rng = random.Random(1)
    st = ENGINE.setup({}, seats_for(5), 77)
    for _ in range(150):
        data = json.loads(json.dumps(ENGINE.encode(st)))
        assert ENGINE.decode(data) == st
        assert ENGINE.encode(ENGINE.decode(data)) == data
        seat = ENGINE.to_act(st)[0]
        st, _ = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
    assert (st == "not a state") is False
