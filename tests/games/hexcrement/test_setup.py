"""Setup (rules, "Game setup"; interpretation, "Board" and "Game")."""
from collections import Counter

import pytest

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.board import CARD_CELLS, MAT_OF, STARTS
from games.hexcrement.engine.cards import ALL_CARDS, COUNTS, DUNG, KIND, TYPES
from games.hexcrement.engine.state import ROLL
from games.protocol import OptionsError, SeatSpec
from tests.games.hexcrement.helpers import new_game


def test_48_cards_of_the_interpretations_counts():
    """Interpretation: "48 Hex cards = 42 instruction cards of the 18 named types + 6 dung
    cards, one per beetle colour ... 2 of each type, plus 2 more TUNNEL and 1 more each of
    SWIPE, SHIELD, FRUIT, ODOUR (42)"."""
    kinds = Counter(KIND[c] for c in ALL_CARDS)
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 48
    assert kinds[DUNG] == 6 and len(TYPES) == 18
    assert sum(COUNTS.values()) == 42
    assert {t: kinds[t] for t in TYPES} == COUNTS
    assert COUNTS["TUNNEL"] == 4 and all(COUNTS[t] == 3 for t in ("SWIPE", "SHIELD", "FRUIT", "ODOUR"))


@pytest.mark.parametrize("n", range(2, 7))
def test_seven_cards_face_down_on_each_mat_and_six_in_the_pool(n):
    """Rules: "Place 7 Hex cards face down on each mat ... on the spaces matching the colour of
    your beetle"; interpretation: "the other 6 instruction cards form the pool"."""
    st = new_game(n, seed=n)
    laid = [(c, code) for c, code in enumerate(st.cards) if code is not None]
    assert sorted(c for c, _ in laid) == sorted(CARD_CELLS)
    assert Counter(MAT_OF[c] for c, _ in laid) == {m: 7 for m in range(6)}
    assert len(st.pool) == 6 and all(KIND[c] != DUNG for c in st.pool)
    assert sum(1 for _, code in laid if KIND[code] == DUNG) == 6
    assert not st.known and not st.up, "all face down and unseen"


def test_beetles_start_on_their_start_with_a_random_direction():
    """Rules: "Place your beetle on your direction piece" on "the starting point at the bottom
    centre of your mat"; "Each player flips their direction piece"."""
    directions = set()
    for seed in range(12):
        st = new_game(4, seed=seed)
        assert st.pos == tuple(STARTS[m] for m in st.mats)
        assert len(set(st.mats)) == 4
        directions.update(st.dirs)
    assert directions == {1, -1}


def test_the_first_seat_that_rolled_a_two_starts():
    """Rules: "Let the player who rolled a number two start!"; interpretation: "all roll; the
    first seat that rolled a 2 starts; none: roll again"."""
    for seed in range(30):
        st = new_game(3, seed=seed)
        *before, last = st.who_starts
        assert all(2 not in r for r in before)
        assert 2 in last and st.seat == last.index(2)
        assert st.phase == ROLL and st.turn_number == 0
        assert ENGINE.setup_events(st)[0]["first"] == st.seat


def test_setup_is_deterministic_from_the_seed():
    assert ENGINE.encode(new_game(5, seed=3)) == ENGINE.encode(new_game(5, seed=3))
    assert ENGINE.encode(new_game(5, seed=3)) != ENGINE.encode(new_game(5, seed=4))


def test_options_long_by_default_quick_on_request():
    """Issue 12: "the quick game and the long game (lobby choice, long by default)"."""
    assert ENGINE.validate_options({}) == {"length": "long"}
    assert ENGINE.validate_options({"length": "quick"}) == {"length": "quick"}
    assert new_game(2).quick is False and new_game(2, length="quick").quick is True
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_options({"length": "medium"})
    assert err.value.field == "length"
    with pytest.raises(OptionsError):
        ENGINE.validate_options({"turbo": True})


def test_two_to_six_players_no_teams():
    """Issue 12: "players 2-6"."""
    for n in (1, 7):
        with pytest.raises(OptionsError):
            ENGINE.setup({}, [SeatSpec()] * n, 1)
    with pytest.raises(OptionsError):
        ENGINE.setup({}, [SeatSpec(team=0), SeatSpec(team=0), SeatSpec(team=1), SeatSpec(team=1)], 1)
    assert ENGINE.team_layouts(4) == {"none": [None] * 4}
