"""The move log has words for every Hexcrement move (``describe`` of hexcrement/describe.js):
random playouts of every table size list the event types and card effects the engine emits,
and each has its own case in describe.js (none falls back to the bare event type). The words
themselves are checked under Node in tests/js/hexcrement.test.mjs."""
from __future__ import annotations

import random
import re
from pathlib import Path

from games.hexcrement.engine import ENGINE
from games.protocol import SeatSpec

DESCRIBE = Path(__file__).resolve().parents[3] / "games" / "hexcrement" / "static" / "hexcrement" / "describe.js"
GAMES_PER_SIZE = 6


def emitted() -> tuple[set, set]:
    """Event types and card effects seen in random playouts (2-6 players, both lengths)."""
    types, effects = set(), set()
    rng = random.Random(3)
    for n in range(2, 7):
        for k in range(GAMES_PER_SIZE):
            st = ENGINE.setup({"length": "quick" if k % 2 else "long"}, [SeatSpec()] * n, rng.randrange(1 << 30))
            types.update(e["type"] for e in ENGINE.setup_events(st))
            while ENGINE.to_act(st):
                seat = ENGINE.to_act(st)[0]
                st, events = ENGINE.apply(st, seat, rng.choice(ENGINE.legal_actions(st, seat)))
                for e in events:
                    types.add(e["type"])
                    if e["type"] == "card":
                        effects.add(e["effect"])
    return types, effects


def test_every_event_and_card_effect_has_words():
    source = DESCRIBE.read_text()
    cases = set(re.findall(r'case "([a-z_]+)":', source))
    types, effects = emitted()
    assert {"rolled", "moved", "card", "battle", "stole", "game_over"} <= types
    assert {"picked_up", "next_turn", "choose"} <= effects
    assert types - cases == set(), "event types without words"
    assert effects - cases == set(), "card effects without words"
