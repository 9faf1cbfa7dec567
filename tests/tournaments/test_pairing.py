"""Pairing as a pure module (issue 28, point 2): property tests (hypothesis) of the Swiss
pairing, the round robin and the knockout; no database."""
from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gameplatform.tournaments.pairing import (
    SEARCH_BUDGET,
    Round,
    Standing,
    knockout_advancers,
    knockout_field_sizes,
    knockout_round,
    repeats,
    round_robin,
    swiss_round,
)
from tests.budget import examples


@hs.composite
def fields(draw, max_players=12, sizes=(2, 3, 4)):
    """Standings of a field part-way through a Swiss: random points, ratings, earlier
    opponents (symmetric), byes and withdrawals; and a table size."""
    size = draw(hs.sampled_from(sizes))
    n = draw(hs.integers(min_value=0, max_value=max_players))
    names = [f"p{i}" for i in range(n)]
    met: dict[str, set[str]] = {p: set() for p in names}
    for a, b in draw(hs.lists(hs.tuples(hs.sampled_from(names), hs.sampled_from(names)),
                              max_size=3 * n)) if n else []:
        if a != b:
            met[a].add(b)
            met[b].add(a)
    standings = [Standing(player=p, points=draw(hs.integers(0, 9)) / 2, opponents=tuple(sorted(met[p])),
                          byes=draw(hs.integers(0, 2)), rating=float(draw(hs.integers(1000, 1010))),
                          withdrawn=draw(hs.booleans()) and draw(hs.booleans()))
                 for p in names]
    return standings, size


def _met(standings):
    return {s.player: frozenset(s.opponents) for s in standings}


def _repeat_free_exists(players, met, size):
    """Brute force: can ``players`` be split into tables of ``size`` with no earlier meeting?"""
    if not players:
        return True
    lead, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        table = (lead, *others)
        if any(b in met[a] for a, b in combinations(table, 2)):
            continue
        if _repeat_free_exists([p for p in rest if p not in others], met, size):
            return True
    return False


@settings(max_examples=examples(150), deadline=None)
@given(fields(), hs.integers(0, 2**32))
def test_swiss_round_properties(field, seed):
    """Point 2: "every player at most one table per round", "tables of the right size", "no
    repeat meeting while another valid pairing exists" (against a brute force on <= 12 players),
    "the same input gives the same pairing"; point 3: a withdrawn player "is never paired again"."""
    standings, size = field
    result = swiss_round(standings, size, seed, bye_points=0.5)
    active = {s.player for s in standings if not s.withdrawn}
    seated = result.players()
    assert len(seated) == len(set(seated))
    assert set(seated) | set(result.byes) == active
    assert not set(seated) & set(result.byes)
    assert all(len(t) == size for t in result.tables)
    assert len(result.byes) == (len(active) % size if len(active) >= size else len(active))
    assert result.bye_points == 0.5
    met = _met(standings)
    if repeats(result.tables, met):
        assert not _repeat_free_exists(sorted(seated), met, size)
    assert swiss_round(list(reversed(standings)), size, seed, bye_points=0.5) == result


@settings(max_examples=examples(100), deadline=None)
@given(fields(max_players=20, sizes=(2, 3, 4, 5, 8)), hs.integers(0, 2**32))
def test_byes_rotate(field, seed):
    """Point 1: byes "never twice to the same player where avoidable": nobody with a bye
    already gets another while an active player has fewer; among equals the lowest ranked."""
    standings, size = field
    result = swiss_round(standings, size, seed)
    byes = {s.player: s.byes for s in standings}
    given_to = [byes[p] for p in result.byes]
    passed = [byes[p] for p in result.players()]
    if given_to and passed:
        assert max(given_to) <= min(passed)


