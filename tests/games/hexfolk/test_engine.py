"""Determinism and the state's JSON round trip (architecture, "The engine protocol")."""
import json
import random

from games.hexfolk.engine import ENGINE
from games.hexfolk.engine.bots import BuilderBot
from games.protocol import SeatSpec


def play(seed, steps, n=4):
    st = ENGINE.setup({}, [SeatSpec()] * n, seed)
    rng = random.Random(seed)
    bot = BuilderBot()
    log = []
    for _ in range(steps):
        acting = ENGINE.to_act(st)
        if not acting:
            break
        seat = acting[0]
        action = bot.choose(ENGINE.view(st, seat), ENGINE.legal_actions(st, seat), rng)
        log.append((seat, action))
        st, _ = ENGINE.apply(st, seat, action)
    return st, log


def test_replaying_the_actions_from_the_seed_rebuilds_the_state():
    """Architecture: "Replaying the MoveRecords from the setup seed must rebuild the stored
    state exactly"."""
    st, log = play(11, 400)
    again = ENGINE.setup({}, [SeatSpec()] * 4, 11)
    for seat, action in log:
        again, _ = ENGINE.apply(again, seat, json.loads(json.dumps(action)))
    assert again == st
    assert ENGINE.encode(again) == ENGINE.encode(st)


def test_encode_decode_round_trip():
    st, _ = play(3, 300)
    data = json.loads(json.dumps(ENGINE.encode(st)))
    assert ENGINE.decode(data) == st
    assert ENGINE.decode(data).board.topo.n_hexes == 19


def test_engine_metadata():
    assert (ENGINE.slug, ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("hexfolk", "Hexfolk", 2, 8)
    assert set(ENGINE.bots()) == {"random", "strong"}


def test_the_map_option_lists_each_map_once():
    """The lobby's map choice: "standard" (19, 30 or 44 hexes by player count) once, then
    every other map."""
    enum = ENGINE.options_schema()["properties"]["map"]["enum"]
    assert len(enum) == len(set(enum)) and enum[0] == "standard"
