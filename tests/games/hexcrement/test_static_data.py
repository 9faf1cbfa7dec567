"""The board the web UI draws is the engine's own (issue 12, point 1: "in one data file read by
one loader and drawn by one renderer"): ``static_data`` hands over board.json's cells, without
the neighbour lists the renderer does not need, and nothing of any game's state."""
import json

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import BOARD, CARD_CELLS, STARTS
from games.hexcrement.engine.cards import ALL_CARDS, COLOURS, COUNTS, CSS


def test_static_data_is_board_json_as_drawn():
    data = ENGINE.static_data()
    board = data["board"]
    assert [c["cell"] for c in board["cells"]] == list(range(222))
    for mine, source in zip(board["cells"], BOARD["cells"], strict=True):
        assert mine == {k: source[k] for k in mine}
        assert set(mine) == {"cell", "mat", "column", "depth", "ring_column", "x", "y", "card", "start"}
    assert [c["cell"] for c in board["cells"] if c["card"]] == list(CARD_CELLS)
    assert board["starts"] == list(STARTS)
    assert board["central_columns"] == [1, 2, 3, 4, 5] and board["column_lengths"] == [4, 5, 6, 7, 6, 5, 4]
    assert data["colours"] == [{"name": c, "css": CSS[c]} for c in COLOURS]
    assert sum(c["count"] for c in data["cards"]) == 48 == len(ALL_CARDS)
    assert {c["type"]: c["count"] for c in data["cards"]} == {**COUNTS, "DUNG": 6}


def test_static_data_names_no_card_code():
    """Fixed data only: no card code (a face-down card's identity) ever appears in it."""
    text = json.dumps(ENGINE.static_data())
    assert not any(code in text for code in ALL_CARDS)


def test_the_ui_is_declared():
    ui = ENGINE.ui
    assert (ui.board_template, ui.hand_template, ui.rules_template) == (
        "hexcrement/board.html", "hexcrement/hand.html", "hexcrement/rules.html")
    assert (ui.play_module, ui.replay_module, ui.stylesheet) == (
        "hexcrement/play.js", "hexcrement/replay.js", "hexcrement/hexcrement.css")
