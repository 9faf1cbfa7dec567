"""What one seat may see (rules, "Development cards": "The other players only see how many
development cards you have, not which ones").

``build_view(state, seat, result)`` returns a JSON-able dict::

    {"game": "hexfolk", "viewer": 0 | None, "options": {...},
     "map": {"slug": "standard", "name": "Standard island"},
     "board": {"hexes": [{"hex": 0, "q": 0, "r": -2, "terrain": "forest", "number": 11}],
               "nodes": [[X, Y], ...],            # node i at (X, Y), see board.py
               "edges": [[a, b], ...],            # edge i joins nodes a < b
               "harbors": [{"kind": "generic" | "ore" | ..., "rate": 3, "nodes": [a, b],
                            "hex": h, "side": k}]},
     "robber": hex, "buildings": [{"node": n, "seat": s, "kind": "settlement" | "city"}],
     "roads": [{"edge": [a, b], "seat": s}],
     "to_act": [1], "turn": 11, "phase": "main", "phase_text": "Trade and build",   # turn: turn_number - 1
     "seats": [<envelope: seat, colour, colour_name, score, summary>], "result": None | {...},
     "current": 1,                                # the seat whose turn it is
     "turn_number": 12, "dice": [3, 4] | None,
     "rolled": True, "setup_node": n | None, "free_roads": 0, "special_build_seat": s | None,
     "bank": {"lumber": 19, ...}, "dev_cards_left": 20, "victory_points_target": 10,
     "players": [{"seat": 0, "resource_count": 5, "dev_card_count": 2, "knights_played": 1,
                  "visible_points": 4, "roads_left": 11, "settlements_left": 2,
                  "cities_left": 4, "road_length": 4, "longest_road": False,
                  "largest_army": False, "discard_owed": 0,
                  # once the game is over only:
                  "victory_point_cards": 1, "points": 5}],
     "longest_road_holder": s | None, "largest_army_holder": s | None,
     "trade": None | {"seat": s, "give": {...}, "get": {...}, "to": [...],
                      "answers": {"2": "pending" | "accepted" | "declined" | "countered"},
                      "counters": {"2": {"give": {...}, "get": {...}}}},  # active player's side
     "stats": {"dice_counts": {"2": 0, ..., "12": 1}, "produced": [{...} per seat],
               "trades_made": 3},
     "winner": s | None, "ended": "" | "victory" | "turn_limit",
     # the viewer's own seat only:
     "hand": {"lumber": 1, ...}, "dev_cards": {"knight": 1, ...},
     "dev_cards_new": {"knight": 1, ...}, "points": 5, "trade_rates": {"ore": [4, 2], ...}}

Other seats' hands and development cards appear as counts only; victory point cards (and so
every seat's full points) only once the game is over. No seed, draw counter or undrawn card
order reaches a view.
"""
from __future__ import annotations

from games.hexfolk.engine import texts as T
from games.hexfolk.engine.actions import to_act, total_points, trade_rates, visible_points
from games.hexfolk.engine.board import load_map
from games.hexfolk.engine.rules import (
    DEV_CARDS,
    GENERIC_HARBOR,
    GENERIC_RATE,
    HARBOR_KINDS,
    PHASE_TEXT,
    RESOURCES,
    SEAT_COLOURS,
    SPECIAL_RATE,
    TERRAINS,
    VICTORY_POINT,
)
from games.hexfolk.engine.state import OVER, HexfolkState
from games.protocol import seat_envelope
from games.texts import join, plural, text


def _counts(names: tuple, values) -> dict:
    return {name: values[i] for i, name in enumerate(names)}


def _board(st: HexfolkState) -> dict:
    b = st.board
    topo = b.topo
    hexes = [{"hex": h, "q": q, "r": r, "terrain": TERRAINS[b.hex_terrain[h]],
              "number": b.hex_number[h] or None}
             for h, (q, r) in enumerate(topo.hex_coords)]
    harbors = []
    for i, (nodes, kind) in enumerate(zip(topo.harbor_nodes, b.harbor_kind, strict=True)):
        h, side = topo.harbor_hex_sides[i]
        harbors.append({"kind": HARBOR_KINDS[kind],
                        "rate": GENERIC_RATE if kind == GENERIC_HARBOR else SPECIAL_RATE,
                        "nodes": list(nodes), "hex": h, "side": side})
    return {"hexes": hexes, "nodes": [list(xy) for xy in topo.node_xy],
            "edges": [list(p) for p in topo.edge_nodes], "harbors": harbors}


def _trade(st: HexfolkState) -> dict | None:
    trade = st.trade
    if trade is None:
        return None
    return {"seat": st.turn, "give": _nonzero(trade["give"]), "get": _nonzero(trade["get"]),
            "to": list(trade["to"]), "answers": dict(trade["answers"]),
            "counters": {k: {"give": _nonzero(v[0]), "get": _nonzero(v[1])}
                         for k, v in trade["counters"].items()}}


def _nonzero(counts) -> dict:
    return {RESOURCES[r]: c for r, c in enumerate(counts) if c}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _summary(p: dict) -> str:
    """A seat's public line: cards, development cards, points, knights, road, titles, debt."""
    points = p.get("points", p["visible_points"])
    bits = [_plural(p["resource_count"], "card"), f"{p['dev_card_count']} dev", _plural(points, "point")]
    if p["knights_played"]:
        bits.append(_plural(p["knights_played"], "knight"))
    bits.append(f"road {p['road_length']}")
    if p["longest_road"]:
        bits.append("Longest Road")
    if p["largest_army"]:
        bits.append("Largest Army")
    if p["discard_owed"]:
        bits.append(f"must discard {p['discard_owed']}")
    return " · ".join(bits)


