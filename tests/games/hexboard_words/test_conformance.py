"""The platform's conformance playout (games.conformance.check_engine) on HexBoard Words: every
seat count and team layout, with the default options and two random option sets."""
from games.conformance import check_engine
from games.hexboard_words.engine import ENGINE
from tests.games.hexboard_words.invariants import check_state


def test_conforms_on_every_layout_with_default_and_random_options():
    applied = check_engine(ENGINE, games=1, max_actions=3000, views_every=3, invariant=check_state,
                           cycle_options=False)
    assert applied > 1000
