"""The 7 and the robber (rules, "The 7 and the robber")."""
import pytest

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.state import DISCARD, MAIN, ROBBER
from games.protocol import IllegalAction, visible_events
from tests.games.hexfolk.helpers import act, give, give_dev, main_phase, pre_roll, put_settlement, roll


def test_seven_makes_everyone_over_the_limit_discard_half_in_parallel():
    """Rules: "Everyone who has more than 7 resource cards gives up half of them, rounded down.
    With 9 cards that makes 4." (Interpretation: "of their own choosing, all at once".)"""
    st = pre_roll(main_phase(4))
    st = give(st, 1, lumber=5, ore=4)  # 9 cards: discards 4
    st = give(st, 2, wool=8)  # 8 cards: discards 4
    st = give(st, 3, grain=7)  # 7 cards: keeps them
    st, events = roll(st, 0, 7)
    assert st.phase == DISCARD
    assert ENGINE.to_act(st) == (1, 2)
    template = ENGINE.legal_actions(st, 1)[0]
    assert template["type"] == "discard" and template["count"] == 4
    st, _ = act(st, 2, {"type": "discard", "cards": {"wool": 4}})
    assert ENGINE.to_act(st) == (1,)
    st, _ = act(st, 1, {"type": "discard", "cards": {"ore": 4}})  # the player's own choice
    assert st.hands[1][0] == 5 and st.hands[1][4] == 0
    assert st.phase == ROBBER and ENGINE.to_act(st) == (0,)


def test_discard_must_be_exactly_half():
    """Rules: "gives up half of them, rounded down." """
    st = pre_roll(main_phase(2))
    st = give(st, 1, lumber=9)
    st, _ = roll(st, 0, 7)
    for bad in ({"lumber": 3}, {"lumber": 5}):
        with pytest.raises(IllegalAction) as err:
            act(st, 1, {"type": "discard", "cards": bad})
        assert err.value.message == E.DISCARD_COUNT.message
    with pytest.raises(IllegalAction) as err:
        act(st, 1, {"type": "discard", "cards": {"ore": 4}})
    assert err.value.message == E.NOT_IN_HAND.message


def test_discard_limit_option():
    """Interpretation: "discard limit (default 7)" is a lobby option."""
    st = pre_roll(main_phase(2, discard_limit=9))
    st = give(st, 1, lumber=9)
    st, _ = roll(st, 0, 7)
    assert st.phase == ROBBER


def test_robber_moves_and_steals_one_random_card_seen_by_the_two_only():
    """Rules: "The player who rolled moves the robber to another terrain hex. From a player
    with a building at that hex, they draw a random card." The stolen card is shown to the two
    players involved only."""
    st = pre_roll(main_phase(3))
    target = next(h for h in range(st.board.topo.n_hexes) if h != st.robber)
    st = put_settlement(st, 1, st.board.topo.hex_nodes[target][0])
    st = give(st, 1, ore=1)
    st, _ = roll(st, 0, 7)
    assert {"type": "move_robber", "hex": target, "victim": 1} in ENGINE.legal_actions(st, 0)
    st, events = act(st, 0, {"type": "move_robber", "hex": target, "victim": 1})
    assert st.robber == target and st.hands[0][4] == 1 and sum(st.hands[1]) == 0
    assert st.phase == MAIN
    assert any(e["type"] == "stolen_card" and e["resource"] == "ore" for e in visible_events(events, 0))
    assert any(e["type"] == "stolen_card" for e in visible_events(events, 1))
    assert not any(e["type"] == "stolen_card" for e in visible_events(events, 2))
    assert not any(e["type"] == "stolen_card" for e in visible_events(events, None))
    assert any(e["type"] == "robbed" for e in visible_events(events, 2))


def test_robber_must_move_to_another_hex():
    """Rules: "moves the robber to another terrain hex" (interpretation: "a different land hex
    (the desert is allowed)")."""
    st = pre_roll(main_phase(2))
    st, _ = roll(st, 0, 7)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "move_robber", "hex": st.robber, "victim": None})
    assert err.value.message == E.ROBBER_MUST_MOVE.message
    hexes = {a["hex"] for a in ENGINE.legal_actions(st, 0)}
    assert hexes == set(range(st.board.topo.n_hexes)) - {st.robber}