def build_view(st: HexfolkState, seat: int | None, result: dict | None) -> dict:
    """The view of ``seat`` (None or an unknown seat: a spectator); see the module docstring."""
    over = st.phase == OVER
    players = [_player(st, s, over) for s in range(st.n)]
    seats = [seat_envelope(s, colour=SEAT_COLOURS[s][1], colour_name=SEAT_COLOURS[s][0],
                           score=players[s].get("points", players[s]["visible_points"]),
                           summary=_summary(players[s]))
             for s in range(st.n)]
    spec = load_map(st.map)
    topo = st.board.topo
    out = {
        "game": "hexfolk",
        "viewer": seat,
        "to_act": list(to_act(st)),
        # The envelope counts from 0; turn_number is 1 for the first turn after the setup
        # (0 during it), so the shared "Turn N" line agrees with the log's "Turn N: ...".
        "turn": max(st.turn_number - 1, 0),
        "phase": st.phase,
        "phase_text": PHASE_TEXT[st.phase],
        "seats": seats,
        "result": result,
        "current": st.turn,
        "options": dict(st.options),
        "map": {"slug": spec.slug, "name": spec.name},
        "board": _board(st),
        "robber": st.robber,
        "buildings": [{"node": n, "seat": o, "kind": "city" if st.node_city[n] else "settlement"}
                      for n, o in enumerate(st.node_owner) if o >= 0],
        "roads": [{"edge": list(topo.edge_nodes[e]), "seat": o}
                  for e, o in enumerate(st.edge_owner) if o >= 0],
        "turn_number": st.turn_number,
        "dice": list(st.dice) if st.dice else None,
        "rolled": st.rolled,
        "setup_node": st.last_node if st.last_node >= 0 else None,
        "free_roads": st.free_roads,
        "special_build_seat": st.sb_seat if st.sb_seat >= 0 else None,
        "bank": _counts(RESOURCES, st.bank),
        "dev_cards_left": sum(st.dev_left),
        "victory_points_target": st.options["victory_points"],
        "players": players,
        "longest_road_holder": st.longest_holder if st.longest_holder >= 0 else None,
        "largest_army_holder": st.army_holder if st.army_holder >= 0 else None,
        "trade": _trade(st),
        "stats": {"dice_counts": {str(i + 2): c for i, c in enumerate(st.dice_counts)},
                  "produced": [_counts(RESOURCES, p) for p in st.produced],
                  "trades_made": st.trades_made},
        "winner": st.winner if st.winner >= 0 else None,
        "ended": st.ended,
    }
    if seat is not None and type(seat) is int and 0 <= seat < st.n:
        out["hand"] = _counts(RESOURCES, st.hands[seat])
        out["dev_cards"] = _counts(DEV_CARDS, st.dev_hands[seat])
        new = st.dev_new if seat == st.turn else [0] * len(DEV_CARDS)
        out["dev_cards_new"] = _counts(DEV_CARDS, new)
        out["points"] = total_points(st, seat)
        out["trade_rates"] = _counts(RESOURCES, trade_rates(st, seat))
    return out

# --- the view texts (``games.texts``): specs of the English strings above, for the platform
# to translate (``view_texts``). The view keeps its f-strings (bots read views and must not
# pay for this); the conformance check asserts that each spec renders to the view's string.


def _summary_spec(p: dict) -> dict:
    """A seat's public line: cards, development cards, points, knights, road, titles, debt."""
    points = p.get("points", p["visible_points"])
    bits = [plural(T.CARDS, p["resource_count"]), text(T.DEV, n=p["dev_card_count"]), plural(T.POINTS, points)]
    if p["knights_played"]:
        bits.append(plural(T.KNIGHTS, p["knights_played"]))
    bits.append(text(T.ROAD, n=p["road_length"]))
    if p["longest_road"]:
        bits.append(text(T.LONGEST_ROAD))
    if p["largest_army"]:
        bits.append(text(T.LARGEST_ARMY))
    if p["discard_owed"]:
        bits.append(text(T.MUST_DISCARD, n=p["discard_owed"]))
    return join(bits)


def _player(st: HexfolkState, s: int, over: bool) -> dict:
    p = {
        "seat": s,
        "resource_count": sum(st.hands[s]),
        "dev_card_count": sum(st.dev_hands[s]),
        "knights_played": st.knights[s],
        "visible_points": visible_points(st, s),
        "roads_left": st.roads_left[s],
        "settlements_left": st.settlements_left[s],
        "cities_left": st.cities_left[s],
        "road_length": st.road_length[s],
        "longest_road": st.longest_holder == s,
        "largest_army": st.army_holder == s,
        "discard_owed": st.discard_owed[s],
    }
    if over:
        p["victory_point_cards"] = st.dev_hands[s][VICTORY_POINT]
        p["points"] = total_points(st, s)
    return p


def view_texts(st: HexfolkState, seat: int | None) -> dict[str, dict]:
    """The view texts of ``build_view(st, seat, ...)`` (``EngineBase.view_texts``)."""
    over = st.phase == OVER
    out = {"phase_text": text(T.PHASE_TEXT[st.phase]), "map.name": text(load_map(st.map).name)}
    for s in range(st.n):
        out[f"seats.{s}.colour_name"] = text(T.COLOUR_NAMES[SEAT_COLOURS[s][0]])
        out[f"seats.{s}.summary"] = _summary_spec(_player(st, s, over))
    return out
