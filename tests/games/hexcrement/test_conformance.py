"""The platform's conformance playout (games.conformance.check_engine) on Hexcrement: every
seat count 2-6 and team layout (only "none"), with the default options and a random set drawn
from the schema; the invariants of invariants.py after every action."""
import random

import pytest

from games.conformance import check_engine, option_sets, seat_layouts
from games.hexcrement.engine import ENGINE
from tests.games.hexcrement.invariants import check_state

LAYOUTS = seat_layouts(ENGINE)


@pytest.mark.parametrize("n, layout, spec", LAYOUTS, ids=[f"{n}p-{name}" for n, name, _ in LAYOUTS])
def test_conforms_every_seat_count_and_layout(n, layout, spec):
    options = option_sets(ENGINE, random.Random(n), 2)  # the defaults and one random set
    applied = check_engine(ENGINE, seat_layouts=[spec], options=options, games=1, max_actions=4000,
                           seed=n, invariant=check_state, views_every=9)
    assert applied > 0


def test_conforms_both_lengths_with_every_view():
    """Both game lengths on 3 seats, views and secrets checked after every action."""
    applied = check_engine(ENGINE, options=[{"length": "long"}, {"length": "quick"}],
                           seat_layouts=[LAYOUTS[1][2]], games=1, max_actions=4000, seed=99,
                           invariant=check_state, views_every=1)
    assert applied > 0


def test_layouts_are_two_to_six_without_teams():
    assert [(n, name) for n, name, _ in LAYOUTS] == [(n, "none") for n in range(2, 7)]
