"""Time outs (interpretation, "Time out": "in a discard, the bot's discard; otherwise the turn
ends (after the roll if the roll was not made; a pending trade is withdrawn)")."""
from games.hexfolk.engine import ENGINE
from tests.games.hexfolk.helpers import act, give, main_phase, new_game, pre_roll, roll


def test_timeouts_by_phase():
    st = pre_roll(main_phase(3))
    assert ENGINE.timeout_action(st, 0) == {"type": "roll"}
    st = give(st, 1, ore=9)
    st, _ = roll(st, 0, 7)
    to = ENGINE.timeout_action(st, 1)
    assert to["type"] == "discard" and to["cards"] == {"ore": 4} and to in ENGINE.legal_actions(st, 1)
    st, _ = act(st, 1, to)
    st, _ = act(st, 0, ENGINE.timeout_action(st, 0))  # the robber moves
    assert ENGINE.timeout_action(st, 0) == {"type": "end_turn"}
    st = give(st, 0, wool=1)
    st, _ = act(st, 0, {"type": "offer_trade", "give": {"wool": 1}, "get": {"ore": 1}})
    assert ENGINE.timeout_action(st, 0) == {"type": "end_turn"}
    assert ENGINE.timeout_action(st, 1) == {"type": "decline_trade"}
    st, events = act(st, 0, ENGINE.timeout_action(st, 0))
    assert st.turn == 1 and {"type": "trade_closed", "reason": "withdrawn"} in events


def test_setup_timeout_places_on_the_richest_intersection():
    st = new_game(2)
    to = ENGINE.timeout_action(st, 0)
    pips = st.board.node_pips
    assert pips[to["node"]] == max(pips[a["node"]] for a in ENGINE.legal_actions(st, 0))
