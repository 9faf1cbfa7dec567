"""Team play (rules "Team Play") and the team layouts (rules "Set Up", "Teams")."""
from __future__ import annotations

import pytest

from games.hextopia.engine import errors as E
from games.protocol import IllegalAction, OptionsError, SeatSpec
from tests.games.hextopia.helpers import ENGINE, lane, play, position, seats_for


def finished(st, seat):
    return {(seat, i): lane(st, 4 - i) for i in range(4)}


def test_team_layouts_seat_teammates_across_or_alternating():
    """Rules: "Teammates should sit across from one another or alternating with opponents, never
    beside one another." """
    assert ENGINE.team_layouts(4) == {"none": [None] * 4, "2v2": [0, 1, 0, 1]}
    assert ENGINE.team_layouts(6) == {"none": [None] * 6, "3x2": [0, 1, 2, 0, 1, 2],
                                      "2x3": [0, 1, 0, 1, 0, 1]}
    for n in (2, 3, 5):
        assert ENGINE.team_layouts(n) == {"none": [None] * n}


@pytest.mark.parametrize("teams", [
    [0, 0, 1, 1],  # partners side by side
    [1, 0, 1, 0],  # team ids other than those listed
    [0, None, 0, 1],
    [0, 1, 0],
    [0, 0, 1, 1, 2, 2],
    [0, 1, 0, 1, 0],
])
def test_other_team_layouts_are_refused(teams):
    """Rules: "Teammates should sit across from one another or alternating with opponents, never
    beside one another." """
    with pytest.raises(OptionsError) as info:
        ENGINE.validate_seats({"jokers": False}, [SeatSpec(team=t) for t in teams])
    assert info.value.field == "seats" and info.value.message == E.TEAMS_LAYOUT


def test_four_player_partners_face_each_other():
    """Rules: "Teammates should sit across from one another" (4 players: stations 0+3, 1+4)."""
    st = ENGINE.setup({}, seats_for(4, "2v2"), 1)
    assert [st.stations[s] for s in (0, 2)] == [0, 3] and [st.stations[s] for s in (1, 3)] == [1, 4]
    assert [s["team"] for s in ENGINE.view(st, None)["seats"]] == [0, 1, 0, 1]


def test_you_play_on_teammates_only_once_all_your_pieces_are_in_hextopia():
    """Rules: "Only once a player has successfully entered all their pieces into their HEXTOPIA can
    they play their cards on their teammates pieces in turn." """
    st = position(4, layout="2v2", pieces={(0, 0): 5, (2, 0): 10}, hands={0: ["7H"]})
    legal = ENGINE.legal_actions(st, 0)
    assert legal == [{"type": "play", "card": "7H", "move": "forward", "seat": 0, "piece": 0}]
    with pytest.raises(IllegalAction) as info:
        play(st, 0, "7H", "forward", piece_seat=2, piece=0)
    assert (info.value.code, info.value.message) == E.NOT_YOUR_PIECE


def test_a_finished_player_plays_cards_on_teammates_pieces():
    """Rules: "Only once a player has successfully entered all their pieces into their HEXTOPIA can
    they play their cards on their teammates pieces in turn." """
    base = position(4, layout="2v2")
    pieces = finished(base, 0) | {(2, 0): 10, (1, 0): 7}
    st = position(4, layout="2v2", pieces=pieces, hands={0: ["7H", "KS"]})
    legal = ENGINE.legal_actions(st, 0)
    assert {(a["card"], a["move"], a["seat"], a["piece"]) for a in legal} == {
        ("7H", "forward", 2, 0), ("KS", "enter", 2, 1), ("KS", "enter", 2, 2), ("KS", "enter", 2, 3)}
    new, _ = play(st, 0, "7H", "forward", piece_seat=2, piece=0)
    assert new.pieces[8] == 17
    with pytest.raises(IllegalAction) as info:
        play(st, 0, "7H", "forward", piece_seat=1, piece=0)
    assert info.value.message == E.NOT_YOUR_PIECE.message


def test_finishing_alone_does_not_end_a_team_game():
    """Rules: "The first team to successfully enter all their pieces into their HEXTOPIAs wins the
    game." """
    base = position(4, layout="2v2")
    pieces = finished(base, 0) | {(0, 3): 71}
    st = position(4, layout="2v2", pieces=pieces, hands={0: ["AS", "9D"]})
    new, events = play(st, 0, "AS", "forward", piece=3)
    assert {"type": "finished", "seat": 0} in events
    assert ENGINE.result(new) is None and ENGINE.to_act(new) == (1,)
    assert ENGINE.view(new, None)["seats"][0]["finished"] is True


def test_the_first_team_with_every_piece_in_hextopia_wins():
    """Rules: "The first team to successfully enter all their pieces into their HEXTOPIAs wins the
    game." """
    base = position(4, layout="2v2")
    pieces = finished(base, 0) | finished(base, 2) | {(2, 3): 70, (1, 0): 30, (3, 0): 20}
    st = position(4, layout="2v2", pieces=pieces, hands={0: ["2C"]})
    new, events = play(st, 0, "2C", "forward", piece_seat=2, piece=3)
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == [0, 2]
    res = ENGINE.result(new)
    assert res.winners == (0, 2) and res.ranks == (1, 2, 1, 2)


def test_six_players_two_teams_of_three_play_for_either_teammate():
    """Rules: "Only once a player has successfully entered all their pieces into their HEXTOPIA can
    they play their cards on their teammates pieces in turn." """
    base = position(6, layout="2x3")
    pieces = finished(base, 0) | {(2, 0): 10, (4, 0): 20, (1, 0): 5}
    st = position(6, layout="2x3", pieces=pieces, hands={0: ["QH"]})
    assert {(a["seat"], a["piece"]) for a in ENGINE.legal_actions(st, 0)} == {(2, 0), (4, 0)}


def test_six_players_three_teams_of_two_partners_across():
    """Rules: "Teammates should sit across from one another" (6 players: seats i and i+3)."""
    base = position(6, layout="3x2")
    st = position(6, layout="3x2", pieces=finished(base, 1) | {(4, 0): 3, (2, 0): 3}, hands={1: ["QH"]},
                  turn=1)
    assert {(a["seat"], a["piece"]) for a in ENGINE.legal_actions(st, 1)} == {(4, 0)}


def test_a_finished_players_jack_swaps_a_teammates_piece():
    """Rules: "A card may be played to the detriment of another player or to assist your teammate." """
    base = position(4, layout="2v2")
    st = position(4, layout="2v2", pieces=finished(base, 0) | {(2, 0): 10, (1, 0): 7},
                  hands={0: ["JC"]})
    assert ENGINE.legal_actions(st, 0) == [
        {"type": "play", "card": "JC", "move": "swap", "seat": 2, "piece": 0, "target_seat": 1,
         "target_piece": 0}]
