"""Hypothesis playouts on every map and player count (issue 3, "Tests"): card conservation,
supply limits and the distance rule hold after every action, and every game ends (or reaches
its turn limit)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.conformance import random_steps
from games.hexfolk.engine import ENGINE
from games.hexfolk.engine.board import load_map, map_slugs
from games.hexfolk.engine.bots import BuilderBot
from games.protocol import RandomBot, SeatSpec
from tests.budget import examples
from tests.games.hexfolk.invariants import check_state

TURN_LIMIT = 60  # rounds; the playout policy usually finishes well before
MAX_ACTIONS = 60_000
RANDOM_SHARE = 0.25  # share of steps played uniformly at random (trades, cards, offers)

COMBOS = [(slug, n) for slug in map_slugs() for n in range(2, 9)
          if load_map(slug).players[0] <= n <= load_map(slug).players[1]]
OPTIONS = hs.fixed_dictionaries({
    "victory_points": hs.integers(8, 15),
    "friendly_robber": hs.booleans(),
    "robber_off": hs.booleans(),
    "longest_road_off": hs.booleans(),
    "largest_army_off": hs.booleans(),
    "discard_limit": hs.integers(4, 20),
})


def playout(options: dict, n: int, seed: int) -> int:
    """One game with invariants after every action; returns the actions played."""
    st = ENGINE.setup(options, [SeatSpec()] * n, seed)
    rng = random.Random(seed)
    builder, uniform = BuilderBot(), RandomBot()
    check_state(ENGINE, st)
    for step in range(MAX_ACTIONS):
        acting = ENGINE.to_act(st)
        if not acting:
            assert ENGINE.result(st) is not None
            return step
        seat = rng.choice(acting)
        legal = ENGINE.legal_actions(st, seat)
        bot = uniform if rng.random() < RANDOM_SHARE else builder
        st, _ = ENGINE.apply(st, seat, bot.choose(None, legal, rng))
        check_state(ENGINE, st)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("slug, n", COMBOS, ids=[f"{s}-{n}p" for s, n in COMBOS])
@settings(max_examples=examples(1), deadline=None, suppress_health_check=list(HealthCheck))
@given(options=OPTIONS, seed=hs.integers(0, 2**40))
def test_playout_keeps_the_invariants(slug, n, options, seed):
    playout({**options, "map": slug, "turn_limit": TURN_LIMIT}, n, seed)


@settings(max_examples=examples(6), deadline=None, suppress_health_check=list(HealthCheck))
@given(options=OPTIONS, seed=hs.integers(0, 2**40), n=hs.integers(2, 8))
def test_standard_playouts_by_player_count(options, seed, n):
    playout({**options, "turn_limit": TURN_LIMIT}, n, seed)


def test_uniformly_random_games_end_without_a_turn_limit():
    """Random legal play (offers and all) still finishes a 4-player game."""
    for seed in range(3):
        start = ENGINE.setup({}, [SeatSpec()] * 4, seed)
        *_, (_seat, last, _events) = random_steps(ENGINE, start, random.Random(seed), MAX_ACTIONS)
        assert last.ended == "victory"
