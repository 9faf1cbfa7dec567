"""Hypothesis playouts (issue 11, point 8: "hypothesis playouts (2-6 players, teams, blank on
and off) keep 126 (or 127) tiles between bag, board, hands and cards, keep every held word
valid, and always end")."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.hexboard_words.engine import ENGINE
from games.hexboard_words.engine.bots import StrongBot
from games.protocol import RandomBot, SeatSpec
from tests.budget import examples
from tests.games.hexboard_words.invariants import check_state

MAX_ACTIONS = 3000  # a random game takes about 60-250 actions
STRONG_SHARE = 0.2  # share of steps played by the strong bot (it plays every word it finds)

LAYOUTS = [(n, name) for n in range(2, 7) for name in ENGINE.team_layouts(n)]
OPTIONS = hs.fixed_dictionaries({
    "blank": hs.booleans(),
    "strict": hs.booleans(),
    "cards_to_win": hs.integers(5, 6),
    "dictionary": hs.sampled_from(["junior", "standard", "expert"]),
})


def playout(options: dict, n: int, layout: str, seed: int) -> int:
    """One game with the invariants after every action; returns the actions played."""
    teams = ENGINE.team_layouts(n)[layout]
    st = ENGINE.setup(options, [SeatSpec(team=t) for t in teams], seed)
    rng = random.Random(seed)
    uniform, strong = RandomBot(), StrongBot()
    check_state(ENGINE, st)
    for step in range(MAX_ACTIONS):
        acting = ENGINE.to_act(st)
        if not acting:
            assert ENGINE.result(st) is not None
            return step
        seat = acting[0]
        legal = ENGINE.legal_actions(st, seat)
        bot = strong if rng.random() < STRONG_SHARE else uniform
        action = bot.choose(ENGINE.view(st, seat), legal, rng)
        st, _ = ENGINE.apply(st, seat, action)
        check_state(ENGINE, st)
    raise AssertionError("the game did not end")


@settings(max_examples=examples(30), deadline=None, suppress_health_check=list(HealthCheck))
@given(options=OPTIONS, layout=hs.sampled_from(LAYOUTS), seed=hs.integers(0, 2**40))
def test_playouts_keep_the_invariants_and_end(options, layout, seed):
    playout(options, *layout, seed)


def test_every_layout_with_and_without_the_blank():
    """Each seat count and team layout once, the blank on and off."""
    for i, (n, layout) in enumerate(LAYOUTS):
        playout({"blank": i % 2 == 0}, n, layout, 1000 + i)
