"""Tournament pairing as a pure module (issue 28, point 2): no Django, no platform import (an
import-linter contract in pyproject.toml says so). Every function is deterministic from its
inputs and, where it draws, a seed (``random.Random(seed)`` only).

Shapes: players are strings (the caller's ids); a :class:`Standing` is one player's state before
a round; a :class:`Round` is the tables of a round (tuples of players, seat order) and its byes.
Errors: a bad argument (table size outside 2..8, a player twice, ...) raises ``ValueError``.

- :func:`swiss_round` (point 1, "Swiss"): tables of the game's size by standing, no repeat
  meeting while another valid pairing exists, byes rotating to the lowest ranked.
- :func:`round_robin` (point 1, "Round robin"): the circle method for 2 players, a greedy
  schedule over a pair-count matrix for tables of 3+.
- :func:`knockout_round` (point 1, "Knockout"): single elimination by seed, top ``advance`` of
  each table go through, byes to the top seeds when the field is not a power.
Scoring (place points, Buchholz, Sonneborn-Berger, head to head) is in
:mod:`gameplatform.tournaments.scoring`, pure too.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

MIN_TABLE, MAX_TABLE = 2, 8
# Steps (candidate checks, and list copies by their length) the repeat-free search may spend
# before falling back to the greedy plus swaps that minimise repeats: exhaustive for a dozen
# players at any table size, and a bound on the time of a 512-player round (~0.3 s at worst).
SEARCH_BUDGET = 60_000


@dataclass(frozen=True)
class Standing:
    """One player before a round: ``points`` so far, the ``opponents`` met (any table, repeats
    allowed), ``byes`` received, ``rating`` (the second sort key), ``withdrawn`` (never paired)."""

    player: str
    points: float = 0.0
    opponents: tuple[str, ...] = ()
    byes: int = 0
    rating: float = 0.0
    withdrawn: bool = False


@dataclass(frozen=True)
class Round:
    """One round: ``tables`` (each a tuple of players in seat order), ``byes`` (players sitting
    out), ``bye_points`` (what each bye is worth, point 1: "worth a stated number of points")."""

    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()
    bye_points: float = 0.0

    def players(self) -> list[str]:
        """Every seated player, table by table."""
        return [p for table in self.tables for p in table]


def check_table_size(table_size: int) -> None:
    """ValueError unless ``table_size`` is an int in 2..8 (the games' seat counts)."""
    if isinstance(table_size, bool) or not isinstance(table_size, int) or not (
            MIN_TABLE <= table_size <= MAX_TABLE):
        raise ValueError(f"table_size must be an integer from {MIN_TABLE} to {MAX_TABLE}")


def _check_unique(players: Sequence[str]) -> None:
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice")


def rank_order(standings: Sequence[Standing]) -> list[Standing]:
    """The standings best first: points, then rating, then the player id (so ties are stable)."""
    return sorted(standings, key=lambda s: (-s.points, -s.rating, s.player))


# --- Swiss -------------------------------------------------------------------------------


def swiss_round(standings: Sequence[Standing], table_size: int, seed: int, *,
                bye_points: float = 1.0) -> Round:
    """Pair one Swiss round (issue 28, point 1 "Swiss", point 2).

    ``standings``: every registered player (withdrawn ones are skipped: never paired, no bye).
    Returns a :class:`Round` whose tables have exactly ``table_size`` players, placed by
    standing (points, then rating): the best unseated player sits with the next best players
    they have not met. Byes: ``len(active) % table_size`` players (all of them when fewer than a
    table) sit out: those with the fewest byes so far, the lowest ranked among them, so nobody
    gets a second bye while someone has none. The rest are paired with no repeat meeting
    whenever such a pairing exists (a backtracking search, exhaustive for small fields and
    bounded by ``SEARCH_BUDGET`` steps); otherwise a greedy that seats each table with the
    fewest repeats, then swaps between nearby tables while they lower the repeats. ``seed`` only breaks exact ties (same points, rating) so the result is a
    function of the inputs and the seed.
    """
    check_table_size(table_size)
    _check_unique([s.player for s in standings])
    active = [s for s in standings if not s.withdrawn]
    rng = random.Random(seed)
    jitter = {s.player: rng.random() for s in sorted(active, key=lambda s: s.player)}
    ranked = sorted(active, key=lambda s: (-s.points, -s.rating, jitter[s.player], s.player))
    n_byes = len(ranked) % table_size if len(ranked) >= table_size else len(ranked)
    by_need = sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i))
    bye_idx = set(by_need[:n_byes])
    byes = tuple(ranked[i].player for i in sorted(bye_idx))
    seated = [ranked[i] for i in range(len(ranked)) if i not in bye_idx]
    met = {s.player: frozenset(s.opponents) for s in seated}
    order = [s.player for s in seated]
    tables = _repeat_free(order, met, table_size)
    if tables is None:
        tables = _repair(_fewest_repeats(order, met, table_size), met)
    return Round(tables=tuple(tables), byes=byes, bye_points=bye_points)


