"""Building Hexfolk positions for rule tests: a game past setup with an empty island, then
pieces and cards put where a test needs them (cards always come from the bank, so every
resource still adds up to the bank size)."""
from __future__ import annotations

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine.rules import DEV_INDEX, RESOURCE_INDEX
from games.hexfolk.engine.state import MAIN, HexfolkState
from games.protocol import SeatSpec

SEED = 7


def new_game(n: int = 4, seed: int = SEED, **options) -> HexfolkState:
    """A fresh game in setup."""
    return ENGINE.setup(options, [SeatSpec()] * n, seed)


def main_phase(n: int = 4, seed: int = SEED, turn: int = 0, **options) -> HexfolkState:
    """An empty island in ``turn``'s main phase (after the roll), nothing built, no cards."""
    st = new_game(n, seed, **options).clone()
    st.phase = MAIN
    st.turn = turn
    st.turn_number = 1 + turn
    st.setup_step = 2 * n
    st.rolled = True
    st.dice = [3, 4]
    return st


def act(st: HexfolkState, seat: int, action: dict) -> tuple[HexfolkState, list[dict]]:
    """``ENGINE.apply``, kept short for tests."""
    return ENGINE.apply(st, seat, action)


def give(st: HexfolkState, seat: int, **cards: int) -> HexfolkState:
    """A copy where ``seat`` took ``cards`` (by resource name) from the bank."""
    st = st.clone()
    for name, count in cards.items():
        r = RESOURCE_INDEX[name]
        st.bank[r] -= count
        st.hands[seat][r] += count
    return st


def give_dev(st: HexfolkState, seat: int, card: str, count: int = 1) -> HexfolkState:
    """A copy where ``seat`` holds ``count`` more ``card``s taken from the deck (bought on an
    earlier turn)."""
    st = st.clone()
    k = DEV_INDEX[card]
    st.dev_left = st.dev_left[:]
    st.dev_left[k] -= count
    st.dev_hands = [h[:] for h in st.dev_hands]
    st.dev_hands[seat][k] += count
    return st


def put_settlement(st: HexfolkState, seat: int, node: int, city: bool = False) -> HexfolkState:
    """A copy with ``seat``'s settlement (or city) on ``node``, taken from its supply."""
    st = st.clone()
    st.node_owner = st.node_owner[:]
    st.node_owner[node] = seat
    if city:
        st.node_city = st.node_city[:]
        st.node_city[node] = 1
        st.cities_left = st.cities_left[:]
        st.cities_left[seat] -= 1
    else:
        st.settlements_left = st.settlements_left[:]
        st.settlements_left[seat] -= 1
    return st


def put_road(st: HexfolkState, seat: int, a: int, b: int) -> HexfolkState:
    """A copy with ``seat``'s road between nodes ``a`` and ``b``."""
    st = st.clone()
    e = st.board.topo.edge_index[(min(a, b), max(a, b))]
    st.edge_owner = st.edge_owner[:]
    st.edge_owner[e] = seat
    st.roads_left = st.roads_left[:]
    st.roads_left[seat] -= 1
    return st


def put_path(st: HexfolkState, seat: int, nodes: list[int]) -> HexfolkState:
    """Roads of ``seat`` along consecutive ``nodes``."""
    for a, b in zip(nodes, nodes[1:], strict=False):
        st = put_road(st, seat, a, b)
    return st


def simple_path(st: HexfolkState, length: int, avoid: set[int] = frozenset(), start: int | None = None,
                spur_at: int | None = None) -> list[int]:
    """``length + 1`` distinct nodes joined by edges, none in ``avoid`` (a search from the
    lowest usable node, or from ``start``); with ``spur_at``, node ``path[spur_at]`` also has a
    neighbour off the path (for a road of another player to reach it)."""
    topo = st.board.topo

    def search(path: list[int]) -> list[int] | None:
        if len(path) == length + 1:
            if spur_at is not None and all(o in path for o in topo.node_neighbors[path[spur_at]]):
                return None
            return path
        for o in topo.node_neighbors[path[-1]]:
            if o not in path and o not in avoid:
                found = search(path + [o])
                if found:
                    return found
        return None

    starts = [start] if start is not None else [n for n in range(topo.n_nodes) if n not in avoid]
    for s in starts:
        found = search([s])
        if found:
            return found
    raise AssertionError("no such path")


def hex_with_number(st: HexfolkState, number: int) -> int:
    """The first hex carrying ``number``."""
    return st.hex_number.index(number)


def cards(st: HexfolkState, seat: int) -> dict:
    """``seat``'s hand by resource name (zero counts left out)."""
    return {name: st.hands[seat][r] for name, r in RESOURCE_INDEX.items() if st.hands[seat][r]}


def pre_roll(st: HexfolkState) -> HexfolkState:
    """A copy at the start of the same player's turn, before the roll."""
    st = st.clone()
    st.phase = "pre_roll"
    st.rolled = False
    return st


def roll(st: HexfolkState, seat: int, total: int) -> tuple[HexfolkState, list[dict]]:
    """``seat`` rolls ``total``: the draw counter is moved to the first value that rolls it
    (the dice stay the engine's own)."""
    for draws in range(10_000):
        trial = st.clone()
        trial.draws = draws
        new, events = act(trial, seat, {"type": "roll"})
        if events[0]["total"] == total:
            return new, events
    raise AssertionError(f"no draw rolls {total}")


def refresh_roads(st: HexfolkState) -> HexfolkState:
    """A copy with every seat's road length and the Longest Road holder recomputed, as the
    engine does after a placement."""
    from games.hexfolk.engine.longest_road import update_longest

    st = st.clone()
    update_longest(st, range(st.n), [])
    return st


def away_from(st: HexfolkState, nodes) -> set[int]:
    """``nodes`` and all their neighbours (for paths that must not touch them)."""
    out = set(nodes)
    for n in nodes:
        out.update(st.board.topo.node_neighbors[n])
    return out
