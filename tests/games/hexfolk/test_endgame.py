"""Games nobody can win any more end; targets nobody could reach are refused (RULES.md,
"Winning": "When nobody can win any more ... the game ends at the start of the next turn and
the players with the most points share first place")."""
import random

import pytest

from games.hexfolk.engine import ENGINE, endgame
from games.hexfolk.engine import errors as E
from games.hexfolk.engine.rules import DEV_CARDS
from games.hexfolk.engine.state import ENDED_NO_SCORE, OVER, PRE_ROLL
from games.options import random_options
from games.protocol import OptionsError, SeatSpec
from tests.games.hexfolk.helpers import act, away_from, main_phase, put_settlement


def _boxed_in(n=2, target=10, **options):
    """Seat 0's turn in the main phase: no development cards left, every seat holds one city
    (2 points) and no road left to build (so no settlement spot in reach, and no settlement
    to upgrade): nobody can gain a point."""
    st = main_phase(n, turn=0, victory_points=target, **options)
    taken: set[int] = set()
    for seat in range(n):
        node = next(x for x in range(st.board.topo.n_nodes) if x not in away_from(st, taken))
        st = put_settlement(st, seat, node, city=True)
        taken.add(node)
    st = st.clone()
    st.dev_left = [0] * len(DEV_CARDS)
    st.roads_left = [0] * n
    return st


def test_a_game_nobody_can_win_ends_at_the_next_turn_with_shared_first_place():
    """RULES.md: "the game ends at the start of the next turn and the players with the most
    points share first place"."""
    st = _boxed_in(2)
    st, events = act(st, 0, {"type": "end_turn"})
    assert st.phase == OVER and st.ended == ENDED_NO_SCORE
    assert events[-1]["type"] == "game_over" and events[-1]["reason"] == ENDED_NO_SCORE
    result = ENGINE.result(st)
    assert result.ranks == (1, 1) and set(result.winners) == {0, 1}


def test_the_most_points_wins_when_nobody_can_reach_the_target():
    """RULES.md: "the players with the most points share first place": one more city for
    seat 1 makes it the only winner."""
    st = _boxed_in(3)
    node = next(x for x in range(st.board.topo.n_nodes)
                if x not in away_from(st, {i for i, o in enumerate(st.node_owner) if o >= 0}))
    st = put_settlement(st, 1, node, city=True)
    st, _ = act(st, 0, {"type": "end_turn"})
    assert ENGINE.result(st).ranks == (2, 1, 2)


def test_a_game_goes_on_while_someone_can_still_reach_the_target():
    """Only a game nobody can win ends: a settlement seat 0 may still upgrade keeps a game
    with a target of 4 going (2 + 1 + 1), not one with a target of 8."""
    st = _boxed_in(2, target=8)
    taken = {i for i, o in enumerate(st.node_owner) if o >= 0}
    st = put_settlement(st, 0, next(x for x in range(st.board.topo.n_nodes) if x not in away_from(st, taken)))
    assert endgame.no_one_can_win(st)
    st.options = {**st.options, "victory_points": 4}
    assert not endgame.no_one_can_win(st)
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.phase == PRE_ROLL


def test_a_settlement_spot_counts_only_while_roads_can_reach_it():
    """A spot within ``roads_left`` new roads of the seat's network counts; with no road
    left, the empty island around seat 0's city is out of reach."""
    st = _boxed_in(2)
    st.options = {**st.options, "victory_points": 3}
    st.roads_left = [3, 0]
    assert endgame._reachable_settlements(st, 0) > 0
    assert not endgame.no_one_can_win(st)  # 2 points + a settlement
    st.roads_left = [0, 0]
    assert endgame._reachable_settlements(st, 0) == 0
    assert endgame.no_one_can_win(st)


def test_random_games_with_high_targets_all_end():
    """Issue: about 9% of random games with a target of 12-15 went on forever (seed 38,
    broad-bay, 4 players, target 14, Longest Road off). Now every one ends."""
    rng = random.Random(38)
    played = 0
    for seed in range(25):
        options = random_options(ENGINE.options_schema(), rng)
        options.update(turn_limit=0, victory_points=rng.randint(12, 15))
        if seed == 0:
            options.update(map="broad-bay", longest_road_off=True, victory_points=14)
        n = 4 if seed == 0 else rng.randint(2, 8)
        try:
            opts = ENGINE.validate_options(options)
            ENGINE.validate_seats(opts, [SeatSpec()] * n)
        except OptionsError:
            continue
        st = ENGINE.setup(opts, [SeatSpec()] * n, 38 + seed)
        for _ in range(80_000):
            acting = ENGINE.to_act(st)
            if not acting:
                break
            seat = rng.choice(acting)
            st, _ = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
        assert st.phase == OVER, (seed, opts, n)
        played += 1
    assert played >= 15


def test_the_lobby_refuses_a_target_nobody_could_reach(monkeypatch):
    """RULES.md: "The lobby refuses a target no player could reach on the chosen map at all"."""
    monkeypatch.setattr(endgame, "_max_settlements", lambda slug: 6)  # a tiny island
    opts = ENGINE.validate_options({"map": "lagoon", "victory_points": 15, "longest_road_off": True,
                                    "largest_army_off": True})
    with pytest.raises(OptionsError) as err:
        ENGINE.validate_seats(opts, [SeatSpec()] * 2)
    assert err.value.field == "victory_points"
    assert err.value.message == E.TARGET_UNREACHABLE.format(target=15, seats=2, best=13)


def test_every_real_map_allows_every_target():
    """The bound is an upper bound: on every map and player count of ours, 15 is possible."""
    for slug in ENGINE.options_schema()["properties"]["map"]["enum"]:
        for n in range(2, 9):
            opts = ENGINE.validate_options({"map": slug, "victory_points": 15})
            try:
                ENGINE.validate_seats(opts, [SeatSpec()] * n)
            except OptionsError as err:
                assert err.field == "seats"