def test_byes_go_to_the_lowest_ranked_and_rotate_over_rounds():
    """Point 1: byes to the lowest ranked without one; over 5 rounds of 5 players at tables
    of 2, five different players sit out."""
    standings = {p: Standing(player=p, rating=r) for p, r in zip("abcde", (5, 4, 3, 2, 1), strict=True)}
    first = swiss_round(list(standings.values()), 2, 0)
    assert first.byes == ("e",)
    seen = []
    for rnd in range(5):
        result = swiss_round(list(standings.values()), 2, rnd)
        seen.extend(result.byes)
        for p in result.byes:
            s = standings[p]
            standings[p] = Standing(player=p, points=s.points + 1, opponents=s.opponents,
                                    byes=s.byes + 1, rating=s.rating)
        for a, b in result.tables:
            for x, y in ((a, b), (b, a)):
                s = standings[x]
                standings[x] = Standing(player=x, points=s.points + (x < y), opponents=(*s.opponents, y),
                                        byes=s.byes, rating=s.rating)
    assert sorted(seen) == list("abcde")


def test_swiss_seats_by_standing():
    """Point 1: "each round puts players at tables ... by standing": leaders together."""
    standings = [Standing(player=f"p{i}", points=float(8 - i), rating=1500.0) for i in range(8)]
    result = swiss_round(standings, 4, 1)
    assert result.tables == (("p0", "p1", "p2", "p3"), ("p4", "p5", "p6", "p7"))


def test_swiss_avoids_a_repeat_by_moving_down():
    """Point 1: "avoiding repeat opponents where possible": p0 met p1, so p0 plays p2."""
    standings = [Standing(player="p0", points=2, rating=2, opponents=("p1",)),
                 Standing(player="p1", points=2, rating=1, opponents=("p0",)),
                 Standing(player="p2", points=1), Standing(player="p3", points=0)]
    result = swiss_round(standings, 2, 0)
    assert result.tables == (("p0", "p2"), ("p1", "p3"))


def test_swiss_repeats_when_nothing_else_exists():
    """Point 2: a repeat only when no valid pairing exists (3 players who all met, 2 tables of 2
    impossible otherwise): still a full round, fewest repeats."""
    everyone = "abcd"
    standings = [Standing(player=p, opponents=tuple(q for q in everyone if q != p)) for p in everyone]
    result = swiss_round(standings, 2, 0)
    assert sorted(result.players()) == list(everyone)


@pytest.mark.parametrize("bad", [1, 9, 0, True, "4"])
def test_table_size_is_checked(bad):
    """Tables of 2 to 8 seats only (point 1)."""
    with pytest.raises(ValueError, match="table_size"):
        swiss_round([Standing(player="a")], bad, 0)


def test_a_player_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        swiss_round([Standing(player="a"), Standing(player="a")], 2, 0)


def test_512_players_at_4_player_tables_pair():
    """Point 2: "A Swiss of 512 players at 4-player tables pairs a round" (bench/pairing.py
    times it); here a later round, with history, is full and repeat-free."""
    from bench.pairing import field_after

    standings = field_after(rounds=5, players=512, table_size=4, seed=3)
    result = swiss_round(standings, 4, 6)
    assert len(result.tables) == 128 and not result.byes
    assert repeats(result.tables, _met(standings)) == 0
    assert SEARCH_BUDGET > 0


@pytest.mark.parametrize("size", [2, 4, 8])
@pytest.mark.parametrize("clique", [5, 8, 12])
def test_512_players_whose_last_all_met(size, clique):
    """Point 2, the hard case for a best-first search: the lowest-ranked players have all met
    each other; a repeat-free pairing exists (mix them with the others) and is found (the
    search's budget runs out, then the swaps between tables repair the greedy's repeats)."""
    names = [f"p{i:03d}" for i in range(512)]
    low = set(names[-clique:])
    standings = [Standing(player=p, points=float(512 - i),
                          opponents=tuple(sorted(low - {p})) if p in low else ())
                 for i, p in enumerate(names)]
    result = swiss_round(standings, size, 0)
    assert repeats(result.tables, _met(standings)) == 0
    assert all(len(t) == size for t in result.tables)


# --- round robin -------------------------------------------------------------------------


def _check_round(r: Round, size: int, players) -> None:
    seated = r.players()
    assert len(seated) == len(set(seated))
    assert set(seated) | set(r.byes) == set(players)
    assert all(len(t) == size for t in r.tables)


