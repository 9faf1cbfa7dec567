"""The engine's fast paths give the answers of the plain rules (docs/performance.md, "Hexfolk
engine"): each is checked against a direct, slow reading of the same rule, over random
positions, including states revisited after their successors (the remembered reads of
derived.py are shared along a game) and positions changed by hand."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.hexfolk.engine import ENGINE, derived, endgame
from games.hexfolk.engine.actions import robber_moves, total_points, trade_rates, visible_points
from games.hexfolk.engine.longest_road import road_length
from games.hexfolk.engine.rules import (
    BANK_RATE,
    FRIENDLY_ROBBER_MAX_POINTS,
    GENERIC_HARBOR,
    GENERIC_RATE,
    KNIGHT,
    LARGEST_ARMY_MIN,
    LARGEST_ARMY_POINTS,
    LONGEST_ROAD_POINTS,
    N_RESOURCES,
    SPECIAL_RATE,
    VICTORY_POINT,
)
from games.protocol import RandomBot, SeatSpec
from tests.budget import examples
from tests.games.hexfolk.helpers import main_phase, put_path, put_settlement, simple_path


# ------------------------------------------------------------------ slow readings of the rules
def trails(topo, edge_owner, node_owner, seat) -> int:
    """Longest Road by brute force: the longest trail over ``seat``'s roads from every
    intersection, never passing another player's building (interpretation, "Longest road")."""
    best = 0

    def walk(node, used, length):
        nonlocal best
        best = max(best, length)
        if length and node_owner[node] not in (-1, seat):
            return
        for e, other in topo.node_edges[node]:
            if edge_owner[e] == seat and not used & (1 << e):
                walk(other, used | (1 << e), length + 1)

    for node in range(topo.n_nodes):
        walk(node, 0, 0)
    return best


def distance_ok(st, node) -> bool:
    owner = st.node_owner
    return owner[node] == -1 and all(owner[m] == -1 for m in st.board.topo.node_neighbors[node])


def network(st, seat) -> set:
    topo = st.board.topo
    nodes = {n for n, o in enumerate(st.node_owner) if o == seat}
    for e, o in enumerate(st.edge_owner):
        if o == seat:
            nodes.update(n for n in topo.edge_nodes[e] if st.node_owner[n] in (-1, seat))
    return nodes


def reachable_spots(st, seat) -> int:
    """Intersections allowed by the distance rule within ``roads_left`` new roads (Dijkstra
    over edge costs 0 for own roads, 1 for free ones)."""
    topo = st.board.topo
    cost = {n: 0 for n in network(st, seat)}
    frontier = sorted((0, n) for n in cost)
    while frontier:
        c, n = frontier.pop(0)
        if c > cost[n] or st.node_owner[n] not in (-1, seat):
            continue
        for e, m in topo.node_edges[n]:
            o = st.edge_owner[e]
            step = 0 if o == seat else 1 if o == -1 else None
            if step is not None and c + step <= st.roads_left[seat] and c + step < cost.get(m, 99):
                cost[m] = c + step
                frontier = sorted(frontier + [(c + step, m)])
    return sum(1 for n in cost if distance_ok(st, n))


def gain_bound(st, seat) -> int:
    """RULES.md, "When nobody can win any more": the most points ``seat`` could still gain."""
    owner, city = st.node_owner, st.node_city
    on_board = sum(1 for n, o in enumerate(owner) if o == seat and not city[n])
    settlements = st.settlements_left[seat]
    exact = any(o == seat for o in owner)
    if exact:
        settlements = min(settlements, reachable_spots(st, seat))
    gain = settlements + min(st.cities_left[seat], on_board + settlements)
    gain += st.dev_left[VICTORY_POINT]
    if not st.options["largest_army_off"] and st.army_holder != seat:
        could = st.knights[seat] + st.dev_hands[seat][KNIGHT] + st.dev_left[KNIGHT]
        best = max((st.knights[s] for s in range(st.n) if s != seat), default=0)
        if could >= max(LARGEST_ARMY_MIN, best + 1):
            gain += LARGEST_ARMY_POINTS
    room = any(st.edge_owner[e] == -1 for n in network(st, seat) for e in st.board.topo.node_edge_ids[n])
    if (not st.options["longest_road_off"] and st.longest_holder != seat and st.roads_left[seat]
            and (not exact or room)):
        gain += LONGEST_ROAD_POINTS
    return gain


