"""Hypothesis playouts (issue 12, point 7): 2-6 players, both game lengths; the 48 cards stay
conserved (mats + pool + carried + held SWIPEs), no beetle leaves the board, and every game
ends (the goal or the round limit)."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.hexcrement.engine import ENGINE
from games.hexcrement.engine.bots import StrongBot
from games.hexcrement.engine.cards import ROUND_LIMIT
from games.protocol import RandomBot, SeatSpec
from tests.budget import examples
from tests.games.hexcrement.invariants import check_state

MAX_ACTIONS = 20 * ROUND_LIMIT * 6  # far above what the round limit allows


def playout(n: int, length: str, seed: int, strong_share: float) -> int:
    """One game with the invariants after every action; returns the actions played."""
    st = ENGINE.setup({"length": length}, [SeatSpec()] * n, seed)
    rng = random.Random(seed)
    bots = [StrongBot(worlds=2) if rng.random() < strong_share else RandomBot() for _ in range(n)]
    check_state(ENGINE, st)
    for step in range(MAX_ACTIONS):
        acting = ENGINE.to_act(st)
        if not acting:
            assert ENGINE.result(st) is not None
            assert st.ended in ("goal", "limit") and st.turn_number <= ROUND_LIMIT * n
            return step
        seat = acting[0]
        legal = ENGINE.legal_actions(st, seat)
        use_bot = strong_share > 0 and step % 3 == 0
        action = bots[seat].choose(ENGINE.view(st, seat), legal, rng) if use_bot else rng.choice(legal)
        assert action in legal
        st, _ = ENGINE.apply(st, seat, action)
        check_state(ENGINE, st)
    raise AssertionError("the game did not end")


@settings(max_examples=examples(25), deadline=None, suppress_health_check=list(HealthCheck))
@given(n=hs.integers(2, 6), length=hs.sampled_from(["long", "quick"]), seed=hs.integers(0, 2**40),
       strong_share=hs.floats(0, 1))
def test_playouts_keep_the_invariants_and_end(n, length, seed, strong_share):
    assert playout(n, length, seed, strong_share) > 0


@settings(max_examples=examples(6), deadline=None, suppress_health_check=list(HealthCheck))
@given(n=hs.integers(2, 6), length=hs.sampled_from(["long", "quick"]), seed=hs.integers(0, 2**40))
def test_uniformly_random_games_end_by_the_goal_or_the_round_limit(n, length, seed):
    """Random legal play only: the round limit still ends every game."""
    assert playout(n, length, seed, strong_share=0.0) > 0
