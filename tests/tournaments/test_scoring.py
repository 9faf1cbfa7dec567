"""Tournament scoring (issue 28, point 1): "points by finishing place (... default for 4 players
3/2/1/0, ties share)" and the tie-breaks "Buchholz and Sonneborn-Berger for Swiss; head to
head", checked against a hand computation of a two-round, 8-player Swiss at 4-player tables."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gameplatform.tournaments.scoring import (
    TableResult,
    buchholz,
    head_to_head,
    meetings,
    place_points,
    ranking,
    sonneborn_berger,
    table_points,
    totals,
)
from tests.budget import examples

R = TableResult
RESULTS = [
    R(("a", "b", "c", "d"), (1, 2, 3, 4)),  # round 1: 3 2 1 0
    R(("e", "f", "g", "h"), (1, 1, 3, 4)),  # e, f share 1st and 2nd: 2.5 each
    R(("a", "e", "b", "f"), (1, 2, 3, 3)),  # round 2: b, f share 3rd and 4th: 0.5 each
    R(("c", "g", "d", "h"), (2, 1, 4, 3)),
]
# by hand: a 3+3, b 2+0.5, c 1+2, d 0+0, e 2.5+2, f 2.5+0.5, g 1+3, h 0+1
TOTALS = {"a": 6.0, "b": 2.5, "c": 3.0, "d": 0.0, "e": 4.5, "f": 3.0, "g": 4.0, "h": 1.0}


def test_default_place_points():
    """Point 1: "default for 4 players 3/2/1/0"; 2 players 1/0; k players k-1 .. 0."""
    assert place_points(4) == (3, 2, 1, 0)
    assert place_points(2) == (1, 0)
    assert place_points(8) == (7, 6, 5, 4, 3, 2, 1, 0)
    with pytest.raises(ValueError):
        place_points(1)


@pytest.mark.parametrize(("places", "expected"), [
    ((1, 2, 3, 4), (3, 2, 1, 0)),
    ((1, 1, 3, 4), (2.5, 2.5, 1, 0)),
    ((1, 1, 1, 4), (2, 2, 2, 0)),
    ((1, 2, 2, 2), (3, 1, 1, 1)),
    ((1, 1, 1, 1), (1.5, 1.5, 1.5, 1.5)),
])
def test_ties_share_the_points_of_the_places_they_span(places, expected):
    """Point 1: "ties share"."""
    result = table_points(R(("w", "x", "y", "z"), places))
    assert tuple(result[p] for p in "wxyz") == expected


def test_a_custom_points_table():
    """Point 1: "a table in the tournament's settings"."""
    assert table_points(R(("x", "y", "z"), (1, 2, 2)), (5, 2, 0)) == {"x": 5, "y": 1, "z": 1}


def test_bad_results_are_refused():
    with pytest.raises(ValueError):
        R(("x", "x"), (1, 2))
    with pytest.raises(ValueError):
        R(("x", "y"), (1, 3))


@settings(max_examples=examples(100), deadline=None)
@given(hs.integers(2, 8).flatmap(lambda k: hs.lists(hs.integers(1, k), min_size=k, max_size=k)))
def test_a_table_always_hands_out_its_points(places):
    """Point 1, ties: sharing never creates or loses points (the table's total is fixed)."""
    places = sorted(places)
    # a valid ranking: a tied group takes the number of its best place
    fixed = [places.index(p) + 1 for p in places]
    players = tuple(f"p{i}" for i in range(len(fixed)))
    got = table_points(R(players, tuple(fixed)))
    assert sum(got.values()) == pytest.approx(sum(place_points(len(fixed))))


def test_totals_and_byes():
    """Point 1: byes "worth a stated number of points"."""
    assert totals(RESULTS) == TOTALS
    assert totals(RESULTS, byes=["d", "d"], bye_points=1.5)["d"] == 3.0


def test_buchholz_and_sonneborn_berger_by_hand():
    """Point 1: "Buchholz and Sonneborn-Berger for Swiss", against the hand computation."""
    # a met b, c, d, then e, b, f: 2.5 + 3 + 0 + 4.5 + 2.5 + 3
    assert buchholz("a", RESULTS, TOTALS) == 15.5
    # e met f, g, h, then a, b, f: 3 + 4 + 1 + 6 + 2.5 + 3
    assert buchholz("e", RESULTS, TOTALS) == 19.5
    # a placed above everyone it met
    assert sonneborn_berger("a", RESULTS, TOTALS) == 15.5
    # e: tied with f (half of 3), above g (4) and h (1); below a, above b (2.5) and f (3)
    assert sonneborn_berger("e", RESULTS, TOTALS) == 1.5 + 4 + 1 + 2.5 + 3


def test_head_to_head():
    """Point 1: "head to head": points against the tied group at shared tables."""
    assert head_to_head("a", ["a", "e"], RESULTS) == 1.0
    assert head_to_head("e", ["a", "e"], RESULTS) == 0.0
    assert head_to_head("e", ["e", "f"], RESULTS) == 1.5  # tied (0.5), then above (1)
    assert head_to_head("c", ["c", "f"], RESULTS) == 0.0  # never met


def test_ranking_orders_by_points_then_tie_breaks():
    """Point 1: standings with tie-breaks; c and f are level on 3 points, f's Buchholz
    (9.5 + 13 = 22.5) beats c's (8.5 + 5 = 13.5)."""
    rows = ranking("abcdefgh", RESULTS)
    assert [r[0] for r in rows] == ["a", "e", "g", "f", "c", "b", "h", "d"]
    assert rows[3][:3] == ("f", 3.0, 22.5)
    assert rows[4][:3] == ("c", 3.0, 13.5)


def test_meetings_count_pairs():
    assert meetings(RESULTS)[frozenset("ab")] == 2
    assert frozenset("ah") not in meetings(RESULTS)
