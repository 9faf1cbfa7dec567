"""Board, stations and setup (rules "Set Up" and our geometry in interpretations/hextopia.md)."""
from __future__ import annotations

import pytest

from games.hextopia.engine.constants import (
    COLOURS,
    INNER_TRACK,
    OUTER_TRACK,
    PIECES,
    STATIONS_USED,
)
from tests.games.hextopia.helpers import ENGINE, HOME, seats_for


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_use_the_inner_track(players):
    """Rules: "2-4 Players: Game is played using the inner/smaller play area" """
    st = ENGINE.setup({}, seats_for(players), 1)
    assert st.track == INNER_TRACK == 72
    assert ENGINE.view(st, None)["track_length"] == 72


@pytest.mark.parametrize("players", [5, 6])
def test_five_and_six_players_use_the_outer_track(players):
    """Rules: "5-6 Players: Game is played using the outer/larger play area." """
    st = ENGINE.setup({}, seats_for(players), 1)
    assert st.track == OUTER_TRACK == 108


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_four_pieces_each_start_at_home(players):
    """Rules: "Place player's FOUR pieces of corresponding colour in player's HOME." """
    st = ENGINE.setup({}, seats_for(players), 3)
    assert st.pieces == (HOME,) * (PIECES * players)
    for seat in ENGINE.view(st, None)["seats"]:
        assert [p["where"] for p in seat["pieces"]] == ["home"] * 4


@pytest.mark.parametrize(
    ("players", "stations", "starts"),
    [
        (2, [0, 3], [0, 36]),
        (3, [0, 2, 4], [0, 24, 48]),
        (4, [0, 1, 3, 4], [0, 12, 36, 48]),
        (5, [0, 1, 2, 3, 4], [0, 18, 36, 54, 72]),
        (6, [0, 1, 2, 3, 4, 5], [0, 18, 36, 54, 72, 90]),
    ],
)
def test_seat_i_sits_at_the_ith_used_station_with_its_start(players, stations, starts):
    """Rules: "each player chooses the colour of their game pieces corresponding to the colour of
    HOME, START and HEXTOPIA (see Definitions) on their side of the board." """
    st = ENGINE.setup({}, seats_for(players), 1)
    assert list(st.stations) == stations == list(STATIONS_USED[players])
    assert list(st.starts) == starts
    view = ENGINE.view(st, None)
    assert [s["start"] for s in view["seats"]] == starts
    assert [s["colour_name"] for s in view["seats"]] == [COLOURS[i] for i in stations]

