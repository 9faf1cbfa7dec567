"""Development cards and Largest Army (rules, "Development cards", "Longest Road and Largest
Army")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.rules import DEV_INDEX, RESOURCE_INDEX
from games.hexfolk.engine.state import MAIN, PRE_ROLL, ROAD_BUILDING, ROBBER
from games.protocol import IllegalAction, visible_events
from tests.games.hexfolk.helpers import (
    act,
    give,
    give_dev,
    main_phase,
    pre_roll,
    put_road,
    put_settlement,
    simple_path,
)

ORE = RESOURCE_INDEX["ore"]


def bought(st, seat, card):
    """``seat`` buys development cards until it draws ``card`` (this turn)."""
    for _ in range(40):
        st = give(st, seat, wool=1, grain=1, ore=1)
        st, events = act(st, seat, {"type": "buy_dev"})
        private = [e for e in events if e["type"] == "dev_card"]
        if private[0]["card"] == card:
            return st, events
    raise AssertionError(card)


def test_deck_sizes_by_player_count():
    """Rules: "With up to 4 players the deck contains 25 cards, from 5 players up 34, from 7
    players up 43." """
    for n, size in ((2, 25), (4, 25), (5, 34), (6, 34), (7, 43), (8, 43)):
        assert sum(main_phase(n).dev_left) == size


def test_bought_card_is_private_and_counted_for_others():
    """Rules: "You draw the top card hidden. ... The other players only see how many
    development cards you have, not which ones." """
    st, events = bought(main_phase(2), 0, "knight")
    assert [e["type"] for e in visible_events(events, 1)] == ["bought_dev"]
    assert any(e["type"] == "dev_card" for e in visible_events(events, 0))
    other = ENGINE.view(st, 1)
    assert "dev_cards" not in other or other["viewer"] == 1
    assert other["players"][0]["dev_card_count"] == sum(st.dev_hands[0])
    assert ENGINE.view(st, 1)["dev_cards"] == {k: 0 for k in DEV_INDEX}


def test_card_bought_this_turn_cannot_be_played():
    """Rules: "never one that you bought during the same turn." """
    st, _ = bought(main_phase(2), 0, "knight")
    st = st.clone()
    st.dev_hands = [h[:] for h in st.dev_hands]
    st.dev_hands[0] = [0] * 5
    st.dev_hands[0][DEV_INDEX["knight"]] = 1
    st.dev_new = [0] * 5
    st.dev_new[DEV_INDEX["knight"]] = 1
    assert {"type": "play_knight"} not in ENGINE.legal_actions(st, 0)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "play_knight"})
    assert err.value.message == E.CARD_BOUGHT_THIS_TURN.message


def test_one_card_per_turn():
    """Rules: "Per turn you may play at most one card"."""
    st = give_dev(main_phase(2), 0, "monopoly", 2)
    st, _ = act(st, 0, {"type": "play_monopoly", "resource": "ore"})
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "play_monopoly", "resource": "wool"})
    assert err.value.message == E.ONE_CARD_PER_TURN.message


def test_card_may_be_played_before_the_roll():
    """Interpretation: "A development card (not a victory point card) may be played before the
    roll or after it"."""
    st = pre_roll(give_dev(main_phase(2), 0, "knight"))
    assert {"type": "play_knight"} in ENGINE.legal_actions(st, 0)
    st, _ = act(st, 0, {"type": "play_knight"})
    assert st.phase == ROBBER
    st, _ = act(st, 0, ENGINE.legal_actions(st, 0)[0])
    assert st.phase == PRE_ROLL and ENGINE.legal_actions(st, 0)[0] == {"type": "roll"}


def test_victory_point_cards_are_never_played_and_count_at_once():
    """Rules: "Victory point cards stay hidden in your hand and count immediately."
    Interpretation: "VP cards never played"."""
    st = give_dev(main_phase(2), 0, "victory_point")
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "play_victory_point"})
    assert err.value.message == E.VICTORY_POINT_NOT_PLAYED.message
    assert all("victory" not in a["type"] for a in ENGINE.legal_actions(st, 0))
    assert ENGINE.view(st, 0)["points"] == 1
    assert ENGINE.view(st, 1)["players"][0]["visible_points"] == 0


def test_road_building_places_two_free_roads():
    """Interpretation: "Road building places up to 2 free roads, as many as the supply
    allows." """
    st = give_dev(main_phase(2), 0, "road_building")
    a, b, c, d = simple_path(st, 3)
    st = put_settlement(st, 0, a)
    st, _ = act(st, 0, {"type": "play_road_building"})
    assert st.phase == ROAD_BUILDING
    st, _ = act(st, 0, {"type": "build_road", "edge": [a, b]})
    assert st.phase == ROAD_BUILDING
    st, _ = act(st, 0, {"type": "build_road", "edge": [b, c]})
    assert st.phase == MAIN and st.roads_left[0] == 13 and sum(st.hands[0]) == 0


