"""The table hints the page draws itself agree with the engine (issue 10, point 5: "choosing a
target highlights every legal place for the selected hand card and shows the points it would
score there").

Before a target is named the page rings the targets where the chosen card fits, with its best
points, from its own reading of the public table (static/hexal/rules.js); after, it draws the
engine's ``moves``. Here rules.js (under Node, tests/js/hexal_rules_check.mjs) reads views of
random games and must find exactly the engine's targets and places, points included.
"""
from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from games.protocol import SeatSpec
from games.registry import get_engine

ROOT = Path(__file__).resolve().parents[3]
ENGINE = get_engine("hexal")
GAMES = ((2, False, 1), (3, True, 2), (4, False, 3), (6, True, 4))  # seats, personal stack, seed
EVERY = 7  # look at every 7th action of each game


def sampled_views() -> list[dict]:
    views = []
    for n, personal, seed in GAMES:
        rng = random.Random(seed)
        st = ENGINE.setup({"personal_stack": personal}, [SeatSpec()] * n, seed)
        for k in range(3000):
            acting = ENGINE.to_act(st)
            if not acting:
                break
            seat = acting[0]
            legal = ENGINE.legal_actions(st, seat)
            if k % EVERY == 0:
                views.append(ENGINE.view(st, seat))
            # Mostly place cards, so that tables grow tall and wide, with stacks.
            places = [a for a in legal if a["type"] in ("place", "target")]
            action = rng.choice(places) if places and rng.random() < 0.85 else rng.choice(legal)
            st, _ = ENGINE.apply(st, seat, action)
    return views


def test_the_client_reads_the_table_as_the_engine_does():
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js (node) on PATH")
    views = sampled_views()
    assert sum(1 for v in views if v["target"]) > 50 and sum(1 for v in views if not v["target"]) > 50
    assert max(len(v["table"]) for v in views) > 40 and any(len(c["cards"]) > 2 for v in views for c in v["table"])
    run = subprocess.run([node, "tests/js/hexal_rules_check.mjs"], input=json.dumps(views), cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    key = lambda p: (p["q"], p["r"], p["level"])  # noqa: E731
    for view, client in zip(views, found, strict=True):
        moves = view["moves"]
        if view["target"]:
            for card, places in moves["places"].items():
                assert sorted(client["places"][card], key=key) == sorted(places, key=key), (card, view["target"])
        else:
            assert sorted(client["targets"]) == sorted(moves["targets"])