def plain_reads(st, seat) -> dict:
    """Road and settlement spots, cities, bank rates and robber moves read straight off the
    island (rules, "Building", "Trade", "The robber")."""
    topo, owner, edges = st.board.topo, st.node_owner, st.edge_owner
    reach = {n for n, o in enumerate(owner) if o == seat}
    for e, o in enumerate(edges):
        if o == seat:
            reach.update(topo.edge_nodes[e])
    roads = sorted({e for n in reach if owner[n] in (-1, seat) for e in topo.node_edge_ids[n]
                    if edges[e] == -1})
    spots = sorted(n for n in range(topo.n_nodes) if distance_ok(st, n)
                   and any(edges[e] == seat for e in topo.node_edge_ids[n]))
    cities = [n for n, o in enumerate(owner) if o == seat and not st.node_city[n]]
    harbors = {st.board.node_harbor[n] for n, o in enumerate(owner) if o == seat} - {-1}
    rates = [[BANK_RATE] + ([GENERIC_RATE] if GENERIC_HARBOR in harbors else [])
             + ([SPECIAL_RATE] if r in harbors else []) for r in range(N_RESOURCES)]
    moves = []
    for h, nodes in enumerate(topo.hex_nodes):
        owners = {owner[n] for n in nodes} - {-1}
        if h == st.robber or (st.options["friendly_robber"] and any(
                o != st.turn and visible_points(st, o) <= FRIENDLY_ROBBER_MAX_POINTS for o in owners)):
            continue
        victims = sorted(o for o in owners if o != st.turn and sum(st.hands[o]))
        moves += [(h, v) for v in victims] or [(h, -1)]
    return {"roads": roads, "spots": spots, "cities": cities, "rates": rates,
            "moves": moves or [(st.board.deserts[0], -1)],
            "free": [n for n in range(topo.n_nodes) if distance_ok(st, n)]}


def fast_reads(st, seat) -> dict:
    return {"roads": list(derived.road_edges(st, seat)),
            "spots": list(derived.settlement_nodes(st, seat)),
            "cities": list(derived.city_nodes(st, seat)), "rates": trade_rates(st, seat),
            "moves": robber_moves(st), "free": list(derived.free_nodes(st))}


def check_position(st, played: bool = True) -> None:
    """The fast reads, the endgame bound and (in a played game, where the engine keeps it)
    each seat's road length agree with the plain rules."""
    for seat in range(st.n):
        assert fast_reads(st, seat) == plain_reads(st, seat)
        if played:
            assert st.road_length[seat] == trails(st.board.topo, st.edge_owner, st.node_owner, seat)
        target = st.options["victory_points"] - total_points(st, seat)
        bound = gain_bound(st, seat)
        for need in (target, bound, bound + 1, 1):
            assert endgame._can_gain(st, seat, need) == (bound >= need)
    assert endgame.no_one_can_win(st) == all(
        gain_bound(st, s) < st.options["victory_points"] - total_points(st, s) for s in range(st.n))


# ------------------------------------------------------------------ the checks
OPTIONS = hs.fixed_dictionaries({
    "friendly_robber": hs.booleans(),
    "longest_road_off": hs.booleans(),
    "largest_army_off": hs.booleans(),
    "victory_points": hs.integers(8, 12),
})


@settings(max_examples=examples(5), deadline=None, suppress_health_check=list(HealthCheck))
@given(options=OPTIONS, n=hs.integers(2, 6), seed=hs.integers(0, 2**40))
def test_fast_reads_match_the_plain_rules_along_random_games(options, n, seed):
    """Every fifth position of a random game, then earlier positions again (their remembered
    reads were replaced by their successors'), read like the plain rules; ``apply`` leaves its
    input untouched though it shares the unchanged lists and hands with its result."""
    rng = random.Random(seed)
    st = ENGINE.setup(options, [SeatSpec()] * n, seed)
    seen = []
    bot = RandomBot()
    for step in range(1500):
        acting = ENGINE.to_act(st)
        if not acting:
            break
        if step % 5 == 0:
            check_position(st)
            seen.append(st)
        seat = rng.choice(acting)
        before = json.dumps(ENGINE.encode(st), sort_keys=True)
        new, _ = ENGINE.apply(st, seat, bot.choose(None, ENGINE.legal_actions(st, seat), rng))
        assert json.dumps(ENGINE.encode(st), sort_keys=True) == before
        st = new
    for old in rng.sample(seen, min(10, len(seen))):
        check_position(old)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=hs.integers(0, 2**40), roads=hs.integers(1, 14), blockers=hs.integers(0, 4))
def test_longest_road_matches_the_brute_force_search(seed, roads, blockers):
    """Random road networks of one seat, with loops and branches, and other players'
    buildings on them: the one-pass forest search and the full search agree with trying
    every trail from every intersection."""
    rng = random.Random(seed)
    st = main_phase(3)
    topo = st.board.topo
    edge_owner = [-1] * topo.n_edges
    node = rng.randrange(topo.n_nodes)
    touched = {node}
    for _ in range(roads):  # grow a connected network, sometimes from a fresh start
        if rng.random() < 0.15:
            node = rng.randrange(topo.n_nodes)
        else:
            node = rng.choice(sorted(touched))
        e, other = rng.choice(topo.node_edges[node])
        edge_owner[e] = 0
        touched.add(other)
    node_owner = [-1] * topo.n_nodes
    for n in rng.sample(sorted(touched), min(blockers, len(touched))):
        node_owner[n] = rng.choice([0, 1, 2])
    assert road_length(topo, edge_owner, node_owner, 0) == trails(topo, edge_owner, node_owner, 0)


def test_reads_follow_positions_changed_by_hand():
    """A settlement and a road put in by hand (new lists, as the helpers make them) are seen
    at once by the remembered reads of the state they came from."""
    st = main_phase(2)
    path = simple_path(st, 3)
    st = put_settlement(st, 0, path[0])
    check_position(st, played=False)
    st2 = put_path(st, 0, path)
    check_position(st2, played=False)
    check_position(st, played=False)
    assert derived.road_edges(st2, 0) != derived.road_edges(st, 0)
