"""A peer to beat (issue 30, point 1): our strong Hexfolk bot plays in catanatron 3.2.1's own
engine, on its base map and rules, against catanatron's players.

Run (catanatron is not one of the site's requirements; a virtual environment of its own):

    python3.11 -m venv .venv-catanatron
    .venv-catanatron/bin/pip install -r bench/requirements-catanatron.txt
    PYTHONPATH=. .venv-catanatron/bin/python bench/catanatron_bridge.py \\
        [--games N] [--opponent KIND] [--players 4|2] [--seed S]

``--opponent``: ``random``, ``weighted`` (``WeightedRandomPlayer``), ``victorypoint``
(``VictoryPointPlayer``), or ``alphabeta`` / ``value`` (``AlphaBetaPlayer`` at its default
depth, ``ValueFunctionPlayer``). The last two live in catanatron's repository
(``catanatron_experimental``), not in its PyPI package: install that package from a clone of
catanatron at its 3.2.1 tag (``pip install -e catanatron_experimental``) to play them.

How a decision crosses over. At each of its turns the bridge builds a Hexfolk state that
mirrors catanatron's (the same board, buildings, roads, robber, bank, hands, development
cards, titles, phase), gives our bot only ``view(mirror, seat)`` of it, which shows the other
seats' hands and development cards as totals, as at our own tables, and as the legal actions
catanatron's playable actions mapped to ours (``to_hexfolk``); the bot's choice is mapped back
(a discard's cards too: catanatron 3.2.1 discards at random whatever is chosen). The map's
geometry is matched corner by corner: catanatron's cube coordinates (x, y, z) are our axial
(q, r) = (x, z), both pointy-top, its node refs NORTH... NORTHWEST our corners 0-5; its nine
ports sit on other coasts than our standard map's harbors, so the mirror uses a copy of the
standard map with catanatron's ports (``catanatron-base``, in a directory of its own).
Rules catanatron 3.2.1 lacks (trades between players, the friendly robber) are simply never
offered. Not part of ``make test``; figures go in docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time

from catanatron.game import Game
from catanatron.models.coordinate_system import Direction
from catanatron.models.enums import DEVELOPMENT_CARDS as CAT_DEV
from catanatron.models.enums import RESOURCES as CAT_RES
from catanatron.models.enums import Action, ActionPrompt, ActionType
from catanatron.models.map import NodeRef
from catanatron.models.player import Color, Player, RandomPlayer

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.hexfolk.engine import board as hf_board  # noqa: E402
from games.hexfolk.engine import rules as R  # noqa: E402
from games.hexfolk.engine import state as S  # noqa: E402
from games.registry import get_engine  # noqa: E402

MAP_SLUG = "catanatron-base"
REFS = (NodeRef.NORTH, NodeRef.NORTHEAST, NodeRef.SOUTHEAST, NodeRef.SOUTH, NodeRef.SOUTHWEST, NodeRef.NORTHWEST)
PORT_SIDE = {  # a port's land-facing side: the two corners of the port tile on it
    Direction.EAST: (NodeRef.NORTHEAST, NodeRef.SOUTHEAST), Direction.SOUTHEAST: (NodeRef.SOUTHEAST, NodeRef.SOUTH),
    Direction.SOUTHWEST: (NodeRef.SOUTH, NodeRef.SOUTHWEST), Direction.WEST: (NodeRef.SOUTHWEST, NodeRef.NORTHWEST),
    Direction.NORTHWEST: (NodeRef.NORTHWEST, NodeRef.NORTH), Direction.NORTHEAST: (NodeRef.NORTH, NodeRef.NORTHEAST),
}
RES = dict(zip(CAT_RES, R.RESOURCES, strict=True))  # "WOOD" -> "lumber", ...
RES_BACK = {v: k for k, v in RES.items()}
DEV = {"KNIGHT": R.KNIGHT, "VICTORY_POINT": R.VICTORY_POINT, "ROAD_BUILDING": R.ROAD_BUILDING,
       "YEAR_OF_PLENTY": R.YEAR_OF_PLENTY, "MONOPOLY": R.MONOPOLY}
TERRAIN = {None: R.DESERT, **{cat: R.TERRAIN_INDEX[t] for cat, t in
                              zip(CAT_RES, ("forest", "hills", "pasture", "fields", "mountains"), strict=True)}}


def canonical(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


class Geometry:
    """Catanatron's map matched to a Hexfolk map of the same island (module docstring):
    ``node[cat] = hf``, ``edge[(a, b)] = [x, y]``, ``hex_of[coordinate] = index``, and the
    Hexfolk map spec with catanatron's ports (``spec``) and their kinds (``harbor_kind``)."""

    def __init__(self, catan_map):
        standard = hf_board.load_map("standard")
        hexes = list(standard.hexes)
        self.hex_of = {}
        for coord in catan_map.land_tiles:
            self.hex_of[coord] = hexes.index((coord[0], coord[2]))
        self.coord_of = {h: c for c, h in self.hex_of.items()}
        points = {}
        for coord, tile in catan_map.land_tiles.items():
            q, r = coord[0], coord[2]
            for k, ref in enumerate(REFS):
                dx, dy = hf_board.CORNERS[k]
                points[tile.nodes[ref]] = (2 * q + r + dx, 3 * r + dy)
        ordered = sorted(set(points.values()), key=lambda p: (p[1], p[0]))
        hf_index = {p: i for i, p in enumerate(ordered)}  # Topology's own numbering
        self.node = {cat: hf_index[p] for cat, p in points.items()}
        self.node_back = {hf: cat for cat, hf in self.node.items()}
        harbors, kinds = [], []
        for port in catan_map.ports_by_id.values():
            pair = {points[port.nodes[ref]] for ref in PORT_SIDE[port.direction]}
            harbors.append(self._side(hexes, pair))
            kinds.append(R.GENERIC_HARBOR if port.resource is None else R.RESOURCES.index(RES[port.resource]))
        self.spec = {"slug": MAP_SLUG, "name": "Catanatron base map", "players": [2, 4], "hexes": hexes,
                     "terrains": standard.terrains, "numbers": list(standard.numbers), "harbors": harbors,
                     "harbor_kinds": {R.HARBOR_KINDS[k]: kinds.count(k) for k in set(kinds)}}
        self.harbor_kind = tuple(kinds)

    @staticmethod
    def _side(hexes, pair) -> list[int]:
        """The (q, r, side) of the land hex side whose corners are the points ``pair``."""
        for q, r in hexes:
            corners = [(2 * q + r + dx, 3 * r + dy) for dx, dy in hf_board.CORNERS]
            for k in range(6):
                if {corners[k], corners[(k + 1) % 6]} == pair:
                    return [q, r, k]
        raise ValueError(f"no land side at {pair}")

    def install(self) -> None:
        """Makes the ``catanatron-base`` map loadable (a map directory of its own)."""
        folder = tempfile.mkdtemp(prefix="hexfolk-maps-")
        with open(os.path.join(hf_board.MAPS_DIR, "standard.json"), encoding="utf-8") as src, \
                open(os.path.join(folder, "standard.json"), "w", encoding="utf-8") as dst:
            dst.write(src.read())
        with open(os.path.join(folder, f"{MAP_SLUG}.json"), "w", encoding="utf-8") as fh:
            json.dump(self.spec, fh)
        hf_board.MAPS_DIR = folder
        hf_board.load_map.cache_clear()
        hf_board.topology.cache_clear()
        hf_board.map_slugs.cache_clear()

    def edge(self, cat_edge) -> list[int]:
        a, b = sorted(self.node[n] for n in cat_edge)
        return [a, b]


