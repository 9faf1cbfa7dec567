"""Hypothesis playouts (issue 10, point 7): 2-8 players, both variants, random and greedy
seats mixed; after every action the 216 cards are conserved, every touching pair on the table
shares an attribute and each total equals the recount from the events; every game ends."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.hexal.engine.bots import GreedyBot
from games.hexal.engine.view import deck_codes
from games.protocol import RandomBot, visible_events
from tests.budget import examples
from tests.games.hexal.helpers import ENGINE, seats
from tests.games.hexal.invariants import ScoreBook, check_state

MAX_ACTIONS = 20_000
LEAK_EVERY = 5  # actions between two scans of every seat's view for deck cards


def words(obj) -> set[str]:
    """Every word of every string (keys included) in a JSON-able value."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            out.update(value.replace(",", " ").replace(".", " ").split())
        elif isinstance(value, dict):
            out.update(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return out


def assert_no_deck_card(st, events) -> None:
    """No undrawn card reaches any seat or a spectator, in a view or an event (the conformance
    check gets the deck as one ordered tuple: view.secrets)."""
    deck = set(deck_codes(st))
    for seat in [None, *range(st.n)]:
        seen = words(ENGINE.view(st, seat)) | words(visible_events(events, seat))
        assert not seen & deck, f"seat {seat} sees deck cards {sorted(seen & deck)}"


def playout(n: int, options: dict, seed: int, random_share: float) -> int:
    """One game with the invariants after every action; returns the actions played."""
    st = ENGINE.setup(options, seats(n), seed)
    book = ScoreBook(n, ENGINE.setup_events(st))
    rng = random.Random(seed)
    greedy, uniform = GreedyBot(), RandomBot()
    check_state(ENGINE, st)
    for step in range(MAX_ACTIONS):
        acting = ENGINE.to_act(st)
        if not acting:
            assert ENGINE.result(st) is not None
            assert book.totals == list(st.totals)
            return step
        seat = acting[0]
        legal = ENGINE.legal_actions(st, seat)
        bot = uniform if rng.random() < random_share else greedy
        st, events = ENGINE.apply(st, seat, bot.choose(ENGINE.view(st, seat), legal, rng))
        if step % LEAK_EVERY == 0:
            assert_no_deck_card(st, events)
        book.feed(events)
        assert book.totals == list(st.totals), "each total equals the recount from the events"
        check_state(ENGINE, st)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("personal", [False, True], ids=["deck", "stack"])
@pytest.mark.parametrize("n", range(2, 9))
@settings(max_examples=examples(2), deadline=None, suppress_health_check=list(HealthCheck))
@given(target=hs.integers(50, 200), seed=hs.integers(0, 2**40), random_share=hs.sampled_from([0.0, 0.3, 1.0]))
def test_playout_keeps_the_invariants(n, personal, target, seed, random_share):
    playout(n, {"target_score": target, "personal_stack": personal}, seed, random_share)


def test_uniformly_random_games_end():
    """Random legal play (take-backs and all) ends, by the deck running out and everyone passing."""
    ends = set()
    for seed in range(4):
        st = ENGINE.setup({}, seats(4), seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if not ENGINE.to_act(st):
                break
            st, _ = ENGINE.apply(st, st.current, rng.choice(ENGINE.legal_actions(st, st.current)))
        assert st.ended
        ends.add(st.ended)
    assert "passes" in ends