@pytest.mark.parametrize("n", range(2, 14))
@pytest.mark.parametrize("double", [False, True])
def test_round_robin_two_players_everyone_meets_once(n, double):
    """Point 1: "Round robin for 2-player games (everyone meets everyone, optionally twice with
    seats swapped)"."""
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players, 2, double=double)
    assert len(rounds) == (n - 1 + n % 2) * (2 if double else 1)
    seats: Counter[tuple[str, str]] = Counter()
    for r in rounds:
        _check_round(r, 2, players)
        seats.update(r.tables)
    met = Counter(frozenset(t) for t in seats.elements())
    assert all(met[frozenset(pq)] == (2 if double else 1) for pq in combinations(players, 2))
    if double:
        assert all(seats[(a, b)] == 1 for a, b in seats)


@pytest.mark.parametrize("size", range(3, 9))
@pytest.mark.parametrize("n", range(3, 17))
def test_round_robin_multi_player_as_even_as_stated(size, n):
    """Point 1: "for more players a schedule where each pair meets as evenly as possible": the
    stated bound (pairing.round_robin's docstring), byes rotating, tables of the right size."""
    if n < size:
        return
    players = [f"p{i}" for i in range(n)]
    rounds = round_robin(players, size)
    r = math.ceil((n - 1) / (size - 1))
    assert len(rounds) == r
    met: Counter[frozenset[str]] = Counter()
    byes: Counter[str] = Counter()
    for rnd in rounds:
        _check_round(rnd, size, players)
        byes.update(rnd.byes)
        met.update(frozenset(pq) for t in rnd.tables for pq in combinations(t, 2))
    assert max(met.values()) <= math.ceil(r * (size - 1) / (n - 1)) + 2
    assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1
    assert round_robin(players, size) == rounds


# --- knockout ----------------------------------------------------------------------------


def test_knockout_two_player_seeding():
    """Point 1: "Knockout (single elimination, seeded by rating)": 1 vs N, 2 vs N-1; with 6
    players the top 2 seeds get byes so 4 remain."""
    assert knockout_round(list("12345678"), 2, 1).tables == (("1", "8"), ("2", "7"), ("3", "6"), ("4", "5"))
    r = knockout_round(list("123456"), 2, 1)
    assert r.byes == ("1", "2") and r.tables == (("3", "6"), ("4", "5"))


def test_knockout_snake_seeding():
    """Point 1: tables of 3+ seeded in a snake."""
    r = knockout_round([str(i) for i in range(1, 9)], 4, 2)
    assert r.tables == (("1", "4", "5", "8"), ("2", "3", "6", "7"))


@settings(max_examples=examples(100), deadline=None)
@given(hs.integers(1, 200), hs.sampled_from([(2, 1), (3, 1), (4, 1), (4, 2), (3, 2), (6, 3), (8, 4)]))
def test_knockout_bracket_sizes(n, shape):
    """Point 1: "the top k of each table go through", byes to the top seeds "when the count is
    not a power" (exact powers when advance divides the table size): every round seats each player once at full tables (the final may be smaller),
    the field shrinks to one table, and a power field plays with no bye."""
    size, advance = shape
    field = [f"s{i}" for i in range(n)]
    powers = set(knockout_field_sizes(size, advance, n))
    for _ in range(64):
        r = knockout_round(field, size, advance)
        if len(field) == 1:
            assert r.byes == tuple(field) and not r.tables
            return
        if len(field) <= size:
            assert r.tables == (tuple(field),) and not r.byes
            return
        _check_round(r, size, field)
        assert r.byes == tuple(field[:len(r.byes)])
        if len(field) in powers and size % advance == 0:
            assert not r.byes
        finish = {t: t for t in r.tables}
        field = knockout_advancers(r, finish, advance)
        assert len(field) == len(r.byes) + advance * len(r.tables)
    raise AssertionError("the knockout never reached its final")


def test_knockout_two_player_field_becomes_a_power():
    """Point 1, tables of 2: after the first round (byes included) the field is a power of 2."""
    for n in range(3, 70):
        r = knockout_round([str(i) for i in range(n)], 2, 1)
        after = len(r.byes) + len(r.tables)
        assert after & (after - 1) == 0, n
