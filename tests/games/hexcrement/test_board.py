"""The board data (issue 12, point 1): six mats of 37 cells, a ring of 42 columns, one data
file read by one loader."""
from collections import Counter

from games.hexcrement.engine import board as B


def test_the_data_file_is_what_the_generator_makes():
    """board.json is the one data file; it matches its compact description."""
    assert B.load_board() == B.build_board()


def test_six_mats_of_37_cells_in_columns_of_4_to_7():
    """Interpretation: "Each mat is a hexagon of 37 cells (side 4) in 7 columns of 4, 5, 6, 7,
    6, 5, 4 cells"."""
    cells = B.BOARD["cells"]
    assert len(cells) == 6 * 37 == B.N_CELLS
    for mat in range(6):
        lengths = Counter(c["column"] for c in cells if c["mat"] == mat)
        assert [lengths[k] for k in range(7)] == [4, 5, 6, 7, 6, 5, 4]
    assert [c["cell"] for c in cells] == list(range(B.N_CELLS))


def test_the_mats_form_a_ring_of_42_columns_that_closes():
    """Interpretation: "The six mats together form a ring of 42 columns"."""
    assert sorted({c["ring_column"] for c in B.BOARD["cells"]}) == list(range(42))
    for direction in (B.CW, B.CCW):
        cell, seen = B.STARTS[0], set()
        for _ in range(42):
            seen.add(B.COLUMN[cell])
            cell = B.FORWARD[direction][cell][0]
        assert seen == set(range(42))
        assert B.COLUMN[cell] == B.COLUMN[B.STARTS[0]], "42 steps come back to the same column"


def test_every_forward_step_leads_to_the_next_column():
    """Rules: "move ... in the direction indicated by your direction piece ... without going
    backwards or skipping spaces"."""
    for cell in range(B.N_CELLS):
        for direction in (B.CW, B.CCW):
            nxt = B.FORWARD[direction][cell]
            assert 1 <= len(nxt) <= 2
            for n in nxt:
                assert B.COLUMN[n] == (B.COLUMN[cell] + direction) % 42
                assert cell in B.FORWARD[-direction][n], "anticlockwise is clockwise backwards"


def test_perpendicular_moves_only_in_the_five_central_columns():
    """Rules (ROCK): "Moving perpendicular to the direction of play is only possible from the
    five central columns of each hexagonal space"."""
    for c in B.BOARD["cells"]:
        perp = c["perpendicular"]
        if c["column"] in (0, 6):
            assert perp == []
        else:
            assert perp and all(B.COLUMN[p] == c["ring_column"] for p in perp)
            assert sorted(abs(B.DEPTH[p] - c["depth"]) for p in perp) == [1] * len(perp)
    assert B.perpendicular_ends(B.BOARD["cells"][0]["cell"], 1) == ()


def test_card_cells_and_start():
    """Interpretation: "Each mat has 7 cells in its owner's colour, one per column ... Its START
    (and finish) is the outer cell of its centre column"."""
    cells = B.BOARD["cells"]
    for mat in range(6):
        cards = [c for c in cells if c["mat"] == mat and c["card"]]
        assert sorted(c["column"] for c in cards) == list(range(7))
        start = [c for c in cells if c["mat"] == mat and c["start"]]
        assert len(start) == 1 and start[0]["column"] == 3 and start[0]["depth"] == 0
        assert not start[0]["card"]
    assert len(B.CARD_CELLS) == 42


def test_pixel_coordinates_draw_six_separate_mats_round_the_tray():
    """Every cell has pixel and axial coordinates; no two cells overlap; the tray is empty."""
    cells = B.BOARD["cells"]
    points = [(c["x"], c["y"]) for c in cells]
    for i, (x, y) in enumerate(points):
        assert all((x - u) ** 2 + (y - v) ** 2 > 2.9 for u, v in points[i + 1:])
        assert x * x + y * y > 6 ** 2
        assert {"q", "r"} <= set(cells[i])


def test_reach_table_counts_exact_steps():
    """``REACH[d][cell][k]`` is the cells exactly k forward steps away."""
    for k in range(1, B.MAX_STEPS + 1):
        for cell in (0, 50, B.STARTS[3]):
            ends = B.REACH[B.CW][cell][k]
            assert ends and all(B.columns_between(cell, e, B.CW) == k for e in ends)