def _counts(ps: dict, key: str, names, width: int, index) -> list[int]:
    out = [0] * width
    for name in names:
        out[index(name)] += ps[f"{key}_{name}_IN_HAND"]
    return out


def mirror(game, geo: Geometry, options: dict):
    """A Hexfolk state mirroring catanatron's ``game`` (module docstring). Seat ``i`` is
    catanatron's ``state.colors[i]``."""
    st, ps = game.state, game.state.player_state
    n = len(st.colors)
    board = st.board
    topo = hf_board.topology(MAP_SLUG)
    terrain = [R.DESERT] * len(geo.coord_of)
    numbers = [0] * len(geo.coord_of)
    for coord, tile in board.map.land_tiles.items():
        terrain[geo.hex_of[coord]] = TERRAIN[tile.resource]
        numbers[geo.hex_of[coord]] = tile.number or 0
    seat_of = {color: i for i, color in enumerate(st.colors)}
    node_owner, node_city = [-1] * topo.n_nodes, [0] * topo.n_nodes
    for cat, (color, kind) in board.buildings.items():
        node_owner[geo.node[cat]] = seat_of[color]
        node_city[geo.node[cat]] = int(kind == "CITY")
    edge_owner = [-1] * topo.n_edges
    for cat_edge, color in board.roads.items():
        edge_owner[topo.edge_index[tuple(geo.edge(cat_edge))]] = seat_of[color]
    keys = [f"P{i}" for i in range(n)]
    hands = [_counts(ps, k, CAT_RES, R.N_RESOURCES, lambda c: R.RESOURCES.index(RES[c])) for k in keys]
    dev_hands = [_counts(ps, k, CAT_DEV, len(R.DEV_CARDS), DEV.__getitem__) for k in keys]
    dev_left = [0] * len(R.DEV_CARDS)
    for card in st.development_listdeck:
        dev_left[DEV[card]] += 1
    turn = st.current_player_index
    prompt = st.current_prompt
    initial = prompt in (ActionPrompt.BUILD_INITIAL_SETTLEMENT, ActionPrompt.BUILD_INITIAL_ROAD)
    roads_now = len({frozenset(edge) for edge in board.roads})  # catanatron may key a road both ways
    last_node = -1
    if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
        phase = S.SETUP_SETTLEMENT
    elif prompt == ActionPrompt.BUILD_INITIAL_ROAD:
        phase = S.SETUP_ROAD
        mine = [geo.node[c] for c, (color, _) in board.buildings.items() if color == st.colors[turn]]
        last_node = next(x for x in mine if not any(edge_owner[e] == turn for e, _ in topo.node_edges[x]))
    elif prompt == ActionPrompt.DISCARD:
        phase = S.DISCARD
    elif prompt == ActionPrompt.MOVE_ROBBER:
        phase = S.ROBBER
    elif st.is_road_building:
        phase = S.ROAD_BUILDING
    elif not ps[f"P{turn}_HAS_ROLLED"]:
        phase = S.PRE_ROLL
    else:
        phase = S.MAIN
    discard_owed = [0] * n
    if phase == S.DISCARD:
        discard_owed[turn] = sum(hands[turn]) // 2
    longest = next((i for i in range(n) if ps[f"P{i}_HAS_ROAD"]), -1)
    army = next((i for i in range(n) if ps[f"P{i}_HAS_ARMY"]), -1)
    return S.HexfolkState(
        n=n, options=options, map=MAP_SLUG, hex_terrain=tuple(terrain), hex_number=tuple(numbers),
        harbor_kind=geo.harbor_kind, seed=0, draws=0, phase=phase, turn=turn,
        turn_number=0 if initial else st.num_turns + 1, setup_step=roads_now if initial else 2 * n,
        last_node=last_node, rolled=bool(ps[f"P{turn}_HAS_ROLLED"]), dice=None,
        hands=hands, bank=[st.resource_freqdeck[CAT_RES.index(RES_BACK[r])] for r in R.RESOURCES],
        dev_left=dev_left, dev_hands=dev_hands, dev_new=[0] * len(R.DEV_CARDS),
        dev_played=bool(ps[f"P{turn}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]),
        knights=[ps[f"{k}_PLAYED_KNIGHT"] for k in keys], node_owner=node_owner, node_city=node_city,
        edge_owner=edge_owner, roads_left=[ps[f"{k}_ROADS_AVAILABLE"] for k in keys],
        settlements_left=[ps[f"{k}_SETTLEMENTS_AVAILABLE"] for k in keys],
        cities_left=[ps[f"{k}_CITIES_AVAILABLE"] for k in keys],
        road_length=[ps[f"{k}_LONGEST_ROAD_LENGTH"] for k in keys], longest_holder=longest, army_holder=army,
        robber=geo.hex_of[board.robber_coordinate], discard_owed=discard_owed,
        free_roads=st.free_roads_available if st.is_road_building else 0, trade=None, sb_seat=-1, winner=-1,
        ended="", dice_counts=[0] * 11, produced=[[0] * R.N_RESOURCES for _ in range(n)], trades_made=0,
    )


def to_hexfolk(action: Action, geo: Geometry, seat_of: dict, hand: list[int]) -> dict:
    """Catanatron's ``action`` in Hexfolk's words (actions.py's shapes)."""
    kind, value = action.action_type, action.value
    if kind == ActionType.ROLL:
        return {"type": "roll"}
    if kind == ActionType.END_TURN:
        return {"type": "end_turn"}
    if kind == ActionType.BUILD_SETTLEMENT:
        return {"type": "build_settlement", "node": geo.node[value]}
    if kind == ActionType.BUILD_CITY:
        return {"type": "build_city", "node": geo.node[value]}
    if kind == ActionType.BUILD_ROAD:
        return {"type": "build_road", "edge": geo.edge(value)}
    if kind == ActionType.BUY_DEVELOPMENT_CARD:
        return {"type": "buy_dev"}
    if kind == ActionType.PLAY_KNIGHT_CARD:
        return {"type": "play_knight"}
    if kind == ActionType.PLAY_ROAD_BUILDING:
        return {"type": "play_road_building"}
    if kind == ActionType.PLAY_MONOPOLY:
        return {"type": "play_monopoly", "resource": RES[value]}
    if kind == ActionType.PLAY_YEAR_OF_PLENTY:
        return {"type": "play_year_of_plenty", "resources": [RES[c] for c in value]}
    if kind == ActionType.MOVE_ROBBER:
        victim = seat_of[value[1]] if value[1] is not None else None
        return {"type": "move_robber", "hex": geo.hex_of[value[0]], "victim": victim}
    if kind == ActionType.MARITIME_TRADE:
        gives = [c for c in value[:4] if c is not None]
        return {"type": "bank_trade", "give": RES[gives[0]], "get": RES[value[4]], "rate": len(gives)}
    if kind == ActionType.DISCARD:
        return {"type": "discard", "count": sum(hand) // 2, "cards": _suggested_discard(hand)}
    raise ValueError(f"no Hexfolk action for {action}")


def _suggested_discard(hand: list[int]) -> dict:
    """A discard of half the hand, from the largest piles (the template's fill)."""
    left, out = sum(hand) // 2, {}
    counts = list(hand)
    while left:
        k = max(range(len(counts)), key=counts.__getitem__)
        counts[k] -= 1
        out[R.RESOURCES[k]] = out.get(R.RESOURCES[k], 0) + 1
        left -= 1
    return out


class HexfolkBridgePlayer(Player):
    """Our strongest Hexfolk bot, seated in catanatron (module docstring). ``seconds`` holds
    the time of each decision with a real choice."""

    def __init__(self, color, geo: Geometry, seed: int = 0):
        super().__init__(color)
        self.geo = geo
        self.engine = get_engine("hexfolk")
        self.options = {**self.engine.validate_options({}), "map": MAP_SLUG}
        self.bot = list(self.engine.bots().values())[-1]()
        self.rng = random.Random(seed)
        self.seconds: list[float] = []

    def decide(self, game, playable_actions):
        if len(playable_actions) == 1:
            return playable_actions[0]
        started = time.process_time()
        state = mirror(game, self.geo, self.options)
        seat = game.state.colors.index(self.color)
        seat_of = {c: i for i, c in enumerate(game.state.colors)}
        ours = {}
        for action in playable_actions:
            mapped = to_hexfolk(action, self.geo, seat_of, state.hands[seat])
            ours.setdefault(canonical(mapped) if mapped["type"] != "discard" else "discard", (mapped, action))
        legal = [mapped for mapped, _ in ours.values()]
        choice = self.bot.choose(self.engine.view(state, seat), legal, self.rng)
        self.seconds.append(time.process_time() - started)
        if choice is None:
            return playable_actions[0]
        key = "discard" if choice.get("type") == "discard" else canonical(choice)
        return ours[key][1] if key in ours else playable_actions[0]


def opponent(kind: str, color):
    """A catanatron player of ``kind`` (module docstring)."""
    if kind == "random":
        return RandomPlayer(color)
    if kind == "weighted":
        from catanatron.players.weighted_random import WeightedRandomPlayer
        return WeightedRandomPlayer(color)
    if kind == "victorypoint":
        from catanatron.players.search import VictoryPointPlayer
        return VictoryPointPlayer(color)
    try:
        if kind == "alphabeta":
            from catanatron_experimental.machine_learning.players.minimax import AlphaBetaPlayer
            return AlphaBetaPlayer(color)
        if kind == "value":
            from catanatron_experimental.machine_learning.players.value import ValueFunctionPlayer
            return ValueFunctionPlayer(color)
    except ImportError as exc:
        raise SystemExit(f"{kind}: catanatron_experimental is not installed ({exc}); see the module docstring")
    raise SystemExit(f"unknown opponent {kind!r}")


COLORS = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)


def play(games: int, kind: str, players: int, seed: int) -> dict:
    """``games`` games of our bot against ``players - 1`` catanatron players of ``kind``:
    ``{"games", "wins", "win_rate", "unfinished", "our_points", "their_points",
    "decision_ms_p50", "decision_ms_p95", "decision_ms_max", "seconds"}``."""
    random.seed(seed)
    started = time.perf_counter()
    wins = unfinished = 0
    ours, theirs, seconds = [], [], []
    installed = None
    for g in range(games):
        seats = [None] + [opponent(kind, c) for c in COLORS[1:players]]
        game = Game([RandomPlayer(COLORS[0])] + seats[1:], seed=seed * 100_003 + g)
        geo = Geometry(game.state.board.map)  # the ports' kinds change from game to game
        if installed is None:
            geo.install()
            installed = geo.spec["harbors"]
        elif geo.spec["harbors"] != installed:
            raise SystemExit("catanatron's ports moved between games: one map per run is assumed")
        bridge = HexfolkBridgePlayer(COLORS[0], geo, seed=g)
        game.state.players = [bridge if p.color == COLORS[0] else p for p in game.state.players]
        winner = game.play()
        ps = game.state.player_state
        index = game.state.color_to_index
        ours.append(ps[f"P{index[COLORS[0]]}_ACTUAL_VICTORY_POINTS"])
        theirs += [ps[f"P{index[c]}_ACTUAL_VICTORY_POINTS"] for c in COLORS[1:players]]
        wins += winner == COLORS[0]
        unfinished += winner is None
        seconds += bridge.seconds
    seconds.sort()
    pick = lambda q: round(1000 * seconds[min(len(seconds) - 1, int(q * len(seconds)))], 1) if seconds else None  # noqa: E731
    return {"games": games, "opponent": kind, "players": players, "wins": wins, "win_rate": round(wins / games, 3),
            "unfinished": unfinished, "our_points": round(statistics.mean(ours), 2),
            "their_points": round(statistics.mean(theirs), 2), "decision_ms_p50": pick(0.5),
            "decision_ms_p95": pick(0.95), "decision_ms_max": pick(1.0), "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--opponent", default="alphabeta")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out = play(args.games, args.opponent, args.players, args.seed)
    print(json.dumps(out), flush=True)
    return out


if __name__ == "__main__":
    main()
