"""The Hexfolk engine: the protocol of games/protocol.py over the rules in apply.py.

Options (lobby): ``victory_points`` 8-15 (10), ``map`` (``"standard"``: the 19-, 30- or 44-hex
board by player count; or any map slug), ``friendly_robber``, ``robber_off``,
``longest_road_off``, ``largest_army_off`` (all false), ``discard_limit`` 4-20 (7) and
``turn_limit`` (rounds, 0 = none; for bot leagues and simulations). Seats: 2-8, no teams; a map
allows the player counts of its file.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.hexfolk.engine import errors as E
from games.hexfolk.engine import texts as T
from games.hexfolk.engine.actions import legal_actions, to_act
from games.hexfolk.engine.apply import apply_action
from games.hexfolk.engine.apply_turns import result_of
from games.hexfolk.engine.board import board, load_map, map_slugs, random_layout
from games.hexfolk.engine.bots import bot_factories
from games.hexfolk.engine.endgame import best_possible_points
from games.hexfolk.engine.redeal import redeal
from games.hexfolk.engine.rules import (
    BANK_SIZES,
    CITIES_PER_PLAYER,
    DEV_CARDS,
    DEV_DECKS,
    DISCARD_LIMIT_DEFAULT,
    DISCARD_LIMIT_MAX,
    DISCARD_LIMIT_MIN,
    MAX_SEATS,
    MIN_SEATS,
    N_RESOURCES,
    NAME,
    ROADS_PER_PLAYER,
    SETTLEMENTS_PER_PLAYER,
    SLUG,
    STANDARD_BY_SEATS,
    STANDARD_MAP,
    TURN_LIMIT_MAX,
    VICTORY_POINTS_DEFAULT,
    VICTORY_POINTS_MAX,
    VICTORY_POINTS_MIN,
    by_seats,
)
from games.hexfolk.engine.state import (
    DISCARD,
    MAIN,
    OVER,
    PRE_ROLL,
    ROBBER,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    TRADE,
    HexfolkState,
    decode,
    encode,
)
from games.hexfolk.engine.view import build_view, view_texts
from games.protocol import EngineBase, GameUI, OptionsError, Result, ScoreColumn, SeatSpec

_BOOL_OPTIONS = ("friendly_robber", "robber_off", "longest_road_off", "largest_army_off")
DEFAULT_OPTIONS = {
    "victory_points": VICTORY_POINTS_DEFAULT,
    "map": STANDARD_MAP,
    "friendly_robber": False,
    "robber_off": False,
    "longest_road_off": False,
    "largest_army_off": False,
    "discard_limit": DISCARD_LIMIT_DEFAULT,
    "turn_limit": 0,
}


def options_schema() -> dict:
    """JSON schema (draft 2020-12) of the lobby options, with defaults and bounds."""
    def flag(title: str, description: str) -> dict:
        return {"type": "boolean", "default": False, "title": title, "description": description}

    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "victory_points": {
                "type": "integer", "minimum": VICTORY_POINTS_MIN, "maximum": VICTORY_POINTS_MAX,
                "default": VICTORY_POINTS_DEFAULT, "shortest": VICTORY_POINTS_MIN, "title": "Victory points",
                "description": "Points the player whose turn it is needs to win.",
            },
            "map": {
                "type": "string", "enum": [STANDARD_MAP, *(m for m in map_slugs() if m != STANDARD_MAP)], "default": STANDARD_MAP,
                "title": "Map",
                "description": "The island; standard picks 19, 30 or 44 hexes by player count.",
            },
            "friendly_robber": flag(
                "Friendly robber",
                "The robber may not go next to players with at most 2 visible victory points."),
            "robber_off": flag("Robber off", "A 7 only makes players discard."),
            "longest_road_off": flag("Longest Road off", "Nobody scores for the longest road."),
            "largest_army_off": flag("Largest Army off", "Nobody scores for the largest army."),
            "discard_limit": {
                "type": "integer", "minimum": DISCARD_LIMIT_MIN, "maximum": DISCARD_LIMIT_MAX,
                "default": DISCARD_LIMIT_DEFAULT, "title": "Discard limit",
                "description": "On a 7, players holding more cards than this discard half.",
            },
            "turn_limit": {
                "type": "integer", "minimum": 0, "maximum": TURN_LIMIT_MAX, "default": 0,
                "title": "Round limit",
                "description": "End the game after this many rounds (0: no limit); most points wins.",
            },
        },
        "additionalProperties": False,
    }


STANDARD_LABEL = "Standard island: 19, 30 or 44 hexes by player count"
MAP_LABEL = "{name}: {hexes} hexes, {low}-{high} players"


def map_labels() -> dict[str, str]:
    """Map option value -> label naming its size and recommended player counts, e.g.
    ``{"lagoon": "Small lagoon: 12 hexes, 2-3 players"}`` (from the map files)."""
    labels = {STANDARD_MAP: STANDARD_LABEL}
    for slug in map_slugs():
        spec = load_map(slug)
        labels.setdefault(slug, MAP_LABEL.format(name=spec.name, hexes=len(spec.hexes),
                                                 low=spec.players[0], high=spec.players[1]))
    return labels


def map_for(options: Mapping, seats: int) -> str:
    """The map slug a game with these options and ``seats`` players is played on."""
    slug = options["map"]
    return by_seats(STANDARD_BY_SEATS, seats) if slug == STANDARD_MAP else slug


class HexfolkEngine(EngineBase):
    """Hexfolk for 2-8 players (see games/hexfolk/RULES.md)."""

    slug = SLUG
    name = NAME
    min_seats = MIN_SEATS
    max_seats = MAX_SEATS
    simultaneous = True  # discards after a 7, answers to a trade offer
    hidden_information = True
    ui = GameUI(board_template="hexfolk/board.html", hand_template="hexfolk/hand.html",
                play_module="hexfolk/play.js", replay_module="hexfolk/replay.js",
                stylesheet="hexfolk/hexfolk.css", rules_template="hexfolk/rules.html", keys_template="hexfolk/keys.html")

    # ------------------------------------------------------------ lobby
    def score_column(self, options: Mapping) -> ScoreColumn:
        """The result's scores: victory points, the most first."""
        return ScoreColumn(label=T.SCORE_LABEL)

    def options_schema(self) -> dict:
        """JSON schema of the lobby options (see the module docstring)."""
        return options_schema()

    def validate_options(self, raw: Mapping | None) -> dict:
        """Options with defaults filled in; raises ``OptionsError`` naming the bad field."""
        if raw is None:
            raw = {}
        if not isinstance(raw, Mapping):
            raise OptionsError("", E.OPTIONS_NOT_OBJECT)
        for key in raw:
            if key not in DEFAULT_OPTIONS:
                raise OptionsError(str(key), E.OPTION_UNKNOWN)
        out = dict(DEFAULT_OPTIONS)
        out.update(raw)
        vp = out["victory_points"]
        if type(vp) is not int or not VICTORY_POINTS_MIN <= vp <= VICTORY_POINTS_MAX:
            raise OptionsError("victory_points", E.OPTION_VICTORY_POINTS)
        if out["map"] != STANDARD_MAP and out["map"] not in map_slugs():
            raise OptionsError("map", E.OPTION_MAP)
        for key in _BOOL_OPTIONS:
            if type(out[key]) is not bool:
                raise OptionsError(key, E.OPTION_BOOL)
        limit = out["discard_limit"]
        if type(limit) is not int or not DISCARD_LIMIT_MIN <= limit <= DISCARD_LIMIT_MAX:
            raise OptionsError("discard_limit", E.OPTION_DISCARD_LIMIT)
        turns = out["turn_limit"]
        if type(turns) is not int or not 0 <= turns <= TURN_LIMIT_MAX:
            raise OptionsError("turn_limit", E.OPTION_TURN_LIMIT)
        return out

    def option_value_labels(self) -> dict[str, dict[str, str]]:
        """Labels of the map option's values, naming each map's size and player range."""
        return {"map": map_labels()}

    def validate_seats(self, options: Mapping, seats: Sequence[SeatSpec]) -> None:
        """Raises ``OptionsError("seats", ...)`` for a count outside 2-8, teams, or a count
        outside the chosen map's player range, and ``OptionsError("victory_points", ...)``
        for a target nobody could reach there (endgame.py, ``best_possible_points``)."""
        try:
            n = len(seats)
        except TypeError:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise OptionsError("seats", E.SEATS_COUNT)
        if not all(isinstance(s, SeatSpec) for s in seats):
            raise OptionsError("seats", E.SEATS_NOT_SPEC)
        if any(s.team is not None for s in seats):
            raise OptionsError("seats", E.SEATS_NO_TEAMS)
        slug = map_for(options, n)
        low, high = load_map(slug).players
        if not low <= n <= high:
            raise OptionsError("seats", E.MAP_SEATS)
        best = best_possible_points(slug, n, options)
        if options["victory_points"] > best:
            raise OptionsError("victory_points", E.TARGET_UNREACHABLE,
                               {"target": options["victory_points"], "seats": n, "best": best})

    # ------------------------------------------------------------ play
    def setup(self, options: Mapping, seats: Sequence[SeatSpec], seed: int) -> HexfolkState:
        """A random layout of the map and an empty island; seat 0 places first. Raises
        ``OptionsError``."""
        opts = self.validate_options(options)
        self.validate_seats(opts, seats)
        n = len(seats)
        slug = map_for(opts, n)
        terrain, numbers, harbors = random_layout(slug, random.Random(int(seed)))
        b = board(slug, terrain, numbers, harbors)
        topo = b.topo
        return HexfolkState(
            n=n, options=opts, map=slug, hex_terrain=terrain, hex_number=numbers,
            harbor_kind=harbors, seed=int(seed), draws=0, phase=SETUP_SETTLEMENT, turn=0,
            turn_number=0, setup_step=0, last_node=-1, rolled=False, dice=None,
            hands=[[0] * N_RESOURCES for _ in range(n)],
            bank=[by_seats(BANK_SIZES, n)] * N_RESOURCES,
            dev_left=list(by_seats(DEV_DECKS, n)),
            dev_hands=[[0] * len(DEV_CARDS) for _ in range(n)],
            dev_new=[0] * len(DEV_CARDS), dev_played=False, knights=[0] * n,
            node_owner=[-1] * topo.n_nodes, node_city=[0] * topo.n_nodes,
            edge_owner=[-1] * topo.n_edges,
            roads_left=[ROADS_PER_PLAYER] * n, settlements_left=[SETTLEMENTS_PER_PLAYER] * n,
            cities_left=[CITIES_PER_PLAYER] * n, road_length=[0] * n,
            longest_holder=-1, army_holder=-1, robber=b.deserts[0], discard_owed=[0] * n,
            free_roads=0, trade=None, sb_seat=-1, winner=-1, ended="",
            dice_counts=[0] * 11, produced=[[0] * N_RESOURCES for _ in range(n)], trades_made=0,
        )

    def view(self, state: HexfolkState, seat: int | None) -> dict:
        """What ``seat`` may see (None: a spectator); see view.py."""
        res = result_of(state)
        return build_view(state, seat, res.to_json() if res else None)

    def view_texts(self, state: HexfolkState, seat: int | None) -> dict[str, dict]:
        """Where the player texts of ``view(state, seat)`` are (``EngineBase.view_texts``)."""
        return view_texts(state, seat)

    def timeout_action(self, state: HexfolkState, seat: int) -> dict:
        """What happens when ``seat``'s time runs out (interpretation, "Time out"): the
        suggested discard; the roll before it; the end of the turn (withdrawing an open offer);
        declining an offer; passing the special building phase. Forced placements take the
        richest intersection (setup settlement), the first listed road, or the first robber
        move that robs someone."""
        legal = legal_actions(state, seat)
        phase = state.phase
        if not legal:
            return {"type": "end_turn"}
        if phase == PRE_ROLL:
            return {"type": "roll"}
        if phase == MAIN or (phase == TRADE and seat == state.turn):
            return {"type": "end_turn"}
        if phase == TRADE:
            return {"type": "decline_trade"}
        if phase in (SPECIAL_BUILD, DISCARD):
            return legal[0]  # pass; the suggested discard
        if phase == SETUP_SETTLEMENT:
            pips = state.board.node_pips
            return max(legal, key=lambda a: (pips[a["node"]], -a["node"]))
        if phase == ROBBER:
            robbing = [a for a in legal if a["victim"] is not None]
            return (robbing or legal)[0]
        return legal[0]

    def result(self, state: HexfolkState) -> Result | None:
        """None while running, then ranks (1 = best) and scores (points)."""
        return result_of(state)

    def bots(self) -> dict:
        """``{"random": RandomBot, "strong": StrongBot}`` factories (bots.py)."""
        return bot_factories()

    def redeal(self, state: HexfolkState, seat: int, rng: random.Random) -> HexfolkState:
        """The other seats' hidden resource and development cards dealt again, consistently
        with the public bank, totals and an open trade (redeal.py); a fresh seed."""
        return redeal(state, seat, rng)

    def secrets(self, state: HexfolkState, seat: int | None) -> list:
        """Other seats' resource hands and development cards as count tuples (in the order
        of RESOURCES and DEV_CARDS) while they hold several kinds: a view shows them as totals
        only."""
        out = []
        for s in range(state.n):
            if s == seat or state.phase == OVER:
                continue
            for counts in (state.hands[s], state.dev_hands[s]):
                # Only count lists with a repeated value: a run of distinct small numbers could
                # be a list of seats (to_act) by chance.
                if sum(counts) > 1 and max(counts) < sum(counts) and len(set(counts)) < len(counts):
                    out.append(tuple(counts))
        return out

    # Pass-throughs to the rules and the state module (docs: those functions).
    to_act = staticmethod(to_act)
    # Next state and events; raises ``IllegalAction``; never mutates the state; the
    # ``game_over`` event carries the result (apply.py, apply_turns.py ``_end``).
    apply = staticmethod(apply_action)
    legal_actions = staticmethod(legal_actions)
    encode = staticmethod(encode)
    decode = staticmethod(decode)


__all__ = ["DEFAULT_OPTIONS", "HexfolkEngine", "map_for", "options_schema", "result_of"]