def test_road_building_with_one_road_left_places_one():
    """Interpretation: "as many as the supply allows"."""
    st = give_dev(main_phase(2), 0, "road_building")
    a, b, c = simple_path(st, 2)
    st = put_settlement(st, 0, a)
    st = st.clone()
    st.roads_left = [1, 15]
    st, _ = act(st, 0, {"type": "play_road_building"})
    st, _ = act(st, 0, {"type": "build_road", "edge": [a, b]})
    assert st.phase == MAIN and st.roads_left[0] == 0


def test_year_of_plenty_takes_two_or_what_the_bank_has():
    """Interpretation: "Year of plenty takes 2 from the bank (only what the bank has)." """
    st = give_dev(main_phase(2), 0, "year_of_plenty")
    new, _ = act(st, 0, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]})
    assert new.hands[0][ORE] == 2
    poor = st.clone()
    poor.hands[1] = poor.bank[:]
    poor.bank = [0, 0, 0, 0, 1]  # one ore left in the bank
    assert [a for a in ENGINE.legal_actions(poor, 0) if a["type"] == "play_year_of_plenty"] == [
        {"type": "play_year_of_plenty", "resources": ["ore"]}]
    with pytest.raises(IllegalAction) as err:
        act(poor, 0, {"type": "play_year_of_plenty", "resources": ["ore", "ore"]})
    assert err.value.message == E.YEAR_OF_PLENTY_TAKE.message
    new, _ = act(poor, 0, {"type": "play_year_of_plenty", "resources": ["ore"]})
    assert new.hands[0][ORE] == 1 and new.bank[ORE] == 0


def test_monopoly_takes_every_card_of_one_resource():
    """Monopoly (standard base game, as the interpretation says where the text is silent):
    every other player gives all cards of the named resource."""
    st = give_dev(main_phase(3), 0, "monopoly")
    st = give(st, 1, ore=3, wool=1)
    st = give(st, 2, ore=2)
    st, events = act(st, 0, {"type": "play_monopoly", "resource": "ore"})
    assert st.hands[0][ORE] == 5 and st.hands[1] == [0, 0, 1, 0, 0] and sum(st.hands[2]) == 0
    assert events[-1]["taken"] == [0, 3, 2]


def play_knights(st, seat, count):
    for _ in range(count):
        st = give_dev(st, seat, "knight")
        st = st.clone()
        st.turn = seat
        st.dev_played = False
        st.phase = MAIN
        st, _ = act(st, seat, {"type": "play_knight"})
        st, _ = act(st, seat, ENGINE.legal_actions(st, seat)[0])
    return st


def test_largest_army_at_three_knights_and_ties_keep_the_holder():
    """Rules: "Largest Army: The first player to have played 3 knight cards gets it. Whoever
    later has played more knights takes over." Interpretation: "a tie keeps the holder"."""
    st = main_phase(2)
    st = play_knights(st, 0, 2)
    assert st.army_holder == -1
    st = play_knights(st, 0, 1)
    assert st.army_holder == 0
    st = play_knights(st, 1, 3)
    assert st.knights == [3, 3] and st.army_holder == 0
    st = play_knights(st, 1, 1)
    assert st.army_holder == 1


def test_largest_army_off():
    """Rules: "Both points can be switched off in the lobby"."""
    st = play_knights(main_phase(2, largest_army_off=True), 0, 3)
    assert st.army_holder == -1


def test_knight_with_robber_off_only_counts():
    """RULES.md: with the robber off, a knight counts for Largest Army and moves nothing."""
    st = give_dev(main_phase(2, robber_off=True), 0, "knight")
    st, _ = act(st, 0, {"type": "play_knight"})
    assert st.phase == MAIN and st.knights[0] == 1


def test_road_building_needs_a_place():
    """RULES.md: road building is played only with a road in supply and a place for it."""
    st = give_dev(main_phase(2), 0, "road_building")
    assert {"type": "play_road_building"} not in ENGINE.legal_actions(st, 0)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "play_road_building"})
    assert err.value.message == E.NO_ROAD_TO_BUILD.message
    st = put_road(put_settlement(st, 0, 0), 0, 0, st.board.topo.node_neighbors[0][0])
    assert {"type": "play_road_building"} in ENGINE.legal_actions(st, 0)
