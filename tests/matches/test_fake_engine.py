"""The test game of tests/fake_engine.py keeps the engine protocol, like every real game."""
from games.conformance import check_engine as check_conformance
from games.protocol import SeatSpec
from tests.fake_engine import ENGINE


def test_race_engine_conforms():
    layouts = [[SeatSpec()] * 2, [SeatSpec()] * 3, [SeatSpec(team=t) for t in (0, 1, 0, 1)]]
    applied = check_conformance(
        ENGINE, seat_layouts=layouts, options=({}, {"ready_phase": True, "target": 8}), games=3
    )
    assert applied > 0


def test_ready_phase_lets_every_seat_act_at_once():
    state = ENGINE.setup({"ready_phase": True}, [SeatSpec()] * 3, seed=5)
    assert ENGINE.to_act(state) == (0, 1, 2)
    state, _ = ENGINE.apply(state, 1, {"type": "ready"})
    assert ENGINE.to_act(state) == (0, 2)


def test_hand_is_hidden_from_others():
    state = ENGINE.setup({}, [SeatSpec()] * 2, seed=5)
    assert "hand" in ENGINE.view(state, 0)
    assert "hand" not in ENGINE.view(state, None)
    assert ENGINE.view(state, 0)["hand"] == state["hands"][0]
