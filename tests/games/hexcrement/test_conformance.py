"""The platform's conformance playout (games.conformance.check_engine) on Hexcrement: every
seat count 2-6 (no teams), the default and random options, views and secrets checked."""
import pytest

from games.conformance import check_engine, seat_layouts
from games.hexcrement.engine import ENGINE
from tests.games.hexcrement.invariants import check_state

LAYOUTS = seat_layouts(ENGINE)


@pytest.mark.parametrize("n, layout, spec", LAYOUTS, ids=[f"{n}p-{name}" for n, name, _ in LAYOUTS])
def test_conforms_every_seat_count_and_layout(n, layout, spec):
    applied = check_engine(ENGINE, seat_layouts=[spec], games=1, max_actions=4000, seed=n,
                           invariant=check_state, views_every=7)
    assert applied > 0


def test_conforms_both_lengths():
    applied = check_engine(ENGINE, options=[{"length": "long"}, {"length": "quick"}],
                           seat_layouts=[spec for _, _, spec in LAYOUTS[:2]], games=1,
                           max_actions=4000, seed=99, invariant=check_state, views_every=3)
    assert applied > 0
