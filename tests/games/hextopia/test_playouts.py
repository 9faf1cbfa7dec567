"""Hypothesis playouts of random legal games, and the protocol's conformance check."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from games.conformance import check_engine as check_conformance
from games.hextopia.engine.constants import LANE, PIECES
from games.protocol import IllegalAction, SeatSpec
from tests.budget import conformance_budget, examples
from tests.games.hextopia.helpers import ENGINE, card_count

# Random games end well within this (the longest seen, 6 players in teams, is under 2,000).
MAX_ACTIONS = 8000
LAYOUTS = [(n, name) for n in range(2, 7) for name in ENGINE.team_layouts(n)]


def check_invariants(engine, st) -> None:
    """Four pieces per player, one piece per space (track or HEXTOPIA slot), cards conserved,
    the seat to act holds cards."""
    track = st.track
    assert len(st.pieces) == PIECES * st.seats
    spaces = set()
    for idx, v in enumerate(st.pieces):
        assert -1 <= v < track + LANE
        if v < 0:
            continue
        seat = idx // PIECES
        space = ("track", (st.starts[seat] + v) % track) if v < track else ("lane", seat, v)
        assert space not in spaces, f"two pieces on {space}"
        spaces.add(space)
    assert card_count(st) == Counter(st.all_cards())
    if not st.winners:
        assert st.hands[st.turn], "the seat to act must hold cards"


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st_.sampled_from(LAYOUTS), jokers=st_.booleans(), seed=st_.integers(0, 2**62),
       choices=st_.integers(0, 2**32))
def test_random_games_end_and_keep_the_invariants(layout, jokers, seed, choices):
    """Rules: "The first player to successfully enter all four pieces into their HEXTOPIA wins the
    game." (every random legal game ends, pieces and cards are never lost or duplicated)."""
    players, name = layout
    seats = [SeatSpec(team=t) for t in ENGINE.team_layouts(players)[name]]
    rng = random.Random(choices)
    st = ENGINE.setup({"jokers": jokers}, seats, seed)
    check_invariants(ENGINE, st)
    for _ in range(MAX_ACTIONS):
        acting = ENGINE.to_act(st)
        if not acting:
            break
        seat = acting[0]
        st, _ = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        check_invariants(ENGINE, st)
    else:
        raise AssertionError(f"game did not end within {MAX_ACTIONS} actions")
    res = ENGINE.result(st)
    assert res is not None and len(res.ranks) == players and 1 in res.ranks
    assert all(res.ranks[s] == 1 for s in res.winners)


@pytest.mark.parametrize(("players", "layout"), LAYOUTS)
def test_protocol_conformance(players, layout):
    """Rules: "Each player plays a card in turn" (the platform's contract, for every player count
    and team layout, JOKER variant on for every other one)."""
    seats = [SeatSpec(team=t) for t in ENGINE.team_layouts(players)[layout]]
    jokers = LAYOUTS.index((players, layout)) % 2 == 1
    applied = check_conformance(ENGINE, seat_layouts=[seats], options=[{"jokers": jokers}], games=1,
                                max_actions=MAX_ACTIONS, seed=players, invariant=check_invariants,
                                views_every=conformance_budget()["views_every"])
    assert applied > 0


def candidate_actions(st, seat):
    """Every well-formed action of ``seat``'s cards, legal or not."""
    n = st.seats
    refs = [(s, i) for s in range(n) for i in range(PIECES)]
    for card in st.hands[seat]:
        yield {"type": "discard", "card": card}
        for s, i in refs:
            for move in ("enter", "forward", "back"):
                yield {"type": "play", "card": card, "move": move, "seat": s, "piece": i}
            yield {"type": "play", "card": card, "move": "joker", "target_seat": s, "target_piece": i}
            for t, j in refs:
                yield {"type": "play", "card": card, "move": "swap", "seat": s, "piece": i,
                       "target_seat": t, "target_piece": j}
    yield {"type": "sit_out"}


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layout=st_.sampled_from(LAYOUTS), seed=st_.integers(0, 2**62), steps=st_.integers(0, 400))
def test_exactly_the_listed_actions_apply(layout, seed, steps):
    """Rules: "If a player has a card that can be played then it must be played" (every legal
    action is listed, and every listed one applies; anything else is refused)."""
    players, name = layout
    seats = [SeatSpec(team=t) for t in ENGINE.team_layouts(players)[name]]
    rng = random.Random(seed)
    st = ENGINE.setup({"jokers": True}, seats, seed)
    for _ in range(steps):
        if not ENGINE.to_act(st):
            break
        seat = ENGINE.to_act(st)[0]
        st, _ = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
    if not ENGINE.to_act(st):
        return
    seat = ENGINE.to_act(st)[0]
    legal = ENGINE.legal_actions(st, seat)
    assert len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal), "duplicate actions"
    accepted = []
    for action in candidate_actions(st, seat):
        try:
            ENGINE.apply(st, seat, action)
        except IllegalAction:
            continue
        accepted.append(action)
    def canon(actions):
        return sorted(json.dumps(a, sort_keys=True) for a in actions)

    assert canon(accepted) == canon(legal)


def test_the_cached_occupancy_follows_every_move():
    """The occupancy a new state inherits from its parent (rules._moved_occupancy) equals the
    one computed afresh, move after move, captures and swaps included."""
    from games.hextopia.engine.moves import occupancy

    rng = random.Random(5)
    for players in (2, 4, 6):
        st = ENGINE.setup({"jokers": True}, [SeatSpec()] * players, players)
        while ENGINE.to_act(st):
            seat = ENGINE.to_act(st)[0]
            occupancy(st)  # built, so the next state inherits it
            st, _ = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
            if st.occupancy is not None:
                cached = st.occupancy
                st.occupancy = None
                assert occupancy(st) == cached