class _Budget:
    def __init__(self, checks: int) -> None:
        self.left = checks

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _repeat_free(order: list[str], met: dict[str, frozenset[str]],
                 size: int) -> list[tuple[str, ...]] | None:
    """Tables with no two players who met, best-first, or None (none exists, or the budget ran
    out). Depth-first: the best unseated player, then companions in rank order."""
    budget = _Budget(SEARCH_BUDGET)
    out: list[tuple[str, ...]] = []
    try:
        found = _search(list(order), met, size, budget, out)
    except RecursionError:  # a field of thousands at tables of 2: the fallback handles it
        return None
    return out if found else None


def _search(rest: list[str], met: dict[str, frozenset[str]], size: int, budget: _Budget,
            out: list[tuple[str, ...]]) -> bool:
    if not rest:
        return True
    lead, others = rest[0], rest[1:]
    for table in _tables_for(lead, others, met, size, budget):
        if budget.left < 0:
            return False
        out.append(table)
        taken = set(table)
        budget.left -= len(others)  # the copy below costs as many steps
        if _search([p for p in others if p not in taken], met, size, budget, out):
            return True
        out.pop()
    return False


def _tables_for(lead: str, others: list[str], met: dict[str, frozenset[str]], size: int,
                budget: _Budget) -> Iterator[tuple[str, ...]]:
    """Every repeat-free table of ``lead`` and ``size - 1`` of ``others``, nearest in rank first."""
    chosen = [lead]

    def extend(start: int) -> Iterator[tuple[str, ...]]:
        if len(chosen) == size:
            yield tuple(chosen)
            return
        # leave room for the seats still to fill
        for i in range(start, len(others) - (size - len(chosen)) + 1):
            if not budget.spend():
                return
            candidate = others[i]
            if any(candidate in met[c] for c in chosen):
                continue
            chosen.append(candidate)
            yield from extend(i + 1)
            chosen.pop()

    yield from extend(0)


def _fewest_repeats(order: list[str], met: dict[str, frozenset[str]],
                    size: int) -> list[tuple[str, ...]]:
    """Greedy fallback: the best unseated player, then one by one the unseated player with the
    fewest earlier meetings with the table so far (nearest in rank on ties)."""
    rest = list(order)
    tables = []
    while rest:
        table = [rest.pop(0)]
        while len(table) < size:
            best = min(range(len(rest)), key=lambda i: (sum(rest[i] in met[c] for c in table), i))
            table.append(rest.pop(best))
        tables.append(tuple(table))
    return tables


def _repair(tables: list[tuple[str, ...]], met: dict[str, frozenset[str]]) -> list[tuple[str, ...]]:
    """Lower the repeats of the greedy's tables by swapping a player of a table with a repeat
    for a player of another table, nearest tables (in rank) first, while a swap helps."""
    seats = [list(t) for t in tables]

    def clashes(table: list[str]) -> int:
        return sum(1 for a, b in combinations(table, 2) if b in met[a])

    for _ in range(len(seats)):
        swapped = False
        for ti, table in enumerate(seats):
            if not clashes(table):
                continue
            for tj in sorted(range(len(seats)), key=lambda j: (abs(j - ti), j)):
                if tj != ti and _try_swap(table, seats[tj], clashes):
                    swapped = True
                    break
        if not swapped:
            break
    return [tuple(t) for t in seats]


def _try_swap(first: list[str], second: list[str], clashes: Callable[[list[str]], int]) -> bool:
    """Swap one player of ``first`` with one of ``second`` if that lowers their repeats."""
    now = clashes(first) + clashes(second)
    for i in reversed(range(len(first))):
        for j in range(len(second)):
            first[i], second[j] = second[j], first[i]
            if clashes(first) + clashes(second) < now:
                return True
            first[i], second[j] = second[j], first[i]
    return False