def test_no_steal_from_a_player_without_cards():
    """Interpretation: "steals one random card from a player with a building there who has
    cards"."""
    st = pre_roll(main_phase(2))
    target = next(h for h in range(st.board.topo.n_hexes) if h != st.robber)
    st = put_settlement(st, 1, st.board.topo.hex_nodes[target][0])
    st, _ = roll(st, 0, 7)
    assert {"type": "move_robber", "hex": target, "victim": None} in ENGINE.legal_actions(st, 0)
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "move_robber", "hex": target, "victim": 1})
    assert err.value.message == E.BAD_VICTIM.message


def test_friendly_robber_protects_two_visible_points_despite_a_hidden_vp_card():
    """Rules: "With the Friendly Robber variant he may not go to the buildings of players with
    at most 2 visible victory points." Interpretation: "hidden VP cards do not count"."""
    st = pre_roll(main_phase(2, friendly_robber=True))
    topo = st.board.topo
    target = next(h for h in range(topo.n_hexes) if h != st.robber)
    st = put_settlement(st, 1, topo.hex_nodes[target][0])
    far = next(n for n in range(topo.n_nodes)
               if all(o != topo.hex_nodes[target][0] for o in topo.node_neighbors[n])
               and n != topo.hex_nodes[target][0] and target not in topo.node_hexes[n])
    st = put_settlement(st, 1, far)  # 2 visible points
    st = give_dev(st, 1, "victory_point")  # 3 points in all, 1 hidden
    st = give(st, 1, ore=2)
    st, _ = roll(st, 0, 7)
    assert all(a["hex"] != target for a in ENGINE.legal_actions(st, 0))
    with pytest.raises(IllegalAction) as err:
        act(st, 0, {"type": "move_robber", "hex": target, "victim": 1})
    assert err.value.message == E.FRIENDLY_ROBBER.message


def test_friendly_robber_stops_protecting_at_three_visible_points():
    """Rules: "players with at most 2 visible victory points" are protected; 3 are not."""
    st = pre_roll(main_phase(2, friendly_robber=True))
    topo = st.board.topo
    target = next(h for h in range(topo.n_hexes) if h != st.robber)
    node = topo.hex_nodes[target][0]
    st = put_settlement(st, 1, node, city=True)
    far = next(n for n in range(topo.n_nodes) if n != node and n not in topo.node_neighbors[node])
    st = put_settlement(st, 1, far)  # 3 visible points
    st = give(st, 1, ore=1)
    st, _ = roll(st, 0, 7)
    assert {"type": "move_robber", "hex": target, "victim": 1} in ENGINE.legal_actions(st, 0)


def test_friendly_robber_goes_to_the_desert_when_every_hex_is_protected():
    """Interpretation: "if every hex is forbidden, it goes to the desert and steals nothing"."""
    st = pre_roll(main_phase(2, friendly_robber=True))
    topo = st.board.topo
    st = st.clone()
    desert = st.board.deserts[0]
    st.robber = next(h for h in range(topo.n_hexes) if h != desert)
    # Seat 1 (2 visible points) touches every hex: the protection covers the whole island.
    st.node_owner = [1 if i % 2 == 0 else -1 for i in range(topo.n_nodes)]
    st, _ = roll(st, 0, 7)
    legal = ENGINE.legal_actions(st, 0)
    assert legal == [{"type": "move_robber", "hex": desert, "victim": None}]
    st, _ = act(st, 0, legal[0])
    assert st.robber == desert


def test_robber_off_seven_only_discards():
    """Interpretation: "Robber off (lobby option): a 7 only makes players discard." """
    st = pre_roll(main_phase(2, robber_off=True))
    st = give(st, 1, wool=8)
    robber = st.robber
    st, _ = roll(st, 0, 7)
    assert st.phase == DISCARD
    st, _ = act(st, 1, ENGINE.legal_actions(st, 1)[0])
    assert st.phase == MAIN and st.robber == robber
