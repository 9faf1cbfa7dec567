"""The platform's conformance check (games.conformance.check_engine) on Hexal Classic: every
seat count and team layout, with the default options and random ones from the schema."""
from __future__ import annotations

import random

import pytest

from games.conformance import check_engine, seat_layouts
from games.options import random_options
from tests.games.hexal.helpers import ENGINE

LAYOUTS = seat_layouts(ENGINE)
# Views and secrets are checked every VIEWS_EVERY actions (events after every one): checking
# up to 9 views after every action makes the run several times longer for little more
# coverage (test_playouts.py scans every view for deck cards as well).
VIEWS_EVERY = 20


def option_sets(n: int) -> list[dict]:
    rng = random.Random(n)
    return [{}, random_options(ENGINE.options_schema(), rng)]


def test_every_seat_count_and_layout_is_listed():
    assert [(n, name) for n, name, _ in LAYOUTS] == [(n, "none") for n in range(2, 9)]


@pytest.mark.parametrize("n, name, layout", LAYOUTS, ids=[f"{n}p-{name}" for n, name, _ in LAYOUTS])
def test_conforms(n, name, layout):
    applied = check_engine(ENGINE, seat_layouts=[layout], options=option_sets(n), games=1, seed=n,
                           max_actions=5000, views_every=VIEWS_EVERY)
    assert applied > 0


def test_conforms_with_the_engine_defaults():
    """check_engine as the registry-wide suite calls it (its own three option sets), on 2 seats."""
    applied = check_engine(ENGINE, seat_layouts=[LAYOUTS[0][2]], games=1, views_every=VIEWS_EVERY)
    assert applied > 0
