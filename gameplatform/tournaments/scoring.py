"""Tournament scoring as pure functions (issue 28, point 1: "points by finishing place (a table
in the tournament's settings, default for 4 players 3/2/1/0, ties share)" and "Tie-breaks ...
Buchholz and Sonneborn-Berger for Swiss; head to head"). No Django, no platform import.

Shapes: a :class:`TableResult` is one finished table: its players in seat order and their
finishing places (1 = first; tied players share a place number, e.g. ``1, 1, 3, 4``).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class TableResult:
    """One finished table: ``players`` (seat order) and ``places`` (same order, 1 = best,
    tied players share the number of the best place they span)."""

    players: tuple[str, ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.players) != len(self.places) or len(set(self.players)) != len(self.players):
            raise ValueError("a table result needs one place per distinct player")
        if any(not 1 <= p <= len(self.places) for p in self.places):
            raise ValueError("places run from 1 to the table's size")


def place_points(table_size: int) -> tuple[float, ...]:
    """The default points of places 1..k: ``k-1, ..., 1, 0`` (4 players 3/2/1/0, 2 players 1/0)."""
    if isinstance(table_size, bool) or not isinstance(table_size, int) or table_size < 2:
        raise ValueError("table_size must be an integer of at least 2")
    return tuple(float(table_size - 1 - i) for i in range(table_size))


def table_points(result: TableResult, points: Sequence[float] | None = None) -> dict[str, float]:
    """Each player's points at one table: ``points`` by place (default :func:`place_points`);
    players tied share equally the points of the places they span (two tied first of four:
    (3 + 2) / 2 = 2.5 each)."""
    size = len(result.players)
    table = tuple(points) if points is not None else place_points(size)
    if len(table) < size:
        raise ValueError("the points table is shorter than the table")
    out = {}
    for player, place in zip(result.players, result.places, strict=True):
        tied = sum(1 for p in result.places if p == place)
        span = table[place - 1:place - 1 + tied]
        out[player] = sum(span) / tied
    return out


def totals(results: Iterable[TableResult], *, byes: Iterable[str] = (), bye_points: float = 1.0,
           points: Sequence[float] | None = None) -> dict[str, float]:
    """Tournament points: the sum of :func:`table_points` over ``results`` plus ``bye_points``
    for each entry of ``byes`` (a player may appear once per bye received)."""
    out: dict[str, float] = {}
    for result in results:
        for player, value in table_points(result, points).items():
            out[player] = out.get(player, 0.0) + value
    for player in byes:
        out[player] = out.get(player, 0.0) + bye_points
    return out


def pairwise(result: TableResult, player: str, other: str) -> float:
    """``player``'s score against ``other`` at one table: 1 placed above, 0.5 tied, 0 below."""
    mine = result.places[result.players.index(player)]
    theirs = result.places[result.players.index(other)]
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def buchholz(player: str, results: Iterable[TableResult], scores: dict[str, float]) -> float:
    """Buchholz: the sum of the final ``scores`` of every opponent ``player`` sat with (once
    per table shared; byes add nothing)."""
    return sum(scores.get(o, 0.0) for r in results if player in r.players
               for o in r.players if o != player)


def sonneborn_berger(player: str, results: Iterable[TableResult], scores: dict[str, float]) -> float:
    """Sonneborn-Berger: over every table ``player`` sat at, each opponent's final score times
    ``player``'s :func:`pairwise` result against them (chess's rule for 2 players, the natural
    extension for multi-player tables)."""
    return sum(scores.get(o, 0.0) * pairwise(r, player, o) for r in results if player in r.players
               for o in r.players if o != player)


def head_to_head(player: str, group: Iterable[str], results: Iterable[TableResult]) -> float:
    """Head to head: ``player``'s :func:`pairwise` points against the other members of
    ``group`` (usually the players tied with them) at the tables they shared."""
    others = set(group) - {player}
    return sum(pairwise(r, player, o) for r in results if player in r.players
               for o in r.players if o in others)


def ranking(players: Iterable[str], results: Sequence[TableResult], *, byes: Iterable[str] = (),
            bye_points: float = 1.0, points: Sequence[float] | None = None,
            ) -> list[tuple[str, float, float, float, float]]:
    """Swiss standings with tie-breaks, best first: ``(player, points, buchholz,
    sonneborn_berger, head_to_head)``; ordered by points, Buchholz, Sonneborn-Berger, head to
    head among the players level on points, then the player id."""
    scores = totals(results, byes=byes, bye_points=bye_points, points=points)
    roster = sorted(set(players) | set(scores))
    level: dict[float, list[str]] = {}
    for p in roster:
        level.setdefault(scores.get(p, 0.0), []).append(p)
    rows = [(p, scores.get(p, 0.0), buchholz(p, results, scores), sonneborn_berger(p, results, scores),
             head_to_head(p, level[scores.get(p, 0.0)], results)) for p in roster]
    return sorted(rows, key=lambda row: (-row[1], -row[2], -row[3], -row[4], row[0]))


def meetings(results: Iterable[TableResult]) -> dict[frozenset[str], int]:
    """How many times each pair of players shared a table."""
    out: dict[frozenset[str], int] = {}
    for r in results:
        for a, b in combinations(r.players, 2):
            out[frozenset((a, b))] = out.get(frozenset((a, b)), 0) + 1
    return out