def repeats(tables: Sequence[Sequence[str]], met: dict[str, frozenset[str]]) -> int:
    """How many pairs at these tables met before (``met``: player -> opponents)."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if b in met.get(a, ()))


# --- Round robin ------------------------------------------------------------------------


def round_robin(players: Sequence[str], table_size: int = 2, double: bool = False) -> list[Round]:
    """Every round of a round robin (issue 28, point 1 "Round robin").

    Two players a table: the circle method; with n players (a bye added when n is odd) there
    are n-1 rounds (n when odd) and everyone meets everyone exactly once, seats alternating;
    ``double`` appends the same rounds with each table's seats swapped (everyone meets twice,
    once in each seat). Tables of 3+: ``r = ceil((n-1)/(k-1))`` rounds (the fewest in which
    everyone could meet everyone), twice that when ``double``; byes (``n % k`` a round) go to
    the players with the fewest byes so far; each table is filled greedily over a pair-count
    matrix, then improved by swaps between tables, the most even of a few fixed-seed tries
    kept. Guaranteed: tables of exactly k, nobody twice in a round, bye counts differing by at
    most one. Even as possible, stated and tested for 3..8 seats and up to 16 players: no pair
    meets more than ``ceil(r(k-1)/(n-1)) + 2`` times (two more than the unavoidable).
    """
    check_table_size(table_size)
    _check_unique(players)
    if len(players) < 2:
        return []
    if table_size == 2:
        first = _circle(list(players))
        if not double:
            return first
        return first + [Round(tables=tuple(t[::-1] for t in r.tables), byes=r.byes) for r in first]
    return _greedy_schedule(list(players), table_size, double)


def _circle(players: list[str]) -> list[Round]:
    ring: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.append(a if b is None else b)
                continue
            # alternate the first seat: the fixed player by round, the others by table
            flip = r % 2 if i == 0 else i % 2
            tables.append((b, a) if flip else (a, b))
        rounds.append(Round(tables=tuple(tables), byes=tuple(p for p in byes if p is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


RR_TRIES = 24  # greedy schedules drawn (fixed seeds); the most even one is kept


def _greedy_schedule(players: list[str], size: int, double: bool) -> list[Round]:
    best: tuple[tuple[int, int], list[Round]] | None = None
    for attempt in range(RR_TRIES if len(players) <= 16 else 4):
        order = list(players)
        if attempt:
            random.Random(attempt).shuffle(order)
        rounds, pairs = _one_schedule(order, size, double)
        all_pairs = [pairs.get(frozenset(pq), 0) for pq in combinations(players, 2)]
        spread = (max(all_pairs) - min(all_pairs), sum(1 for c in all_pairs if c == min(all_pairs)))
        if best is None or spread < best[0]:
            best = (spread, rounds)
    assert best is not None
    return best[1]


def _one_schedule(players: list[str], size: int,
                  double: bool) -> tuple[list[Round], dict[frozenset[str], int]]:
    n = len(players)
    count = -(-(n - 1) // (size - 1)) * (2 if double else 1)
    pairs: dict[frozenset[str], int] = {}
    byes_of = dict.fromkeys(players, 0)
    index = {p: i for i, p in enumerate(players)}
    rounds = []
    for r in range(count):
        n_byes = n % size if n >= size else n
        byes = sorted(players, key=lambda p: (byes_of[p], -((index[p] - r) % n)))[:n_byes]
        for p in byes:
            byes_of[p] += 1
        rest = [p for p in players if p not in set(byes)]
        tables = []
        while rest:
            table = [rest.pop(0)]
            while len(table) < size:
                met = [[pairs.get(frozenset((p, c)), 0) for c in table] for p in rest]
                pick = min(range(len(rest)), key=lambda i: (max(met[i]), sum(met[i]), i))
                table.append(rest.pop(pick))
            tables.append(table)
        _improve(tables, pairs)
        for table in tables:
            for a, b in combinations(table, 2):
                pairs[frozenset((a, b))] = pairs.get(frozenset((a, b)), 0) + 1
        rounds.append(Round(tables=tuple(tuple(t) for t in tables),
                            byes=tuple(sorted(byes, key=index.__getitem__))))
    return rounds, pairs


def _improve(tables: list[list[str]], pairs: dict[frozenset[str], int]) -> None:
    """Swap players between two tables while that lowers the sum of squared pair counts
    (a few passes: local search, so the schedule stays cheap)."""
    def cost(table: list[str], who: str, skip: str) -> int:
        return sum(2 * pairs.get(frozenset((who, c)), 0) + 1 for c in table if c != skip)

    for _ in range(4):
        improved = False
        for ta, tb in combinations(range(len(tables)), 2):
            a_tab, b_tab = tables[ta], tables[tb]
            for i, j in ((i, j) for i in range(len(a_tab)) for j in range(len(b_tab))):
                a, b = a_tab[i], b_tab[j]
                now = cost(a_tab, a, a) + cost(b_tab, b, b)
                then = cost(a_tab, b, a) + cost(b_tab, a, b)
                if then < now:
                    a_tab[i], b_tab[j] = b, a
                    improved = True
        if not improved:
            return


# --- Knockout ---------------------------------------------------------------------------


def knockout_field_sizes(table_size: int, advance: int, limit: int) -> list[int]:
    """The "powers" of a knockout (full brackets, no bye), smallest first, up to ``limit``:
    one final table of ``table_size``; each earlier field ``ceil(p * k / advance)``. For tables
    of 2 (advance 1): 2, 4, 8, 16...; tables of 4, top 2: 4, 8, 16...; tables of 3, top 1: 3, 9.
    Exact (a full bracket with no bye) when ``advance`` divides ``table_size``; otherwise a target."""
    check_table_size(table_size)
    _check_advance(table_size, advance)
    sizes = [table_size]
    while sizes[-1] < limit:
        sizes.append(-(-sizes[-1] * table_size // advance))
    return sizes


def _check_advance(table_size: int, advance: int) -> None:
    if isinstance(advance, bool) or not isinstance(advance, int) or not 1 <= advance < table_size:
        raise ValueError("advance must be an integer from 1 to table_size - 1")


def knockout_round(players_by_seed: Sequence[str], table_size: int, advance: int) -> Round:
    """One knockout round (issue 28, point 1 "Knockout"): ``players_by_seed`` best first (the
    caller sorts by rating), ``advance`` of each table go through.

    With n players at most ``table_size``: one final table of all of them. Otherwise the
    round aims at the largest full field p below n (:func:`knockout_field_sizes`): it plays
    ``T = ceil((n - p) / (k - advance))`` tables (at most n // k) and the top ``n - T*k``
    seeds get byes. Tables of 2: the remaining seeds 1 vs N, 2 vs N-1, ...; tables of 3+:
    snake seeding (seeds 1..T to tables 1..T, the next T to tables T..1, and so on).
    """
    check_table_size(table_size)
    _check_advance(table_size, advance)
    _check_unique(players_by_seed)
    field = list(players_by_seed)
    n = len(field)
    if n < 2:
        return Round(tables=(), byes=tuple(field))
    if n <= table_size:
        return Round(tables=(tuple(field),))
    sizes = knockout_field_sizes(table_size, advance, n)
    target = max(p for p in sizes if p < n)
    n_tables = min(-(-(n - target) // (table_size - advance)), n // table_size)
    n_byes = n - n_tables * table_size
    byes, playing = field[:n_byes], field[n_byes:]
    if table_size == 2:
        tables: list[tuple[str, ...]] = [(playing[i], playing[-1 - i]) for i in range(n_tables)]
    else:
        seats: list[list[str]] = [[] for _ in range(n_tables)]
        for i, p in enumerate(playing):
            lap, pos = divmod(i, n_tables)
            seats[pos if lap % 2 == 0 else n_tables - 1 - pos].append(p)
        tables = [tuple(t) for t in seats]
    return Round(tables=tuple(tuple(t) for t in tables), byes=tuple(byes))


def knockout_advancers(round_: Round, finish: dict[tuple[str, ...], Sequence[str]],
                       advance: int) -> list[str]:
    """Who goes through a knockout round, best seed first: the byes, then the top ``advance``
    of each table (``finish`` maps each table to its players in finishing order). The next
    round's field in seed order is the byes followed by the advancers table by table."""
    out = list(round_.byes)
    for table in round_.tables:
        order = list(finish[table])
        if sorted(order) != sorted(table):
            raise ValueError("a table's finishing order must list exactly its players")
        out.extend(order[:advance])
    return out
